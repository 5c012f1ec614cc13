import { describe, expect, it } from 'vitest';
import { bootstrapInterval, bootstrapRatioInterval, mannWhitneyU, median, normalCdf, quantile } from '../../src/measure/stats.js';

describe('measure statistics', () => {
  it('interpolates quantiles as R and NumPy do by default', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.75)).toBe(4);
    expect(quantile([10, 20], 0.99)).toBeCloseTo(19.9, 12);
    expect(median([5, 1, 3])).toBe(3);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('gives a reproducible bootstrap interval that holds the estimate and narrows with more data', () => {
    const noisy = [0.91, 1.02, 0.97, 1.1, 0.95, 1.0, 1.05, 0.88, 1.01, 0.99, 1.03];
    const a = bootstrapInterval(noisy);
    expect(bootstrapInterval(noisy)).toEqual(a);
    expect(a.low).toBeLessThanOrEqual(median(noisy));
    expect(a.high).toBeGreaterThanOrEqual(median(noisy));
    expect(a.low).toBeGreaterThanOrEqual(0.88);
    expect(a.high).toBeLessThanOrEqual(1.1);
    const more = bootstrapInterval([...noisy, ...noisy, ...noisy, ...noisy]);
    expect(more.high - more.low).toBeLessThan(a.high - a.low);
    expect(bootstrapInterval([2, 2, 2])).toEqual({ low: 2, high: 2 });
  });

  it("bootstraps the ratio of two groups' medians", () => {
    const before = [1, 1.02, 0.98, 1.01, 0.99];
    const after = before.map((v) => v * 1.25);
    const interval = bootstrapRatioInterval(before, after);
    expect(interval.low).toBeGreaterThan(1.15);
    expect(interval.high).toBeLessThan(1.35);
  });

  it('matches textbook Mann–Whitney U values', () => {
    // Fully separated groups of five: U = 0, z = (12.5 − 0.5) / √(25·11/12), two-sided p ≈ 0.0122.
    const separated = mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    expect(separated.u).toBe(0);
    expect(separated.p).toBeCloseTo(0.0122, 3);
    expect(mannWhitneyU([1, 2, 3], [1, 2, 3]).p).toBeCloseTo(1, 6);
    expect(mannWhitneyU([4, 4, 4], [4, 4, 4]).p).toBe(1);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
});
