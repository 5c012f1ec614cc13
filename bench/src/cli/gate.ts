/**
 * `npm run bench:gate` (CI): the Node bench at the CI settings (--ci) against the committed baseline, through
 * bench:compare's logic. Ratios to JSON travel between machines far better than times, so the
 * baseline is a result file: runs at the CI settings in 5 separate processes, pooled (`--update` rewrites it).
 * Before failing, the gate re-measures the flagged payloads in 3 fresh processes and fails only on
 * rows flagged again, so noise alone never turns CI red.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MeasureResult } from 'wirebench';
import { upgradeResult } from 'wirebench';
import { closingLine, describeShift, formatText } from '../compare/compare.js';
import { poolResults } from '../compare/pool.js';
import { decide, describeRow, REMEASURE_PROCESSES } from '../gate/decide.js';
import { exactly, runInProcess } from '../gate/processes.js';
import { command, main } from './command.js';

const BASELINE = fileURLToPath(new URL('../../baselines/node-quick.json', import.meta.url));
const RUNNER = fileURLToPath(new URL('./run.js', import.meta.url));
/** Processes pooled into the baseline. */
const BASELINE_PROCESSES = 5;

const USAGE = `npm run bench:gate [-- --update]

Runs the Node bench at the CI settings (npm run bench -- --ci) and compares it with bench/baselines/node-quick.json
(npm run bench:compare's method). A row that now errors, loses data or is gone fails the gate (exit 1)
at once. A row regresses when it moved beyond the threshold (against the shift all of its payload's rows
share, where JSON's own time moved: the machine); most payloads slowing together beyond it is a
regression too. Both are re-measured
in ${REMEASURE_PROCESSES} fresh processes, and the gate fails only on what the re-measure flags again.
  --update   rewrite the baseline from ${BASELINE_PROCESSES} runs at the CI settings in separate processes, pooled`;

const gate = command({
  name: 'bench:gate',
  usage: USAGE,
  options: { update: { type: 'boolean', default: false } },
  async run({ values }) {
    if (values.update) {
      const runs = Array.from({ length: BASELINE_PROCESSES }, (_, i) => runInProcess(RUNNER, [], `baseline-${i}`));
      writeFileSync(BASELINE, `${JSON.stringify(poolResults(runs), null, 1)}\n`);
      console.log(`\nbench:gate: baseline rewritten from ${BASELINE_PROCESSES} processes: ${BASELINE}`);
      return 0;
    }
    const baseline = upgradeResult(JSON.parse(readFileSync(BASELINE, 'utf8')) as unknown);
    const run = runInProcess(RUNNER, [], 'run');
    const remeasure = async (payloads: string[]): Promise<MeasureResult[]> => {
      console.log(`\nbench:gate: re-measuring ${payloads.join(', ')} in ${REMEASURE_PROCESSES} fresh processes before deciding`);
      return Array.from({ length: REMEASURE_PROCESSES }, (_, i) => runInProcess(RUNNER, ['--filter', exactly(payloads)], `remeasure-${i}`, true));
    };
    const verdict = await decide(baseline, run, remeasure);
    console.log(
      `\n== bench:gate: this run against bench/baselines/node-quick.json\n${formatText(verdict.report, { labels: { a: 'baseline', b: 'this run' } })}`,
    );
    if (verdict.broken) {
      console.error(`bench:gate: ${closingLine(verdict.report)}`);
      return 1;
    }
    const flagged = [...verdict.flagged.map(describeRow), ...verdict.flaggedShifts.map(describeShift)];
    if (flagged.length === 0) return 0;
    if (verdict.confirmed.length === 0 && verdict.confirmedShifts.length === 0) {
      console.log(`bench:gate: ${flagged.join('; ')} not confirmed by the re-measure: noise, not a regression. OK.`);
      return 0;
    }
    const confirmed = { ...(verdict.remeasured ?? verdict.report), timings: verdict.confirmed, shifts: verdict.confirmedShifts };
    console.error(`bench:gate: regression confirmed by the re-measure: ${closingLine(confirmed)}`);
    console.error('If the change is intended, rewrite the baseline: npm run bench:gate -- --update');
    return 1;
  },
});

await main(gate);
