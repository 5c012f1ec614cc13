/**
 * parseDecimal (src/decimal.ts): what a person types as a quantity, read by the CLI's options and
 * by the playground's form and shared links.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../src/decimal.js';

describe('parseDecimal', () => {
  it('reads decimal digits, a point and an exponent, and nothing else', () => {
    for (const [text, value] of [
      ['0', 0],
      [' 12 ', 12],
      ['.5', 0.5],
      ['5.', 5],
      ['1e3', 1000],
      ['2.5E-3', 0.0025],
      ['1e-400', 0],
    ] as const) {
      expect(parseDecimal(text), text).toBe(value);
    }
    for (const text of ['', ' ', '-1', '-0', '+1', '0x10', '0b1', '1_000', 'NaN', 'Infinity', '1e309', '1e', '.', 'e5', '1.2.3', '1 2']) {
      expect(parseDecimal(text), text).toBeUndefined();
    }
  });

  it('agrees with Number() on every finite decimal it takes', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(parseDecimal(String(value))).toBe(Number(String(value)));
      }),
    );
  });

  it('refuses a long run of digits that ends wrong at once: no backtracking over the run (a shared link carries the text)', () => {
    // With `\d+\.?\d*` each digit could go to either run: 60,000 digits then "x" took 10 s, 300,000 would take minutes.
    const run = '1'.repeat(300_000);
    for (const text of [`${run}x`, `${run}.`, `.${run}e`]) expect(parseDecimal(text)).toBeUndefined();
  });
});
