/**
 * `npm run bench:gate-proof`: does the regression gate work with the real engine on this machine?
 * Five times: two quick runs of the same code (the gate must flag nothing), and one quick run whose
 * msgpack decode is made 25 % slower by a test-only wrapper (the gate must flag it). The wrapper
 * adds busy work worth a quarter of the call's own time, calibrated before timing, with no clock
 * reads inside the timed calls. Prints every figure; exits 1 if either promise fails.
 */
import type { Codec } from '@wirebench/core';
import type { MeasureResult, MeasureTarget } from '@wirebench/core/measure';
import { measure, median } from '@wirebench/core/measure';
import type { TimingChange } from '../compare/compare.js';
import { compareResults, regressions } from '../compare/compare.js';
import { parseBenchArgs } from './options.js';
import { contextFor, nodeMeasureOptions, planTargets, suitesFor } from './plan.js';

const REPEATS = 5;
const SLOWDOWN = 1.25;
const SLOWED = 'msgpack';

let spinState = 1;
/** Integer work the JIT cannot drop (its result is kept), with no clock read. */
function spin(iterations: number): void {
  let x = spinState;
  for (let i = 0; i < iterations; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  spinState = x;
}

function spinsPerMs(): number {
  spin(1e6);
  const rates: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    spin(5e6);
    rates.push(5e6 / (performance.now() - start));
  }
  return median(rates);
}

/** Median milliseconds per call of `fn`, warm. */
function callTime(fn: () => unknown): number {
  const calls = 200;
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    for (let c = 0; c < calls; c++) fn();
    times.push((performance.now() - start) / calls);
  }
  return median(times.slice(2));
}

/** The codec with its decode made `factor` times as slow, by calibrated busy work after each call. */
function slowedDecode(codec: Codec, bytes: Uint8Array, factor: number, rate: number): Codec {
  const extra = Math.round(callTime(() => codec.decode(bytes)) * (factor - 1) * rate);
  return {
    ...codec,
    decode(input) {
      const value = codec.decode(input);
      spin(extra);
      return value;
    },
  };
}

async function quickRun(targets: readonly MeasureTarget[], slow: boolean, rate: number): Promise<MeasureResult> {
  const args = parseBenchArgs(['--quick']);
  const runTargets = slow
    ? targets.map((t) => ({
        ...t,
        codecs: t.codecs.map((c) => (c.format === SLOWED ? slowedDecode(c, c.encode(t.payload.value), SLOWDOWN, rate) : c)),
      }))
    : targets;
  return measure(runTargets, nodeMeasureOptions(args));
}

const describe = (t: TimingChange): string => `${t.payload} ${t.row} ${t.operation} ${((t.change - 1) * 100).toFixed(1)} %`;

async function main(): Promise<number> {
  const args = parseBenchArgs(['--quick']);
  const { targets } = await planTargets(suitesFor(args), contextFor(args), undefined);
  const rate = spinsPerMs();
  const sameFlagged: number[] = [];
  const slowCaught: number[] = [];
  const payloads = targets.length;
  for (let i = 1; i <= REPEATS; i++) {
    const a = await quickRun(targets, false, rate);
    const b = await quickRun(targets, false, rate);
    const c = await quickRun(targets, true, rate);
    const same = regressions(compareResults(a, b));
    const slowReport = compareResults(a, c);
    const slowRows = slowReport.timings.filter((t) => t.row === SLOWED && t.operation === 'decode');
    const caught = slowRows.filter((t) => t.regression);
    const others = regressions(slowReport).filter((t) => !(t.row === SLOWED && t.operation === 'decode'));
    sameFlagged.push(same.length);
    slowCaught.push(caught.length);
    console.log(`repeat ${i}: same code → ${same.length} flagged${same.length ? ` (${same.map(describe).join('; ')})` : ''}`);
    console.log(`          ${SLOWED} decode ×${SLOWDOWN} → flagged on ${caught.length}/${payloads} payloads; measured change ${slowRows.map((t) => `${t.payload} ${((t.change - 1) * 100).toFixed(0)} %`).join(', ')}`);
    if (others.length > 0) console.log(`          other rows flagged in that run: ${others.map(describe).join('; ')}`);
  }
  const quiet = sameFlagged.filter((n) => n === 0).length;
  const flagged = slowCaught.filter((n) => n === payloads).length;
  console.log(`\nsame code never flagged: ${quiet} of ${REPEATS} pairs; 25 % slower decode flagged on every payload: ${flagged} of ${REPEATS} runs`);
  return quiet === REPEATS && flagged === REPEATS ? 0 : 1;
}

process.exitCode = await main();
