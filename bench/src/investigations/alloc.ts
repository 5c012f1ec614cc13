/**
 * `npm run bench:alloc`: bytes allocated per encode and decode call, per payload and row, in Node
 * (method in allocation.ts). Takes the suites, files and filters of `npm run bench`.
 */
import { writeFileSync } from 'node:fs';
import type { Operation } from 'wirebench';
import { extraRows, median } from 'wirebench';
import { formatCount, formatRatioNumber } from 'wirebench/report';
import { BenchError, command, main } from '../cli/command.js';
import { BENCH_OPTIONS, benchArgs } from '../cli/options.js';
import { checkOutput, contextFor, planTargets, suitesFor } from '../cli/plan.js';
import { nodeEnvironment } from '../node/environment.js';
import type { Allocation } from './allocation.js';
import { canMeasureAllocation, measureAllocation } from './allocation.js';

const DEFAULT_JSON = 'bench/results/alloc.json';

const USAGE =
  'npm run bench:alloc -- [files or folders …] [--suite …] [--formats …] [--filter …] [--libraries] [--seed <n>] [--json <file>]\n\n' +
  'Bytes allocated per encode and decode call (V8 heap, and ArrayBuffer memory outside it), median of five\n' +
  'windows with no garbage collection, ± half their range. Needs the Node flags the npm script passes.';

const alloc = command({
  name: 'bench:alloc',
  usage: USAGE,
  options: BENCH_OPTIONS,
  positionals: true,
  async run(line) {
    const args = benchArgs(line);
    if (!canMeasureAllocation()) {
      throw new BenchError('run through `npm run bench:alloc` (node needs --expose-gc and a large semi-space)', 'input');
    }
    checkOutput(args.json ?? DEFAULT_JSON, '--json');
    const suites = suitesFor(args);
    const { targets, notes } = await planTargets(suites, contextFor(args), args.filter);
    console.log('bytes allocated per call, lower is better: heap = V8 heap (objects, strings), ± the spread of 5 windows;');
    console.log("buffers = ArrayBuffer memory outside the heap (encoded output); × JSON = heap + buffers over JSON's\n");

    const payloads = [];
    for (const target of targets) {
      const value = target.payload.value;
      const rows: Array<{ name: string } & Partial<Record<Operation, Allocation>>> = [];
      for (const codec of target.codecs) {
        // A codec that refuses the payload is an error row in the bench's tables; here it is left out, said so.
        let encoded: Uint8Array;
        try {
          encoded = codec.encode(value);
          codec.decode(encoded);
        } catch (error) {
          console.log(`note: ${codec.format} on ${target.payload.name} not measured: ${(error as Error).message}`);
          continue;
        }
        rows.push({
          name: codec.format,
          encode: await measureAllocation(() => codec.encode(value)),
          decode: await measureAllocation(() => codec.decode(encoded)),
        });
      }
      for (const extra of extraRows(target)) {
        rows.push({
          name: extra.name,
          ...(extra.encode ? { encode: await measureAllocation(extra.encode) } : {}),
          ...(extra.decode ? { decode: await measureAllocation(extra.decode) } : {}),
        });
      }
      console.log(`## ${target.payload.name}`);
      const total = (a: Allocation | undefined): number | undefined => (a ? a.heapBytes + a.bufferBytes : undefined);
      const json = rows.find((r) => r.name === 'json');
      const widths = [Math.max(6, ...rows.map((r) => r.name.length)), 22, 12, 8];
      console.log(
        [
          'row'.padEnd(widths[0] as number),
          ...['encode heap', 'buffers', '× JSON', 'decode heap', 'buffers', '× JSON'].map((h, i) => h.padStart(widths[1 + (i % 3)] as number)),
        ].join('  '),
      );
      for (const row of rows) {
        const cells = (['encode', 'decode'] as const).flatMap((op) => {
          const a = row[op];
          const reference = total(json?.[op]);
          return a
            ? [
                `${formatCount(a.heapBytes)} ± ${formatCount(a.heapError)}`,
                formatCount(a.bufferBytes),
                reference ? formatRatioNumber((total(a) as number) / reference) : '',
              ]
            : ['—', '', ''];
        });
        console.log([row.name.padEnd(widths[0] as number), ...cells.map((c, i) => c.padStart(widths[1 + (i % 3)] as number))].join('  '));
      }
      console.log('');
      payloads.push({ name: target.payload.name, rows });
    }
    for (const note of notes()) console.log(`note: ${note}`);
    const out = args.json ?? DEFAULT_JSON;
    const calls = payloads.flatMap((p) => p.rows.flatMap((r) => [r.encode?.calls, r.decode?.calls])).filter((c): c is number => c !== undefined);
    writeFileSync(
      out,
      `${JSON.stringify({ format: 'wirebench-allocation', version: 1, createdAt: new Date().toISOString(), node: process.version, environment: await nodeEnvironment(), medianCallsPerWindow: median(calls), payloads }, null, 1)}\n`,
    );
    console.log(`result JSON: ${out}`);
    return 0;
  },
});

await main(alloc);
