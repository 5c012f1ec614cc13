/**
 * `npm run bench:gate-proof`: does the CI gate (bench:gate's decision, the real engine, separate
 * processes) work on this machine? A baseline pooled from 5 quick runs; then five times: a quick
 * run of the same code (the gate must pass) and a quick run whose msgpack decode is made 25 %
 * slower by a test-only wrapper (the gate must fail, its re-measure running the slowed code too).
 * Prints every figure; exits 1 if either promise fails. About 10 minutes on 2 cores.
 *
 * The wrapper adds busy work after each decode, calibrated with the engine (wrapped against plain
 * decode in interleaved rounds, before the run) until the wrapped call takes 1.25× as long; the
 * factor reached is printed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Codec } from '@wirebench/core';
import type { MeasureResult, MeasureTarget } from '@wirebench/core/measure';
import { measure } from '@wirebench/core/measure';
import { formatChange, formatRatio } from '@wirebench/core/report';
import type { TimingChange } from '../compare/compare.js';
import { poolResults } from '../compare/pool.js';
import { decide } from '../gate/decide.js';
import { exactly, runInProcess } from '../gate/processes.js';
import { parseBenchArgs } from './options.js';
import { contextFor, nodeMeasureOptions, planTargets, suitesFor } from './plan.js';

const SELF = fileURLToPath(import.meta.url);
const REPEATS = 5;
const BASELINE_PROCESSES = 5;
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

/** Child process: one quick run of the canonical suite, optionally slowed, written to --json. */
async function child(out: string, slow: boolean, filter: string | undefined): Promise<void> {
  const args = parseBenchArgs(['--quick', ...(filter ? ['--filter', filter] : [])]);
  const { targets } = await planTargets(suitesFor(args), contextFor(args), args.filter);
  const achieved: string[] = [];
  const run: MeasureTarget[] = [];
  for (const target of targets) {
    const codecs: Codec[] = [];
    for (const codec of target.codecs) {
      if (!slow || codec.format !== SLOWED.format) {
        codecs.push(codec);
        continue;
      }
      const wrapped = await slowedDecode(codec, target.payload.value, SLOWDOWN);
      achieved.push(`${target.payload.name} ${formatRatio(wrapped.achieved)}`);
      codecs.push(wrapped.codec);
    }
    run.push({ ...target, codecs });
  }
  if (slow) console.log(`  wrapper calibrated: ${achieved.join(', ')}`);
  writeFileSync(out, JSON.stringify(await measure(run, await nodeMeasureOptions(args))));
}

const change = (t: TimingChange): string => `${t.payload} ${t.row} ${t.operation} ${formatChange(t.change)}`;

async function parent(): Promise<number> {
  const quickRun = (label: string, slow: boolean, filter?: string): MeasureResult =>
    runInProcess(SELF, ['--child', ...(slow ? ['--slow'] : []), ...(filter ? ['--filter', filter] : [])], label, !slow);
  console.log(`baseline: ${BASELINE_PROCESSES} quick runs in separate processes, pooled`);
  const baseline = poolResults(Array.from({ length: BASELINE_PROCESSES }, (_, i) => quickRun(`proof-baseline-${i}`, false)));
  let passedSame = 0;
  let caughtSlow = 0;
  for (let i = 1; i <= REPEATS; i++) {
    for (const slow of [false, true]) {
      const remeasure = async (payloads: string[]): Promise<MeasureResult[]> =>
        Array.from({ length: 3 }, (_, k) => quickRun(`proof-remeasure-${k}`, slow, exactly(payloads)));
      const verdict = await decide(baseline, quickRun(`proof-${slow ? 'slow' : 'same'}-${i}`, slow), remeasure);
      const target = verdict.report.timings.filter((t) => t.row === SLOWED.format && t.operation === SLOWED.operation);
      const failed = verdict.broken || verdict.confirmed.length > 0;
      if (slow) {
        const caught = verdict.confirmed.filter((t) => t.row === SLOWED.format && t.operation === SLOWED.operation).length;
        if (caught > 0) caughtSlow++;
        console.log(`repeat ${i}, ${SLOWED.format} ${SLOWED.operation} ×${SLOWDOWN}: gate ${failed ? 'FAILS' : 'passes'}; confirmed on ${caught}/${target.length} payloads; measured ${target.map((t) => `${t.payload} ${formatChange(t.change)}`).join(', ')}`);
      } else {
        if (!failed) passedSame++;
        console.log(`repeat ${i}, same code: gate ${failed ? 'FAILS' : 'passes'}; flagged first ${verdict.flagged.length} (${verdict.flagged.map(change).join('; ') || 'none'}), confirmed ${verdict.confirmed.map(change).join('; ') || 'none'}`);
      }
    }
  }
  console.log(`\nsame code passed the gate: ${passedSame} of ${REPEATS}; ${SLOWED.format} ${SLOWED.operation} 25 % slower failed it: ${caughtSlow} of ${REPEATS}`);
  return passedSame === REPEATS && caughtSlow === REPEATS ? 0 : 1;
}

const { values } = parseArgs({
  options: { help: { type: 'boolean', short: 'h', default: false }, child: { type: 'boolean', default: false }, slow: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, filter: { type: 'string' }, json: { type: 'string' } },
});
if (values.help) {
  console.log(`npm run bench:gate-proof

Proves the CI gate on this machine with the real engine, in separate processes (about 12 minutes):
a baseline pooled from ${BASELINE_PROCESSES} quick runs, then ${REPEATS} times a quick run of the same code (the gate must
pass) and a quick run with msgpack decode made 25 % slower by a test-only wrapper (the gate must fail).
Exit 0 when both hold every time, 1 otherwise.`);
} else if (values.child) await child(values.json as string, values.slow === true, values.filter);
else process.exitCode = await parent();
