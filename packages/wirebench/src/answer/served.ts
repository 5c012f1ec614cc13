import { WirebenchError } from '@wirebench/core';
import type { PayloadResult } from '../measure/types.js';
import { nonNegative, positive } from './check.js';

/**
 * What the server sends: the encoded bytes as they are, or compressed by gzip or brotli
 * (`Content-Encoding`). The user picks it; the figures of a row are the ones for that choice.
 */

/** `none`: the encoded bytes as they are; `gzip` and `brotli`: compressed by the server. */
export type ServedEncoding = 'none' | 'gzip' | 'brotli';

/** Every `ServedEncoding`. */
export const SERVED_ENCODINGS: readonly ServedEncoding[] = Object.freeze(['none', 'gzip', 'brotli']);

/**
 * One row's measured figures, shaped like a result row (`RowResult.bytes`, `.compressed`,
 * `.decode.median`) plus the decompression the device measured, so a row maps onto it field by field.
 */
export interface ServedFigures {
  /** Encoded bytes. */
  readonly bytes: number;
  /** Compressed bytes by compressor name (`gzip`, `brotli` where the runtime had it). */
  readonly compressed?: Readonly<Record<string, number>>;
  /** Milliseconds the device took to decompress the compressed bytes in one call, by compressor name (median). */
  readonly decompressMs?: Readonly<Record<string, number>>;
  /** Decompressed bytes per millisecond of one long stream, by compressor name (`RowResult.inflateBytesPerMs`). */
  readonly inflateBytesPerMs?: Readonly<Record<string, number>>;
  /** Milliseconds the device took to decode the bytes (median). */
  readonly decodeMs: number;
  /**
   * The decode's median ms in each interleaved round (`OperationResult.roundMedians`): rows of one
   * payload share the rounds, so the ranking can tell rows that are level from rows apart (level.ts).
   */
  readonly decodeRoundsMs?: readonly number[];
}

/** A row's figures for one served encoding: the bytes on the wire and the work the device does. */
export interface ServedParts {
  readonly served: ServedEncoding;
  /** Bytes on the wire. */
  readonly bytes: number;
  /** One decompression call on the body, ms; 0 for `none`. */
  readonly decompressMs: number;
  /** The whole body's inflate at the streaming rate, ms: encoded bytes ÷ the rate, where the row has one (0 for no bytes). */
  readonly inflateMs?: number;
  readonly decodeMs: number;
}

/**
 * The figures of `figures` when served as `served`, or a WirebenchError that says which figure is
 * missing (a runtime without brotli measured no brotli size; a run that timed no decompression has
 * no decompression figure) or which one is negative or not finite.
 */
export function servedParts(figures: ServedFigures, served: ServedEncoding): ServedParts {
  const decodeMs = nonNegative('decode ms', figures.decodeMs);
  if (served === 'none') return { served, bytes: nonNegative('bytes', figures.bytes), decompressMs: 0, decodeMs };
  if (!SERVED_ENCODINGS.includes(served)) {
    throw new WirebenchError(`no served encoding ${JSON.stringify(served)}; expected one of ${SERVED_ENCODINGS.map((s) => JSON.stringify(s)).join(', ')}`);
  }
  const missing = missingFigure(figures, served);
  if (missing === 'size') throw new WirebenchError(`no ${served} size: the runtime that measured this row had no ${served} compressor`);
  if (missing === 'decompression') throw new WirebenchError(`no ${served} decompression time: this row's run did not time ${served} decompression`);
  const bytes = figures.compressed?.[served] as number;
  const decompressMs = figures.decompressMs?.[served] as number;
  const rate = figures.inflateBytesPerMs?.[served];
  const encoded = nonNegative('bytes', figures.bytes);
  // The rate is of decompressed bytes: the encoded ones. Of none, there is nothing to inflate, rate or not.
  const inflate = encoded === 0 ? { inflateMs: 0 } : rate === undefined ? {} : { inflateMs: encoded / positive(`${served} inflate bytes per ms`, rate) };
  return { served, bytes: nonNegative(`${served} bytes`, bytes), decompressMs: nonNegative(`${served} decompression ms`, decompressMs), ...inflate, decodeMs };
}

/** A figure a compressed encoding needs and `figures` lacks. */
export type MissingFigure = 'size' | 'decompression';

/**
 * Which figure `figures` lacks to be served as `served`: its compressed size (the runtime that
 * measured it had no such compressor) or its decompression time (the run did not time it); undefined
 * when it has both, or for `none`, which needs neither.
 */
export function missingFigure(figures: ServedFigures, served: ServedEncoding): MissingFigure | undefined {
  if (served === 'none') return undefined;
  if (figures.compressed?.[served] === undefined) return 'size';
  if (figures.decompressMs?.[served] === undefined) return 'decompression';
  return undefined;
}

/**
 * The encodings a payload's figures can answer for: `none` always, gzip and brotli where JSON's row
 * has both the size and the decompression time (a browser without brotli in CompressionStream measured neither).
 */
export function measuredServed(payload: Pick<PayloadResult, 'rows' | 'reference'>): ServedEncoding[] {
  const json = payload.rows.find((row) => row.name === payload.reference);
  return SERVED_ENCODINGS.filter((s) => s === 'none' || (json?.compressed?.[s] !== undefined && json.decompressMs?.[s] !== undefined));
}
