/**
 * `npm run bench`: the built-in suites or the user's own payloads, measured in this Node process by
 * the one engine of @wirebench/core/measure. `--help` lists the options.
 */
import type { MeasureProgress, MeasureResult } from '@wirebench/core/measure';
import { measure } from '@wirebench/core/measure';
import { LEGEND, fidelitySummary, formatResult, renderHtmlReport } from '@wirebench/core/report';
import type { Suite } from '../suites/suite.js';
import type { BenchArgs } from './options.js';
import { USAGE, UsageError, parseBenchArgs } from './options.js';
import { PayloadFileError, checkOutput, contextFor, nodeMeasureOptions, planTargets, suitesFor, writeOutput } from './plan.js';
import { progressReporter } from '@wirebench/core/node';

const DEFAULT_JSON = 'bench/results/latest.json';

async function main(argv: readonly string[]): Promise<number> {
  let args: BenchArgs;
  let suites: Suite[];
  try {
    args = parseBenchArgs(argv);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    checkOutput(args.json ?? DEFAULT_JSON, '--json');
    checkOutput(args.html, '--html');
    suites = suitesFor(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PayloadFileError) {
      console.error(`bench: ${error.message}${error instanceof UsageError ? ' (see npm run bench -- --help)' : ''}`);
      return 2;
    }
    throw error;
  }

  const { targets, notes } = await planTargets(suites, contextFor(args), args.filter);
  if (targets.length === 0) {
    console.error(`bench: no payload matches --filter ${args.filter}`);
    return 2;
  }
  console.log(`wirebench bench: ${suites.map((s) => s.summary).join('; ')}`);
  console.log(LEGEND);

  const progress = progressReporter(process.stderr);
  const result: MeasureResult = await measure(targets, { ...(await nodeMeasureOptions(args)), onProgress: (p: MeasureProgress) => progress.update(p) });
  progress.end();
  for (const note of notes()) console.log(`note: ${note}`);
  console.log(`\n${formatResult(result)}`);

  const jsonPath = args.json ?? DEFAULT_JSON;
  try {
    writeOutput(jsonPath, `${JSON.stringify(result, null, 1)}\n`, '--json');
    if (args.html) writeOutput(args.html, renderHtmlReport(result, { notes: notes() }), '--html');
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

process.exitCode = await main(process.argv.slice(2));
