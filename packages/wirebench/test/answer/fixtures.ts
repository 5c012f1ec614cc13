/** Rows of facts for the ranking's tests: figures chosen so the arithmetic is easy to follow. */

import type { FormatId } from '@wirebench/core';
import type { RowFacts } from '../../src/answer/facts.js';
import { rowName } from '../../src/measure/row-name.js';

/** A row that round-trips, measured with gzip and brotli, with `over` on top. */
export function row(format: FormatId, implementation: string, over: Partial<RowFacts> & { gzip?: number; decodeMs?: number } = {}): RowFacts {
  const { gzip = 8_000, decodeMs = 0.3, ...rest } = over;
  return {
    name: rowName(format, implementation),
    format,
    implementation,
    fidelity: { ok: true },
    figures: { bytes: gzip * 5, compressed: { gzip, brotli: gzip - 500 }, decompressMs: { gzip: 0.1, brotli: 0.1 }, decodeMs },
    jsBytes: format === 'json' ? 0 : 10_000,
    ...rest,
  };
}

/** One payload's rows, JSON's among them, roughly as the 41 KB response measured. */
export const ROWS: readonly RowFacts[] = [
  row('json', 'wirebench', { gzip: 7_900, decodeMs: 0.3 }),
  row('msgpack', 'wirebench', { gzip: 7_400, decodeMs: 0.5, jsBytes: 7_871 }),
  row('msgpack', 'msgpackr', { gzip: 7_400, decodeMs: 0.4, jsBytes: 12_000 }),
  row('cbor', 'wirebench', { gzip: 7_600, decodeMs: 0.5, jsBytes: 8_182 }),
  row('protobuf', 'wirebench', { gzip: 7_400 - 1_200, decodeMs: 0.6, jsBytes: 11_702 }),
  row('protobuf', 'protobufjs', { gzip: 6_300, decodeMs: 0.7, jsBytes: 18_000 }),
  row('flatbuffers', 'wirebench', { gzip: 9_500, decodeMs: 0.2, jsBytes: 11_704 }),
];
