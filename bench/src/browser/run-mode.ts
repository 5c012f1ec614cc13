/**
 * The browser runner's pages: one lists the payloads, then each payload (or, with --same-process,
 * all of them) is measured in a fresh page, in the page itself or in its dedicated Web Worker:
 * throttle, start, forward progress, and wait until the page's results region says it is done,
 * with the page's errors, crashes and stalls ending the wait instead of a fixed timeout.
 */

import type { Environment, Isolation, MeasureProgress, MeasureResult } from 'wirebench';
import type { ChromiumDriver, ChromiumPage, EngineDriver, EnginePage, PageWatch } from 'wirebench/engines';
import { engineLabel, openWatchedPage, pollUntilDone } from 'wirebench/engines';
import type { BenchArgs } from '../cli/options.js';
import { BenchError } from '../errors.js';
import { nodeEnvironment } from '../node/environment.js';
import type { BrowserListConfig, BrowserListing, BrowserOutcome, BrowserRunConfig, Mode, PagePoll, PayloadFileRef, PayloadRef } from './protocol.js';
import { PRESSURE_PATH } from './server.js';
import { throttle } from './throttle.js';

/** Seconds without any progress (times the throttle) before a run is declared stuck. */
const STALL_SECONDS = 300;

/** The runner's errors: a BenchError (exit 1) with the driver's or the page's message. */
const fail = (message: string): BenchError => new BenchError(message);

/** The browser, the engine it runs, and the origin its page is served from. */
export interface BrowserSession<D extends EngineDriver = EngineDriver> {
  readonly driver: D;
  readonly origin: string;
}

/** The page type a session's driver opens. */
type PageOf<D extends EngineDriver> = D extends EngineDriver<infer P> ? P : EnginePage;

/**
 * A fresh page (Chromium and Firefox: a new browser context; WebKit: a new MiniBrowser; never a
 * content process another page used) with the runner's page loaded and watched.
 */
export async function openPage<D extends EngineDriver>(session: BrowserSession<D>, stallMs: number): Promise<{ page: PageOf<D>; watch: PageWatch }> {
  // Cross-origin isolation comes from the server's COOP/COEP headers, on every page.
  const { page, watch } = await openWatchedPage(session.driver, `${session.origin}/index.html`, () => window.wirebench !== undefined, stallMs, fail);
  return { page: page as PageOf<D>, watch };
}

/** Until the page's run has ended: its progress forwarded, its errors (and the driver's, and a stall) ending the wait with a BenchError. */
async function waitForRun(page: EnginePage, watch: PageWatch, onProgress?: (p: MeasureProgress) => void): Promise<void> {
  await pollUntilDone<PagePoll>(page, watch, () => JSON.stringify(window.wirebench.poll()), fail, onProgress);
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
      runtimeVersion: engineLabel(session.driver.engine),
      engine: session.driver.engine,
      ...(host.cpuModel ? { cpuModel: host.cpuModel } : {}),
      ...(host.cores ? { cores: host.cores } : {}),
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
    // As JSON text: every driver carries a string the same way (WebDriver's own cloning writes undefined as null).
    const text = await Promise.race([page.evaluate(async (c) => JSON.stringify(await window.wirebench.list(c)), config), watch.failed]);
    const listing = JSON.parse(text) as BrowserListing;
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
  const { page, watch } = await openPage(session, STALL_SECONDS * 1000 * args.cpuThrottle);
  try {
    if (mode === 'worker') await Promise.race([page.evaluate(() => window.wirebench.startWorker(), undefined), watch.failed]);
    const isolated = await page.evaluate(() => crossOriginIsolated, undefined);
    if (!isolated)
      hooks.log(`warning: the page is not cross-origin isolated in ${engineLabel(session.driver.engine)}: performance.now() is coarse, times are noisier`);

    let applied = 1;
    let throttleLines: string[] = [];
    if (args.cpuThrottle !== 1) {
      // DevTools throttling: Chromium only (the command line refuses --cpu-throttle for another engine).
      if (session.driver.engine.name !== 'chromium')
        throw new BenchError(`--cpu-throttle needs Chromium's DevTools, not ${session.driver.engine.browser}`, 'usage');
      const chromium = (page as EnginePage as ChromiumPage).playwright;
      const cdp = await chromium.context().newCDPSession(chromium);
      const outcome = await throttle((session.driver as EngineDriver as ChromiumDriver).playwright, chromium, cdp, args.cpuThrottle, mode, watch.failed);
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
    await waitForRun(page, watch, hooks.onProgress);
    const text = await Promise.race([page.evaluate(() => JSON.stringify(window.wirebenchResult ?? null), undefined), watch.failed]);
    const outcome = JSON.parse(text) as BrowserOutcome | null;
    if (!outcome) throw new BenchError('the page finished without a result');
    if (!outcome.ok) throw new BenchError(`the run ${mode === 'page' ? 'in the page' : 'in the worker'} failed: ${outcome.message}`);
    return { result: outcome.result, notes: outcome.notes, throttleLines };
  } finally {
    watch.dispose();
    await page.close().catch(() => {});
  }
}
