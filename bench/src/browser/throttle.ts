/**
 * DevTools CPU throttling for the browser runner, checked rather than trusted: a fixed busy loop is
 * timed in the page (and the worker) before and after the throttle is set, and the factor actually
 * reached is what the result records. Chromium throttles one renderer thread and refuses worker
 * targets, which is why the worker's figures may stay unthrottled (and the runner says so).
 */

import type { Browser, CDPSession, Page } from 'playwright-core';
import { formatDuration, formatRatio } from 'wirebench/report';
import type { Mode } from './protocol.js';

/** Iterations of the busy loop that checks the throttle: about 80 ms unthrottled on a laptop core. */
const BUSY_ITERATIONS = 30_000_000;

/**
 * Fastest of five runs of the busy loop, in the page or in the worker: other processes only ever add
 * time, so the minimum is the figure least disturbed by a busy machine.
 */
async function busyMs(page: Page, where: Mode, failed: Promise<never>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    fastest = Math.min(fastest, await Promise.race([page.evaluate(([w, n]) => window.wirebench.busy(w, n), [where, BUSY_ITERATIONS] as const), failed]));
  }
  return fastest;
}

/** A slow-down counts as applied when it reaches at least half of the way to the requested rate (Chromium's is approximate). */
const reached = (factor: number, rate: number): boolean => factor >= 1 + (rate - 1) / 2;

/**
 * Chromium's DevTools CPU throttling, applied to the page's target, and to the worker's where the
 * browser allows it. Returns what was applied where, checked with a busy loop before and after.
 */
export async function throttle(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  rate: number,
  mode: Mode,
  failed: Promise<never>,
): Promise<{ applied: number; lines: string[] }> {
  const where: Mode[] = mode === 'worker' ? ['page', 'worker'] : ['page'];
  const before: Record<string, number> = {};
  for (const w of where) before[w] = await busyMs(page, w, failed);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const factor = async (w: Mode): Promise<number> => (await busyMs(page, w, failed)) / (before[w] as number);
  const pageFactor = await factor('page');
  const lines = [`busy loop in the page: ${formatDuration(before['page'] as number)}, throttled ${formatRatio(pageFactor)} slower`];
  if (!reached(pageFactor, rate)) lines.push(`warning: the page slowed down only ${formatRatio(pageFactor)} for a requested ${rate}×`);
  if (mode === 'page') return { applied: rate, lines };

  let workerFactor = await factor('worker');
  let how = 'by the page throttle';
  let refusal = '';
  if (!reached(workerFactor, rate)) {
    // The page's throttle stays on the main thread: try the worker's own DevTools target.
    refusal = await throttleWorkerTarget(browser, rate);
    if (!refusal) {
      workerFactor = await factor('worker');
      how = 'through its own DevTools target';
    }
  }
  if (reached(workerFactor, rate)) {
    lines.push(`busy loop in the worker: ${formatDuration(before['worker'] as number)}, throttled ${formatRatio(workerFactor)} slower (${how})`);
    return { applied: rate, lines };
  }
  // The page only relays messages in this mode: lift its throttle, so the worker's figures are plainly
  // unthrottled ones rather than figures perturbed by a throttled main thread.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  lines.push(
    `busy loop in the worker: ${formatDuration(before['worker'] as number)}, ${formatRatio(workerFactor)} with the page throttled: ` +
      'the throttle does not reach the worker',
    `LIMIT: --cpu-throttle applies to the page's main thread only. Chromium's Emulation.setCPUThrottlingRate ` +
      `throttles one renderer thread and ${refusal ? `refuses worker targets ("${refusal}")` : 'did not slow the worker through its own target either'}, so the worker figures ` +
      'below are UNTHROTTLED (recorded as environment.cpuThrottle 1; the page throttle is lifted for this run); ' +
      'use --mode page for phone-like figures',
  );
  return { applied: 1, lines };
}

/**
 * Attaches to the page's dedicated worker through a browser-level DevTools session and sets its CPU
 * throttling rate. Returns '' on success, else the browser's reason.
 */
async function throttleWorkerTarget(browser: Browser, rate: number): Promise<string> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'worker');
    if (!target) return 'no worker target found';
    // playwright-core's CDPSession cannot address a flattened child session, so the worker's
    // session is driven through Target.sendMessageToTarget.
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const reply = await new Promise<{ error?: { message: string } }>((resolve) => {
      session.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as { id?: number; error?: { message: string } };
        if (message.id === 1) resolve(message);
      });
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Emulation.setCPUThrottlingRate', params: { rate } }),
      });
    });
    // Detaching would drop the throttle if it took: the session stays open until the browser closes.
    return reply.error?.message ?? '';
  } catch (error) {
    await session.detach().catch(() => {});
    return (error as Error).message.split('\n')[0] ?? 'attaching failed';
  }
}
