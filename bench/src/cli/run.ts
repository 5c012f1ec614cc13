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
import type { BenchArgs } from './options.js';
import { parseBenchArgs, USAGE, UsageError } from './options.js';
import { checkOutput, contextFor, nodeMeasureOptions, PayloadFileError, planTargets, suitesFor, writeOutput } from './plan.js';

const DEFAULT_JSON = 'bench/results/latest.json';

/** What a run measured, however it was measured. */
interface Measured {
  readonly result: MeasureResult;
  readonly notes: string[];
}

async function main(argv: readonly string[]): Promise<number> {
  let args: BenchArgs;
  let suites: Suite[] | undefined;
  let files: BenchFiles | undefined;
  try {
    args = parseBenchArgs(argv);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    checkOutput(args.json ?? DEFAULT_JSON, '--json');
    checkOutput(args.html, '--html');
    // The files are read and checked now either way: a bad one stops the run before anything is measured.
    if (args.sameProcess) suites = suitesFor(args);
    else files = benchFiles(args.paths);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PayloadFileError) {
      console.error(`bench: ${error.message}${error instanceof UsageError ? ' (see npm run bench -- --help)' : ''}`);
      return 2;
    }
    throw error;
  }

  const progress = progressReporter(process.stderr);
  let measured: Measured | undefined;
  try {
    measured = suites ? await sameProcess(args, suites, progress.update) : await apart(args, files as BenchFiles, progress.update);
  } finally {
    progress.end();
  }
  if (!measured) {
    console.error(`bench: no payload matches --filter ${args.filter}`);
    return 2;
  }
  const { result, notes } = measured;
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`\n${formatResult(result)}`);

  const jsonPath = args.json ?? DEFAULT_JSON;
  try {
    writeOutput(jsonPath, `${JSON.stringify(result, null, 1)}\n`, '--json');
    if (args.html) writeOutput(args.html, renderHtmlReport(result, { notes }), '--html');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench: ${error.message}`);
    return 2;
  }
  console.log(`\nresult JSON: ${jsonPath}`);
  if (args.html) {
    console.log(`HTML report: ${args.html}`);
  }
  for (const line of fidelitySummary(result)) console.log(line);
  return 0;
}

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

process.exitCode = await main(process.argv.slice(2));
