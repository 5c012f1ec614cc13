/**
 * `npm run bench`: the built-in suites or the user's own payloads, measured by the one engine of
 * wirebench, each payload in a fresh worker thread (`--same-process`: all in this
 * process, for debugging and profiling). `--help` lists the options.
 */
import type { MeasureProgress, MeasureResult } from 'wirebench';
import { measure } from 'wirebench';
import { progressReporter } from 'wirebench/node';
import { fidelitySummary, formatResult, LEGEND, renderHtmlReport } from 'wirebench/report';
import type { BenchFiles } from '../node/isolated.js';
import { benchFiles, listBench, measureBenchGroups } from '../node/isolated.js';
import type { Suite } from '../suites/suite.js';
import { BenchError, command, main } from './command.js';
import type { BenchArgs } from './options.js';
import { BENCH_OPTIONS, benchArgs, USAGE } from './options.js';
import { checkOutput, contextFor, nodeMeasureOptions, planTargets, suitesFor, writeOutput } from './plan.js';

const DEFAULT_JSON = 'bench/results/latest.json';

/** What a run measured, however it was measured. */
interface Measured {
  readonly result: MeasureResult;
  readonly notes: string[];
}

const run = command({
  name: 'bench',
  usage: USAGE,
  options: BENCH_OPTIONS,
  positionals: true,
  async run(line) {
    const args = benchArgs(line);
    checkOutput(args.json ?? DEFAULT_JSON, '--json');
    checkOutput(args.html, '--html');
    // The files are read and checked now either way: a bad one stops the run before anything is measured.
    const suites = args.sameProcess ? suitesFor(args) : undefined;
    const files = suites ? undefined : benchFiles(args.paths);

    const progress = progressReporter(process.stderr);
    let measured: Measured | undefined;
    try {
      measured = suites ? await sameProcess(args, suites, progress.update) : await apart(args, files as BenchFiles, progress.update);
    } finally {
      progress.end();
    }
    if (!measured) throw new BenchError(`no payload matches --filter ${args.filter}`, 'input');
    const { result, notes } = measured;
    for (const note of notes) console.log(`note: ${note}`);
    console.log(`\n${formatResult(result)}`);

    const jsonPath = args.json ?? DEFAULT_JSON;
    try {
      writeOutput(jsonPath, `${JSON.stringify(result, null, 1)}\n`, '--json');
      if (args.html) writeOutput(args.html, renderHtmlReport(result, { notes }), '--html');
    } catch (error) {
      // The disk, not the arguments (they were checked before measuring): no pointer to --help.
      throw new BenchError((error as Error).message, 'input');
    }
    console.log(`\nresult JSON: ${jsonPath}`);
    if (args.html) {
      console.log(`HTML report: ${args.html}`);
    }
    for (const line of fidelitySummary(result)) console.log(line);
    return 0;
  },
});

/** Each payload in a fresh worker, one after another; undefined when --filter leaves none. */
async function apart(args: BenchArgs, files: BenchFiles, onProgress: (p: MeasureProgress) => void): Promise<Measured | undefined> {
  const listing = await listBench(args, files);
  if (listing.refs.length === 0) return undefined;
  printHeader(listing.summary);
  const { result, notes } = await measureBenchGroups(
    args,
    listing.refs.map((ref) => [ref]),
    files.paths,
    onProgress,
  );
  return { result, notes: [...new Set([...listing.notes, ...notes])] };
}

/** Every payload in this process, one after another (--same-process); undefined when --filter leaves none. */
async function sameProcess(args: BenchArgs, suites: Suite[], onProgress: (p: MeasureProgress) => void): Promise<Measured | undefined> {
  const { targets, notes } = await planTargets(suites, contextFor(args), args.filter);
  if (targets.length === 0) return undefined;
  printHeader(suites.map((s) => s.summary).join('; '));
  const result = await measure(targets, { ...(await nodeMeasureOptions(args)), isolation: 'none', onProgress });
  return { result, notes: [...new Set(notes())] };
}

function printHeader(summary: string): void {
  console.log(`wirebench bench: ${summary}`);
  console.log(LEGEND);
}

await main(run);
