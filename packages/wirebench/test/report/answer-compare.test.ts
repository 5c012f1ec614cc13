/** report/answer-compare.ts: two results' answers side by side, on the first result's link. */
import { describe, expect, it } from 'vitest';
import { withAnswers } from '../../src/answer/with-answers.js';
import { compareAnswers, formatAnswerComparison } from '../../src/report/answer-compare.js';
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
