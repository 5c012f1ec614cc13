/**
 * wire/buffer.ts: the encoders reuse one buffer between encodes, keep it while encodes still fill a
 * good part of it, and drop it after a one-off huge value; the bytes must not depend on either.
 */
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { inferSchema } from '../src/schema/infer.js';
import { keepsBuffer } from '../src/wire/buffer.js';

describe('keepsBuffer', () => {
  it('keeps any buffer up to 1 MiB, and a larger one while a write fills a quarter of it', () => {
    expect(keepsBuffer(1 << 20, 0)).toBe(true);
    expect(keepsBuffer(4 << 20, 1 << 20)).toBe(true);
    expect(keepsBuffer(4 << 20, (1 << 20) - 1)).toBe(false);
    expect(keepsBuffer((1 << 20) + 1, 0)).toBe(false);
  });
});

describe('encoders after a huge value', () => {
  const huge = { rows: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `row ${i} `.repeat(8) })) };
  const small = { rows: [{ id: 1, name: 'one' }] };
  const schema = inferSchema(huge);

  it.each(FORMATS.filter((format) => format !== 'simdjson'))('%s: huge, small, huge again give the same bytes as a fresh codec', async (format) => {
    const codec = await createCodec(format, { schema });
    const fresh = async () => createCodec(format, { schema });
    const hugeBytes = codec.encode(huge);
    expect(hugeBytes.length).toBeGreaterThan(3 << 20); // past 1 MiB, so the small encode after it drops the buffer
    expect(codec.encode(small)).toEqual((await fresh()).encode(small));
    expect(codec.encode(huge)).toEqual(hugeBytes);
    expect(codec.decode(codec.encode(small))).toEqual(small);
  });
});
