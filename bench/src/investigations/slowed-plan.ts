/**
 * The planner of `npm run bench:gate-proof`'s workers: the bench's own (node/isolated.ts), with
 * msgpack decode made 1.25× as slow by busy work after each call when the job asks (`slow`), so the
 * proof's runs measure as the gate's do, each payload in a fresh worker. The calibration (the
 * wrapped decode timed against the plain one with the engine, before the payload is timed) runs in
 * the payload's worker, and the factor reached is a note: `calibrated <payload> <factor>`.
 */
import type { Codec } from '@wirebench/core';
import type { MeasureTarget } from 'wirebench';
import { measure } from 'wirebench';
import type { IsolatedPlan } from 'wirebench/node';
import { formatRatio } from 'wirebench/report';
import type { BenchJob } from '../node/isolated.js';
import { planIsolated as planBench } from '../node/isolated.js';

const SLOWDOWN = 1.25;
const SLOWED = { format: 'msgpack', operation: 'decode' } as const;

let spinState = 1;
/** Integer work the JIT cannot drop (its result is kept), with no clock read inside the timed call. */
function spin(iterations: number): void {
  let x = spinState;
  for (let i = 0; i < iterations; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  spinState = x;
}

/**
 * The codec with its decode made `factor` times as slow by busy work after each call, calibrated
 * with the engine itself (the wrapped decode timed against the plain one in interleaved rounds, as
 * the bench will time it) until the ratio is within 3 % of the factor. Returns the ratio reached.
 */
async function slowedDecode(codec: Codec, value: unknown, factor: number): Promise<{ codec: Codec; achieved: number }> {
  const bytes = codec.encode(value);
  let extra = 0;
  const slowed: Codec = {
    ...codec,
    decode(input) {
      const result = codec.decode(input);
      spin(extra);
      return result;
    },
  };
  // A first guess from spins per ms on optimized code (the first calls run in the interpreter, far slower).
  let spinsPerMs = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    spin(2e6);
    spinsPerMs = Math.max(spinsPerMs, 2e6 / (performance.now() - start));
  }
  const start = performance.now();
  for (let i = 0; i < 20; i++) codec.decode(bytes);
  extra = Math.max(1, Math.round(((performance.now() - start) / 20) * (factor - 1) * spinsPerMs));
  let achieved = 1;
  for (let i = 0; i < 6; i++) {
    const target: MeasureTarget = {
      payload: { name: 'calibration', value },
      codecs: [codec],
      extras: [{ name: 'slowed', kind: 'custom', decode: () => slowed.decode(bytes) }],
      reference: codec.format,
      operations: ['decode'],
    };
    const result = await measure([target], { rounds: 5, roundTime: 10, warmupTime: 30, compressors: {} });
    achieved = result.payloads[0]?.rows.find((r) => r.name === 'slowed')?.decode?.vsJson?.estimate ?? 1;
    if (Math.abs(achieved - factor) < 0.03 * factor) break;
    extra = Math.max(1, Math.round(extra * Math.min(4, Math.max(0.25, (factor - 1) / Math.max(0.02, achieved - 1)))));
  }
  return { codec: slowed, achieved };
}

export async function planIsolated(job: BenchJob & { readonly slow: boolean }): Promise<IsolatedPlan> {
  const plan = await planBench(job);
  if (!job.slow) return plan;
  const calibrated: string[] = [];
  const targets: MeasureTarget[] = [];
  for (const target of plan.targets) {
    const codecs: Codec[] = [];
    for (const codec of target.codecs) {
      if (codec.format !== SLOWED.format || codec.implementation !== 'wirebench') {
        codecs.push(codec);
        continue;
      }
      const wrapped = await slowedDecode(codec, target.payload.value, SLOWDOWN);
      calibrated.push(`calibrated ${target.payload.name} ${formatRatio(wrapped.achieved)}`);
      codecs.push(wrapped.codec);
    }
    targets.push({ ...target, codecs });
  }
  const notes = plan.notes;
  return { targets, notes: () => [...(typeof notes === 'function' ? notes() : (notes ?? [])), ...calibrated] };
}
