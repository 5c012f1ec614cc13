import type { FnReturnedObject } from 'tinybench';
import { Bench } from 'tinybench';

/** One timed function of a round: an operation of a row, with its inputs already prepared. */
export interface TimedTask {
  /** Unique within the payload, e.g. `msgpack decode`. */
  readonly id: string;
  readonly fn: () => unknown;
  /** Calls per sample, sized after warm-up. */
  callsPerSample: number;
}

// Results land here so the JIT cannot discard the work being timed; never read.
let _sink: unknown;

/**
 * Samples each task gets in a round however long they take. A call of several milliseconds fills a
 * short round with one or two samples, and a garbage collection of the heap the other tasks left
 * then moves that round's median by 2–5×; with five, the median steps over two such samples.
 */
export const MIN_SAMPLES = 5;

/**
 * Lets timers and messages run before each task: tinybench itself only awaits microtasks, so without
 * this an abort fired by a timer, a signal handler or a worker's message would wait for the payload's end.
 */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Times every task once, one after another in `order`, on tinybench: each task gets `time` ms of
 * samples (at least MIN_SAMPLES), each sample the mean of a batch of `callsPerSample` calls (so a
 * sub-microsecond call is not swamped by the clock), and returns the samples in ms per call, by task id.
 */
export async function runRound(
  tasks: readonly TimedTask[],
  order: readonly number[],
  time: number,
  signal: AbortSignal | undefined,
  onTaskDone: () => void,
): Promise<Map<string, number[]>> {
  // The signal is checked before every sample rather than handed to tinybench, which would add a
  // listener per task to it: a long run must not pile listeners up on the caller's signal.
  signal?.throwIfAborted();
  const bench = new Bench({ time, iterations: MIN_SAMPLES, warmup: false, retainSamples: true, throws: true });
  for (const index of order) {
    const task = tasks[index] as TimedTask;
    const { fn } = task;
    // Declared synchronous ({ async: false }), so tinybench does not call it once more to find out.
    bench.add(
      task.id,
      (): FnReturnedObject => {
        signal?.throwIfAborted();
        const calls = task.callsPerSample;
        const start = bench.now();
        for (let i = 0; i < calls; i++) _sink = fn();
        const elapsed = bench.now() - start;
        return { overriddenDuration: elapsed / calls, overriddenIterationCost: elapsed };
      },
      { async: false, beforeAll: yieldToEventLoop },
    );
  }
  bench.addEventListener('cycle', onTaskDone);
  await bench.run();
  signal?.throwIfAborted();
  const samples = new Map<string, number[]>();
  for (const task of bench.tasks) {
    const result = task.result;
    if (!('latency' in result) || !result.latency.samples) {
      throw new Error(`${task.name}: measurement did not complete (${result.state})`);
    }
    samples.set(task.name, [...result.latency.samples]);
  }
  return samples;
}

/**
 * The smallest power of two of calls that lasts `sampleTime` ms (the fastest of three tries, so a
 * GC pause does not count). Called after warm-up: a cold estimate would be far too small.
 */
export function callsPerSample(fn: () => unknown, sampleTime: number): number {
  const timeCalls = (calls: number): number => {
    const start = performance.now();
    for (let i = 0; i < calls; i++) _sink = fn();
    return performance.now() - start;
  };
  let calls = 1;
  while (calls < 2 ** 24 && Math.min(timeCalls(calls), timeCalls(calls), timeCalls(calls)) < sampleTime) calls *= 2;
  return calls;
}
