/**
 * `npm run bench:baselines`: is decode by wirebench's schema codecs within 1.3× of the time of
 * protobufjs and of flatc-generated code, on the canonical payloads? Every decoder reads the same
 * bytes (wirebench's encoder wrote them) and is first checked to give back the sample; all decoders
 * of one payload are timed in one interleaved run, and ratios are wirebench's median ÷ the baseline's.
 * Options: --time=<ms per decoder> (default 300), --seed=<n> (default 1), --out=<file> (JSON results).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { flatbuffersComparison } from './baseline-flatc.js';
import { protobufComparison } from './baseline-protobufjs.js';
import { canonicalCases } from './canonical.js';
import type { Comparison, ComparisonResult, Decoder } from './comparison.js';
import { TARGET_RATIO, checkComparison, comparisonResult } from './comparison.js';
import { timeInterleaved } from './interleave.js';
import { benchOptions } from './options.js';
import { formatBaselines } from './report.js';

const { time, seed, out } = benchOptions('bench:baselines', 'bench/results/baselines.json');
// Enough interleaved calls for every decoder to reach optimized code before timing starts.
const warmupTime = 200;
console.log(`wirebench decode vs protobufjs and flatc-generated code: ${time} ms per decoder, interleaved (Node ${process.version})`);

const taskName = (comparison: Comparison, decoder: Decoder): string => `${comparison.format} ${decoder.name}`;
const results: ComparisonResult[] = [];
for (const sample of canonicalCases(seed)) {
  process.stderr.write(`\r  ${sample.shape}          `);
  const comparisons = [await protobufComparison(sample), await flatbuffersComparison(sample)];
  for (const comparison of comparisons) checkComparison(comparison, sample.shape, sample.value);
  const tasks = comparisons.flatMap((c) => [c.wirebench, ...c.baselines].map((d) => ({ name: taskName(c, d), fn: d.decode })));
  const timings = await timeInterleaved(tasks, { time, warmupTime });
  for (const comparison of comparisons) {
    results.push(
      comparisonResult(sample.shape, comparison, (decoder) => {
        const timing = timings.get(taskName(comparison, decoder));
        if (!timing) throw new Error(`no timing for ${taskName(comparison, decoder)}`);
        return timing;
      }),
    );
  }
}
process.stderr.write('\n');
console.log(formatBaselines(results));

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ node: process.version, time, warmupTime, seed, targetRatio: TARGET_RATIO, results }, null, 2));
console.log(`\nresults: ${out}`);
const above = results.flatMap((r) =>
  r.decoders.flatMap((d) => (d.ratio !== undefined && d.ratio > TARGET_RATIO ? [`${r.payload} ${r.format} vs ${d.name}: ${d.ratio.toFixed(2)}×`] : [])),
);
console.log(above.length === 0 ? `wirebench decode is within ${TARGET_RATIO}× of every baseline.` : `above ${TARGET_RATIO}×:\n  ${above.join('\n  ')}`);
