/**
 * `npm run bench:readme`: measures the figures' payloads in Node and in Chromium (the CI settings, --ci,
 * every implementation of every format, and the raw library calls) with `npm run bench` and
 * `npm run bench:browser`, each in several fresh processes whose rounds are pooled, then rewrites
 * the generated sections of docs/figures.md (speed, versus, sizes, summary; each between its
 * markers) from the two pooled result files, and no other file:
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
import type { Runtime, SpeedSource } from '../report/readme.js';
import {
  checkFigureMarkers,
  FIGURES_PAGE,
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
/** The pooled results; each process's own is beside it (readme-node-1.json…). */
const RESULTS: Readonly<Record<Runtime, string>> = { node: 'bench/results/readme-node.json', chromium: 'bench/results/readme-chromium.json' };
/** The runners, relative to the root: `npm run bench` and `npm run bench:browser` without the build. */
const RUNNERS: Readonly<Record<Runtime, { script: string; args: readonly string[] }>> = {
  node: { script: 'bench/dist/cli/run.js', args: [] },
  chromium: { script: 'bench/dist/cli/browser.js', args: ['--mode', 'page'] },
};
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
raw library calls (--libraries), in Node (npm run bench) and in Chromium's page
(npm run bench:browser), at the --ci settings, each runtime in several fresh processes whose rounds
are pooled (${RESULTS.node}, ${RESULTS.chromium}), then rewrites the generated sections of
${FIGURES_PAGE} from the two pooled files: ${SPEED_BEGIN} … ${SPEED_END},
${VERSUS_BEGIN} … ${VERSUS_END}, ${SIZES_BEGIN} … ${SIZES_END} and
${SUMMARY_BEGIN} … ${SUMMARY_END}.
No other file is written. About 8–12 minutes with 3 processes on 2 cores.

  --processes <n>                      fresh processes per runtime, pooled (default ${DEFAULT_PROCESSES}); with
                                       --from, how many processes each file pools (default 1)
  --from <node.json> <chromium.json>   do not measure: rewrite the sections from these result files
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

const readme = command({
  name: 'bench:readme',
  usage: USAGE,
  options: {
    from: { type: 'boolean', default: false },
    corpus: { type: 'string' },
    page: { type: 'string', default: PAGE },
    processes: { type: 'string' },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (values.from && positionals.length !== 2) throw new BenchError('--from takes two files: the Node result and the Chromium result', 'usage');
    if (!values.from && positionals.length > 0) throw new BenchError(`unexpected argument "${positionals[0]}"`, 'usage');
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
    let files: [string, string];
    let notes: SpeedSource['notes'];
    if (values.from) {
      files = positionals as [string, string];
    } else {
      const corpus = values.corpus ?? CORPUS;
      // Relative to the root, where the runners run, so payload names do not carry this machine's folders.
      const payloads = existsSync(corpus) ? [relative(ROOT, resolve(corpus))] : [];
      if (payloads.length === 0) console.log(`bench:readme: no corpus at ${corpus}: measuring the built-in suites only`);
      const printed: Record<Runtime, string[]> = { node: [], chromium: [] };
      for (const runtime of ['node', 'chromium'] as const) {
        const { script, args } = RUNNERS[runtime];
        const runs: MeasureResult[] = [];
        for (let i = 1; i <= processes; i++) {
          const file = RESULTS[runtime].replace(/\.json$/, `-${i}.json`);
          console.log(`\nbench:readme: ${runtime}, process ${i} of ${processes}`);
          for (const note of await runBench(script, [...SUITES, ...args, ...payloads, '--json', file]))
            if (!printed[runtime].includes(note)) printed[runtime].push(note);
          runs.push(readResult(join(ROOT, file)));
        }
        writeFileSync(join(ROOT, RESULTS[runtime]), `${JSON.stringify(poolResults(runs), null, 1)}\n`);
      }
      notes = printed;
      files = [RESULTS.node, RESULTS.chromium];
    }
    // The runners write under the root; files given with --from are where the user says.
    const base = values.from ? process.cwd() : ROOT;
    const [node, chromium] = files.map((file) => readResult(resolve(base, file))) as [MeasureResult, MeasureResult];
    if (node.environment.runtime !== 'node' || chromium.environment.runtime === 'node') {
      throw new BenchError(
        `${files[0]} must be a Node result and ${files[1]} a browser one (got ${node.environment.runtime} and ${chromium.environment.runtime})`,
      );
    }
    // The command as run: with --from, the sections say which files they were rewritten from.
    const asRun = values.from ? `${COMMAND} -- --from ${files.join(' ')}${processes > 1 ? ` --processes ${processes}` : ''}` : COMMAND;
    const measured = notes ? { notes, durationMs: Date.now() - started } : {};
    const sections = renderFigureSections({ node, chromium }, { command: asRun, processes: { node: processes, chromium: processes }, ...measured });
    writeFileSync(pagePath, spliceFigureSections(page, sections));
    console.log(
      `\nbench:readme: ${pagePath}: speed, versus, sizes and summary sections rewritten from ${files.join(' and ')} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    return 0;
  },
});

await main(readme);
