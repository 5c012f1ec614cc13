/**
 * The browser runner's shared part, for the page and the Web Worker alike: plans the built-in suites
 * with the bundled canonical.proto and measures them with the one engine of wirebench.
 * Browser-safe: no Node API, no DOM API.
 */
import { parseJson } from '@wirebench/core';
import { createCodecWithLibraries } from '@wirebench/core/libraries';
import type { MeasureProgress } from 'wirebench';
import { measure, pressureReader } from 'wirebench';
import proto from '../../schemas/canonical.proto?raw';
import type { BrowserListConfig, BrowserListing, BrowserOutcome, BrowserRunConfig, PayloadFileRef } from '../src/browser/protocol.js';
import type { ParsedPayload } from '../src/suites/payloads.js';
import { payloadsSuite } from '../src/suites/payloads.js';
import { listPayloads, planRefs } from '../src/suites/refs.js';
import type { SuiteContext } from '../src/suites/suite.js';

export type { BrowserListConfig, BrowserListing, BrowserOutcome, BrowserRunConfig };

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

function contextOf(config: BrowserListConfig): SuiteContext {
  return {
    proto,
    seed: config.seed,
    formats: config.formats,
    implementations: config.implementations,
    // Bundled: the library codecs come in by name, not by the URL createCodec loads in Node.
    create: createCodecWithLibraries,
    libraries: config.libraries,
  };
}

/** The payloads of the requested suites and files, filtered, planned here and not timed: the runner gives each its own page. */
export async function listSuites(config: BrowserListConfig): Promise<BrowserListing> {
  const filter = config.filter === null ? undefined : new RegExp(config.filter, 'i');
  const { refs, notes } = await listPayloads(
    config.suites,
    config.files.map((f) => f.name),
    contextOf(config),
    filter,
  );
  const unique = [...new Set(notes)];
  if (refs.length === 0) return { ok: false, noTargets: true, message: `no payload matches --filter ${filter}`, notes: unique };
  return { ok: true, payloads: refs, notes: unique };
}

/**
 * Plans the payloads the runner listed (only those: each suite planned once, each file fetched
 * alone) and measures them here, in order, with the same engine as `npm run bench`.
 */
export async function runSuites(config: BrowserRunConfig, onProgress: (progress: MeasureProgress) => void): Promise<BrowserOutcome> {
  const planned = await planRefs(config.payloads, contextOf(config), async (index) =>
    payloadsSuite(await fetchPayloads([config.files[index] as PayloadFileRef])),
  );
  const result = await measure(planned.targets, {
    rounds: config.rounds,
    roundTime: config.roundTime,
    warmupTime: config.warmupTime,
    ...(config.budget !== null ? { budget: config.budget } : {}),
    environment: { ...config.host, cpuThrottle: config.cpuThrottle, libraries: __WIREBENCH_LIBRARIES__ },
    isolation: config.isolation,
    ...(config.pressurePath !== null ? { cpuPressure: pressureReader(config.pressurePath) } : {}),
    onProgress,
  });
  // Read after measuring: suites add notes while the engine builds their library rows.
  return { ok: true, result, notes: planned.notes() };
}
