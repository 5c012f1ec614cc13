/**
 * `wirebench <file> --engine chromium|firefox|webkit`: each payload file measured in a fresh page of
 * that engine, in the page's dedicated Web Worker (the page served cross-origin isolated, so
 * `performance.now()` keeps its fine grain), with the codecs a browser runs; the results merged as
 * the Node runs merge their workers'. The page and its worker are bundled at package build time
 * (dist/browser-page/), so nothing is built here.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { librariesRunningIn, WirebenchError } from '@wirebench/core';
import type { EngineOutcome, EnginePoll, EngineRunConfig } from '../../browser-page/protocol.js';
import { failedPayload, mergePayloadResults, progressAcross } from '../../measure/merge.js';
import type { ImplementationChoice } from '../../measure/plan.js';
import type { EngineName, Environment, MeasureProgress, PayloadResult } from '../../measure/types.js';
import type { WirebenchResult } from '../../result/types.js';
import type { EngineDriver } from '../engines/driver.js';
import { engineLabel } from '../engines/driver.js';
import { launchEngine } from '../engines/index.js';
import { libraryVersions } from '../environment.js';
import { openWatchedPage, pollUntilDone } from './drive.js';
import { PRESSURE_PATH, serve } from './server.js';

/** The bundled page and worker (scripts/bundle-browser-page.js, run by the package's build). */
export const BROWSER_PAGE = fileURLToPath(new URL('../../browser-page/bundle/', import.meta.url));
/** Seconds without progress before a page is declared stuck. */
const STALL_SECONDS = 300;

/** A payload file to measure: its name in the result and where it is on disk. */
export interface EngineFile {
  readonly name: string;
  readonly path: string;
}

export interface EngineJob {
  readonly engine: EngineName;
  readonly files: readonly EngineFile[];
  readonly formats: EngineRunConfig['formats'];
  readonly implementations: ImplementationChoice;
  readonly interpreted: boolean;
  readonly rounds: number;
  readonly roundTime: number;
  readonly warmupTime: number;
  /** What Node knows of the machine (CPU model, cores, memory), given to the page. */
  readonly host: Partial<Environment>;
  readonly onProgress?: (progress: MeasureProgress) => void;
  /** Lines for stderr (a page that is not cross-origin isolated). */
  readonly log: (line: string) => void;
}

/**
 * Measures every file of `job` in `job.engine`, each in a fresh page's worker. A WirebenchError when
 * the engine or its driver is missing (saying what to install) or no file could be measured; a file
 * whose page fails gets an error row, the next file still runs.
 */
export async function measureInEngine(job: EngineJob): Promise<{ result: WirebenchResult; notes: string[] }> {
  if (!existsSync(`${BROWSER_PAGE}worker.js`))
    throw new WirebenchError(`the browser page is not built (${BROWSER_PAGE}worker.js is missing): run the package's build (npm run build)`);
  const routes = new Map(job.files.map((file, index) => [`/__payload/${index}.json`, file.path] as const));
  const { server, origin } = await serve(BROWSER_PAGE, routes);
  const stop = (): void => {
    server.closeAllConnections();
    server.close();
  };
  let driver: EngineDriver;
  try {
    driver = await launchEngine(job.engine);
  } catch (error) {
    stop();
    throw error instanceof WirebenchError ? error : new WirebenchError(`${job.engine} did not start: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    const libraries = libraryVersions(['@wirebench/core', ...librariesRunningIn('browser'), 'tinybench']);
    const environment: Partial<Environment> = {
      ...job.host,
      runtimeVersion: engineLabel(driver.engine),
      engine: driver.engine,
      libraries,
    };
    const progress = progressAcross(
      job.files.map(() => 1),
      job.onProgress,
    );
    const payloads: PayloadResult[] = [];
    const notes: string[] = [];
    let first: WirebenchResult | undefined;
    const failures: string[] = [];
    for (const [index, file] of job.files.entries()) {
      const config: EngineRunConfig = {
        name: file.name,
        url: `/__payload/${index}.json`,
        formats: job.formats,
        implementations: job.implementations,
        interpreted: job.interpreted,
        rounds: job.rounds,
        roundTime: job.roundTime,
        warmupTime: job.warmupTime,
        environment,
        isolation: 'worker-per-payload',
        pressurePath: PRESSURE_PATH,
      };
      let outcome: EngineOutcome;
      try {
        outcome = await runPage(driver, origin, config, (p) => progress.report(index, p), job.log);
      } catch (error) {
        if (!driver.connected()) throw new WirebenchError(`${driver.engine.browser} went away while measuring ${file.name}`);
        outcome = { ok: false, message: (error as Error).message.split('\n')[0] ?? String(error) };
      } finally {
        progress.finish(index);
      }
      if (!outcome.ok) {
        failures.push(outcome.message);
        payloads.push(failedPayload(file.name, outcome.message));
        continue;
      }
      first ??= outcome.result;
      for (const note of outcome.notes) if (!notes.includes(note)) notes.push(note);
      payloads.push(...outcome.result.payloads);
    }
    if (!first) throw new WirebenchError(`nothing could be measured in ${engineLabel(driver.engine)}: ${failures[0] ?? 'no payload given'}`);
    const merged = mergePayloadResults(payloads, { environment: first.environment, options: first.options });
    return { result: merged, notes };
  } finally {
    await driver.close().catch(() => {});
    stop();
  }
}

/** One file measured in a fresh page's worker: load, start, poll (forwarding progress) until done; errors, crashes and stalls end the wait. */
async function runPage(
  driver: EngineDriver,
  origin: string,
  config: EngineRunConfig,
  onProgress: (p: MeasureProgress) => void,
  log: (line: string) => void,
): Promise<EngineOutcome> {
  const fail = (message: string): Error => new WirebenchError(message);
  const { page, watch } = await openWatchedPage(driver, `${origin}/index.html`, () => window.wirebenchEngine !== undefined, STALL_SECONDS * 1000, fail);
  try {
    watch.alive();
    if (!(await Promise.race([page.evaluate(() => crossOriginIsolated, undefined), watch.failed])))
      log(`warning: the page is not cross-origin isolated in ${engineLabel(driver.engine)}: performance.now() is coarse, times are noisier`);
    // As JSON text: every driver carries a string the same way.
    await Promise.race([page.evaluate((c) => window.wirebenchEngine.start(JSON.parse(c) as EngineRunConfig), JSON.stringify(config)), watch.failed]);
    const state = await pollUntilDone<EnginePoll>(page, watch, () => JSON.stringify(window.wirebenchEngine.poll()), fail, onProgress);
    return state.outcome ?? { ok: false, message: 'the page finished without a result' };
  } finally {
    watch.dispose();
    await page.close().catch(() => {});
  }
}

declare global {
  interface Window {
    /** Set by the bundled page's script (dist/browser-page/bundle/index.html). */
    wirebenchEngine: { start(config: EngineRunConfig): void; poll(): EnginePoll };
  }
}
