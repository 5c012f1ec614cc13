import v8 from 'node:v8';
import { median } from 'wirebench';

/**
 * Bytes allocated per call, in Node. Method: with the young generation made large enough
 * (--min/--max-semi-space-size) that no collection runs during the window, collect, let concurrent
 * sweeping settle, read process.memoryUsage(), make N calls, read it again: the V8 heap growth and
 * the ArrayBuffer growth divided by N are the bytes each call allocates (garbage included, since
 * none is collected). v8.GCProfiler tells whether a collection ran anyway; such a window is thrown
 * away and retried with fewer calls. Calls run optimized code (warm-up first), so allocations the
 * JIT removes by escape analysis are not counted, as in production. Error: the spread of five windows.
 */

export interface Allocation {
  /** V8 heap bytes per call (objects, strings, on-heap typed arrays), median of the windows. */
  readonly heapBytes: number;
  /** Half the range of the windows' heap figures: the measurement's error. */
  readonly heapError: number;
  /** ArrayBuffer backing-store bytes per call (outside the V8 heap: encoders' output buffers). */
  readonly bufferBytes: number;
  readonly calls: number;
  readonly windows: number;
}

const WINDOWS = 5;
/** Bytes a window may allocate: well under the 64 MB semi-space the runner asks Node for. */
const WINDOW_BYTES = 16 * 2 ** 20;

// Results land here so the calls are not optimised away; never read.
let _sink: unknown;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

export function canMeasureAllocation(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

async function window(fn: () => unknown, calls: number): Promise<{ heap: number; buffers: number } | undefined> {
  (globalThis as unknown as { gc: () => void }).gc();
  await settle();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = process.memoryUsage();
  for (let i = 0; i < calls; i++) _sink = fn();
  const after = process.memoryUsage();
  if (profiler.stop().statistics.length > 0) return undefined;
  return { heap: (after.heapUsed - before.heapUsed) / calls, buffers: (after.arrayBuffers - before.arrayBuffers) / calls };
}

export async function measureAllocation(fn: () => unknown): Promise<Allocation> {
  const warmUntil = performance.now() + 100;
  while (performance.now() < warmUntil) _sink = fn();
  // Size the window from one call's allocation, so it stays below WINDOW_BYTES.
  let calls = 64;
  const probe = await window(fn, 8);
  if (probe) calls = Math.max(1, Math.min(10_000, Math.floor(WINDOW_BYTES / Math.max(1, probe.heap + probe.buffers))));
  const heaps: number[] = [];
  const buffers: number[] = [];
  for (let attempt = 0; heaps.length < WINDOWS && attempt < WINDOWS * 4; attempt++) {
    const result = await window(fn, calls);
    if (!result) {
      calls = Math.max(1, Math.floor(calls / 2));
      continue;
    }
    heaps.push(result.heap);
    buffers.push(result.buffers);
  }
  if (heaps.length === 0) throw new Error('every window was interrupted by a garbage collection: run with the flags of npm run bench:alloc');
  return {
    heapBytes: median(heaps),
    heapError: (Math.max(...heaps) - Math.min(...heaps)) / 2,
    bufferBytes: median(buffers),
    calls,
    windows: heaps.length,
  };
}
