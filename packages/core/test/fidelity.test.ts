import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRoundTrip } from '../src/fidelity.js';
import { jsonValue } from './support/json-arbitrary.js';

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
    const report = checkRoundTrip(
      Array.from({ length: 50 }, () => 1),
      Array.from({ length: 50 }, () => 2),
      { maxDiffs: 10 },
    );
    expect(report.diffs).toHaveLength(10);
    expect(report.truncated).toBe(true);
    expect(report.ok).toBe(false);
  });

  it('says changed data is changed whatever the cap, 0 included: the cap shortens the list, never the verdict', () => {
    const report = checkRoundTrip(1, 2, { maxDiffs: 0 });
    expect(report).toMatchObject({ ok: false, diffs: [], truncated: true, counts: { value: 1 } });
    expect(checkRoundTrip({ a: 1, b: 2 }, { b: 2, a: 1 }, { maxDiffs: 0 })).toMatchObject({ ok: true, diffs: [], truncated: true });
    expect(checkRoundTrip([1], [1], { maxDiffs: 0 })).toMatchObject({ ok: true, diffs: [], truncated: false });
  });

  it('with any cap: the same verdict and counts as uncapped, the first diffs of the full list, truncated when some were left out', () => {
    const value = jsonValue({ keys: fc.constantFrom('a', 'b', 'c', 'x y'), numbers: fc.constantFrom(0, -0, 1, 2.5), strings: fc.constantFrom('', 's', 't') });
    // Half the pairs equal as data (a clone, its keys maybe reordered), half two independent values.
    const pair = fc.oneof(
      value.map((v) => [v, reorder(structuredClone(v))] as const),
      fc.tuple(value, value),
    );
    const cap = fc.oneof(fc.constant(0), fc.nat(4), fc.nat(50));
    let changed = 0;
    fc.assert(
      fc.property(pair, cap, ([expected, actual], maxDiffs) => {
        const full = checkRoundTrip(expected, actual, { maxDiffs: Infinity });
        const capped = checkRoundTrip(expected, actual, { maxDiffs });
        expect(capped.ok).toBe(full.diffs.every((diff) => diff.kind === 'order'));
        expect(capped.counts).toEqual(full.counts);
        expect(capped.diffs).toEqual(full.diffs.slice(0, maxDiffs));
        expect(capped.truncated).toBe(full.diffs.length > maxDiffs);
        if (!full.ok && maxDiffs === 0) changed++;
      }),
      { numRuns: 2000 },
    );
    // The generator must have made the case the cap used to hide: changed data under a cap of 0.
    expect(changed).toBeGreaterThan(100);
  });

  it('refuses a cap that is not a count', () => {
    for (const maxDiffs of [-1, 1.5, Number.NaN, -Infinity]) expect(() => checkRoundTrip(1, 1, { maxDiffs })).toThrow(RangeError);
  });
});

/** `value` with every object's keys in reverse order (the same JSON data). */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reorder(v)]),
  );
}

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
  it('takes -0 and 0 as the same number (===, as JSON writes -0 as 0), NaN as itself, and still sees any other change', () => {
    // A payload holding -0.0 must not make JSON's own round trip "lose data" (it writes "0").
    expect(checkRoundTrip({ x: -0 }, JSON.parse(JSON.stringify({ x: -0 }))).ok).toBe(true);
    expect(checkRoundTrip([0], [-0]).ok).toBe(true);
    expect(checkRoundTrip([-0, NaN], [-0, NaN]).ok).toBe(true);
    expect(checkRoundTrip([NaN], [0]).diffs).toEqual([{ path: '$[0]', kind: 'value', expected: NaN, actual: 0 }]);
    expect(checkRoundTrip([-0], [5e-324]).ok).toBe(false);
  });
});
