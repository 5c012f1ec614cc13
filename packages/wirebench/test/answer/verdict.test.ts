/**
 * answer/verdict.ts: the recommendation as data, as the CLI, the HTML report and the playground
 * word it first (test/report/answer-words.test.ts): the first row and its lead over JSON, or stay
 * with JSON, or nothing meets the constraints; and the rows level with the first.
 */
import { describe, expect, it } from 'vitest';
import { rank } from '../../src/answer/rank.js';
import { verdict } from '../../src/answer/verdict.js';
import { ALL_LEVEL, ROWS, row } from './fixtures.js';

describe('verdict', () => {
  it('names the row usable first and its lead over JSON, from the ranking’s figures', () => {
    const ranking = rank(ROWS, { network: '3g-slow', served: 'gzip' });
    const first = ranking.ranked[0]!;
    const json = ranking.reference.timeUntilUsable.totalMs;
    expect(first.name).toBe('protobuf');
    expect(verdict(ranking)).toEqual({
      kind: 'format-first',
      network: ranking.network,
      served: 'gzip',
      row: first,
      jsonMs: json,
      savedMs: json - first.timeUntilUsable.totalMs,
      levelWith: [],
    });
  });

  it('gives a negative lead when JSON itself is left out and the first row is slower than it', () => {
    const rows = [row('json', 'wirebench', { gzip: 7_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 7_000, decodeMs: 5, jsBytes: 1 })];
    const lossyJson = rows.map((r) => (r.format === 'json' ? { ...r, fidelity: { ok: false } } : r));
    const v = verdict(rank(lossyJson, { network: '4g', served: 'gzip' }));
    expect(v).toMatchObject({ kind: 'format-first', row: { name: 'msgpack' } });
    expect(v.kind === 'format-first' && v.savedMs).toBeCloseTo(-4.7, 9);
  });

  it('says to stay with JSON when JSON is first, and that nothing meets constraints that rule out every row', () => {
    const slow = ROWS.map((r) => (r.format === 'json' ? r : { ...r, figures: { ...r.figures!, decodeMs: 1_000 } }));
    const cable = rank(slow, { network: 'cable', served: 'gzip' });
    expect(verdict(cable)).toEqual({ kind: 'stay-with-json', network: cable.network, served: 'gzip', levelWith: [] });
    const lossy = ROWS.map((r) => ({ ...r, fidelity: { ok: false, firstDiff: { path: '$.id', kind: 'value' as const } } }));
    const none = rank(lossy, { network: '4g', served: 'none' });
    expect(verdict(none)).toEqual({ kind: 'none-meets', network: none.network, served: 'none' });
  });

  it('carries the rows level with the first, as the ranking found them', () => {
    const two = verdict(rank(ALL_LEVEL.slice(0, 2), { network: '4g', served: 'gzip' }));
    expect(two).toMatchObject({ kind: 'stay-with-json', levelWith: [{ name: 'msgpack', flipped: 4, rounds: 4 }] });
    const four = rank(ALL_LEVEL, { network: '4g', served: 'gzip' });
    expect(verdict(four)).toMatchObject({ kind: 'stay-with-json', levelWith: four.ranked[0]?.levelWith });
    expect(four.ranked[0]?.levelWith?.map((l) => l.name)).toEqual(['cbor', 'cbor (cbor-x)', 'msgpack']);
  });
});
