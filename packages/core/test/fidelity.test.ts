import { describe, expect, it } from 'vitest';
import { checkRoundTrip } from '../src/fidelity.js';

describe('checkRoundTrip', () => {
  it('accepts equal data and ignores key order, reporting it', () => {
    const report = checkRoundTrip({ a: 1, b: [null, 'x'] }, { b: [null, 'x'], a: 1 });
    expect(report.ok).toBe(true);
    expect(report.diffs).toEqual([{ path: '$', kind: 'order', expected: ['a', 'b'], actual: ['b', 'a'] }]);
  });

  it('finds each kind of change with its JSON path', () => {
    const expected = { keep: null, gone: 1, list: [1, 2, 3], 'odd-key': 'a', n: 1 };
    const actual = { list: [1, 2], 'odd-key': 'b', n: '1', extra: true };
    const { ok, diffs } = checkRoundTrip(expected, actual);
    expect(ok).toBe(false);
    expect(diffs).toEqual(
      expect.arrayContaining([
        { path: '$.keep', kind: 'missing', expected: null },
        { path: '$.gone', kind: 'missing', expected: 1 },
        { path: '$.list[2]', kind: 'missing', expected: 3 },
        { path: '$["odd-key"]', kind: 'value', expected: 'a', actual: 'b' },
        { path: '$.n', kind: 'type', expected: 1, actual: '1' },
        { path: '$.extra', kind: 'extra', actual: true },
      ]),
    );
  });

  it('treats a class instance as a different type from a plain object', () => {
    class Long {
      low = 1;
    }
    expect(checkRoundTrip({ low: 1 }, new Long()).diffs).toMatchObject([{ path: '$', kind: 'type' }]);
  });

  it('handles nesting deeper than the call stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkRoundTrip(deep, deep).ok).toBe(true);
  });

  it('caps the diffs it keeps and says so', () => {
    const report = checkRoundTrip(Array.from({ length: 50 }, () => 1), Array.from({ length: 50 }, () => 2), { maxDiffs: 10 });
    expect(report.diffs).toHaveLength(10);
    expect(report.truncated).toBe(true);
    expect(report.ok).toBe(false);
  });
});

describe('checkRoundTrip with many key-order notes', () => {
  it('lists the changed value first and never truncates it away behind order notes; counts every kind', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `k${i}`);
    const expected = keys.map((k) => ({ [k]: 1, z: 2 }));
    const actual = keys.map((k) => ({ z: 2, [k]: 1 }));
    (actual[1999] as Record<string, number>)['z'] = 3;
    const report = checkRoundTrip(expected, actual);
    expect(report.ok).toBe(false);
    expect(report.diffs[0]).toEqual({ path: '$[1999].z', kind: 'value', expected: 2, actual: 3 });
    expect(report.diffs).toHaveLength(1000);
    expect(report.truncated).toBe(true);
    expect(report.counts).toEqual({ missing: 0, extra: 0, type: 0, value: 1, order: 2000 });
  });
});

describe('checkRoundTrip and -0', () => {
  it('sees -0 turned into 0, and 0 into -0, as value diffs', () => {
    expect(checkRoundTrip({ x: -0 }, { x: 0 }).diffs).toEqual([{ path: '$.x', kind: 'value', expected: -0, actual: 0 }]);
    expect(checkRoundTrip([0], [-0]).ok).toBe(false);
    expect(checkRoundTrip([-0, NaN], [-0, NaN]).ok).toBe(true);
  });
});
