/**
 * Driving a runner's page in any engine (wirebench --engine, bench:browser): a fresh page loaded and
 * watched (the driver's failures and a stall end every wait, with no fixed timeout), and its progress
 * read by polling until its run is done (every engine's driver can evaluate; not every one can
 * receive calls from the page).
 */
import type { MeasureProgress } from '../../measure/types.js';
import type { EngineDriver, EnginePage } from '../engines/driver.js';

/** How often a runner reads the page's progress while it measures. */
export const POLL_MS = 250;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a runner's page answers when polled. */
export interface PagePollState {
  /** True from the start of a run until its outcome is ready. */
  readonly running: boolean;
  /** How many progress reports the page has had (forwarded when it grows), and the last. */
  readonly progressCount: number;
  readonly progress: MeasureProgress | null;
  /** The page's uncaught errors and unhandled rejections since it loaded. */
  readonly errors: readonly string[];
}

/** A page's failures and stalls, as a promise that only ever rejects (with `fail(message)`); `alive()` restarts the stall clock. */
export interface PageWatch {
  readonly failed: Promise<never>;
  alive(): void;
  dispose(): void;
}

export function watchPage(page: EnginePage, stallMs: number, fail: (message: string) => Error): PageWatch {
  let reject: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => {}); // observed by whoever races it
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => reject(fail(`no progress from the browser in ${Math.round(stallMs / 1000)} s: the run is stuck`)), stallMs);
  };
  page.onFailure((message) => reject(fail(message === 'the page closed' ? 'the page closed before the run was done' : message)));
  return { failed, alive, dispose: () => clearTimeout(timer) };
}

/**
 * A fresh page of `driver` (Chromium and Firefox: a new browser context; WebKit: a new MiniBrowser)
 * with `url` loaded and `ready()` true in it, watched; on failure the page is closed and the error
 * is `fail`'s (or the watch's).
 */
export async function openWatchedPage<P extends EnginePage>(
  driver: EngineDriver<P>,
  url: string,
  ready: () => boolean,
  stallMs: number,
  fail: (message: string) => Error,
): Promise<{ page: P; watch: PageWatch }> {
  const made = new WeakSet<Error>();
  const failing = (message: string): Error => {
    const error = fail(message);
    made.add(error);
    return error;
  };
  const page = await driver.newPage();
  const watch = watchPage(page, stallMs, failing);
  try {
    await Promise.race([page.goto(url), watch.failed]);
    await Promise.race([page.waitFor(ready, undefined, { timeoutMs: 60_000 }), watch.failed]);
    return { page, watch };
  } catch (error) {
    watch.dispose();
    await page.close().catch(() => {});
    throw error instanceof Error && made.has(error) ? error : fail(`the page did not load: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * Polls the page with `poll` (evaluated there: its state as JSON text) every POLL_MS until it is no
 * longer running, forwarding new progress and keeping the watch alive while there is some; the first
 * error the page reports ends the wait as `fail`'s error. Resolves with the last state.
 */
export async function pollUntilDone<S extends PagePollState>(
  page: EnginePage,
  watch: PageWatch,
  poll: () => string,
  fail: (message: string) => Error,
  onProgress?: (progress: MeasureProgress) => void,
): Promise<S> {
  let seen = 0;
  for (;;) {
    const state = JSON.parse(await Promise.race([page.evaluate(poll, undefined), watch.failed])) as S;
    if (state.errors.length > 0) throw fail(`error in the page: ${state.errors[0]}`);
    if (state.progressCount !== seen) {
      seen = state.progressCount;
      watch.alive();
      if (state.progress) onProgress?.(state.progress);
    }
    if (!state.running) return state;
    await Promise.race([sleep(POLL_MS), watch.failed]);
  }
}
