import { median } from './stats.js';
import { MIN_SAMPLES } from './timing.js';
import type { Compressor } from './types.js';

/**
 * Decompression timing: how long this runtime takes to undo each compressor on each row's compressed
 * bytes, the decompression part of time until usable. It runs after a payload's rounds, on its own:
 * the decompressors are the runtime's (zlib in Node, DecompressionStream in a browser), the same code
 * whatever format made the bytes, so they need no interleaving with the codecs, and a browser's
 * DecompressionStream is asynchronous, which tinybench's synchronous batches cannot time.
 */

/** One row's bytes compressed by one compressor. */
export interface DecompressionTask {
  readonly row: string;
  readonly compressor: string;
  readonly compressed: Uint8Array;
  readonly decompress: Compressor['decompress'];
}

/** Rounds per payload: few, as the figure is one part of a sum whose transfer dominates on every slow link. */
export const DECOMPRESSION_ROUNDS = 3;

export interface DecompressionTiming {
  readonly rounds: number;
  /** Milliseconds each task is timed per round (at least MIN_SAMPLES samples). */
  readonly time: number;
  /** Target milliseconds per sample: a sample is the mean of a batch of calls. */
  readonly sampleTime: number;
  readonly signal?: AbortSignal;
  readonly onTaskDone: () => void;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** One call, awaited only when the decompressor is asynchronous: a synchronous one is timed without a microtask. */
async function decompressOnce(task: DecompressionTask): Promise<number> {
  const out = task.decompress(task.compressed);
  return (out instanceof Promise ? await out : out).length;
}

/** Milliseconds per call over a batch of `calls`. */
async function sample(task: DecompressionTask, calls: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await decompressOnce(task);
  return (performance.now() - start) / calls;
}

/** The smallest power of two of calls that lasts `sampleTime` ms (the fastest of three tries). */
async function batchSize(task: DecompressionTask, sampleTime: number): Promise<number> {
  let calls = 1;
  for (;;) {
    const times = [await sample(task, calls), await sample(task, calls), await sample(task, calls)];
    if (calls >= 2 ** 16 || Math.min(...times) * calls >= sampleTime) return calls;
    calls *= 2;
  }
}

/**
 * The median milliseconds per decompression of every task, by row name, then compressor name. The
 * tasks are timed in rounds, in an order that rotates each round, each for `time` ms per round.
 */
export async function timeDecompressions(tasks: readonly DecompressionTask[], timing: DecompressionTiming): Promise<Map<string, Record<string, number>>> {
  const samples = tasks.map((): number[] => []);
  const calls: number[] = [];
  // Timers and messages (an abort among them) run before each task: a synchronous decompressor (zlib
  // in Node) would otherwise hold the event loop for the whole phase.
  const ready = async (): Promise<void> => {
    timing.signal?.throwIfAborted();
    await yieldToEventLoop();
    timing.signal?.throwIfAborted();
  };
  for (const task of tasks) {
    await ready();
    await decompressOnce(task); // warm
    calls.push(await batchSize(task, timing.sampleTime));
  }
  for (let round = 0; round < timing.rounds; round++) {
    for (let k = 0; k < tasks.length; k++) {
      const i = (k + round) % tasks.length;
      await ready();
      const task = tasks[i] as DecompressionTask;
      const taken = samples[i] as number[];
      const start = performance.now();
      let n = 0;
      while (n < MIN_SAMPLES || performance.now() - start < timing.time) {
        timing.signal?.throwIfAborted();
        taken.push(await sample(task, calls[i] as number));
        n++;
      }
      timing.onTaskDone();
    }
  }
  const out = new Map<string, Record<string, number>>();
  tasks.forEach((task, i) => {
    out.set(task.row, { ...out.get(task.row), [task.compressor]: median(samples[i] as number[]) });
  });
  return out;
}
