import type { FnReturnedObject, HookMode } from 'tinybench';
import { Bench } from 'tinybench';

export interface TimedTask {
  /** Unique within one run. */
  readonly name: string;
  readonly fn: () => unknown;
}

export interface TaskTiming {
  /** Milliseconds per call, at the median. */
  readonly median: number;
  /** Relative margin of error of the mean, in percent. */
  readonly rme: number;
  readonly samples: number;
}

export interface InterleaveOptions {
  /** Milliseconds of timed calls per task. */
  readonly time: number;
  /** Milliseconds of warm-up calls per task (interleaved as well). */
  readonly warmupTime: number;
}

/** How long one sample lasts: long enough that the two clock reads around it (~50 ns) stay below 0.5 %. */
const SAMPLE_MS = 0.02;

// Results land here so the engine cannot discard the work being timed.
let sink: unknown;

/**
 * Times the tasks in one tinybench run, interleaved: with `concurrency: 'bench'` every task takes
 * one sample and then yields to the next, so drift (CPU clock, heap growth, other processes)
 * reaches every task alike and ratios of medians from the same run are fair. A sample is the mean
 * of a batch of calls lasting about SAMPLE_MS, so sub-microsecond decodes are not swamped by the clock.
 */
export async function timeInterleaved(tasks: readonly TimedTask[], options: InterleaveOptions): Promise<Map<string, TaskTiming>> {
  const bench = new Bench({ time: options.time, warmupTime: options.warmupTime, concurrency: 'bench', throws: true });
  for (const task of tasks) {
    let batch = 1;
    const sample = (): FnReturnedObject => {
      const start = bench.now();
      for (let i = 0; i < batch; i++) sink = task.fn();
      const elapsed = bench.now() - start;
      return { overriddenDuration: elapsed / batch, overriddenIterationCost: elapsed };
    };
    // Sized after warm-up, once the JIT has compiled the task: a cold estimate would be far too small.
    const beforeAll = (mode?: HookMode): void => {
      if (mode === 'run') batch = callsPerSample(task.fn);
    };
    bench.add(task.name, sample, { beforeAll });
  }
  await bench.run();
  const timings = new Map<string, TaskTiming>();
  for (const task of bench.tasks) {
    const result = task.result;
    if (!('latency' in result)) throw new Error(`${task.name}: measurement did not complete (${result.state})`);
    timings.set(task.name, { median: result.latency.p50, rme: result.latency.rme, samples: result.latency.samplesCount });
  }
  return timings;
}

/** The smallest power of two of calls that lasts SAMPLE_MS (fastest of three tries, so a GC pause does not count). */
function callsPerSample(fn: () => unknown): number {
  const timeCalls = (calls: number): number => {
    const start = performance.now();
    for (let i = 0; i < calls; i++) sink = fn();
    return performance.now() - start;
  };
  let calls = 1;
  while (Math.min(timeCalls(calls), timeCalls(calls), timeCalls(calls)) < SAMPLE_MS) calls *= 2;
  return calls;
}
