import type { FormatId } from '@wirebench/core';
import { FORMATS, WirebenchError } from '@wirebench/core';
import type { EngineName, ImplementationChoice } from 'wirebench';
import { ENGINE_NAMES, MEASURE_PRESETS, parseImplementations } from 'wirebench';
import type { CommandOptions } from 'wirebench/node';
import { MAX_ROUND_TIME_MS, MAX_ROUNDS, parseNumber as number, parseCommandLine, parseFormats } from 'wirebench/node';
import { BenchError } from '../errors.js';
import type { SuiteName } from '../suites/index.js';
import { SUITE_NAMES } from '../suites/index.js';

/** The most `--budget` takes: a day, in seconds. */
const MAX_BUDGET_S = 86_400;

/** The bench command line, shared by `npm run bench` (Node) and `npm run bench:browser`. */

export interface BenchArgs {
  /** Files and folders of the user's own payloads (measured after the suites named with --suite, if any). */
  readonly paths: string[];
  readonly suites: SuiteName[];
  readonly formats: FormatId[];
  /** Who runs each format (default wirebench's own codecs; `all` adds every library installed). */
  readonly implementations: ImplementationChoice;
  /** Payloads whose name matches are measured. */
  readonly filter: RegExp | undefined;
  readonly libraries: boolean;
  readonly quick: boolean;
  /** `--ci`: the CI gate's preset (its baseline was measured with it). */
  readonly ci: boolean;
  readonly rounds: number;
  /** Milliseconds each task is timed per round. */
  readonly roundTime: number;
  readonly warmupTime: number;
  /** Seconds the whole measurement may take, or undefined. */
  readonly budget: number | undefined;
  readonly seed: number;
  readonly json: string | undefined;
  readonly html: string | undefined;
  /**
   * Every payload in one process (Node) or one page or worker (browser), one after another, as
   * before isolation: for debugging and profiling. Otherwise each payload gets a fresh worker or page.
   */
  readonly sameProcess: boolean;
  /** Browser runner only. */
  readonly cpuThrottle: number;
  readonly mode: 'page' | 'worker' | 'both';
  /** The browser engines to measure in, one after another (browser runner only; `chromium` elsewhere). */
  readonly engines: EngineName[];
}

/** The engine's presets (MEASURE_PRESETS): `--quick` means what it means to `wirebench`; `--ci` is the gate's. */
export const DEFAULTS = MEASURE_PRESETS.standard;
export const QUICK = MEASURE_PRESETS.quick;
export const CI = MEASURE_PRESETS.ci;

/** The options of `npm run bench`, which bench:alloc and bench:order take too. */
export const BENCH_OPTIONS = {
  suite: { type: 'string' },
  formats: { type: 'string' },
  implementations: { type: 'string' },
  filter: { type: 'string' },
  libraries: { type: 'boolean', default: false },
  quick: { type: 'boolean', default: false },
  ci: { type: 'boolean', default: false },
  rounds: { type: 'string' },
  time: { type: 'string' },
  warmup: { type: 'string' },
  budget: { type: 'string' },
  seed: { type: 'string', default: '1' },
  json: { type: 'string' },
  html: { type: 'string' },
  'same-process': { type: 'boolean', default: false },
} as const satisfies CommandOptions;

/** The options of `npm run bench:browser`: npm run bench's, and which engines, where in them and how fast the page runs. */
export const BROWSER_OPTIONS = {
  ...BENCH_OPTIONS,
  'cpu-throttle': { type: 'string', default: '1' },
  mode: { type: 'string', default: 'both' },
  engine: { type: 'string', default: 'chromium' },
} as const satisfies CommandOptions;

/** The parsed command line of `npm run bench` (or, `browser`, of `npm run bench:browser`) resolved and checked. */
export function benchArgs(line: { readonly values: object; readonly positionals: readonly string[] }, browser = false): BenchArgs {
  const values = line.values as Readonly<Record<string, string | boolean | undefined>>;
  const positionals = [...line.positionals];
  const string = (name: string): string | undefined => values[name as keyof typeof values] as string | undefined;
  if (values.quick && values.ci) throw new BenchError('--quick and --ci are two presets: give one', 'usage');
  const preset = values.ci ? CI : values.quick ? QUICK : DEFAULTS;

  // Files alone replace the default suite; with --suite named too, both are measured (suites first).
  const suiteText = string('suite') ?? (positionals.length > 0 ? '' : 'canonical');
  const suites = suiteText === '' ? [] : suiteText.split(',').map((s) => s.trim());
  if (suites.includes('all')) suites.splice(0, suites.length, ...SUITE_NAMES);
  for (const suite of suites) {
    if (!(SUITE_NAMES as readonly string[]).includes(suite))
      throw new BenchError(`unknown suite "${suite}"; choose from ${SUITE_NAMES.join(', ')} or all`, 'usage');
  }
  // Every ratio is to JSON, so JSON is always measured.
  const formats = parseFormats(string('formats') ?? FORMATS.join(','));
  let filter: RegExp | undefined;
  const filterText = string('filter');
  if (filterText !== undefined) {
    try {
      filter = new RegExp(filterText, 'i');
    } catch {
      throw new BenchError(`--filter "${filterText}" is not a valid regular expression`, 'usage');
    }
  }
  let implementations: ImplementationChoice = ['wirebench'];
  const implementationsText = string('implementations');
  if (implementationsText !== undefined) {
    try {
      implementations = parseImplementations(implementationsText);
    } catch (error) {
      if (error instanceof WirebenchError) throw new BenchError(`--implementations: ${error.message}`, 'usage');
      throw error;
    }
  }
  const cpuThrottle = browser ? number(string('cpu-throttle') as string, '--cpu-throttle', 1, 100) : 1;
  const mode = browser ? (string('mode') as string) : 'page';
  if (!['page', 'worker', 'both'].includes(mode)) throw new BenchError(`--mode must be page, worker or both, got "${mode}"`, 'usage');
  const engineText = browser ? (string('engine') as string) : 'chromium';
  const engines = engineText === 'all' ? [...ENGINE_NAMES] : engineText.split(',').map((e) => e.trim());
  for (const engine of engines) {
    if (!(ENGINE_NAMES as readonly string[]).includes(engine))
      throw new BenchError(`--engine must be ${ENGINE_NAMES.join(', ')} or all, got "${engine}"`, 'usage');
  }
  if (cpuThrottle !== 1 && engines.some((engine) => engine !== 'chromium')) {
    throw new BenchError("--cpu-throttle is Chromium's DevTools throttling: it needs --engine chromium", 'usage');
  }
  const seed = Number(string('seed'));
  if (!Number.isInteger(seed)) throw new BenchError(`--seed must be an integer, got "${string('seed')}"`, 'usage');
  const budget = string('budget');
  return {
    paths: positionals,
    suites: suites as SuiteName[],
    formats: formats as FormatId[],
    implementations,
    filter,
    libraries: values.libraries === true,
    quick: values.quick === true,
    ci: values.ci === true,
    rounds: Math.round(number(string('rounds') ?? String(preset.rounds), '--rounds', 3, MAX_ROUNDS)),
    roundTime: number(string('time') ?? String(preset.roundTime), '--time', 1, MAX_ROUND_TIME_MS),
    warmupTime: number(string('warmup') ?? String(preset.warmupTime), '--warmup', 1, MAX_ROUND_TIME_MS),
    budget: budget === undefined ? undefined : number(budget, '--budget', 1, MAX_BUDGET_S),
    seed,
    json: string('json'),
    html: string('html'),
    sameProcess: values['same-process'] === true,
    cpuThrottle,
    mode: mode as BenchArgs['mode'],
    engines: [...new Set(engines)] as EngineName[],
  };
}

/** `npm run bench`'s arguments as a command line, parsed and resolved (a run made by a command, not typed by a user). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  return benchArgs(parseCommandLine(argv, BENCH_OPTIONS));
}

export const USAGE = `npm run bench -- [files or folders of .json …] [options]

Measures every format's encoded size, compressed size, encode and decode time and fidelity on the
built-in suites or on your own payloads, with the one measuring engine of wirebench,
each payload in a fresh worker thread (its own V8 isolate and JIT state), one after another, so a
payload's figures do not depend on the payloads before it. Every time is also given as a ratio to
JSON measured in the same rounds.

  files, folders       your payloads: each .json file (folders are searched recursively); a schema is
                       inferred from each for protobuf and FlatBuffers. Alone they replace the default
                       suite; with --suite, both are measured
  --suite <names>      built-in suites, comma-separated (default canonical):
                         canonical  one payload of each canonical shape with its hand-written schema
                         sweep      one shape at about 1 KB, 8 KB, 64 KB, 512 KB and 4 MB
                         access     decode + read one field vs decode + materialize everything
                         dynamic    values of inferred type any: a 10 KB array alternating true and null
                         all        all of the above
  --libraries          add rows for the raw library calls each codec wraps (JSON.parse, @msgpack/msgpack,
                       cbor-x, protobufjs, flatc-generated code), so wirebench's own cost is measured
  --formats <list>     formats to measure, comma-separated (json is always included)
  --implementations <list>
                       who runs each format: wirebench (the default), all (wirebench's own codecs and
                       every library implementation: @msgpack/msgpack, msgpackr, cbor-x, protobufjs,
                       flatbuffers), or ids comma-separated; each library codec is a row of its own,
                       named "format (library)"
  --filter <regex>     only payloads whose name matches (case-insensitive)
  --quick              a fast look: ${QUICK.rounds} rounds × ${QUICK.roundTime} ms per task (default ${DEFAULTS.rounds} × ${DEFAULTS.roundTime} ms), as wirebench --quick
  --ci                 the CI gate's settings: ${CI.rounds} rounds × ${CI.roundTime} ms per task, ${CI.warmupTime} ms warm-up (its baseline's)
  --rounds <n>         interleaved rounds per payload (3 to ${MAX_ROUNDS})
  --time <ms>          milliseconds each task is timed in each round (1 to ${MAX_ROUND_TIME_MS})
  --warmup <ms>        milliseconds of warm-up per task (default ${DEFAULTS.warmupTime}, quick ${QUICK.warmupTime}, ci ${CI.warmupTime})
  --budget <s>         stop adding rounds once this many seconds are spent (at least 3 rounds each; 1 to ${MAX_BUDGET_S})
  --seed <n>           seed of the generated payloads (default 1)
  --json <file>        write the result JSON there (default bench/results/latest.json)
  --html <file>        write a self-contained HTML report there
  --same-process       measure every payload in this process, one after another, not each in a fresh
                       worker: for debugging and profiling. The JavaScript codecs then carry the JIT
                       state of the payloads before, so a payload's ratios to JSON depend on them (the
                       result says "isolation: none"; npm run bench:order shows by how much)
  -h, --help           this text

Allocation per call (Node): npm run bench:alloc. Compare two result files: npm run bench:compare a.json b.json.`;
