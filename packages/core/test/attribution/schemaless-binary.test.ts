/** msgpack and CBOR by kind, and their header sizes at every width, against wirebench's codecs. */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/attribution/index.js';
import { createCodec } from '../../src/create-codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { splits } from './support.js';

describe('msgpack and CBOR attribution', () => {
  it('charges key strings with their headers to keys, scalar items whole to values, container headers to framing', () => {
    const value = { a: [1, 2], b: 'xy', c: 1.5 };
    expect(splits(attribute('msgpack', value))).toEqual({
      $: { keys: 0, values: 0, framing: 1 },
      '$.a': { keys: 2, values: 0, framing: 1 },
      '$.a[*]': { keys: 0, values: 2, framing: 0 },
      '$.b': { keys: 2, values: 3, framing: 0 },
      '$.c': { keys: 2, values: 9, framing: 0 },
    });
    // CBOR's maps always take a 16-bit count.
    expect(splits(attribute('cbor', value))['$']).toEqual({ keys: 0, values: 0, framing: 3 });
  });

  it('matches the codecs at every header and number width', async () => {
    const numbers = [
      0,
      -0,
      1,
      23,
      24,
      127,
      128,
      255,
      256,
      65535,
      65536,
      2 ** 32 - 1,
      2 ** 32,
      2 ** 53 - 1,
      2 ** 53,
      -1,
      -24,
      -25,
      -32,
      -33,
      -128,
      -129,
      -256,
      -257,
      -32768,
      -32769,
      -65536,
      -65537,
      -(2 ** 31),
      -(2 ** 31) - 1,
      -(2 ** 32),
      -(2 ** 32) - 1,
      -(2 ** 53) + 1,
      0.5,
      1e300,
    ];
    const strings = [0, 23, 24, 31, 32, 255, 256, 65535, 65536].map((n) => 'é'.repeat(Math.floor(n / 2)) + 'x'.repeat(n % 2));
    const arrays = [0, 15, 16, 23, 24, 255, 256, 65535, 65536].map((n) => new Array<number>(n).fill(1));
    const objects = [0, 15, 16, 65535, 65536].map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    for (const format of ['msgpack', 'cbor'] as const) {
      const codec = await createCodec(format);
      for (const value of [...numbers, ...strings, ...arrays, ...objects, { numbers, strings }]) {
        const schema = inferSchema(value);
        expect(attribute(format, value, { schema }).total, `${format} ${JSON.stringify(value).slice(0, 40)}`).toBe(codec.encode(value).length);
      }
    }
  });
});
