/** Rows of facts for the ranking's tests: figures chosen so the arithmetic is easy to follow. */

import type { FormatId } from '@wirebench/core';
import type { Constraints } from '../../src/answer/constraints.js';
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

/** `r` with its decode timed in rounds (`decodeRoundsMs`), its median the rounds' middle one. */
export function withRounds(r: RowFacts, ms: readonly number[]): RowFacts {
  return { ...r, figures: { ...r.figures!, decodeRoundsMs: ms, decodeMs: [...ms].sort((a, b) => a - b)[ms.length >> 1] as number } };
}

/** `rows`, each with its decode timed in `n` rounds (default 5, MIN_ROUNDS) all at its median: the rounds agree with the medians. */
export function inRounds(rows: readonly RowFacts[], n = 5): RowFacts[] {
  return rows.map((r) =>
    withRounds(
      r,
      Array.from({ length: n }, () => r.figures!.decodeMs),
    ),
  );
}

/** JSON and msgpack level on 4G with gzip (same bytes; their order flipped in 2 of 5 rounds), cbor apart. */
export const LEVEL_PAIR: readonly RowFacts[] = [
  withRounds(row('json', 'wirebench', { gzip: 7_000 }), [0.3, 0.3, 0.3, 0.3, 0.3]),
  withRounds(row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 7_000 }), [0.25, 0.28, 0.31, 0.32, 0.35]),
  withRounds(row('cbor', 'wirebench', { gzip: 9_000, jsBytes: 7_000 }), [0.1, 0.1, 0.1, 0.1, 0.1]),
];

/** Four rows alike in every round, JSON first: each level with every other. */
export const ALL_LEVEL: readonly RowFacts[] = [
  withRounds(row('json', 'wirebench', { gzip: 7_000 }), [0.3, 0.3, 0.3, 0.3]),
  withRounds(row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 1 }), [0.3, 0.3, 0.3, 0.3]),
  withRounds(row('cbor', 'wirebench', { gzip: 7_000, jsBytes: 1 }), [0.3, 0.3, 0.3, 0.3]),
  withRounds(row('cbor', 'cbor-x', { gzip: 7_000, jsBytes: 1 }), [0.3, 0.3, 0.3, 0.3]),
];

/** Every constraint a user can state, each at its strictest. */
export const EVERY_CONSTRAINT: Constraints = {
  network: '4G',
  served: 'gzip',
  bundleBudgetBytes: 10_000,
  noEval: true,
  exactInt64: true,
  readableTraffic: true,
  sharedSchemaOk: false,
};
