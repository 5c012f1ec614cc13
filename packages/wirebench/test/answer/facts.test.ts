/** answer/facts.ts: a measured result row becomes the ranking's facts, field by field. */

import { jsonCodec } from '@wirebench/core/json';
import { msgpackCodec } from '@wirebench/core/msgpack';
import { describe, expect, it } from 'vitest';
import { rowFacts } from '../../src/answer/facts.js';
import { rank } from '../../src/answer/rank.js';
import { streamGzip } from '../../src/measure/compress.js';
import { measure } from '../../src/measure/engine.js';
import type { RowResult } from '../../src/measure/types.js';
import { orderBatch, seededRandom } from '../../src/samples.js';

const codecRow = (over: Partial<RowResult>): RowResult => ({ name: 'msgpack', kind: 'codec', format: 'msgpack', implementation: 'wirebench', ...over });

describe('rowFacts', () => {
  it('maps a measured run onto facts the ranking takes', async () => {
    const result = await measure([{ payload: { name: 'orders', value: orderBatch(seededRandom(3), 40) }, codecs: [jsonCodec(), msgpackCodec()] }], {
      rounds: 3,
      roundTime: 2,
      warmupTime: 2,
      compressors: { gzip: streamGzip },
    });
    const rows = result.payloads[0]?.rows ?? [];
    const facts = rows.map((row) =>
      rowFacts(row, { jsBytes: row.format === 'json' ? undefined : 7_871, decompressMs: { gzip: 0.05 }, inflateBytesPerMs: { gzip: 300_000 } }),
    );
    const [json, msgpack] = facts;
    const [jsonRow, msgpackRow] = rows;
    expect(json).toMatchObject({ name: 'json', format: 'json', implementation: 'wirebench', jsBytes: 0, fidelity: { ok: true } });
    expect(msgpack).toMatchObject({
      name: 'msgpack',
      jsBytes: 7_871,
      figures: {
        bytes: msgpackRow?.bytes,
        compressed: { gzip: msgpackRow?.compressed?.['gzip'] },
        decompressMs: { gzip: 0.05 },
        inflateBytesPerMs: { gzip: 300_000 },
        decodeMs: msgpackRow?.decode?.median,
      },
    });
    expect(json?.figures?.bytes).toBe(jsonRow?.bytes);
    const ranking = rank(facts, { network: '4g', served: 'gzip' });
    expect(ranking.ranked.map((r) => r.name).sort()).toEqual(['json', 'msgpack']);
  });

  it('keeps the first value diff (not a key-order note) of a row that lost data', () => {
    const facts = rowFacts(
      codecRow({
        bytes: 10,
        decode: { median: 1 } as RowResult['decode'],
        fidelity: {
          ok: false,
          truncated: false,
          diffs: [
            { path: '$.b', kind: 'value', expected: 1, actual: 2 },
            { path: '$', kind: 'order' },
          ],
        },
      }),
      { jsBytes: 100 },
    );
    expect(facts.fidelity).toEqual({ ok: false, firstDiff: { path: '$.b', kind: 'value' } });
  });

  it('carries the error of a row that could not be measured, and names a library row as the results do', () => {
    const facts = rowFacts(codecRow({ name: 'msgpack (msgpackr)', implementation: 'msgpackr', error: 'msgpack: refused' }), { jsBytes: 100 });
    expect(facts).toMatchObject({ name: 'msgpack (msgpackr)', implementation: 'msgpackr', error: 'msgpack: refused', fidelity: { ok: false } });
    expect(facts.figures).toBeUndefined();
  });

  it('carries whether the row was measured interpreted: as the row says, else as the caller says for rows that do not', () => {
    const protobuf = (over: Partial<RowResult>): RowResult => codecRow({ name: 'protobuf', format: 'protobuf', ...over });
    expect(rowFacts(protobuf({ interpreted: true }), { jsBytes: 1 }).interpreted).toBe(true);
    expect(rowFacts(protobuf({ interpreted: true }), { jsBytes: 1, interpreted: false }).interpreted).toBe(true);
    expect(rowFacts(protobuf({}), { jsBytes: 1, interpreted: true }).interpreted).toBe(true);
    expect(rowFacts(protobuf({}), { jsBytes: 1 })).not.toHaveProperty('interpreted');
  });

  it('needs the JS cost of every implementation but JSON, and refuses extra rows', () => {
    expect(() => rowFacts(codecRow({ bytes: 1 }))).toThrow(/give its implementation's gzipped JavaScript bytes/);
    expect(() => rowFacts({ name: '@msgpack/msgpack decode', kind: 'library' }, { jsBytes: 1 })).toThrow(/not a codec row/);
  });
});
