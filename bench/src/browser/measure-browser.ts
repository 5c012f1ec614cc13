/**
 * Payloads measured in a browser engine (Chromium, Firefox or WebKit), group by group, each group in
 * a fresh page (mode `page`) or in a fresh page's dedicated Web Worker (mode `worker`), merged into
 * one result as the Node runner merges its workers' (`mergePayloadResults`). A group of one payload
 * per page is the runner's default: a payload's figures then do not depend on those measured before
 * it. A page that fails (an error, a crash, a stall) gives its payloads an error; the next group
 * still runs.
 */
import type { Server } from 'node:http';
import { WirebenchError } from '@wirebench/core';
import type { EngineName, Isolation, MeasureProgress, MeasureResult, PayloadResult } from 'wirebench';
import { failedPayload, mergePayloadResults, progressAcross } from 'wirebench';
import type { ChromiumDriver, EngineDriver } from 'wirebench/engines';
import { checkEngine, engineBinaries, launchEngine } from 'wirebench/engines';
import type { BenchArgs } from '../cli/options.js';
import { BenchError } from '../errors.js';
import { bundlePage, PAGE_BUNDLE } from './bundle.js';
import type { Mode, PayloadFileRef, PayloadRef } from './protocol.js';
import type { BrowserSession, PageRun } from './run-mode.js';
import { runMode } from './run-mode.js';
import { serve } from './server.js';

/**
 * Checks that every engine of `engines` can start (its programs there), before anything is bundled
 * or measured: a BenchError (exit 1) with the `apt-get install` line of what is missing.
 */
export function checkEngines(engines: readonly EngineName[]): void {
  const problems: string[] = [];
  for (const engine of engines) {
    try {
      checkEngine(engine);
    } catch (error) {
      if (!(error instanceof WirebenchError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new BenchError(problems.join('; '));
}

/** Where an engine's main program is looked for, for usage texts: `/usr/bin/chromium`. */
export const enginePath = (engine: EngineName): string => engineBinaries(engine).at(-1)?.path ?? engine;

/** An open browser: the session to measure in, and how to end it (the browser's processes and the server). */
export interface OpenedBrowser<D extends EngineDriver = EngineDriver> {
  readonly session: BrowserSession<D>;
  close(): Promise<void>;
}

/**
 * The page bundled (into `bundle`), served cross-origin isolated (with the payload files at their
 * routes), and `engine` started (wirebench/engines: a fresh profile, no network beyond localhost):
 * a session to measure in, and how to end it. A BenchError when the engine does not start, saying
 * what to install when something is missing.
 */
export async function openBrowser(engine: 'chromium', routes: ReadonlyMap<string, string>, bundle?: string): Promise<OpenedBrowser<ChromiumDriver>>;
export async function openBrowser(engine: EngineName, routes: ReadonlyMap<string, string>, bundle?: string): Promise<OpenedBrowser>;
export async function openBrowser(engine: EngineName, routes: ReadonlyMap<string, string>, bundle = PAGE_BUNDLE): Promise<OpenedBrowser> {
  await bundlePage(bundle);
  const served = await serve(bundle, routes);
  const server: Server = served.server;
  const stop = (): void => {
    server.closeAllConnections();
    server.close();
  };
  let driver: EngineDriver;
  try {
    driver = await launchEngine(engine);
  } catch (error) {
    stop();
    throw new BenchError(error instanceof WirebenchError ? error.message : `${engine} did not start: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    session: { driver, origin: served.origin },
    async close() {
      await driver.close();
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
      if (!session.driver.connected())
        throw new BenchError(`${session.driver.engine.browser} went away while measuring ${group.map((ref) => ref.name).join(', ')}`);
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
