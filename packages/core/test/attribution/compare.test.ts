/** What a format saves over JSON, path by path, adds up to the difference in size. */
import { describe, expect, it } from 'vitest';
import { attribute, attributeFormats, compareAttributions, topPaths } from '../../src/attribution/index.js';

describe('compareAttributions', () => {
  const value = { users: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `user ${i}`, active: i % 2 === 0 })) };

  it('lists the paths that save the most, by kind, with the rest summed', () => {
    const [json, protobuf] = attributeFormats(value, ['json', 'protobuf']) as [ReturnType<typeof attribute>, ReturnType<typeof attribute>];
    const comparison = compareAttributions(json, protobuf, { top: 2 });
    expect(comparison.base).toBe('json');
    expect(comparison.other).toBe('protobuf');
    expect(comparison.saved.total).toBe(json.total - protobuf.total);
    expect(comparison.paths).toHaveLength(2);
    const all = compareAttributions(json, protobuf, { top: Infinity });
    expect(all.rest).toEqual({ keys: 0, values: 0, framing: 0, total: 0, paths: 0 });
    // Keys: `"active"` (8 bytes) × 20 in JSON against a one-byte tag × 20; JSON also spends `:` and `,`
    // on each, and `true` or `false` where protobuf spends one byte.
    expect(all.paths.find((row) => row.path === '$.users[*].active')).toMatchObject({
      keys: 20 * 8 - 20,
      framing: 20 * 2,
      values: 10 * 4 + 10 * 5 - 20,
      baseBytes: 20 * (8 + 2) + 10 * 4 + 10 * 5,
      otherBytes: 20 * 2,
    });
    for (const kind of ['keys', 'values', 'framing', 'total'] as const) {
      expect(comparison.paths.reduce((sum, row) => sum + row[kind], 0) + comparison.rest[kind]).toBe(comparison.saved[kind]);
    }
  });

  it('counts a path only one side has', () => {
    const json = attribute('json', { a: [] });
    const flatbuffers = attribute('flatbuffers', { a: [] });
    const rows = compareAttributions(json, flatbuffers, { top: Infinity }).paths;
    expect(rows.map((row) => row.path).sort()).toEqual(['$', '$.a']);
  });

  it('refuses a negative top', () => {
    const json = attribute('json', 1);
    expect(() => compareAttributions(json, json, { top: -1 })).toThrow(/top/);
  });
});

describe('topPaths', () => {
  it('keeps the largest paths and sums the others', () => {
    const a = attribute('json', { a: 'x'.repeat(100), b: [1, 2, 3], c: { d: true } });
    const { paths, rest } = topPaths(a, 2);
    // `"x…x"` 102 bytes, then `"d":true` and its `:` (8), before the three digits and two commas of b (5).
    expect(paths.map((row) => row.path)).toEqual(['$.a', '$.c.d']);
    expect(paths.reduce((sum, row) => sum + row.total, 0) + rest.total).toBe(a.total);
    expect(rest.paths).toBe(a.paths.length - 2);
  });
});
