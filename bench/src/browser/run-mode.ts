/**
 * One mode of the browser runner (in the page, or in its dedicated Web Worker) in a fresh page:
 * throttle, start, forward progress, and wait until the page's results region says it is done,
 * with the page's errors, crashes and stalls ending the wait instead of a fixed timeout.
 */
import type { MeasureProgress, MeasureResult } from '@wirebench/core/measure';
import { progressReporter } from '@wirebench/core/node';
import type { Browser, Page } from 'playwright-core';
import type { BenchArgs } from '../cli/options.js';
import { nodeEnvironment } from '../node/environment.js';
import type { BrowserOutcome, BrowserRunConfig, Mode, PayloadFileRef } from './protocol.js';
import { throttle } from './throttle.js';

/** Seconds without any progress (times the throttle) before a run is declared stuck. */
const STALL_SECONDS = 300;

/** A failure that ends the run with one clear line and exit status 1 (or `status`). */
export class RunnerError extends Error {
  override readonly name = 'RunnerError';
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
  }
}

/** Page errors, console errors, crashes and stalls of one page, as a promise that only ever rejects. */
function watchPage(page: Page, stallMs: number): { failed: Promise<never>; alive(): void; dispose(): void } {
  let reject: (error: RunnerError) => void = () => {};
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => {}); // observed by whoever races it
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => reject(new RunnerError(`no progress from the browser in ${Math.round(stallMs / 1000)} s: the run is stuck`)), stallMs);
  };
  page.on('pageerror', (error) => reject(new RunnerError(`error in the page: ${error.stack ?? error.message}`)));
  page.on('console', (message) => {
    if (message.type() === 'error') reject(new RunnerError(`console error in the browser: ${message.text()}`));
  });
  page.on('crash', () => reject(new RunnerError('the page crashed (out of memory?)')));
  page.on('close', () => reject(new RunnerError('the page closed before the run was done')));
  return {
    failed,
    alive,
    dispose: () => clearTimeout(timer),
  };
}

/** One mode in a fresh page: throttle, start, forward progress, wait until the results region is done. */
export async function runMode(
  browser: Browser,
  origin: string,
  mode: Mode,
  args: BenchArgs,
  files: readonly PayloadFileRef[],
  log: (line: string) => void,
): Promise<MeasureResult> {
  const page = await browser.newPage();
  const progress = progressReporter(process.stderr);
  const watch = watchPage(page, STALL_SECONDS * 1000 * args.cpuThrottle);
  try {
    await page.exposeFunction('wirebenchProgress', (p: MeasureProgress) => {
      watch.alive();
      progress.update(p);
    });
    await Promise.race([page.goto(`${origin}/index.html`), watch.failed]);
    await Promise.race([page.waitForFunction(() => window.wirebench !== undefined), watch.failed]);
    if (mode === 'worker') await Promise.race([page.evaluate(() => window.wirebench.startWorker()), watch.failed]);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    if (!isolated) log('warning: the page is not cross-origin isolated: performance.now() is coarse, times are noisier');

    let applied = 1;
    if (args.cpuThrottle !== 1) {
      const cdp = await page.context().newCDPSession(page);
      const outcome = await throttle(browser, page, cdp, args.cpuThrottle, mode, watch.failed);
      applied = outcome.applied;
      for (const line of outcome.lines) log(`cpu throttle ${args.cpuThrottle}×: ${line}`);
    }

    const host = await nodeEnvironment();
    const config: BrowserRunConfig = {
      mode,
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
      cpuThrottle: applied,
      host: {
        runtimeVersion: `Chromium ${browser.version()}`,
        ...(host.cpuModel ? { cpuModel: host.cpuModel } : {}), ...(host.memoryGb ? { memoryGb: host.memoryGb } : {}),
      },
    };
    watch.alive();
    await Promise.race([page.evaluate((c) => window.wirebench.start(c), config), watch.failed]);
    // The page marks the results region aria-busy="false" when done; no fixed sleep, no fixed bound:
    // errors, crashes and a stall (no progress for a long time) end the wait instead.
    await Promise.race([page.waitForSelector('#results[aria-busy="false"]', { state: 'attached', timeout: 0 }), watch.failed]);
    progress.end();
    const outcome = (await page.evaluate(() => window.wirebenchResult)) as BrowserOutcome | undefined;
    if (!outcome) throw new RunnerError('the page finished without a result');
    for (const note of outcome.notes) log(`note: ${note}`);
    if (!outcome.ok) throw new RunnerError(outcome.noTargets ? outcome.message : `the run ${mode === 'page' ? 'in the page' : 'in the worker'} failed: ${outcome.message}`, outcome.noTargets ? 2 : 1);
    return outcome.result;
  } finally {
    progress.end();
    watch.dispose();
    await page.close().catch(() => {});
  }
}
