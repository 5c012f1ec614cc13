/**
 * answer/verdict.ts: the recommendation as data, as the CLI, the HTML report and the playground
 * word it first (test/report/answer-words.test.ts): a row beats JSON only out of the noise (by the
 * paired rounds), by at least the least gain, and from at least MIN_ROUNDS rounds; otherwise stay
 * with JSON (with how near the best row came), or too few rounds, or nothing meets the constraints;
 * and the rows level with the first.
 */
import { describe, expect, it } from 'vitest';
import type { RowFacts } from '../../src/answer/facts.js';
import { rank } from '../../src/answer/rank.js';
import { MIN_ROUNDS, verdict } from '../../src/answer/verdict.js';
import { ALL_LEVEL, inRounds, ROWS, row, withRounds } from './fixtures.js';

/** JSON decoding in 20 ms every round, msgpack (the same bytes) in 1 ms in `fast` rounds and 25 ms in the rest: msgpack's median is ahead. */
function pair(fast: number, rounds = 5): RowFacts[] {
  return [
    withRounds(
      row('json', 'wirebench', { gzip: 7_000 }),
      Array.from({ length: rounds }, () => 20),
    ),
    withRounds(
      row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 1 }),
      Array.from({ length: rounds }, (_, i) => (i < fast ? 1 : 25)),
    ),
  ];
}

describe('verdict', () => {
  it('names the row first when it is sooner in every round and by more than the least gain, with its lead and its rounds', () => {
    // 3G Slow with gzip: protobuf 525 ms, JSON 558 ms: 33.7 ms, 6.0 % sooner.
    const ranking = rank(inRounds(ROWS), { network: '3g-slow', served: 'gzip' });
    const first = ranking.ranked[0]!;
    const json = ranking.reference.timeUntilUsable.totalMs;
    const saved = json - first.timeUntilUsable.totalMs;
    expect(first.name).toBe('protobuf');
    expect(first.versusJson).toEqual({ sooner: 5, rounds: 5 });
    expect(saved / json).toBeGreaterThan(0.05);
    expect(verdict(ranking)).toEqual({
      kind: 'format-first',
      network: ranking.network,
      served: 'gzip',
      row: first,
      jsonMs: json,
      savedMs: saved,
      share: saved / json,
      sooner: 5,
      rounds: 5,
      levelWith: [],
    });
  });

  it('stays with JSON when the first row is out of the noise but below the least gain, and names it at a lower threshold', () => {
    // 4G with gzip: protobuf ~1.2 ms (0.7 %) sooner than JSON's ~177 ms, in every round.
    const rows = inRounds(ROWS);
    const ranking = rank(rows, { network: '4g', served: 'gzip' });
    const first = ranking.ranked[0]!;
    const json = ranking.reference.timeUntilUsable.totalMs;
    const saved = json - first.timeUntilUsable.totalMs;
    expect(first.name).toBe('protobuf');
    expect(saved / json).toBeGreaterThan(0);
    expect(saved / json).toBeLessThan(0.01);
    expect(verdict(ranking)).toEqual({
      kind: 'stay-with-json',
      network: ranking.network,
      served: 'gzip',
      best: { name: 'protobuf', jsonMs: json, savedMs: saved, share: saved / json, sooner: 5, rounds: 5 },
      why: { inNoise: false, belowMinGain: true },
      minGain: 0.05,
      levelWith: [],
    });
    expect(verdict(rank(rows, { network: '4g', served: 'gzip', minGain: 0.005 }))).toMatchObject({ kind: 'format-first', row: { name: 'protobuf' } });
    expect(verdict(rank(rows, { network: '4g', served: 'gzip', minGain: 0 }))).toMatchObject({ kind: 'format-first', row: { name: 'protobuf' } });
  });

  it('stays with JSON when the first row is ahead by its median but JSON was as fast in a quarter of the rounds or more', () => {
    // msgpack's median saves 19 ms of JSON's ~196 ms (9.7 %), but it was sooner in only 3 of 5 rounds.
    const noisy = rank(pair(3), { network: '4g', served: 'gzip' });
    expect(noisy.ranked[0]).toMatchObject({ name: 'msgpack', versusJson: { sooner: 3, rounds: 5 } });
    expect(verdict(noisy)).toMatchObject({
      kind: 'stay-with-json',
      best: { name: 'msgpack', sooner: 3, rounds: 5 },
      why: { inNoise: true, belowMinGain: false },
      levelWith: [{ name: 'json', flipped: 2, rounds: 5 }],
    });
    const v = verdict(noisy);
    expect(v.kind === 'stay-with-json' && v.best?.share).toBeGreaterThan(0.05);
    // Sooner in 4 of 5: JSON was as fast in one round, under a quarter of them.
    expect(verdict(rank(pair(4), { network: '4g', served: 'gzip' }))).toMatchObject({ kind: 'format-first', row: { name: 'msgpack' }, sooner: 4, rounds: 5 });
    // In the noise and under the threshold at once: both reasons.
    expect(verdict(rank(pair(3), { network: '4g', served: 'gzip', minGain: 0.5 }))).toMatchObject({
      kind: 'stay-with-json',
      why: { inNoise: true, belowMinGain: true },
      minGain: 0.5,
    });
  });

  it('names no winner from fewer than MIN_ROUNDS rounds, nor without paired rounds, however large the gain', () => {
    expect(MIN_ROUNDS).toBe(5);
    const where = { network: '3g-slow', served: 'gzip' } as const;
    const four = rank(inRounds(ROWS, 4), where);
    expect(four.ranked[0]?.name).toBe('protobuf');
    expect(verdict(four)).toEqual({ kind: 'too-few-rounds', network: four.network, served: 'gzip', rounds: 4, minRounds: 5 });
    expect(verdict(rank(ROWS, where))).toMatchObject({ kind: 'too-few-rounds', rounds: 0, minRounds: 5 });
    expect(verdict(rank(pair(4, 4), { network: '4g', served: 'gzip' }))).toMatchObject({ kind: 'too-few-rounds', rounds: 4 });
    // JSON first is no verdict either from too few rounds.
    expect(verdict(rank(ALL_LEVEL, { network: '4g', served: 'gzip' }))).toMatchObject({ kind: 'too-few-rounds', rounds: 4 });
  });

  it('names the first row whatever its gain when JSON itself is left out (a negative lead when it is slower than JSON)', () => {
    const rows = inRounds([row('json', 'wirebench', { gzip: 7_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 7_000, decodeMs: 5, jsBytes: 1 })]);
    const lossyJson = rows.map((r) => (r.format === 'json' ? { ...r, fidelity: { ok: false } } : r));
    const v = verdict(rank(lossyJson, { network: '4g', served: 'gzip' }));
    expect(v).toMatchObject({ kind: 'format-first', row: { name: 'msgpack' }, sooner: 0, rounds: 5 });
    expect(v.kind === 'format-first' && v.savedMs).toBeCloseTo(-4.7, 9);
  });

  it('stays with JSON when JSON is first (the next row later), when it is the only row, and says when nothing meets the constraints', () => {
    const slow = inRounds(ROWS.map((r) => (r.format === 'json' ? r : { ...r, figures: { ...r.figures!, decodeMs: 1_000 } })));
    const cable = rank(slow, { network: 'cable', served: 'gzip' });
    const v = verdict(cable);
    expect(v).toMatchObject({
      kind: 'stay-with-json',
      network: cable.network,
      served: 'gzip',
      minGain: 0.05,
      levelWith: [],
      best: { name: cable.ranked[1]?.name, sooner: 0 },
    });
    expect(v.kind === 'stay-with-json' && v.best!.savedMs).toBeLessThan(-900);
    expect(v).not.toHaveProperty('why');
    const readable = rank(ROWS, { network: '4g', served: 'gzip', readableTraffic: true });
    expect(verdict(readable)).toEqual({ kind: 'stay-with-json', network: readable.network, served: 'gzip', minGain: 0.05, levelWith: [] });
    const lossy = ROWS.map((r) => ({ ...r, fidelity: { ok: false, firstDiff: { path: '$.id', kind: 'value' as const } } }));
    const none = rank(lossy, { network: '4g', served: 'none' });
    expect(verdict(none)).toEqual({ kind: 'none-meets', network: none.network, served: 'none' });
  });

  it('carries the rows level with the first, as the ranking found them', () => {
    const five = ALL_LEVEL.map((r) => withRounds(r, [...r.figures!.decodeRoundsMs!, 0.3]));
    const two = verdict(rank(five.slice(0, 2), { network: '4g', served: 'gzip' }));
    expect(two).toMatchObject({ kind: 'stay-with-json', levelWith: [{ name: 'msgpack', flipped: 5, rounds: 5 }] });
    const four = rank(five, { network: '4g', served: 'gzip' });
    expect(verdict(four)).toMatchObject({ kind: 'stay-with-json', levelWith: four.ranked[0]?.levelWith });
    expect(four.ranked[0]?.levelWith?.map((l) => l.name)).toEqual(['cbor', 'cbor (cbor-x)', 'msgpack']);
  });
});
