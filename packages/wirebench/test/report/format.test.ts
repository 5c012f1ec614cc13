/** report/format.ts: the one set of figure formats every surface (tables, HTML, CLI, bench, playground) prints with. */

import type { RoundTripReport } from '@wirebench/core';
import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/measure/types.js';
import {
  describeDiffs,
  fidelityText,
  formatBytes,
  formatChange,
  formatCount,
  formatDiffCount,
  formatDuration,
  formatNumber,
  formatPercent,
  formatRatio,
  formatRatioInterval,
  formatRatioNumber,
  formatThroughput,
  formatValue,
  isWithinNoise,
} from '../../src/report/format.js';
import { ratio } from './fixture.js';

const order = { path: '$', kind: 'order', expected: ['a', 'b'], actual: ['b', 'a'] } as const;
// biome-ignore lint/correctness/noPrecisionLoss: 1e400 as a payload's JSON text has it, which JSON.parse reads as Infinity (and JSON writes back as null).
const value = { path: '$.n', kind: 'value', expected: 1e400, actual: null } as const;
const fidelity = (diffs: RoundTripReport['diffs'], truncated = false): RoundTripReport => ({ ok: diffs.every((d) => d.kind === 'order'), diffs, truncated });

describe('numbers', () => {
  it('groups digits by thousands with commas, on every locale', () => {
    expect(formatCount(48_213)).toBe('48,213');
    expect(formatCount(1_268_400.4)).toBe('1,268,400');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('keeps about three significant digits', () => {
    expect(formatNumber(0.5)).toBe('0.50');
    expect(formatNumber(74.66)).toBe('74.7');
    expect(formatNumber(645.4)).toBe('645');
    expect(formatNumber(12_345.6)).toBe('12,346');
  });
});

describe('bytes: decimal units, like MB/s', () => {
  it('stays exact below 100 kB, then kB, MB and GB of 1,000', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(48_213)).toBe('48,213 B');
    expect(formatBytes(598_230)).toBe('598 kB');
    expect(formatBytes(1_268_400)).toBe('1.27 MB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.24 MB');
    expect(formatBytes(2.5e9)).toBe('2.50 GB');
  });
});

describe('shares, changes and ratios', () => {
  it('writes a share as a percentage: no decimal from 10 % up, one below', () => {
    expect(formatPercent(0.3407)).toBe('34 %');
    expect(formatPercent(0.042)).toBe('4.2 %');
    expect(formatPercent(1)).toBe('100 %');
    expect(formatPercent(0)).toBe('0 %');
  });

  it('writes a change between runs signed, with a true minus sign', () => {
    expect(formatChange(1.25)).toBe('+25.0 %');
    expect(formatChange(0.96)).toBe('−4.0 %');
    expect(formatChange(1)).toBe('+0.0 %');
  });

  it('writes a ratio with two decimals, fewer when large, two significant digits when tiny', () => {
    expect(formatRatio(0.62)).toBe('0.62×');
    expect(formatRatio(1)).toBe('1.00×');
    expect(formatRatio(25.7)).toBe('25.7×');
    expect(formatRatio(123.4)).toBe('123×');
    expect(formatRatio(0.0412)).toBe('0.041×');
    expect(formatRatioNumber(0.62)).toBe('0.62');
    expect(formatRatioNumber(0)).toBe('0.00');
  });

  it('writes an estimate with its 95 % interval, and tells an interval that includes 1', () => {
    expect(formatRatioInterval(ratio(0.62, 0.58, 0.66))).toBe('0.62× (0.58–0.66)');
    expect(isWithinNoise(ratio(0.62, 0.58, 0.66))).toBe(false);
    expect(isWithinNoise(ratio(1.03, 0.97, 1.1))).toBe(true);
    expect(isWithinNoise(ratio(1, 1, 1))).toBe(true);
  });
});

describe('times', () => {
  it('writes a duration in the unit that keeps about three significant digits', () => {
    expect(formatDuration(0.0005)).toBe('500 ns');
    expect(formatDuration(0.0747)).toBe('74.7 µs');
    expect(formatDuration(0.1205)).toBe('121 µs');
    expect(formatDuration(2.3)).toBe('2.30 ms');
    expect(formatDuration(1200)).toBe('1.20 s');
  });

  it('writes throughput in megabytes of JSON text per second', () => {
    expect(formatThroughput(645.4)).toBe('645 MB/s');
    expect(formatThroughput(1834.2)).toBe('1,834 MB/s');
  });
});

describe('fidelity words', () => {
  it('counts only diffs that are data (not key order), with + when the check stopped counting', () => {
    expect(formatDiffCount(fidelity([order, value, value], true))).toBe('2+ diffs');
    expect(formatDiffCount(fidelity([order, value]))).toBe('1 diff');
    expect(formatDiffCount(fidelity([value], true))).toBe('1+ diffs');
    expect(describeDiffs(fidelity([order, value]))).toBe('1 diff (first: value at $.n)');
  });

  it('says a row is exact, how it lost data, or why it failed', () => {
    const row = (fields: Partial<RowResult>): RowResult => ({ name: 'cbor', kind: 'codec', ...fields });
    expect(fidelityText(row({ fidelity: fidelity([order]) }))).toBe('exact');
    expect(fidelityText(row({ fidelity: fidelity([order, value, value]) }))).toBe('2 diffs (first: value at $.n)');
    expect(fidelityText(row({ error: 'encode failed: boom' }))).toBe('error: encode failed: boom');
    expect(fidelityText(row({}))).toBe('');
  });

  it('shows values JSON.stringify would hide or refuse, and never throws', () => {
    expect(formatValue(Infinity)).toBe('Infinity');
    expect(formatValue(-0)).toBe('-0');
    expect(formatValue(undefined)).toBe('(absent)');
    expect(formatValue({ a: [NaN, -Infinity] })).toBe('{"a": [NaN, -Infinity]}');
    expect(formatValue('x')).toBe('"x"');
    expect(formatValue(12n)).toBe('12n');
    expect(formatValue(new Uint8Array(3))).toBe('bytes(3)');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(formatValue(cycle)).toBe('{"self": {"self": {"self": {…}}}}');
    expect(formatValue(Array.from({ length: 1e6 }, (_, i) => i))).toBe('[0, 1, 2, 3, 4, 5, 6, 7, …]');
    expect(formatValue('a'.repeat(100), 10)).toBe('"aaaaaaaa…');
  });
});
