/**
 * `npm run bench:gate-proof`: does the CI gate (bench:gate's decision, the real engine, separate
 * processes) work on this machine? A baseline pooled from 5 runs at the CI settings (--ci); then five times: a quick
 * run of the same code (the gate must pass) and a quick run whose msgpack decode is made 25 %
 * slower by a test-only wrapper (the gate must fail, its re-measure running the slowed code too).
 * Prints every figure; exits 1 if either promise fails. About 10 minutes on 2 cores.
 *
 * The wrapper (slowed-plan.ts) adds busy work after each decode, calibrated with the engine
 * (wrapped against plain decode in interleaved rounds, in the payload's worker before it is timed)
 * until the wrapped call takes 1.25× as long; the factor reached is printed. Each payload is
 * measured in a fresh worker thread, as the gate's own runs are.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MeasureResult } from 'wirebench';
import { measureIsolated } from 'wirebench/node';
import { formatChange } from 'wirebench/report';
import { command, main } from '../cli/command.js';
import { parseBenchArgs } from '../cli/options.js';
import type { TimingChange } from '../compare/compare.js';
import { poolResults } from '../compare/pool.js';
import { decide } from '../gate/decide.js';
import { exactly, runInProcess } from '../gate/processes.js';
import { nodeEnvironment } from '../node/environment.js';
import { benchFiles, benchJob, listBench } from '../node/isolated.js';

/** The planner of the child's workers: the bench's, with msgpack decode slowed when asked. */
const SLOWED_PLANNER = new URL('./slowed-plan.js', import.meta.url).href;

const SELF = fileURLToPath(import.meta.url);
const REPEATS = 5;
const BASELINE_PROCESSES = 5;
const SLOWED = { format: 'msgpack', operation: 'decode' } as const; // as slowed-plan.ts slows it

/** Child process: one run at the CI settings of the canonical suite, each payload in a fresh worker (as the gate's runs are), optionally slowed, written to --json. */
async function child(out: string, slow: boolean, filter: string | undefined): Promise<void> {
  const args = parseBenchArgs(['--ci', ...(filter ? ['--filter', filter] : [])]);
  const listing = await listBench(args, benchFiles([]));
  const jobs = listing.refs.map((ref) => {
    const job = benchJob(args, [ref], []);
    return { ...job, planner: SLOWED_PLANNER, data: { ...job.data, slow } };
  });
  const { result, notes } = await measureIsolated(jobs, {
    rounds: args.rounds,
    roundTime: args.roundTime,
    warmupTime: args.warmupTime,
    environment: await nodeEnvironment(),
  });
  if (slow)
    console.log(
      `  wrapper calibrated: ${notes
        .filter((note) => note.startsWith('calibrated '))
        .map((note) => note.slice('calibrated '.length))
        .join(', ')}`,
    );
  writeFileSync(out, JSON.stringify(result));
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
      const failed = verdict.broken || verdict.confirmed.length > 0 || verdict.confirmedShifts.length > 0;
      if (slow) {
        const caught = verdict.confirmed.filter((t) => t.row === SLOWED.format && t.operation === SLOWED.operation).length;
        if (caught > 0) caughtSlow++;
        console.log(
          `repeat ${i}, ${SLOWED.format} ${SLOWED.operation} ×1.25: gate ${failed ? 'FAILS' : 'passes'}; confirmed on ${caught}/${target.length} payloads; measured ${target.map((t) => `${t.payload} ${formatChange(t.change)}`).join(', ')}`,
        );
      } else {
        if (!failed) passedSame++;
        console.log(
          `repeat ${i}, same code: gate ${failed ? 'FAILS' : 'passes'}; flagged first ${verdict.flagged.length} (${verdict.flagged.map(change).join('; ') || 'none'}), confirmed ${verdict.confirmed.map(change).join('; ') || 'none'}`,
        );
      }
    }
  }
  console.log(
    `\nsame code passed the gate: ${passedSame} of ${REPEATS}; ${SLOWED.format} ${SLOWED.operation} 25 % slower failed it: ${caughtSlow} of ${REPEATS}`,
  );
  return passedSame === REPEATS && caughtSlow === REPEATS ? 0 : 1;
}

const USAGE = `npm run bench:gate-proof

Proves the CI gate on this machine with the real engine, in separate processes (about 12 minutes):
a baseline pooled from ${BASELINE_PROCESSES} quick runs, then ${REPEATS} times a quick run of the same code (the gate must
pass) and a quick run with msgpack decode made 25 % slower by a test-only wrapper (the gate must fail).
Exit 0 when both hold every time, 1 otherwise.`;

const gateProof = command({
  name: 'bench:gate-proof',
  usage: USAGE,
  options: {
    // The child's: one run at the CI settings (the parent passes --ci and --json, as the gate's runs get them).
    child: { type: 'boolean', default: false },
    slow: { type: 'boolean', default: false },
    ci: { type: 'boolean', default: false },
    filter: { type: 'string' },
    json: { type: 'string' },
  },
  async run({ values }) {
    if (!values.child) return parent();
    await child(values.json as string, values.slow, values.filter);
    return 0;
  },
});

await main(gateProof);
