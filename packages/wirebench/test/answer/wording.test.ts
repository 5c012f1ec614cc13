/** answer/wording.ts: the figures as the reasons quote them. */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatResponses, servedWords } from '../../src/answer/wording.js';

describe('wording', () => {
  it("quotes durations and sizes in the reports' one style (report/format.ts), by magnitude", () => {
    expect([412.4, 41.4, 3.24, 0.2, 0.0004, -3.24].map(formatMs)).toEqual(['412 ms', '41.4 ms', '3.24 ms', '200 µs', '400 ns', '3.24 ms']);
    expect([850, 1_200, 11_702, 120_400, 1_400_000, -1_600].map(formatBytes)).toEqual(['850 B', '1,200 B', '11,702 B', '120 kB', '1.40 MB', '1,600 B']);
  });

  it('responses and served encodings', () => {
    expect([1, 9, 'never' as const].map(formatResponses)).toEqual(['1 response', '9 responses', 'never']);
    expect((['none', 'gzip', 'brotli'] as const).map(servedWords)).toEqual(['uncompressed', 'with gzip', 'with brotli']);
  });
});
