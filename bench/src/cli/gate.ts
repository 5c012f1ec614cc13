/**
 * `npm run bench:gate` (CI): the quick Node bench, compared with the committed baseline through
 * bench:compare's logic. Ratios to JSON travel between machines far better than times, so the
 * baseline is a quick run's result file. Before failing, the gate re-measures the payloads of the
 * flagged rows with more rounds: a regression fails CI only when the re-measure confirms it, so
 * noise alone never turns CI red. `--update` rewrites the baseline from a fresh quick run.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { MeasureResult } from '@wirebench/core/measure';
import type { TimingChange } from '../compare/compare.js';
import { closingLine, compareResults, formatText, regressions, validateMeasureResult } from '../compare/compare.js';

const BASELINE = fileURLToPath(new URL('../../baselines/node-quick.json', import.meta.url));
const RUNNER = fileURLToPath(new URL('./run.js', import.meta.url));
const RESULTS = 'bench/results';
/** Rounds of the re-measure: more than a quick run, so a real regression stands out and noise does not. */
const REMEASURE_ROUNDS = 15;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const key = (t: TimingChange): string => `${t.payload} / ${t.row} / ${t.operation}`;

function runBench(out: string, extra: string[] = []): MeasureResult {
  execFileSync(process.execPath, [RUNNER, '--quick', '--json', out, ...extra], { stdio: ['ignore', 'inherit', 'inherit'] });
  return validateMeasureResult(JSON.parse(readFileSync(out, 'utf8')) as unknown);
}

function main(): number {
  const { values } = parseArgs({ options: { update: { type: 'boolean', default: false } } });
  mkdirSync(RESULTS, { recursive: true });
  const current = runBench(`${RESULTS}/gate.json`);
  if (values.update) {
    copyFileSync(`${RESULTS}/gate.json`, BASELINE);
    console.log(`\nbench:gate: baseline updated: ${BASELINE}`);
    return 0;
  }
  const baseline = validateMeasureResult(JSON.parse(readFileSync(BASELINE, 'utf8')) as unknown);
  const report = compareResults(baseline, current);
  console.log(`\n== bench:gate: this run against bench/baselines/node-quick.json\n${formatText(report, { labels: { a: 'baseline', b: 'this run' } })}`);
  const flagged = regressions(report);
  if (flagged.length === 0) return 0;

  // Re-measure only the flagged payloads, with more rounds, and keep the rows flagged again.
  const payloads = [...new Set(flagged.map((t) => t.payload))];
  console.log(`\nbench:gate: ${flagged.length} row(s) flagged; re-measuring ${payloads.join(', ')} with ${REMEASURE_ROUNDS} rounds before deciding`);
  const filter = `^(${payloads.map(escapeRegExp).join('|')})$`;
  const again = runBench(`${RESULTS}/gate-remeasure.json`, ['--rounds', String(REMEASURE_ROUNDS), '--filter', filter]);
  const confirmed = regressions(compareResults(baseline, again)).filter((t) => flagged.some((f) => key(f) === key(t)));
  if (confirmed.length === 0) {
    console.log('bench:gate: not confirmed by the re-measure: noise, not a regression. OK.');
    return 0;
  }
  console.error(`bench:gate: regression confirmed by the re-measure: ${closingLine({ ...report, timings: confirmed })}`);
  for (const t of confirmed) console.error(`  ${key(t)}: ${((t.change - 1) * 100).toFixed(1)} % slower relative to JSON (${t.low.toFixed(2)}–${t.high.toFixed(2)}×, p ${t.p.toExponential(1)})`);
  console.error('If the change is intended, refresh the baseline: npm run bench:gate -- --update');
  return 1;
}

process.exitCode = main();
