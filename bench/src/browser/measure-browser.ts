/**
 * Payloads measured in Chromium, group by group, each group in a fresh page (mode `page`) or in a
 * fresh page's dedicated Web Worker (mode `worker`), merged into one result as the Node runner
 * merges its workers' (`mergePayloadResults`). A group of one payload per page is the runner's
 * default: a payload's figures then do not depend on those measured before it. A page that fails
 * (an error, a crash, a stall) gives its payloads an error; the next group still runs.
 */
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import type { Isolation, MeasureProgress, MeasureResult, PayloadResult } from 'wirebench';
import { failedPayload, mergePayloadResults, progressAcross } from 'wirebench';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from 'wirebench/node';
import type { BenchArgs } from '../cli/options.js';
import { BenchError } from '../errors.js';
import { bundlePage, PAGE_BUNDLE } from './bundle.js';
import type { Mode, PayloadFileRef, PayloadRef } from './protocol.js';
import type { BrowserSession, PageRun } from './run-mode.js';
import { runMode } from './run-mode.js';
import { serve } from './server.js';

export const CHROMIUM = CHROMIUM_PATH;

/**
 * The page bundled (into `bundle`), served cross-origin isolated (with the payload files at their
 * routes), and headless Chromium started: a session to measure in, and how to end it. A
 * BenchError when Chromium does not start.
 */
export async function openBrowser(routes: ReadonlyMap<string, string>, bundle = PAGE_BUNDLE): Promise<{ session: BrowserSession; close(): Promise<void> }> {
  await bundlePage(bundle);
  const served = await serve(bundle, routes);
  const server: Server = served.server;
  const stop = (): void => {
    server.closeAllConnections();
    server.close();
  };
  let browser: Browser;
  try {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
  } catch (error) {
    stop();
    throw new BenchError(`Chromium at ${CHROMIUM} did not start: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    session: { browser, origin: served.origin },
    async close() {
      await browser.close().catch(() => {});
      stop();
    },
  };
}

/** How a run's payloads were kept apart: a fresh page each (page mode), a fresh worker each (worker mode), or none when a page measured several. */
export function browserIsolation(mode: Mode, groups: ReadonlyArray<readonly PayloadRef[]>): Isolation {
  if (groups.some((group) => group.length > 1)) return 'none';
  return mode === 'page' ? 'page-per-payload' : 'worker-per-payload';
}

export async function measureInBrowser(
  session: BrowserSession,
  mode: Mode,
  args: BenchArgs,
  files: readonly PayloadFileRef[],
  groups: ReadonlyArray<readonly PayloadRef[]>,
  hooks: { readonly onProgress?: (p: MeasureProgress) => void; readonly log: (line: string) => void },
): Promise<{ result: MeasureResult; notes: string[] }> {
  const isolation = browserIsolation(mode, groups);
  const count = groups.reduce((sum, group) => sum + group.length, 0);
  const progress = progressAcross(
    groups.map((group) => group.length),
    hooks.onProgress,
  );
  const notes: string[] = [];
  const note = (text: string): void => {
    if (!notes.includes(text)) notes.push(text);
  };
  const payloads: PayloadResult[] = [];
  let first: PageRun | undefined;
  const failures: string[] = [];
  for (const [index, group] of groups.entries()) {
    // Each page's share of the budget, as measure() shares one among its payloads.
    const budget = args.budget === undefined ? null : (args.budget * 1000 * group.length) / count;
    let run: PageRun;
    try {
      run = await runMode(session, mode, args, files, group, isolation, { onProgress: (p) => progress.report(index, p), log: hooks.log, budget });
    } catch (error) {
      // A page that fails (an error, a crash, a stall, or Playwright losing it) fails its payloads;
      // a browser that is gone fails the run.
      if (!session.browser.isConnected()) throw new BenchError(`Chromium went away while measuring ${group.map((ref) => ref.name).join(', ')}`);
      const message = error instanceof BenchError ? error.message : `the page failed: ${(error as Error).message.split('\n')[0]}`;
      failures.push(message);
      payloads.push(...group.map((ref) => failedPayload(ref.name, message)));
      continue;
    } finally {
      progress.finish(index);
    }
    if (!first) {
      first = run;
      // The throttle is checked on every page; its lines are said once, for the first.
      for (const line of run.throttleLines) hooks.log(line);
    } else if ((run.result.environment.cpuThrottle ?? 1) !== (first.result.environment.cpuThrottle ?? 1)) {
      note(
        `the CPU throttle reached ${group.map((ref) => ref.name).join(', ')} as ${run.result.environment.cpuThrottle ?? 1}×, not ${first.result.environment.cpuThrottle ?? 1}× as on the first page`,
      );
    }
    run.notes.forEach(note);
    const got = run.result.payloads.map((p) => p.name);
    if (got.length !== group.length || got.some((name, i) => name !== group[i]?.name)) {
      throw new BenchError(`the page measured ${JSON.stringify(got)} where ${JSON.stringify(group.map((ref) => ref.name))} were asked`);
    }
    payloads.push(...run.result.payloads);
  }
  if (!first) throw new BenchError(`no payload could be measured in the ${mode === 'page' ? 'page' : 'worker'}: ${failures[0] ?? 'no payload given'}`);
  const { environment, options } = first.result;
  const budget = args.budget === undefined ? null : args.budget * 1000;
  return { result: mergePayloadResults(payloads, { environment, options: { ...options, budget, isolation } }), notes };
}
