/**
 * answer/level.ts and its use by rank: two rows measured in the same rounds are level when their
 * order flipped in at least a quarter of the rounds; the ranking keeps their places and names each
 * in the other's `levelWith` (which both reasons then quote: test/report/answer-words.test.ts); rows
 * apart, or without shared rounds, are never called level.
 */
import { describe, expect, it } from 'vitest';
import { rowFacts } from '../../src/answer/facts.js';
import type { LevelInput } from '../../src/answer/level.js';
import { LEVEL_SHARE, levelPartners, roundWins } from '../../src/answer/level.js';
import { rank } from '../../src/answer/rank.js';
import type { TimeUntilUsable } from '../../src/answer/time-until-usable.js';
import type { RowResult } from '../../src/measure/types.js';
import { LEVEL_PAIR, row } from './fixtures.js';

/** A time until usable with `fixed` ms of transfer and no decompression. */
function time(fixed: number, decodeMs: number): TimeUntilUsable {
  return { network: '4g', served: 'none', bytes: 1, latencyMs: fixed, downloadMs: 0, transferMs: fixed, decompressMs: 0, decodeMs, totalMs: fixed + decodeMs };
}

const input = (name: string, fixed: number, rounds: number[]): LevelInput => ({
  name,
  time: time(fixed, [...rounds].sort((a, b) => a - b)[rounds.length >> 1] as number),
  decodeRoundsMs: rounds,
});

describe('roundWins', () => {
  it('counts the rounds each was as fast or faster in, transfer and decompression included, a tie for both', () => {
    const ahead = input('a', 10, [1, 1, 1, 1]);
    // Totals per round: a 11, 11, 11, 11; b 10.5, 11, 11.5, 12.
    expect(roundWins(ahead, input('b', 10, [0.5, 1, 1.5, 2]))).toEqual({ ahead: 3, behind: 2, rounds: 4 });
    // 5 ms more to transfer: never as fast, however its decode varies.
    expect(roundWins(ahead, input('c', 15, [0.5, 1, 1.5, 2]))).toEqual({ ahead: 4, behind: 0, rounds: 4 });
  });

  it('needs the same rounds on both sides', () => {
    expect(roundWins(input('a', 1, [1, 2, 3]), input('b', 1, [1, 2]))).toBeUndefined();
    expect(roundWins(input('a', 1, [1, 2, 3]), { name: 'b', time: time(1, 2) })).toBeUndefined();
    expect(roundWins(input('a', 1, []), input('b', 1, []))).toBeUndefined();
  });
});

describe('levelPartners', () => {
  it('pairs rows each as fast as the other in at least a quarter of the rounds, both ways', () => {
    const rows = [input('a', 10, [1, 1, 1, 1, 1, 1, 1, 1]), input('b', 10, [0.9, 0.9, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1]), input('c', 20, [1, 1, 1, 1, 1, 1, 1, 1])];
    expect(LEVEL_SHARE).toBe(0.25);
    expect(levelPartners(rows)).toEqual([[{ name: 'b', flipped: 2, rounds: 8 }], [{ name: 'a', flipped: 2, rounds: 8 }], []]);
    // One flip in eight rounds is below the bar.
    expect(levelPartners([rows[0] as LevelInput, input('b', 10, [0.9, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1])])).toEqual([[], []]);
    // Equal in every round: level.
    expect(levelPartners([rows[0] as LevelInput, input('b', 10, [1, 1, 1, 1, 1, 1, 1, 1])])).toEqual([
      [{ name: 'b', flipped: 8, rounds: 8 }],
      [{ name: 'a', flipped: 8, rounds: 8 }],
    ]);
  });

  it('leaves to the medians a pair where the row ranked first lost most rounds (the pooled median leaned on a fast round)', () => {
    // Ranked first by its median of every sample, but slower in 4 of 5 rounds: the rounds and the medians disagree, not level.
    const first = { ...input('a', 10, [1, 2, 2, 2, 2]), time: time(10, 1) };
    expect(levelPartners([first, input('b', 10, [1.5, 1.5, 1.5, 1.5, 1.5])])).toEqual([[], []]);
  });
});

describe('rank with the rounds', () => {
  it('keeps the order of the medians and names each of two level rows in the other’s levelWith', () => {
    // Same gzip bytes and decompression: only the decode differs, and it crosses over in 2 of 5 rounds.
    const ranking = rank(LEVEL_PAIR, { network: '4g', served: 'gzip' });
    expect(ranking.ranked.map((r) => r.name)).toEqual(['json', 'msgpack', 'cbor']);
    expect(ranking.ranked[0]?.levelWith).toEqual([{ name: 'msgpack', flipped: 2, rounds: 5 }]);
    expect(ranking.ranked[1]?.levelWith).toEqual([{ name: 'json', flipped: 2, rounds: 5 }]);
    expect(ranking.ranked[2]).not.toHaveProperty('levelWith');
  });

  it('calls no rows level without their rounds (figures from elsewhere)', () => {
    const rows = [row('json', 'wirebench', { gzip: 7_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 7_000, decodeMs: 0.3 })];
    expect(rank(rows, { network: '4g', served: 'gzip' }).ranked.every((r) => r.levelWith === undefined)).toBe(true);
  });
});

describe('rowFacts', () => {
  it("carries the decode's round medians for the level test", () => {
    const op = {
      median: 0.3,
      p75: 0.31,
      p99: 0.4,
      mean: 0.3,
      min: 0.29,
      rme: 1,
      samples: 5,
      callsPerSample: 10,
      mbPerSecond: 1,
      roundMedians: [0.29, 0.3, 0.31],
    };
    const result: RowResult = {
      name: 'msgpack',
      kind: 'codec',
      format: 'msgpack',
      implementation: 'wirebench',
      bytes: 100,
      fidelity: { ok: true, diffs: [] },
      encode: op,
      decode: op,
    } as unknown as RowResult;
    expect(rowFacts(result, { jsBytes: 1 }).figures?.decodeRoundsMs).toEqual([0.29, 0.3, 0.31]);
  });
});
