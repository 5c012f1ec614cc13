import { seededRandom } from '../random.js';
import { median } from './stats.js';
import { MIN_SAMPLES } from './timing.js';
import type { Compressor } from './types.js';

/**
 * Decompression timing: how long this runtime takes to undo each compressor on each row's compressed
 * bytes. It runs after a payload's rounds, on its own: the decompressors are the runtime's (zlib in
 * Node, DecompressionStream in a browser), the same code whatever format made the bytes, so they
 * need no interleaving with the codecs, and a browser's DecompressionStream is asynchronous, which
 * tinybench's synchronous batches cannot time.
 *
 * Two figures per row and compressor. The time of one call on the row's body (`decompressMs`): what
 * an app that decompresses bodies itself pays, per-call overhead included (a DecompressionStream
 * through a Blob and a Response costs about 1 ms even on an empty body in Chromium). And the rate of
 * one long stream (`inflateBytesPerMs`, decompressed bytes per ms): what a browser's network stack
 * pays, which inflates `Content-Encoding` as the bytes arrive, with no per-call overhead
 * (answer/decompression.ts models it).
 */

/** One body compressed by one compressor, as the row's figures name it. */
export interface DecompressionTask {
  readonly row: string;
  readonly compressor: string;
  readonly compressed: Uint8Array;
  readonly decompress: Compressor['decompress'];
}

/** Rounds per payload: few, as the figure is one part of a sum whose transfer dominates on every slow link. */
export const DECOMPRESSION_ROUNDS = 3;

/**
 * The least decompressed bytes the streaming rate is measured over: 256 KiB, so one call's overhead
 * is a small share of a pass (Chromium 156's DecompressionStream written directly: about 54 µs a
 * call, against about 0.55 ms to inflate 256 KiB of gzip, on the 2-core development machine; Node's
 * zlib: about 5 µs), while compressing the long body stays cheap (about 10 ms with zlib).
 */
export const STREAM_BYTES = 262_144;

/** Milliseconds compressing one row's long body for one compressor may take, about: past it the body is shorter (engine.ts). */
export const STREAM_COMPRESS_BUDGET_MS = 250;

/** The shortest long body, 16 KiB: shorter, a pass's fixed cost would be most of what is timed. */
export const MIN_STREAM_BYTES = 16_384;

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
 * The median milliseconds per decompression of every task, in the tasks' order. The tasks are timed
 * in rounds, in an order that rotates each round, each for `time` ms per round.
 */
export async function timeDecompressions(tasks: readonly DecompressionTask[], timing: DecompressionTiming): Promise<number[]> {
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
  return samples.map((taken) => median(taken));
}

/** `values[i]` of each task, by row name, then compressor name. */
export function byRowAndCompressor(tasks: readonly DecompressionTask[], values: readonly number[]): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  tasks.forEach((task, i) => {
    out.set(task.row, { ...out.get(task.row), [task.compressor]: values[i] as number });
  });
  return out;
}

/**
 * A body of at least `minBytes` made of `bytes`, for the streaming rate: `bytes` itself when it is
 * long enough, else copies of it, each after the first with its byte values relabelled by a
 * permutation of its own (seeded). A browser cannot inflate several gzip members in one
 * DecompressionStream (Chromium rejects the second), and plain repeats would compress into
 * back-references to the copy before: a relabelled copy keeps the body's own repeats, so it
 * compresses and inflates about as the body does, but cannot point into another copy (gzip in Node,
 * 7 to 600 kB of JSON: within about 15 % of one call less the call's overhead; brotli up to 2×
 * slower on small bodies, whose decoder then needs a smaller window: an overestimate).
 */
export function streamBody(bytes: Uint8Array, minBytes: number = STREAM_BYTES): Uint8Array {
  if (bytes.length >= minBytes || bytes.length === 0) return bytes;
  const copies = Math.ceil(minBytes / bytes.length);
  const body = new Uint8Array(copies * bytes.length);
  body.set(bytes);
  const random = seededRandom(1);
  const relabel = new Uint8Array(256);
  for (let copy = 1; copy < copies; copy++) {
    for (let i = 0; i < 256; i++) relabel[i] = i;
    for (let i = 255; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [relabel[i], relabel[j]] = [relabel[j] as number, relabel[i] as number];
    }
    const offset = copy * bytes.length;
    for (let i = 0; i < bytes.length; i++) body[offset + i] = relabel[bytes[i] as number] as number;
  }
  return body;
}
