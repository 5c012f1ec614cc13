/**
 * The browser runner's pages: one lists the payloads, then each payload (or, with --same-process,
 * all of them) is measured in a fresh page, in the page itself or in its dedicated Web Worker:
 * throttle, start, forward progress, and wait until the page's results region says it is done,
 * with the page's errors, crashes and stalls ending the wait instead of a fixed timeout.
 */

import type { Browser, Page } from 'playwright-core';
import type { Environment, Isolation, MeasureProgress, MeasureResult } from 'wirebench';
import type { BenchArgs } from '../cli/options.js';
import { BenchError } from '../errors.js';
import { nodeEnvironment } from '../node/environment.js';
import type { BrowserListConfig, BrowserListing, BrowserOutcome, BrowserRunConfig, Mode, PayloadFileRef, PayloadRef } from './protocol.js';
import { PRESSURE_PATH } from './server.js';
import { throttle } from './throttle.js';

/** Seconds without any progress (times the throttle) before a run is declared stuck. */
const STALL_SECONDS = 300;

/** Page errors, console errors, crashes and stalls of one page, as a promise that only ever rejects. */
function watchPage(page: Page, stallMs: number): { failed: Promise<never>; alive(): void; dispose(): void } {
  let reject: (error: BenchError) => void = () => {};
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => {}); // observed by whoever races it
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => reject(new BenchError(`no progress from the browser in ${Math.round(stallMs / 1000)} s: the run is stuck`)), stallMs);
  };
  page.on('pageerror', (error) => reject(new BenchError(`error in the page: ${error.stack ?? error.message}`)));
  page.on('console', (message) => {
    if (message.type() === 'error') reject(new BenchError(`console error in the browser: ${message.text()}`));
  });
  page.on('crash', () => reject(new BenchError('the page crashed (out of memory?)')));
  page.on('close', () => reject(new BenchError('the page closed before the run was done')));
  return {
    failed,
    alive,
    dispose: () => clearTimeout(timer),
  };
}

/** The browser and the origin its page is served from. */
export interface BrowserSession {
  readonly browser: Browser;
  readonly origin: string;
}

/** A fresh page (a new browser context: never a renderer process another page used) with the runner's page loaded and watched. */
export async function openPage(
  session: BrowserSession,
  stallMs: number,
  onProgress?: (p: MeasureProgress) => void,
): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  // browser.newPage() opens the page in a browser context of its own, and Chromium never shares a
  // renderer process between browser contexts: each page gets a new process, hence a fresh V8
  // isolate, heap and JIT state (a new page in the same context could be given the process of one
  // that is closing). Cross-origin isolation comes from the server's COOP/COEP headers, on every page.
  const page = await session.browser.newPage();
  const watch = watchPage(page, stallMs);
  try {
    await page.exposeFunction('wirebenchProgress', (p: MeasureProgress) => {
      watch.alive();
      onProgress?.(p);
    });
    await Promise.race([page.goto(`${session.origin}/index.html`), watch.failed]);
    await Promise.race([page.waitForFunction(() => window.wirebench !== undefined), watch.failed]);
    return { page, watch };
  } catch (error) {
    watch.dispose();
    await page.close().catch(() => {});
    throw error instanceof BenchError ? error : new BenchError(`the page did not load: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The settings every page is given, from the command line. */
function listConfig(session: BrowserSession, args: BenchArgs, files: readonly PayloadFileRef[], host: Partial<Environment>): BrowserListConfig {
  return {
    suites: args.suites,
    files,
    formats: args.formats,
    implementations: args.implementations,
    filter: args.filter?.source ?? null,
    libraries: args.libraries,
    seed: args.seed,
    rounds: args.rounds,
    roundTime: args.roundTime,
    warmupTime: args.warmupTime,
    budget: args.budget === undefined ? null : args.budget * 1000,
    cpuThrottle: 1,
    host: {
      runtimeVersion: `Chromium ${session.browser.version()}`,
      ...(host.cpuModel ? { cpuModel: host.cpuModel } : {}),
      ...(host.memoryGb ? { memoryGb: host.memoryGb } : {}),
    },
  };
}

/**
 * The payloads the command line asks for, listed in a page of their own (the suites planned there,
 * nothing timed; the page is closed after): a BenchError of exit code 2 when --filter leaves none.
 */
export async function listInPage(session: BrowserSession, args: BenchArgs, files: readonly PayloadFileRef[]): Promise<{ refs: PayloadRef[]; notes: string[] }> {
  const { page, watch } = await openPage(session, STALL_SECONDS * 1000);
  try {
    watch.alive();
    const config = listConfig(session, args, files, await nodeEnvironment());
    const listing = (await Promise.race([page.evaluate((c) => window.wirebench.list(c), config), watch.failed])) as BrowserListing;
    if (!listing.ok) throw new BenchError(listing.message, listing.noTargets ? 'input' : 'failure');
    return { refs: listing.payloads, notes: listing.notes };
  } finally {
    watch.dispose();
    await page.close().catch(() => {});
  }
}

/** What one page gives back: its result and notes, and what the throttle check found. */
export interface PageRun {
  readonly result: MeasureResult;
  readonly notes: string[];
  /** The throttle check's lines (empty without --cpu-throttle). */
  readonly throttleLines: string[];
}

/**
 * `refs`, in order, measured in one fresh page (mode `page`) or in that page's fresh dedicated
 * worker (mode `worker`): throttle, start, forward progress, wait until the results region is done.
 * The page's errors, crashes and stalls end the wait with a BenchError instead of a fixed timeout.
 */
export async function runMode(
  session: BrowserSession,
  mode: Mode,
  args: BenchArgs,
  files: readonly PayloadFileRef[],
  refs: readonly PayloadRef[],
  isolation: Isolation,
  hooks: { readonly onProgress?: (p: MeasureProgress) => void; readonly log: (line: string) => void; readonly budget: number | null },
): Promise<PageRun> {
  const { page, watch } = await openPage(session, STALL_SECONDS * 1000 * args.cpuThrottle, hooks.onProgress);
  try {
    if (mode === 'worker') await Promise.race([page.evaluate(() => window.wirebench.startWorker()), watch.failed]);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    if (!isolated) hooks.log('warning: the page is not cross-origin isolated: performance.now() is coarse, times are noisier');

    let applied = 1;
    let throttleLines: string[] = [];
    if (args.cpuThrottle !== 1) {
      const cdp = await page.context().newCDPSession(page);
      const outcome = await throttle(session.browser, page, cdp, args.cpuThrottle, mode, watch.failed);
      applied = outcome.applied;
      throttleLines = outcome.lines.map((line) => `cpu throttle ${args.cpuThrottle}×: ${line}`);
    }

    const config: BrowserRunConfig = {
      ...listConfig(session, args, files, await nodeEnvironment()),
      budget: hooks.budget,
      cpuThrottle: applied,
      mode,
      payloads: refs,
      isolation,
      pressurePath: PRESSURE_PATH,
    };
    watch.alive();
    await Promise.race([page.evaluate((c) => window.wirebench.start(c), config), watch.failed]);
    // The page marks the results region aria-busy="false" when done; no fixed sleep, no fixed bound:
    // errors, crashes and a stall (no progress for a long time) end the wait instead.
    await Promise.race([page.waitForSelector('#results[aria-busy="false"]', { state: 'attached', timeout: 0 }), watch.failed]);
    const outcome = (await page.evaluate(() => window.wirebenchResult)) as BrowserOutcome | undefined;
    if (!outcome) throw new BenchError('the page finished without a result');
    if (!outcome.ok) throw new BenchError(`the run ${mode === 'page' ? 'in the page' : 'in the worker'} failed: ${outcome.message}`);
    return { result: outcome.result, notes: outcome.notes, throttleLines };
  } finally {
    watch.dispose();
    await page.close().catch(() => {});
  }
}
