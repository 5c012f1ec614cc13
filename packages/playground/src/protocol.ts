/**
 * Messages between the page and the measuring worker, and the run settings. The core types are
 * imported as types only: the page's main thread loads no codec and no engine (see App.tsx).
 */
import type { LossyNumber } from '@wirebench/core';
import type { MeasureProgress, OperationResult, ResultPayload, RowResult, WirebenchResult } from 'wirebench';

export type { LossyNumber, MeasureProgress, OperationResult, ResultPayload, RowResult, WirebenchResult };

/** Measure settings: short, so a 466 KB payload finishes within 15 s on a throttled phone. */
export interface RunSettings {
  readonly rounds: number;
  readonly roundTime: number;
  readonly warmupTime: number;
  readonly budget: number;
  /** Also measure the libraries teams ship (@msgpack/msgpack, msgpackr, cbor-x, protobufjs, flatbuffers), a row each under its format. */
  readonly libraries: boolean;
  /**
   * Measure what a page without eval runs (the No eval constraint): the implementations that compile
   * code per schema run interpreted (`withoutGeneratedCode`), their rows marked `interpreted`.
   */
  readonly interpreted: boolean;
}

export const DEFAULT_SETTINGS: RunSettings = { rounds: 7, roundTime: 10, warmupTime: 30, budget: 8000, libraries: true, interpreted: false };

export type ToWorker =
  | { readonly type: 'samples' }
  | { readonly type: 'run'; readonly id: number; readonly name: string; readonly text: string; readonly settings: RunSettings }
  | { readonly type: 'cancel'; readonly id: number }
  /** Test hook: makes the worker throw outside any handler, as a crash would. */
  | { readonly type: 'crash' };

export interface SampleText {
  readonly name: string;
  readonly text: string;
}

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'samples'; readonly samples: readonly SampleText[] }
  | { readonly type: 'invalid'; readonly id: number; readonly message: string; readonly line: number | null; readonly column: number | null }
  | {
      readonly type: 'parsed';
      readonly id: number;
      readonly lossyNumbers: readonly LossyNumber[];
      readonly lossyCount: number;
      readonly proto: string | null;
      readonly fbs: string | null;
      readonly schemaError: string | null;
      /** First bytes of each format's encoding, as hex, or the error the encoder threw. */
      readonly hex: Readonly<Record<string, string>>;
    }
  | { readonly type: 'payload'; readonly id: number; readonly payload: ResultPayload; readonly final: boolean }
  | { readonly type: 'progress'; readonly id: number; readonly progress: MeasureProgress }
  | { readonly type: 'done'; readonly id: number; readonly result: WirebenchResult }
  | { readonly type: 'cancelled'; readonly id: number }
  | { readonly type: 'error'; readonly id: number | null; readonly message: string };

/** What the worker found in the text before measuring: lossy numbers, the inferred schemas, the first bytes of each encoding. */
export type ParsedPayload = Extract<FromWorker, { readonly type: 'parsed' }>;
