/**
 * The protocol between `wirebench <file> --engine …` (src/node/browser-run) and the page it serves,
 * whose Web Worker (worker.ts, bundled at package build time into dist/browser-page/) measures one
 * payload file: types only, so both sides compile against one definition.
 */
import type { FormatId } from '@wirebench/core';
import type { ImplementationChoice } from '../measure/plan.js';
import type { Environment, Isolation, MeasureProgress } from '../measure/types.js';
import type { WirebenchResult } from '../result/types.js';

/** What the CLI hands the page: the file to fetch (served by the CLI), what to measure on it and how. */
export interface EngineRunConfig {
  readonly name: string;
  /** Where the CLI serves the file's text (same origin). */
  readonly url: string;
  readonly formats: readonly FormatId[];
  readonly implementations: ImplementationChoice;
  /** --no-eval: the rows measured as a page without eval runs them. */
  readonly interpreted: boolean;
  readonly rounds: number;
  readonly roundTime: number;
  readonly warmupTime: number;
  /** What the page cannot tell (truly) about itself: the engine as the CLI started it, the machine, the libraries bundled. */
  readonly environment: Partial<Environment>;
  readonly isolation: Isolation;
  /** Same-origin path answering the machine's cumulative CPU pressure (µs), or null: not read. */
  readonly pressurePath: string | null;
}

/** What the worker gives back: the measured result (with its attribution) and notes, or why there is none. */
export type EngineOutcome =
  | { readonly ok: true; readonly result: WirebenchResult; readonly notes: string[] }
  | { readonly ok: false; readonly message: string };

/** What the CLI reads from the page every few hundred milliseconds while it measures. */
export interface EnginePoll {
  readonly running: boolean;
  readonly progressCount: number;
  readonly progress: MeasureProgress | null;
  readonly errors: readonly string[];
  /** Set once `running` is false. */
  readonly outcome: EngineOutcome | null;
}

/** Messages from the worker to the page. */
export type FromEngineWorker = { readonly type: 'progress'; readonly progress: MeasureProgress } | { readonly type: 'done'; readonly outcome: EngineOutcome };
