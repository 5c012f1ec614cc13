/**
 * `npm run bench:readme`: measures the figures' payloads in Node and in each browser engine
 * (Chromium, Firefox, WebKit; the CI settings, --ci, every implementation of every format, and the
 * raw library calls) with `npm run bench` and `npm run bench:browser -- --engine <e>`, each in
 * several fresh processes whose rounds are pooled, then rewrites the generated sections of
 * docs/figures.md (speed, versus, sizes, summary; each between its markers) from the pooled result
 * files, and no other file:
 * the README and the guides link to that page rather than copy its figures. Pooled because one
 * process can land in a JIT or GC mode that holds for its whole life (a library 2–5× faster on the same bytes in the next process), which no
 * interval from one process shows; the gate pools its baseline for the same reason.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MeasureResult } from 'wirebench';
import { upgradeResult } from 'wirebench';
import { poolResults } from '../compare/pool.js';
import type { BrowserRuntime, Runtime, SpeedRuns, SpeedSource } from '../report/readme.js';
import {
  browserRuntimeOf,
  checkFigureMarkers,
  FIGURES_PAGE,
  RUNTIMES,
  renderFigureSections,
  SIZES_BEGIN,
  SIZES_END,
  SPEED_BEGIN,
  SPEED_END,
  SUMMARY_BEGIN,
  SUMMARY_END,
  spliceFigureSections,
  VERSUS_BEGIN,
  VERSUS_END,
} from '../report/readme.js';
import { BenchError, command, main } from './command.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMMAND = 'npm run bench:readme';
/** The one file the command writes: its generated sections, between their markers. */
const PAGE = join(ROOT, FIGURES_PAGE);
/** Beside the checkout in development and CI; a user's clone has none, and the section then covers the built-in suites only. */
const CORPUS = join(ROOT, '../shared/data/corpus');
const BROWSERS = RUNTIMES.filter((runtime): runtime is BrowserRuntime => runtime !== 'node');
/** The pooled results; each process's own is beside it (readme-node-1.json…). */
const resultPath = (runtime: Runtime): string => `bench/results/readme-${runtime}.json`;
/** The runners, relative to the root: `npm run bench` and `npm run bench:browser -- --engine <e>` without the build. */
const runner = (runtime: Runtime): { script: string; args: readonly string[] } =>
  runtime === 'node' ? { script: 'bench/dist/cli/run.js', args: [] } : { script: 'bench/dist/cli/browser.js', args: ['--mode', 'page', '--engine', runtime] };
const DEFAULT_PROCESSES = 3;
/**
 * The canonical payloads, the dynamic-value payload, then the corpus: the CI settings (--ci), every
 * implementation of every format (the library codecs the versus section weighs wirebench against),
 * and the raw library calls of the overhead table (flatc's unpack() and protobufjs's decode are
 * only there).
 */
const SUITES = ['--suite', 'canonical,dynamic', '--ci', '--implementations', 'all', '--libraries'];

const USAGE = `${COMMAND} [-- options]

Measures the canonical payloads, the dynamic-value payload (true_null) and the corpus files
(${CORPUS}, when present) with every implementation of every format (--implementations all:
wirebench's codecs and the libraries', as npm install gives them, native addons included) and the
raw library calls (--libraries), in Node (npm run bench) and in the page of each browser engine
(npm run bench:browser -- --engine chromium|firefox|webkit), at the --ci settings, each runtime in
several fresh processes whose rounds are pooled (${resultPath('node')}, ${resultPath('chromium')}…),
then rewrites the generated sections of ${FIGURES_PAGE} from the pooled files:
${SPEED_BEGIN} … ${SPEED_END}, ${VERSUS_BEGIN} … ${VERSUS_END},
${SIZES_BEGIN} … ${SIZES_END} and ${SUMMARY_BEGIN} … ${SUMMARY_END}.
No other file is written. About 35–40 minutes with 3 processes per runtime on 2 cores.

  --engines <list>                     the browser engines, comma-separated (default ${BROWSERS.join(',')});
                                       each needs its programs (npm run bench:browser -- --help says which)
  --processes <n>                      fresh processes per runtime, pooled (default ${DEFAULT_PROCESSES}); with
                                       --from, how many processes each file pools (default 1)
  --from <node.json> <browser.json>…   do not measure: rewrite the sections from these result files, Node's
                                       first, then one per browser engine (each names its engine)
  --corpus <folder>                    payload files measured after the suites (default ${CORPUS})
  --page <file>                        the file whose generated sections are rewritten (default ${PAGE})
  -h, --help                           this text`;

function readResult(path: string): MeasureResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BenchError(`${path}: cannot be read as JSON (${(error as Error).message.split('\n')[0]})`);
  }
  // The one validator of result files, as compare and the gate read them.
  try {
    return upgradeResult(parsed);
  } catch (error) {
    throw new BenchError(`${path}: ${(error as Error).message}`);
  }
}

/** Runs one of the bench runners in this repository (a fresh process), its output shown as it goes; resolves with the notes it printed. */
async function runBench(script: string, args: readonly string[]): Promise<string[]> {
  const command = [script, ...args];
  console.log(`\n$ node ${command.join(' ')}`);
  // The libraries as \`npm install\` gives them: cbor-x and msgpackr load their native string decoders
  // where they can (the environment's versions say "native cbor-extract"), as a user's server does.
  const child = spawn(process.execPath, command, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    process.stdout.write(chunk);
  });
  const [code, signal] = (await new Promise((resolve) => child.on('close', (...exit) => resolve(exit)))) as [number | null, string | null];
  if (code !== 0) throw new BenchError(`node ${command.join(' ')} failed (exit ${code ?? signal})`);
  // Both runners print each note on a line of its own: `note: <text>`.
  return stdout.split('\n').flatMap((line) => (line.startsWith('note: ') ? [line.slice('note: '.length)] : []));
}

/** `chromium,webkit` → the engines in column order; a usage error for a name that is not one, or none. */
function parseEngines(given: string): BrowserRuntime[] {
  const names = given.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !(BROWSERS as readonly string[]).includes(name));
  if (unknown !== undefined || names.length === 0)
    throw new BenchError(`--engines takes a comma-separated list of ${BROWSERS.join(', ')}, not "${given}"`, 'usage');
  return BROWSERS.filter((engine) => names.includes(engine));
}

/** The results to write from, by runtime: the first file Node's, each other a browser engine's, none twice. */
function runsFrom(files: readonly string[], base: string): SpeedRuns {
  const [nodeFile, ...browserFiles] = files;
  const node = readResult(resolve(base, nodeFile as string));
  if (node.environment.runtime !== 'node') throw new BenchError(`${nodeFile} must be a Node result (got ${node.environment.runtime})`);
  const browsers: Partial<Record<BrowserRuntime, MeasureResult>> = {};
  for (const file of browserFiles) {
    const result = readResult(resolve(base, file));
    if (result.environment.runtime === 'node') throw new BenchError(`${file} must be a browser result (got a Node result: Node's file comes first)`);
    const engine = browserRuntimeOf(result);
    if (browsers[engine]) throw new BenchError(`${file}: a second result of ${engine}; give one file per engine`);
    browsers[engine] = result;
  }
  return { node, ...browsers };
}

const readme = command({
  name: 'bench:readme',
  usage: USAGE,
  options: {
    from: { type: 'boolean', default: false },
    corpus: { type: 'string' },
    engines: { type: 'string', default: BROWSERS.join(',') },
    page: { type: 'string', default: PAGE },
    processes: { type: 'string' },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (values.from && (positionals.length < 2 || positionals.length > 1 + BROWSERS.length))
      throw new BenchError(`--from takes the Node result, then one result per browser engine (2 to ${1 + BROWSERS.length} files)`, 'usage');
    if (!values.from && positionals.length > 0) throw new BenchError(`unexpected argument "${positionals[0]}"`, 'usage');
    const engines = parseEngines(values.engines);
    const given = values.processes ?? String(values.from ? 1 : DEFAULT_PROCESSES);
    const processes = /^\d+$/.test(given) ? Number(given) : NaN;
    if (!(processes >= 1 && processes <= 20)) throw new BenchError(`--processes takes a whole number from 1 to 20, not "${given}"`, 'usage');

    const started = Date.now();
    const pagePath = resolve(values.page);
    let page: string;
    try {
      page = readFileSync(pagePath, 'utf8');
    } catch (error) {
      throw new BenchError(`${pagePath}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    // Fails on missing markers before minutes of measuring, not after.
    try {
      checkFigureMarkers(page);
    } catch (error) {
      if (error instanceof BenchError) throw new BenchError(`${pagePath}: ${error.message}`);
      throw error;
    }
    let files: string[];
    let notes: SpeedSource['notes'];
    if (values.from) {
      files = positionals;
    } else {
      const corpus = values.corpus ?? CORPUS;
      // Relative to the root, where the runners run, so payload names do not carry this machine's folders.
      const payloads = existsSync(corpus) ? [relative(ROOT, resolve(corpus))] : [];
      if (payloads.length === 0) console.log(`bench:readme: no corpus at ${corpus}: measuring the built-in suites only`);
      const runtimes: Runtime[] = ['node', ...engines];
      const printed: Partial<Record<Runtime, string[]>> = {};
      for (const runtime of runtimes) {
        const { script, args } = runner(runtime);
        const runs: MeasureResult[] = [];
        const mine: string[] = [];
        for (let i = 1; i <= processes; i++) {
          const file = resultPath(runtime).replace(/\.json$/, `-${i}.json`);
          console.log(`\nbench:readme: ${runtime}, process ${i} of ${processes}`);
          for (const note of await runBench(script, [...SUITES, ...args, ...payloads, '--json', file])) if (!mine.includes(note)) mine.push(note);
          runs.push(readResult(join(ROOT, file)));
        }
        printed[runtime] = mine;
        writeFileSync(join(ROOT, resultPath(runtime)), `${JSON.stringify(poolResults(runs), null, 1)}\n`);
      }
      notes = printed;
      files = runtimes.map(resultPath);
    }
    // The runners write under the root; files given with --from are where the user says.
    const runs = runsFrom(files, values.from ? process.cwd() : ROOT);
    const measuredRuntimes = RUNTIMES.filter((runtime) => runs[runtime]);
    // The command as run: with --from, the sections say which files they were rewritten from.
    const options = [
      ...(values.from ? ['--from', ...files] : engines.length < BROWSERS.length ? ['--engines', engines.join(',')] : []),
      ...(processes !== (values.from ? 1 : DEFAULT_PROCESSES) ? ['--processes', String(processes)] : []),
    ];
    const asRun = options.length > 0 ? `${COMMAND} -- ${options.join(' ')}` : COMMAND;
    const measured = notes ? { notes, durationMs: Date.now() - started } : {};
    const sections = renderFigureSections(runs, {
      command: asRun,
      processes: Object.fromEntries(measuredRuntimes.map((runtime) => [runtime, processes])),
      ...measured,
    });
    writeFileSync(pagePath, spliceFigureSections(page, sections));
    console.log(
      `\nbench:readme: ${pagePath}: speed, versus, sizes and summary sections rewritten from ${files.join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    return 0;
  },
});

await main(readme);
