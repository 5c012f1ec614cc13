/**
 * The profiled run, in a Node worker and a Chromium page alike: what it is given, the loop (one
 * call, over and over, for a given time) and what it gives back. Browser-safe.
 */
import type { ProfileSubject } from './subject.js';
import type { CpuProfile } from './summarize.js';

export interface LoopResult {
  readonly calls: number;
  /** Milliseconds the calls took, by performance.now(). */
  readonly ms: number;
}

/** One profiled run, in a Node worker or a Chromium page alike (structured-clone safe). */
export interface ProfileJob {
  readonly subject: ProfileSubject;
  /** Seconds the call runs under the profiler, after the warm-up. */
  readonly seconds: number;
}

/** What one profiled run gives back. */
export interface Profiled {
  readonly loop: LoopResult;
  readonly profile: CpuProfile;
}

/** Milliseconds of warm-up before the profiled run: long enough for V8 to optimize the call's code. */
export const WARMUP_MS = 500;
/** V8's sampling interval asked for, in microseconds (V8 samples less often where the machine cannot keep up). */
export const SAMPLING_INTERVAL_US = 50;

/** Where each result goes, so no call can be optimized away. */
export let loopSink: unknown;

/**
 * Calls `call` for `ms` milliseconds. The clock is read once per batch, not per call, and the batch
 * doubles until a batch takes a millisecond, so reading it stays out of the profile of a
 * sub-microsecond call.
 */
export function callFor(call: () => unknown, ms: number): LoopResult {
  let calls = 0;
  let batch = 1;
  const start = performance.now();
  const end = start + ms;
  let now = start;
  while (now < end) {
    const before = now;
    for (let i = 0; i < batch; i++) loopSink = call();
    calls += batch;
    now = performance.now();
    if (now - before < 1 && batch < 1 << 20) batch *= 2;
  }
  return { calls, ms: now - start };
}

/** console.profile and console.profileEnd: V8's inspector turns them into Profiler.consoleProfileFinished events (not in the DOM typings). */
const devtools = console as Console & { profile(title: string): void; profileEnd(title: string): void };

/**
 * The warm-up, then the profiled run between console.profile(title) and console.profileEnd(title),
 * whose profile a connected inspector session (node:inspector, or CDP) receives; its Profiler domain
 * must be enabled. The warm-up runs inside an outer profile that nobody keeps: V8 attributes code
 * it optimized before any profile started without the functions that code inlined (a codec inlined
 * into the loop would count as the loop), so the kept profile is nested in one that saw the code built.
 */
export function profiledRun(call: () => unknown, seconds: number, title: string): LoopResult {
  devtools.profile(`${title} warm-up`);
  callFor(call, WARMUP_MS);
  devtools.profile(title);
  const loop = callFor(call, seconds * 1000);
  devtools.profileEnd(title);
  devtools.profileEnd(`${title} warm-up`);
  return loop;
}
