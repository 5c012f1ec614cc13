/**
 * The browser runner's shared part, for the page and the Web Worker alike: plans the built-in suites
 * with the bundled canonical.proto and measures them with the one engine of @wirebench/core/measure.
 * Browser-safe: no Node API, no DOM API.
 */
import { parseJson } from '@wirebench/core';
import type { MeasureProgress } from '@wirebench/core/measure';
import { measure } from '@wirebench/core/measure';
import proto from '../../schemas/canonical.proto?raw';
import type { BrowserOutcome, BrowserRunConfig, PayloadFileRef } from '../src/browser/protocol.js';
import { createCodecWithLibraries } from '@wirebench/core/libraries';
import { SUITES } from '../src/suites/index.js';
import type { ParsedPayload } from '../src/suites/payloads.js';
import { payloadsSuite } from '../src/suites/payloads.js';
import type { Suite, SuiteContext } from '../src/suites/suite.js';
import { planTargets } from '../src/suites/suite.js';

export type { BrowserOutcome, BrowserRunConfig };

/** Messages between the page and the worker. */
export type ToWorker = { readonly type: 'busy'; readonly iterations: number } | { readonly type: 'run'; readonly config: BrowserRunConfig };
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'busy'; readonly ms: number }
  | { readonly type: 'progress'; readonly progress: MeasureProgress }
  | { readonly type: 'done'; readonly outcome: BrowserOutcome }
  | { readonly type: 'error'; readonly message: string };

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack && !error.stack.includes(error.message) ? `${error.message}\n${error.stack}` : (error.stack ?? error.message);
  return String(error);
}

/**
 * A fixed amount of integer work, timed: the runner runs it with and without CPU throttling to see
 * whether the throttle reaches this thread. The result is consumed so nothing is optimized away.
 */
export function busyLoop(iterations: number): number {
  const started = performance.now();
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < iterations; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  const ms = performance.now() - started;
  busySink = x;
  return ms;
}
/** Where busyLoop's result goes, so its work cannot be dropped. */
export let busySink = 0;

/** The runner's payload files, fetched and parsed here (the runner already checked that they parse). */
async function fetchPayloads(files: readonly PayloadFileRef[]): Promise<ParsedPayload[]> {
  const payloads: ParsedPayload[] = [];
  for (const { name, url } of files) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${name}: the runner answered ${response.status} for ${url}`);
    payloads.push({ name, ...parseJson(await response.text()) });
  }
  return payloads;
}

/** Plans the requested suites here and measures them with the same engine as `npm run bench`. */
export async function runSuites(config: BrowserRunConfig, onProgress: (progress: MeasureProgress) => void): Promise<BrowserOutcome> {
  const context: SuiteContext = {
    proto,
    seed: config.seed,
    formats: config.formats,
    implementations: config.implementations,
    // Bundled: the library codecs come in by name, not by the URL createCodec loads in Node.
    create: createCodecWithLibraries,
    libraries: config.libraries,
  };
  const filter = config.filter === null ? undefined : new RegExp(config.filter, 'i');
  const suites: Suite[] = config.suites.map((name) => SUITES[name]);
  if (config.files.length > 0) suites.push(payloadsSuite(await fetchPayloads(config.files)));
  const planned = await planTargets(suites, context, filter);
  const targets = planned.targets;
  // Read after measuring: suites add notes while the engine builds their library rows.
  const notes = (): string[] => [...new Set(planned.notes())];
  if (targets.length === 0) return { ok: false, noTargets: true, message: `no payload matches --filter ${filter}`, notes: notes() };
  const result = await measure(targets, {
    rounds: config.rounds,
    roundTime: config.roundTime,
    warmupTime: config.warmupTime,
    ...(config.budget !== null ? { budget: config.budget } : {}),
    environment: { ...config.host, cpuThrottle: config.cpuThrottle, libraries: __WIREBENCH_LIBRARIES__ },
    onProgress,
  });
  return { ok: true, result, notes: notes(), summary: suites.map((s) => s.summary).join('; ') };
}
