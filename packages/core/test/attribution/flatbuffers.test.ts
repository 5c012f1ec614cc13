/** FlatBuffers by kind: vtable slots of record fields are keys, scalars and strings values, the rest (padding included) framing. */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/attribution/index.js';
import { createCodec } from '../../src/create-codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { splits } from './support.js';

describe('flatbuffers attribution', () => {
  it('charges the root offset, vtable header, padding and soffset to the table, slots to the keys', () => {
    // 4 root uoffset, 4 vtable header + 2 slot, 2 padding, 4 soffset + 4 uoffset, 4 vector length + 2 × 4.
    expect(splits(attribute('flatbuffers', { a: [1, 2] }))).toEqual({
      $: { keys: 0, values: 0, framing: 4 + 4 + 2 + 4 },
      '$.a': { keys: 2, values: 0, framing: 4 + 4 },
      '$.a[*]': { keys: 0, values: 8, framing: 0 },
    });
  });

  it('charges the padding that aligns a structure to that structure', () => {
    const rows = splits(attribute('flatbuffers', { a: 1.5, b: 'xy', c: true }));
    // The table holds a double, so it sits at 4 mod 8: 6 bytes of padding after the 10-byte vtable.
    expect(rows['$']).toEqual({ keys: 0, values: 0, framing: 4 + 4 + 6 + 4 });
    // The string follows the 17-byte table: 3 bytes of padding, then length, UTF-8 and NUL.
    expect(rows['$.b']).toEqual({ keys: 2, values: 4 + 2 + 1, framing: 4 + 3 });
  });

  it('charges a shared vtable once', () => {
    const one = attribute('flatbuffers', { list: [{ n: 1 }] }, { schema: inferSchema({ list: [{ n: 1 }] }) });
    const two = attribute('flatbuffers', { list: [{ n: 1 }, { n: 2 }] }, { schema: inferSchema({ list: [{ n: 1 }] }) });
    // The second table adds its uoffset, soffset and int32, not another vtable (nor its key slot).
    expect(splits(two)['$.list[*].n']?.keys).toBe(splits(one)['$.list[*].n']?.keys);
    expect(two.total - one.total).toBe(12);
  });

  it('matches the codec for every dynamic Value kind and map entries', async () => {
    const value = { any: [null, true, 1, -0, 0.5, 'text', [1, [2]], { k: 'v', '': null }], map: { '1': 1.5, '2': 2.5 }, strings: { '7': 'a', '8': 'bb' } };
    const schema = inferSchema(value);
    const codec = await createCodec('flatbuffers', { schema });
    const a = attribute('flatbuffers', value, { schema });
    expect(a.total).toBe(codec.encode(value).length);
    expect(splits(a)['$.strings.*']?.keys).toBe(2 * (4 + 1 + 1));
  });
});
