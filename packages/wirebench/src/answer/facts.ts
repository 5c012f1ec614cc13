import type { DiffKind, FormatId } from '@wirebench/core';
import { WirebenchError } from '@wirebench/core';
import { rowName } from '../measure/row-name.js';

import type { RowResult } from '../measure/types.js';
import type { EvalUse, Int64Behaviour } from './capabilities.js';
import type { ServedFigures } from './served.js';

/**
 * What the ranking knows of one format/implementation pair on one payload: plain data, so a page,
 * the CLI or a result file can supply it. `rowFacts` builds it from a measured result row.
 */

/** The first value diff of a row that did not round-trip (key-order notes are not losses). */
export interface FirstDiff {
  /** JSON path, e.g. `$.orders[3].id`. */
  readonly path: string;
  readonly kind: DiffKind;
}

/** One row's facts. */
export interface RowFacts {
  /** The row's name (`rowName`: `msgpack`, `msgpack (msgpackr)`); unique among the rows ranked together. */
  readonly name: string;
  readonly format: FormatId;
  /** `'wirebench'` or the library's npm name. */
  readonly implementation: string;
  /** Whether decode(encode(payload)) equals the payload as JSON data, and where it first did not. */
  readonly fidelity: { readonly ok: boolean; readonly firstDiff?: FirstDiff };
  /** The measured figures; absent when the row could not be measured (then `error` says why, when the measurement failed). */
  readonly figures?: ServedFigures;
  /** Why the measurement failed: its own message (`RowResult.error`). */
  readonly error?: string;
  /** The implementation's JavaScript, gzipped bytes, downloaded once. 0 for JSON: `JSON.parse` is the platform's. */
  readonly jsBytes: number;
  /** The figures were measured without generated code (`RowResult.interpreted`: the codec's `interpreted` option, or a page whose CSP forbids `new Function`). */
  readonly interpreted?: boolean;
  /** Overrides the table's `eval` (`IMPLEMENTATION_CAPABILITIES`), for a codec the table does not list. */
  readonly eval?: EvalUse;
  /** Overrides the table's `int64`. */
  readonly int64?: Int64Behaviour;
  /** Runs in Node only (a native addon): no page or app can load it, so it is never ranked. */
  readonly nodeOnly?: boolean;
  /** No bundle size is known for its implementation's JavaScript (`jsBytes` is then a stand-in 0): it is never ranked. */
  readonly bundleSizeUnknown?: boolean;
}

/** What a result row does not carry. */
export interface RowExtras {
  /** Gzipped JavaScript bytes of the row's implementation; defaults to 0 for JSON only. */
  readonly jsBytes?: number;
  /** Milliseconds the device took to decompress this row's compressed bytes in one call, by compressor name. */
  readonly decompressMs?: Readonly<Record<string, number>>;
  /** Decompressed bytes per millisecond of one long stream, by compressor name. */
  readonly inflateBytesPerMs?: Readonly<Record<string, number>>;
  /** Measured without generated code, for a row that does not say (`RowResult.interpreted` wins where it does). */
  readonly interpreted?: boolean;
}

/** The facts of a codec row of a measure result, with what the result does not hold yet. */
export function rowFacts(row: RowResult, extras: RowExtras = {}): RowFacts {
  if (row.kind !== 'codec' || row.format === undefined) throw new WirebenchError(`row ${JSON.stringify(row.name)} is not a codec row: only codecs are ranked`);
  const format = row.format;
  const implementation = row.implementation ?? 'wirebench';
  const jsBytes = extras.jsBytes ?? (format === 'json' ? 0 : undefined);
  if (jsBytes === undefined) throw new WirebenchError(`row ${JSON.stringify(row.name)}: give its implementation's gzipped JavaScript bytes (jsBytes)`);
  const firstDiff = row.fidelity?.diffs.find((d) => d.kind !== 'order');
  const measured = row.error === undefined && row.bytes !== undefined && row.decode !== undefined;
  const decodeRoundsMs = roundsOf(row);
  const interpreted = row.interpreted ?? extras.interpreted;
  return {
    name: rowName(format, implementation),
    format,
    implementation,
    // A row whose round trip was not checked has not shown it keeps the data.
    fidelity: { ok: row.fidelity?.ok ?? false, ...(firstDiff ? { firstDiff: { path: firstDiff.path, kind: firstDiff.kind } } : {}) },
    ...(measured
      ? {
          figures: {
            bytes: row.bytes as number,
            ...(row.compressed ? { compressed: row.compressed } : {}),
            ...(extras.decompressMs ? { decompressMs: extras.decompressMs } : {}),
            ...(extras.inflateBytesPerMs ? { inflateBytesPerMs: extras.inflateBytesPerMs } : {}),
            decodeMs: (row.decode as { median: number }).median,
            ...(decodeRoundsMs ? { decodeRoundsMs } : {}),
          },
        }
      : {}),
    // Not measured and no error: the run timed no decode (its operations), and the ranking says the row has no figures.
    ...(row.error !== undefined ? { error: row.error } : {}),
    jsBytes,
    ...(interpreted !== undefined ? { interpreted } : {}),
  };
}

/** The decode's round medians, when the row has them all (a result file from elsewhere may not). */
function roundsOf(row: RowResult): readonly number[] | undefined {
  const rounds: unknown = row.decode?.roundMedians;
  return Array.isArray(rounds) && rounds.length > 0 && rounds.every((ms) => typeof ms === 'number' && Number.isFinite(ms)) ? (rounds as number[]) : undefined;
}
