import type { FormatId } from '../codec.js';
import { FORMATS } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { IMPLEMENTATION_IDS } from '../implementations.js';
import type { ImplementationChoice } from '../measure/plan.js';
import { parseImplementations } from '../measure/plan.js';
import { UsageError, parseCommandLine, parseFormats, parseMilliseconds, parseNumber } from '../node/usage.js';
import { LEGEND } from '../report/text.js';

/** The `wirebench` command line: what it accepts, and the help text that explains every option. */

export interface CliArgs {
  readonly help: boolean;
  readonly version: boolean;
  /** Files and folders of JSON payloads. */
  readonly paths: string[];
  /** Formats asked for, json first. */
  readonly formats: FormatId[];
  /** Whether --formats was given (else: every format that can run here). */
  readonly formatsGiven: boolean;
  /** Who runs each format: every implementation installed here (`all`, the default), or the ids listed. */
  readonly implementations: ImplementationChoice;
  readonly quick: boolean;
  readonly rounds: number;
  /** Milliseconds each task is timed in each round. */
  readonly roundTime: number;
  readonly warmupTime: number;
  /** Print the result JSON on stdout instead of the tables. */
  readonly json: boolean;
  readonly html: string | undefined;
  readonly schemaOut: string | undefined;
  /** Measure every payload in this process, one after another (debugging, profiling), not each in a fresh worker. */
  readonly sameProcess: boolean;
}

/** A normal run: the engine's defaults, about 10 s for a 600 KB payload and every format on 2 cores. */
export const DEFAULTS = { rounds: 11, roundTime: 40, warmupTime: 150 } as const;
/** `--quick`: a fast look, a few seconds; the intervals are wider. */
export const QUICK = { rounds: 5, roundTime: 10, warmupTime: 30 } as const;

/** Every option the command line accepts (USAGE explains each; a test holds them to it). */
export const CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
  formats: { type: 'string' },
  implementations: { type: 'string' },
  quick: { type: 'boolean', default: false },
  rounds: { type: 'string' },
  time: { type: 'string' },
  json: { type: 'boolean', default: false },
  html: { type: 'string' },
  'schema-out': { type: 'string' },
  'same-process': { type: 'boolean', default: false },
} as const;

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values, positionals } = parseCommandLine(argv, CLI_OPTIONS);
  const preset = values.quick ? QUICK : DEFAULTS;
  const help = values.help === true;
  const version = values.version === true;
  if (positionals.length === 0 && !help && !version) throw new UsageError('no input: name one or more .json files or folders');
  const nonEmpty = (text: string | undefined, option: string): string | undefined => {
    if (text !== undefined && text.trim() === '') throw new UsageError(`${option} needs a path, got ""`);
    return text;
  };
  return {
    help,
    version,
    paths: positionals,
    formats: parseFormats(values.formats ?? FORMATS.join(',')),
    formatsGiven: values.formats !== undefined,
    implementations: implementationsOption(values.implementations),
    quick: values.quick === true,
    rounds: Math.round(parseNumber(values.rounds ?? String(preset.rounds), '--rounds', 3)),
    roundTime: parseMilliseconds(values.time ?? String(preset.roundTime), '--time', 1),
    warmupTime: preset.warmupTime,
    json: values.json === true,
    html: nonEmpty(values.html, '--html'),
    schemaOut: nonEmpty(values['schema-out'], '--schema-out'),
    sameProcess: values['same-process'] === true,
  };
}

function implementationsOption(text: string | undefined): ImplementationChoice {
  if (text === undefined) return 'all';
  try {
    return parseImplementations(text);
  } catch (error) {
    if (error instanceof WirebenchError) throw new UsageError(`--implementations: ${error.message}`);
    throw error;
  }
}

export const USAGE = `wirebench <file.json | folder>… [options]

Measures your own JSON payloads in every wire format wirebench speaks: encoded size, gzip and brotli
size, encode and decode time (median, p75, p99, mean, MB/s, and the ratio to JSON measured in the
same rounds with its 95 % interval), and fidelity: whether decode(encode(value)) gave the payload
back exactly. Protobuf and FlatBuffers use a schema inferred from each payload. Timed by the one
measuring engine of @wirebench/core/measure, each payload in a fresh worker thread (its own V8
isolate), one after another: a payload's figures do not depend on the payloads measured before it.

  file.json, folder    the payloads: each file named, and the .json files inside each folder named
                       (searched recursively, in name order, symlinks followed); a file named twice
                       or reached by two paths is measured once, and a symlink to a folder already
                       searched (a link cycle, or a second way in) is not followed: a note says which
  --formats <list>     formats to measure, comma-separated, from: ${FORMATS.join(', ')}
                       (default: all of them that can run here; json is always measured, as every
                       ratio is to it; simdjson runs only where its optional native addon loads,
                       and a note says so when it does not)
  --implementations <list>
                       who runs each format: all (the default: wirebench's own codecs and every
                       library installed here), or ids comma-separated from:
                       ${IMPLEMENTATION_IDS.join(', ')}
                       (a library is an optional peer dependency of @wirebench/core: one that is
                       not installed gets a note saying how to install it)
  --quick              a fast look: ${QUICK.rounds} rounds × ${QUICK.roundTime} ms per task, ${QUICK.warmupTime} ms warm-up
                       (default ${DEFAULTS.rounds} rounds × ${DEFAULTS.roundTime} ms, ${DEFAULTS.warmupTime} ms warm-up: about 10 s for a 600 KB file)
  --rounds <n>         interleaved rounds per payload (at least 3); more rounds, narrower intervals
  --time <ms>          milliseconds each task is timed in each round (at least 1)
  --json               print the result as JSON on stdout instead of the tables: the versioned
                       "wirebench-result" of the engine (what npm run bench:compare reads) with a
                       "notes" array; progress and messages stay on stderr
  --html <file>        also write a self-contained HTML report there (size and time bars, fidelity)
  --same-process       measure every payload in this process, one after another, instead of each in
                       a fresh worker: for debugging and profiling (node --cpu-prof sees the codecs).
                       The JavaScript codecs then carry the JIT state of the payloads before (a
                       payload's ratios to JSON can move 1.5–3×); the result says "isolation: none"
  --schema-out <dir>   write the schema inferred from each file, the one protobuf and FlatBuffers were
                       measured with, as <dir>/<name>.proto and <dir>/<name>.fbs (<name>: the file's
                       name without .json; -2, -3… added when two files share a name)
  -v, --version        print the version of @wirebench/core
  -h, --help           this text

Progress goes to stderr: a bar on a terminal, one line per payload and phase in a log.
Exit codes: 0 when measured (even when a format refused or lost data: the table and the lines under
it say so), 2 for bad input (a missing file, a folder without .json files, a file that is not UTF-8
or not JSON, an unknown option or format, a bad number), 1 for any other failure.

${LEGEND}`;
