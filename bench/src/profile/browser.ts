/**
 * bench:profile in Chromium: each subject in a fresh page (a new browser context: a new renderer
 * process, so a fresh V8 isolate and JIT state) of the browser runner's own bundle, profiled over
 * CDP's Profiler domain. The page runs its loop under console.profile (loop.ts's profiledRun); the
 * profile arrives as Profiler.consoleProfileFinished on this page's CDP session.
 */
import { fileURLToPath } from 'node:url';
import type { ChromiumDriver } from 'wirebench/engines';
import type { PageProfileConfig } from '../browser/protocol.js';
import type { BrowserSession } from '../browser/run-mode.js';
import { openPage } from '../browser/run-mode.js';
import { BenchError } from '../errors.js';
import type { Profiled, ProfileJob } from './loop.js';
import { SAMPLING_INTERVAL_US, WARMUP_MS } from './loop.js';
import type { CpuProfile } from './summarize.js';

/** bench:profile's own copy of the runner's page bundle: a build empties its folder, which bench:browser may be serving. */
export const PROFILE_BUNDLE = fileURLToPath(new URL('./page/', import.meta.url));

/** Seconds beyond the run's own length before a page that says nothing is declared stuck. */
const SLACK_SECONDS = 120;

export async function profileInPage(session: BrowserSession<ChromiumDriver>, job: ProfileJob): Promise<Profiled> {
  const { page: opened, watch } = await openPage(session, (job.seconds + WARMUP_MS / 1000 + SLACK_SECONDS) * 1000);
  // V8's profiler over DevTools: Chromium's page, through playwright-core.
  const page = opened.playwright;
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    const title = `wirebench-${job.subject.implementation}`;
    const finished = new Promise<CpuProfile>((resolve) => {
      cdp.on('Profiler.consoleProfileFinished', (event) => {
        if (event.title === title) resolve(event.profile as CpuProfile);
      });
    });
    const config: PageProfileConfig = { subject: job.subject, seconds: job.seconds, title };
    watch.alive();
    const loop = await Promise.race([page.evaluate((c) => window.wirebench.profile(c), config), watch.failed]);
    // The event is sent before profileEnd returns, so it is here or on its way.
    const profile = await Promise.race([finished, watch.failed]);
    await cdp.detach().catch(() => {});
    return { loop, profile };
  } catch (error) {
    throw error instanceof BenchError ? error : new BenchError(`the page failed: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    watch.dispose();
    await opened.close();
  }
}
