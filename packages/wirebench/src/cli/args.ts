import type { FormatId } from '@wirebench/core';
import { FORMATS, IMPLEMENTATION_IDS, WirebenchError } from '@wirebench/core';
import type { Constraints } from '../answer/constraints.js';
import {
  ANSWER_DEFAULTS,
  bundleBudgetBytes,
  cpuSlowdownFactor,
  DEFAULT_MIN_GAIN,
  MAX_BUNDLE_BUDGET_KB,
  MAX_CPU_SLOWDOWN,
  MAX_MIN_GAIN_PERCENT,
  minGainShare,
} from '../answer/constraints.js';
import { DEFAULT_NETWORK_IDS, findNetworkPreset, NETWORK_PRESETS } from '../answer/networks.js';
import type { ServedEncoding } from '../answer/served.js';
import { SERVED_ENCODINGS } from '../answer/served.js';
import { MIN_ROUNDS } from '../answer/verdict.js';
import type { ImplementationChoice } from '../measure/plan.js';
import { parseImplementations } from '../measure/plan.js';
import { MEASURE_PRESETS } from '../measure/presets.js';
import type { EngineName } from '../measure/types.js';
import { ENGINE_NAMES } from '../measure/types.js';
import { MAX_ROUND_TIME_MS, MAX_ROUNDS, parseCommandLine, parseFormats, parseMilliseconds, parseNumber, UsageError } from '../node/usage.js';
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
  /** The browser engine to measure in (each payload in a fresh page's Web Worker), or undefined: Node. */
  readonly engine: EngineName | undefined;
  /** What the answer ranks under: the network preset, what the server sends, and the user's constraints. */
  readonly constraints: Constraints;
}

const DEFAULTS = MEASURE_PRESETS.answer;
const QUICK = MEASURE_PRESETS.quick;

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
  engine: { type: 'string' },
  network: { type: 'string' },
  served: { type: 'string' },
  'bundle-budget': { type: 'string' },
  'min-gain': { type: 'string' },
  'cpu-slowdown': { type: 'string' },
  'no-eval': { type: 'boolean', default: false },
  'exact-int64': { type: 'boolean', default: false },
  readable: { type: 'boolean', default: false },
  'no-shared-schema': { type: 'boolean', default: false },
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
  const engine = engineOption(values.engine);
  if (engine !== undefined && values['same-process'] === true)
    throw new UsageError('--same-process measures in this Node process; with --engine every payload is measured in a fresh page of the browser');
  return {
    help,
    version,
    paths: positionals,
    formats: parseFormats(values.formats ?? FORMATS.join(',')),
    formatsGiven: values.formats !== undefined,
    implementations: implementationsOption(values.implementations),
    quick: values.quick === true,
    rounds: Math.round(parseNumber(values.rounds ?? String(preset.rounds), '--rounds', 3, MAX_ROUNDS)),
    roundTime: parseMilliseconds(values.time ?? String(preset.roundTime), '--time', 1, MAX_ROUND_TIME_MS),
    warmupTime: preset.warmupTime,
    json: values.json === true,
    html: nonEmpty(values.html, '--html'),
    schemaOut: nonEmpty(values['schema-out'], '--schema-out'),
    sameProcess: values['same-process'] === true,
    engine,
    constraints: {
      network: networkOption(values.network ?? ANSWER_DEFAULTS.network),
      served: servedOption(values.served ?? ANSWER_DEFAULTS.served),
      ...(values['bundle-budget'] !== undefined ? { bundleBudgetBytes: bundleBudgetOption(values['bundle-budget']) } : {}),
      ...(values['min-gain'] !== undefined ? { minGain: minGainOption(values['min-gain']) } : {}),
      ...(values['cpu-slowdown'] !== undefined ? { cpuSlowdown: cpuSlowdownOption(values['cpu-slowdown']) } : {}),
      noEval: values['no-eval'] === true,
      exactInt64: values['exact-int64'] === true,
      readableTraffic: values.readable === true,
      sharedSchemaOk: values['no-shared-schema'] !== true,
    },
  };
}

function engineOption(text: string | undefined): EngineName | undefined {
  if (text === undefined) return undefined;
  const engine = ENGINE_NAMES.find((name) => name === text);
  if (engine === undefined) throw new UsageError(`--engine: unknown engine "${text}"; choose from ${ENGINE_NAMES.join(', ')}`);
  return engine;
}

function cpuSlowdownOption(text: string): number {
  const factor = cpuSlowdownFactor(text);
  if (factor === undefined) throw new UsageError(`--cpu-slowdown must be a factor above 1 and at most ${MAX_CPU_SLOWDOWN} (6 or 6x), got "${text}"`);
  return factor;
}

function minGainOption(text: string): number {
  const share = minGainShare(text);
  if (share === undefined) throw new UsageError(`--min-gain must be a number of percent from 0 to ${MAX_MIN_GAIN_PERCENT}, got "${text}"`);
  return share;
}

function bundleBudgetOption(text: string): number {
  const bytes = bundleBudgetBytes(text);
  if (bytes === undefined) throw new UsageError(`--bundle-budget must be a number of kB from 0 to ${MAX_BUNDLE_BUDGET_KB}, got "${text}"`);
  return bytes;
}

function servedOption(text: string): ServedEncoding {
  const served = SERVED_ENCODINGS.find((s) => s === text);
  if (served === undefined) throw new UsageError(`--served: unknown encoding "${text}"; choose from ${SERVED_ENCODINGS.join(', ')}`);
  return served;
}

function implementationsOption(text: string | undefined): ImplementationChoice {
  return text === undefined ? 'all' : usageOf('--implementations', () => parseImplementations(text));
}

/** A preset id (ours, or WebPageTest's name for it), as the preset's own id; an unknown one names every id. */
function networkOption(text: string): string {
  return usageOf('--network', () => findNetworkPreset(text).id);
}

/** `read()`, with its WirebenchError (what is wrong with the option's value) as the usage error of `option`. */
function usageOf<T>(option: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof WirebenchError) throw new UsageError(`${option}: ${error.message}`);
    throw error;
  }
}

/** The presets every time-until-usable table shows, in words: `3g-slow, 4g and cable`. */
const PRESET_ROLES = `${DEFAULT_NETWORK_IDS.slice(0, -1).join(', ')} and ${DEFAULT_NETWORK_IDS.at(-1) ?? ''}`;
const PRESET_LIST = NETWORK_PRESETS.map((p) => `                         ${p.id.padEnd(9)}${p.label}`).join('\n');

export const USAGE = `wirebench <file.json | folder>… [options]

Measures your own JSON payloads in every wire format wirebench speaks: encoded size, gzip and brotli
size, encode and decode time (median, p75, p99, mean, MB/s, and the ratio to JSON measured in the
same rounds with its 95 % interval), and fidelity: whether decode(encode(value)) gave the payload
back exactly. Protobuf and FlatBuffers use a schema inferred from each payload. Timed by the one
measuring engine of wirebench, each payload in a fresh worker thread (its own V8
isolate), one after another: a payload's figures do not depend on the payloads measured before it.

Each payload's tables start with the answer to "which format should my API speak, on my users'
networks?": the rows ranked by time until usable (transfer on a network preset + what decompression
adds after the last byte + decode, on this machine) under your constraints, each with its reason,
and the rows left out with why; then each row's time until usable on ${PRESET_ROLES} with its parts
and when its JavaScript pays for itself; then where the best-ranked binary format saves bytes over
JSON, path by path.

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
                       (default ${DEFAULTS.rounds} rounds × ${DEFAULTS.roundTime} ms, ${DEFAULTS.warmupTime} ms warm-up: 8–9.5 s for a 620 KB file on 2 cores)
  --rounds <n>         interleaved rounds per payload (3 to ${MAX_ROUNDS}); more rounds, narrower intervals;
                       the answer names a format from ${MIN_ROUNDS} rounds on (fewer: "too few rounds to rank")
  --time <ms>          milliseconds each task is timed in each round (1 to ${MAX_ROUND_TIME_MS})
  --json               print the result as JSON on stdout instead of the tables: the versioned
                       "wirebench-result" of the engine (what npm run bench:compare reads) with a
                       "notes" array; progress and messages stay on stderr
  --html <file>        also write a self-contained HTML report there (size and time bars, fidelity)
  --same-process       measure every payload in this process, one after another, instead of each in
                       a fresh worker: for debugging and profiling (node --cpu-prof sees the codecs).
                       The JavaScript codecs then carry the JIT state of the payloads before (a
                       payload's ratios to JSON can move 1.5–3×); the result says "isolation: none"
  --engine <${ENGINE_NAMES.join('|')}>
                       measure in that browser engine instead of Node: Chromium (V8), Firefox
                       (SpiderMonkey) or WebKitGTK (JavaScriptCore, Safari's engine), each payload
                       in a fresh page's Web Worker, cross-origin isolated, with the codecs a
                       browser runs (simdjson, a Node addon, is not measured there); the answer
                       and the result's environment name the engine and its version. Needs the
                       browser (apt-get install chromium | firefox-esr | webkit2gtk-driver xvfb)
                       and its driver (npm install --save-dev playwright-core for Chromium,
                       puppeteer-core for Firefox; WebKit needs none); not with --same-process
  --network <preset>   the link the ranking is for (default ${ANSWER_DEFAULTS.network}); the time-until-usable table shows
                       it beside ${PRESET_ROLES}. One of WebPageTest's connectivity profiles
                       (www/settings/connectivity.ini.sample), as WebPageTest labels them:
${PRESET_LIST}
  --served <${SERVED_ENCODINGS.join('|')}>
                       what your server sends (default ${ANSWER_DEFAULTS.served}): the encoded bytes as they are, or
                       compressed; the ranking uses those bytes and what inflating them adds
                       after the last byte (a browser inflates them as they arrive)
  --bundle-budget <KB> the most gzipped JavaScript a format's implementation may add to your app, in
                       KB of 1,000 bytes (10 = 10,000 bytes; 0 to ${MAX_BUNDLE_BUDGET_KB}): a row whose JS
                       is over it is not ranked
  --min-gain <percent> the least gain worth a switch, in percent of JSON's time until usable (0 to
                       ${MAX_MIN_GAIN_PERCENT}; default ${DEFAULT_MIN_GAIN * 100}): a row sooner than JSON by less, or sooner in too
                       few of the paired rounds to tell from the noise, is not named over JSON
  --cpu-slowdown <factor>
                       how many times slower than this machine your users' CPUs are (above 1, at
                       most ${MAX_CPU_SLOWDOWN}): the answer says whether its verdict holds there, as it does
                       for 2× and 4× (Lighthouse's mobile profile); decode and decompression are
                       scaled by it, the ranking stays this machine's
  --no-eval            your page's Content-Security-Policy has no 'unsafe-eval': protobuf, flatbuffers
                       and the flatbuffers library, which generate code with new Function where a
                       page allows it, are measured interpreted, as such a page runs them (their
                       rows say "interpreted"), and ranked on those figures; protobufjs, which
                       cannot run without new Function, is measured but not ranked
  --exact-int64        64-bit integers beyond ±(2^53 − 1) must arrive exactly: a row that rounds or
                       refuses them is not ranked (every row today: send such numbers as strings)
  --readable           people must read the traffic (network panel, proxies, logs): only JSON is
                       ranked
  --no-shared-schema   client and server cannot keep a schema in step: protobuf and flatbuffers are
                       not ranked
  --schema-out <dir>   write the schema inferred from each file, the one protobuf and FlatBuffers were
                       measured with, as <dir>/<name>.proto and <dir>/<name>.fbs (<name>: the file's
                       name without .json; -2, -3… added when two files share a name)
  -v, --version        print the version of wirebench
  -h, --help           this text

Progress goes to stderr: a bar on a terminal, one line per payload and phase in a log.
Exit codes: 0 when measured (even when a format refused or lost data: the table and the lines under
it say so), 2 for bad input (a missing file, a folder without .json files, a file that is not UTF-8
or not JSON, an unknown option, format, network preset or served encoding, a bad number), 1 for any
other failure.

${LEGEND}`;
