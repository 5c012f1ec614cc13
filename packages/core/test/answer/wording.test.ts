/** answer/wording.ts: the figures as the reasons quote them. */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatResponses, servedWords } from '../../src/answer/wording.js';

describe('wording', () => {
  it('milliseconds: whole above 10, one decimal above 1, two significant digits below', () => {
    expect([412.4, 41.4, 10, 3.24, 3, 0.2, 0.04217, 0.0004, 0, -3.24].map(formatMs)).toEqual([
      '412 ms',
      '41 ms',
      '10 ms',
      '3.2 ms',
      '3 ms',
      '0.20 ms',
      '0.042 ms',
      '<0.001 ms',
      '0 ms',
      '3.2 ms',
    ]);
  });

  it('bytes in B, KB (1,000 bytes) and MB', () => {
    expect([850, 1_200, 7_871, 12_000, 11_702, 120_400, 1_400_000, -1_600].map(formatBytes)).toEqual(['850 B', '1.2 KB', '7.9 KB', '12 KB', '11.7 KB', '120 KB', '1.4 MB', '1.6 KB']);
  });

  it('responses and served encodings', () => {
    expect([1, 9, 'never' as const].map(formatResponses)).toEqual(['1 response', '9 responses', 'never']);
    expect((['none', 'gzip', 'brotli'] as const).map(servedWords)).toEqual(['uncompressed', 'with gzip', 'with brotli']);
  });
});
