/** Compressed totals sit beside the attribution; they are not split by path. */

import { createCodec } from '@wirebench/core';
import { attribute } from '@wirebench/core/attribution';
import { describe, expect, it } from 'vitest';
import { withCompressedTotals } from '../../src/attribution/compressed.js';

describe('withCompressedTotals', () => {
  const value = { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, label: 'the same label' })) };

  it('adds the compressed size of the encoding the attribution describes', async () => {
    const bytes = (await createCodec('msgpack')).encode(value);
    const a = await withCompressedTotals(attribute('msgpack', value), bytes);
    expect(a.compressed?.['gzip']).toBeGreaterThan(0);
    expect(a.compressed?.['gzip']).toBeLessThan(bytes.length);
    expect(a.total).toBe(bytes.length);
  });

  it('refuses bytes of another encoding', async () => {
    const bytes = (await createCodec('json')).encode(value);
    await expect(withCompressedTotals(attribute('msgpack', value), bytes, {})).rejects.toThrow(/attribution/);
  });
});
