/** report/answer-compare.ts: two results' answers side by side, on the first result's link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankedRow } from '../../src/answer/rank.js';
import { withAnswers } from '../../src/answer/with-answers.js';
import type { Environment } from '../../src/measure/types.js';
import { answerGaps, compareAnswers, formatAnswerComparison, formatAnswerGaps, verdictLines } from '../../src/report/answer-compare.js';
import type { WirebenchResult } from '../../src/result/types.js';
import { answered, result } from './fixture.js';

/** The same figures on a device whose decode is `factor` times as slow. */
function slowerDevice(base: WirebenchResult, factor: number): WirebenchResult {
  const payloads = base.payloads.map((p) => ({
    ...p,
    rows: p.rows.map((row) => (row.decode ? { ...row, decode: { ...row.decode, median: row.decode.median * factor } } : row)),
  }));
  return withAnswers({ ...base, payloads }, { network: '4g', served: 'gzip' });
}

describe('compareAnswers', () => {
  const a = answered({ network: '4g', served: 'gzip' });
  const b = slowerDevice(a, 3);

  it("pairs the payloads both answered, each row on the first result's link, with the device part apart", () => {
    const comparisons = compareAnswers(a, b);
    expect(comparisons.map((c) => c.payload)).toEqual(a.payloads.filter((p) => p.answer).map((p) => p.name));
    const first = comparisons[0]!;
    expect(first).toMatchObject({ network: '4g', served: 'gzip' });
    for (const row of first.rows) {
      const inA = a.payloads[0]!.answer!.rows.find((r) => r.name === row.name)!.usable.find((u) => u.network === '4g' && u.served === 'gzip');
      if (!inA) {
        expect(row.a).toBeUndefined();
        continue;
      }
      expect(row.a!.totalMs).toBe(inA.totalMs);
      expect(row.a!.deviceMs).toBeCloseTo(inA.decompressMs + inA.decodeMs, 12);
      // Same bytes and link: the totals differ by the device part alone.
      expect(row.b!.totalMs - row.a!.totalMs).toBeCloseTo(row.b!.deviceMs - row.a!.deviceMs, 9);
      expect(row.b!.deviceMs).toBeGreaterThan(row.a!.deviceMs);
    }
    const ranked = a.payloads[0]!.answer!.ranking.ranked;
    for (const r of ranked) expect(first.rows.find((row) => row.name === r.name)!.a!.rank).toBe(r.rank);
  });

  it('leaves out payloads one result did not answer, and ranks only where the ranking was on that link', () => {
    expect(compareAnswers(a, result)).toEqual([]);
    const onOtherLink = answered({ network: '3g-slow', served: 'gzip' });
    const [first] = compareAnswers(a, onOtherLink);
    // 4G is among the default links, so the other result has figures there, but its ranking was on 3G Slow.
    expect(first!.rows.some((r) => r.b !== undefined)).toBe(true);
    expect(first!.rows.every((r) => r.b?.rank === undefined)).toBe(true);
  });

  it('prints a table per payload, naming both results', () => {
    const lines = formatAnswerComparison(compareAnswers(a, b), { a: 'laptop.json', b: 'phone.json' });
    expect(lines[0]).toMatch(/^## .*: time until usable on 4G with gzip, on each device$/);
    expect(lines).toContain('a: laptop.json');
    expect(lines).toContain('b: phone.json');
    expect(lines.some((l) => /^row\s+a rank\s+a total\s+a device\s+b rank\s+b total\s+b device$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('json '))).toBe(true);
  });
});

/** A row's place in a constructed ranking: its time until usable, and in how many of 11 rounds it was sooner than JSON. */
interface Place {
  readonly name: string;
  readonly totalMs: number;
  readonly sooner?: number;
}

const WEBKIT: Partial<Environment> = {
  runtime: 'worker',
  runtimeVersion: 'WebKitGTK 2.50.6',
  engine: { name: 'webkit', browser: 'WebKitGTK', version: '2.50.6', javascript: 'JavaScriptCore' },
};

/**
 * The fixture's first payload with its ranking replaced by `places`, in that order (each row other
 * than JSON dressed from its msgpack row, 11 paired rounds), measured in `environment`.
 */
const BASE = answered();
function ranked(places: readonly Place[], environment: Partial<Environment> = {}): WirebenchResult {
  const base = BASE;
  const payload = base.payloads[0]!;
  const answer = payload.answer!;
  const json = answer.ranking.ranked.find((r) => r.name === 'json')!;
  const { versusJson: _v, levelWith: _l, versusFormat: _f, ...other } = answer.ranking.ranked.find((r) => r.name === 'msgpack')!;
  const rows = places.map((p, i): RankedRow => {
    const timeUntilUsable = { ...json.timeUntilUsable, totalMs: p.totalMs };
    if (p.name === 'json') return { ...json, rank: i + 1, timeUntilUsable };
    const sooner = p.sooner ?? 11;
    return { ...other, name: p.name, rank: i + 1, timeUntilUsable, versusJson: { sooner, rounds: 11, byMinGain: sooner } };
  });
  const reference = { name: 'json', timeUntilUsable: rows.find((r) => r.name === 'json')!.timeUntilUsable };
  const ranking = { ...answer.ranking, reference, ranked: rows };
  return { ...base, environment: { ...base.environment, ...environment }, payloads: [{ ...payload, answer: { ...answer, ranking } }] };
}

/** msgpack usable after `msgpackMs`, then JSON after 100 ms. */
const msgpackThenJson = (msgpackMs: number, environment: Partial<Environment> = {}): WirebenchResult =>
  ranked(
    [
      { name: 'msgpack', totalMs: msgpackMs },
      { name: 'json', totalMs: 100 },
    ],
    environment,
  );

describe('the verdicts side by side', () => {
  const onlyOne = (a: WirebenchResult, b: WirebenchResult) => {
    const comparisons = compareAnswers(a, b);
    expect(comparisons).toHaveLength(1);
    return comparisons[0]!;
  };

  it('says so in one line when both stay with JSON, each side named by its runtime and engine', () => {
    const c = onlyOne(msgpackThenJson(99), msgpackThenJson(98, WEBKIT));
    expect(c.verdicts).toMatchObject({ a: { kind: 'stay-with-json' }, b: { kind: 'stay-with-json' }, changes: false, flips: [], sameConstraints: true });
    expect(c.runtimes).toEqual({ a: 'Node v22.11.0 (V8)', b: 'WebKitGTK 2.50.6 (JavaScriptCore)' });
    expect(verdictLines(c, { a: 'a', b: 'b' })).toEqual([
      'verdict: the same on a (Node v22.11.0 (V8)) and b (WebKitGTK 2.50.6 (JavaScriptCore)): stay with JSON',
    ]);
  });

  it('gives both gains when both name the same row', () => {
    const c = onlyOne(msgpackThenJson(80), msgpackThenJson(70, WEBKIT));
    expect(c.verdicts.changes).toBe(false);
    expect(verdictLines(c, { a: 'there', b: 'here' })).toEqual([
      'verdict: the same on there (Node v22.11.0 (V8)) and here (WebKitGTK 2.50.6 (JavaScriptCore)): msgpack is sooner than JSON, 20.0 ms (20 %) on there, 30.0 ms (30 %) on here',
    ]);
  });

  it('says where the verdict changes, and which rows swap places', () => {
    const a = ranked([
      { name: 'msgpack', totalMs: 80 },
      { name: 'cbor', totalMs: 90 },
      { name: 'json', totalMs: 100 },
    ]);
    const b = ranked(
      [
        { name: 'json', totalMs: 100 },
        { name: 'cbor', totalMs: 101, sooner: 2 },
        { name: 'msgpack', totalMs: 110, sooner: 0 },
      ],
      WEBKIT,
    );
    const c = onlyOne(a, b);
    expect(c.verdicts).toMatchObject({ a: { kind: 'format-first', named: { name: 'msgpack' } }, b: { kind: 'stay-with-json' }, changes: true });
    expect(c.verdicts.flips).toEqual([
      { ahead: 'msgpack', behind: 'cbor' },
      { ahead: 'msgpack', behind: 'json' },
      { ahead: 'cbor', behind: 'json' },
    ]);
    const lines = formatAnswerComparison([c], { a: 'node.json', b: 'webkit.json' });
    expect(lines).toContain(
      'verdict changes: on a (Node v22.11.0 (V8)), msgpack is 20.0 ms (20 %) sooner than JSON; on b (WebKitGTK 2.50.6 (JavaScriptCore)), stay with JSON',
    );
    expect(lines).toContain(
      'rank order flips: msgpack ahead of cbor on a, behind it on b; msgpack ahead of json on a, behind it on b; cbor ahead of json on a, behind it on b',
    );
    // Another row named is a change too.
    const other = onlyOne(
      a,
      ranked([
        { name: 'cbor', totalMs: 70 },
        { name: 'msgpack', totalMs: 80 },
        { name: 'json', totalMs: 100 },
      ]),
    );
    expect(other.verdicts).toMatchObject({ b: { kind: 'format-first', named: { name: 'cbor' } }, changes: true });
  });

  it('warns when the two rankings were under other constraints', () => {
    const b = msgpackThenJson(80);
    const answer = b.payloads[0]!.answer!;
    const strict = {
      ...b,
      payloads: [{ ...b.payloads[0]!, answer: { ...answer, ranking: { ...answer.ranking, constraints: { ...answer.ranking.constraints, minGain: 0.3 } } } }],
    };
    const c = onlyOne(msgpackThenJson(80), strict);
    expect(c.verdicts).toMatchObject({ changes: true, sameConstraints: false });
    expect(verdictLines(c, { a: 'a', b: 'b' }).at(-1)).toBe(
      'the two answers were ranked under different constraints: a verdict may differ by them, not by the device',
    );
  });

  it('sets no verdicts side by side where one side has no answer, and says why', () => {
    const a = msgpackThenJson(80);
    const { answer: _answer, ...bare } = a.payloads[0]!;
    const b = { ...a, payloads: [{ ...bare, answerError: 'no JSON row with figures for gzip' }] };
    expect(compareAnswers(a, b)).toEqual([]);
    expect(answerGaps(a, b)).toEqual([{ payload: 'orders.json', unanswered: 'b', why: 'b: no JSON row with figures for gzip' }]);
    expect(answerGaps(b, a)).toEqual([{ payload: 'orders.json', unanswered: 'a', why: 'a: no JSON row with figures for gzip' }]);
    expect(formatAnswerGaps(answerGaps(a, b))).toEqual(['orders.json: no verdict to compare: b has no answer (b: no JSON row with figures for gzip)']);
    // Both answered, or neither with a word why (a payload not measured): nothing to say here.
    expect(answerGaps(a, a)).toEqual([]);
    expect(answerGaps({ ...a, payloads: [bare] }, { ...a, payloads: [bare] })).toEqual([]);
  });

  it('lists as flips exactly the pairs ranked in opposite orders (property)', () => {
    const names = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];
    const order = fc.shuffledSubarray(names, { minLength: 2 }).filter((n) => n.includes('json'));
    fc.assert(
      fc.property(order, order, (inA, inB) => {
        const places = (o: readonly string[]) => o.map((name, i) => ({ name, totalMs: 50 + i * 10 }));
        const { flips } = onlyOne(ranked(places(inA)), ranked(places(inB))).verdicts;
        const both = inA.filter((n) => inB.includes(n));
        const expected = both.flatMap((x, i) =>
          both
            .slice(i + 1)
            .filter((y) => inB.indexOf(x) > inB.indexOf(y))
            .map((y) => ({ ahead: x, behind: y })),
        );
        expect(flips).toEqual(expected);
        // Seen from the other side, the same pairs, each the other way round.
        const back = onlyOne(ranked(places(inB)), ranked(places(inA))).verdicts.flips;
        expect(back.map((f) => [f.behind, f.ahead].join()).sort()).toEqual(flips.map((f) => [f.ahead, f.behind].join()).sort());
      }),
    );
  });
});
