import type { FormatId } from '@wirebench/core';
import type { Environment, ImplementationChoice, Isolation, MeasureProgress, MeasureResult } from 'wirebench';
import type { LoopResult } from '../profile/loop.js';
import type { ProfileSubject } from '../profile/subject.js';
import type { SuiteName } from '../suites/index.js';
import type { PayloadRef } from '../suites/refs.js';

export type { PayloadRef };

/**
 * The protocol between the Node runner (bench/src/cli/browser.ts) and the bundled page and worker
 * (bench/browser/): types only, so both sides compile against one definition.
 */

export type Mode = 'page' | 'worker';

/** A payload file: its name in the results, and where the runner serves its text. */
export interface PayloadFileRef {
  readonly name: string;
  readonly url: string;
}

/** What the runner hands the page to list the payloads (structured-clone and JSON safe: the filter travels as text). */
export interface BrowserListConfig {
  readonly suites: SuiteName[];
  /** The user's payload files, measured after the suites: each served by the runner at `url`, fetched by the page. */
  readonly files: readonly PayloadFileRef[];
  readonly formats: FormatId[];
  /** Who runs each format (`all`, or implementation ids). */
  readonly implementations: ImplementationChoice;
  /** Source of the case-insensitive `--filter` regular expression, or null. */
  readonly filter: string | null;
  readonly libraries: boolean;
  readonly seed: number;
  readonly rounds: number;
  readonly roundTime: number;
  readonly warmupTime: number;
  /** Milliseconds, or null. */
  readonly budget: number | null;
  /** CPU slow-down factor actually applied to the thread that measures (1 when none). */
  readonly cpuThrottle: number;
  /**
   * What the browser cannot tell (truly) about the machine and itself: the engine, as the runner that
   * started it read it, and the cores (WebKitGTK's navigator.hardwareConcurrency said 4 on a 2-CPU machine).
   */
  readonly host?: Partial<Pick<Environment, 'runtimeVersion' | 'cpuModel' | 'cores' | 'memoryGb' | 'engine'>>;
}

/** What the runner hands the page to measure: where, which payloads (as listed), and how they are kept apart. */
export interface BrowserRunConfig extends BrowserListConfig {
  readonly mode: Mode;
  /** The payloads this page (or its worker) measures, in order: one when each payload gets a fresh page. */
  readonly payloads: readonly PayloadRef[];
  /** How the runner keeps the payloads apart, written into the result. */
  readonly isolation: Isolation;
  /**
   * Same-origin path that answers the machine's cumulative CPU pressure (µs), read synchronously
   * around every round so contended rounds are retried as in Node; null: not read.
   */
  readonly pressurePath: string | null;
}

/** What listing gives back: the payloads the suites and files hold (filtered), or why there are none. */
export type BrowserListing =
  | { readonly ok: true; readonly payloads: PayloadRef[]; readonly notes: string[] }
  | { readonly ok: false; readonly noTargets?: boolean; readonly message: string; readonly notes: string[] };

/** What a run gives back: the result JSON, or why there is none. */
export type BrowserOutcome =
  | { readonly ok: true; readonly result: MeasureResult; readonly notes: string[] }
  | { readonly ok: false; readonly noTargets?: boolean; readonly message: string; readonly notes: string[] };

/** What bench:profile hands the page: the subject, how long to profile it, and the console.profile title to use. */
export interface PageProfileConfig {
  readonly subject: ProfileSubject;
  readonly seconds: number;
  readonly title: string;
}

/**
 * What the runner reads from the page while it measures, every few hundred milliseconds (every
 * engine's driver can evaluate; not every one can receive calls from the page).
 */
export interface PagePoll {
  /** True from `start` until the run's outcome is in `window.wirebenchResult`. */
  readonly running: boolean;
  /** How many progress reports the page has had (the runner forwards one when it grows), and the last. */
  readonly progressCount: number;
  readonly progress: MeasureProgress | null;
  /** The page's uncaught errors and unhandled rejections since it loaded. */
  readonly errors: readonly string[];
}

/** `window.wirebench`, set by the page once its script runs. */
export interface WirebenchPageApi {
  /** Milliseconds a fixed busy loop takes on the page's main thread or in the worker. */
  busy(where: Mode, iterations: number): Promise<number>;
  /** Starts the dedicated worker (if not yet) and resolves once its script runs. */
  startWorker(): Promise<void>;
  /** Plans the suites here (nothing timed) and lists their payloads and the files', filtered. */
  list(config: BrowserListConfig): Promise<BrowserListing>;
  /** Starts measuring in `config.mode` and returns at once; the results region says when it is done. */
  start(config: BrowserRunConfig): void;
  /** Where the run is: the runner polls it until `running` is false. */
  poll(): PagePoll;
  /**
   * bench:profile: prepares the subject, then warms it up and runs it on the main thread under
   * console.profile(title) (profiledRun of bench/src/profile/loop.ts); the runner's CDP session gets the profile.
   */
  profile(config: PageProfileConfig): Promise<LoopResult>;
}

declare global {
  interface Window {
    wirebench: WirebenchPageApi;
    /** The last run's outcome, set just before the results region turns aria-busy="false". */
    wirebenchResult?: BrowserOutcome;
  }
}
