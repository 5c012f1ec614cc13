/**
 * answer/break-even.ts: after how many responses the bytes (and the time) a row saves repay its
 * JavaScript, once; never when it saves nothing; nothing to repay for JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakEven, responsesToRepay } from '../../src/answer/break-even.js';
import { timeUntilUsable } from '../../src/answer/time-until-usable.js';

describe('responsesToRepay', () => {
  it('is the smallest whole number of responses whose savings cover the cost', () => {
    // The example: 7.9 KB of JS, 500 bytes saved per response.
    expect(responsesToRepay(7_900, 500)).toBe(16);
    expect(responsesToRepay(12_000, 500)).toBe(24);
    expect(responsesToRepay(12_001, 500)).toBe(25);
    expect(responsesToRepay(1, 500)).toBe(1);
    // A rounding error above an integer is not one more response.
    expect(responsesToRepay(0.3, 0.1)).toBe(3);
  });

  it('is 0 with nothing to repay and never when a response saves nothing', () => {
    expect(responsesToRepay(0, -100)).toBe(0);
    expect(responsesToRepay(12_000, 0)).toBe('never');
    expect(responsesToRepay(12_000, -3)).toBe('never');
  });

  it('covers the cost, and one response fewer does not (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 100_000 }), (cost, saved) => {
        const n = responsesToRepay(cost, saved) as number;
        expect(n * saved).toBeGreaterThanOrEqual(cost);
        expect((n - 1) * saved).toBeLessThan(cost);
      }),
    );
  });

  it('refuses a negative cost and a non-finite saving', () => {
    expect(() => responsesToRepay(-1, 5)).toThrow(/cost must be a finite number ≥ 0/);
    expect(() => responsesToRepay(5, Number.NaN)).toThrow(/must be finite/);
  });
});

describe('breakEven', () => {
  const json = timeUntilUsable({ bytes: 7_900, decompressMs: 0.1, decodeMs: 0.3 }, '3g-slow', 'gzip');

  it('by bytes and by time on the preset', () => {
    // 500 bytes less per response; decode 0.5 ms slower. On 3G Slow 500 B take 10 ms: 9.5 ms saved.
    const row = timeUntilUsable({ bytes: 7_400, decompressMs: 0.1, decodeMs: 0.8 }, '3g-slow', 'gzip');
    const be = breakEven({ jsBytes: 11_700, row, json }, '3g-slow');
    expect(be).toEqual({
      network: '3g-slow',
      served: 'gzip',
      jsBytes: 11_700,
      bytesSavedPerResponse: 500,
      responsesByBytes: 24,
      // 11,700 B at 400 Kbps: 234 ms, repaid by 9.5 ms a response after 25 responses.
      jsDownloadMs: 234,
      msSavedPerResponse: json.totalMs - row.totalMs,
      responsesByTime: 25,
    });
    expect(be.msSavedPerResponse).toBeCloseTo(9.5, 10);
  });

  it('a row that saves bytes but decodes slower can never repay its JS in time on a fast link', () => {
    const fios = (bytes: number, decodeMs: number) => timeUntilUsable({ bytes, decompressMs: 0.1, decodeMs }, 'fios', 'gzip');
    // 500 B at 20 Mbps is 0.2 ms: less than the 0.5 ms its decode loses.
    const be = breakEven({ jsBytes: 11_700, row: fios(7_400, 0.8), json: fios(7_900, 0.3) }, 'fios');
    expect(be.responsesByBytes).toBe(24);
    expect(be.responsesByTime).toBe('never');
  });

  it('never when the row sends more bytes and is slower; 0 for JSON itself (no JS of its own)', () => {
    const row = timeUntilUsable({ bytes: 9_500, decompressMs: 0.1, decodeMs: 0.3 }, '3g-slow', 'gzip');
    expect(breakEven({ jsBytes: 11_700, row, json }, '3g-slow')).toMatchObject({
      bytesSavedPerResponse: -1_600,
      responsesByBytes: 'never',
      responsesByTime: 'never',
    });
    expect(breakEven({ jsBytes: 0, row: json, json }, '3g-slow')).toMatchObject({ jsDownloadMs: 0, responsesByBytes: 0, responsesByTime: 0 });
    // JSON-serializable: 'never', not Infinity.
    const be = breakEven({ jsBytes: 11_700, row, json }, '3g-slow');
    expect(JSON.parse(JSON.stringify(be))).toEqual(be);
  });

  it('compares like with like', () => {
    const other = timeUntilUsable({ bytes: 7_400, decompressMs: 0.1, decodeMs: 0.3 }, '4g', 'gzip');
    expect(() => breakEven({ jsBytes: 1, row: other, json }, '3g-slow')).toThrow(/the row's time until usable is for 4g, not 3g-slow/);
    const none = timeUntilUsable({ bytes: 7_400, decodeMs: 0.3 }, '3g-slow', 'none');
    expect(() => breakEven({ jsBytes: 1, row: none, json }, '3g-slow')).toThrow(/served as none and JSON as gzip/);
    expect(() => breakEven({ jsBytes: -1, row: json, json }, '3g-slow')).toThrow(/JS bytes must be a finite number ≥ 0/);
  });
});
