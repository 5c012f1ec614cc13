/**
 * `npm run bench`: measures every format on the embedded default payloads in this Node process.
 * Options: --time=<ms per task> (default 300), --seed=<n> (default 1), --out=<file> (JSON results).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { gzipSize, measure } from '@wirebench/core';
import { canonicalTargets } from './canonical.js';
import { benchOptions } from './options.js';
import { formatResults } from './report.js';

const { time, seed, out } = benchOptions('bench', 'bench/results/latest.json');

const { targets, skipped } = await canonicalTargets(seed);
for (const line of skipped) console.warn(`skipped ${line}`);
const total = targets.reduce((sum, t) => sum + t.codecs.length, 0);
console.log(`wirebench: ${total} codec × payload measurements, ${time} ms each for encode and for decode (Node ${process.version})`);

const results = await measure(targets, {
  time,
  compressors: { gzip: gzipSize, brotli: async (bytes) => brotliCompressSync(bytes).length },
  onProgress: ({ done, total, payload, format }) => process.stderr.write(`\r  ${done}/${total} ${payload} ${format}          `),
});
process.stderr.write('\n');
console.log(formatResults(results));

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ node: process.version, time, seed, results }, null, 2));
console.log(`\nresults: ${out}`);
const lossy = results.filter((r) => !r.fidelity.ok);
if (lossy.length > 0) {
  console.log(`fidelity: ${lossy.length} codec × payload pairs changed the data:`);
  for (const r of lossy) console.log(`  ${r.format} on ${r.payload}: ${JSON.stringify(r.fidelity.diffs.slice(0, 3))}`);
}
