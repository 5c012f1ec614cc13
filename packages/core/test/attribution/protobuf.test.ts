/** Protobuf by kind: tags stand for keys, payloads are values, lengths and helper messages are framing. */
import { describe, expect, it } from 'vitest';
import { attribute } from '../../src/attribution/index.js';
import { createCodec } from '../../src/create-codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { splits } from './support.js';

describe('protobuf attribution', () => {
  it('charges field tags to keys, payloads to values, lengths to framing', () => {
    expect(splits(attribute('protobuf', { a: [1, 2], u: { n: 'x' } }))).toEqual({
      $: { keys: 0, values: 0, framing: 0 },
      // The packed list: its tag, its length.
      '$.a': { keys: 1, values: 0, framing: 1 },
      '$.a[*]': { keys: 0, values: 2, framing: 0 },
      '$.u': { keys: 1, values: 0, framing: 1 },
      '$.u.n': { keys: 1, values: 2, framing: 0 },
    });
  });

  it('charges each map entry: its field tag to the map (the first as the key), its key to keys, its length and value tag to framing', () => {
    expect(splits(attribute('protobuf', { m: { '1': true, '2': false } }))).toEqual({
      $: { keys: 0, values: 0, framing: 0 },
      '$.m': { keys: 1, values: 0, framing: 1 },
      '$.m.*': { keys: 2 * 3, values: 2, framing: 2 * 2 },
    });
  });

  it('charges a dynamic Value: a scalar member tag is the value type, list and element framing are framing', () => {
    expect(splits(attribute('protobuf', { x: [1, 'a', null, [true]] }))).toEqual({
      $: { keys: 0, values: 0, framing: 0 },
      // A repeated field's tag before each element: the first names the field, the others delimit.
      '$.x': { keys: 1, values: 0, framing: 3 },
      '$.x[*]': { keys: 0, values: 2 + 3, framing: 4 + 2 },
      '$.x[*][*]': { keys: 0, values: 2, framing: 2 },
    });
  });

  it('charges the wrapped root and helper messages to framing, never keys', () => {
    const wrapped = attribute('protobuf', [[1, 2], [3]]);
    expect(wrapped.byKind.keys).toBe(0);
    expect(wrapped.byKind.values).toBe(3);
  });

  it('matches the codec where lengths take several varint bytes', async () => {
    for (const n of [127, 128, 16383, 16384, 2097152]) {
      const value = { s: 'x'.repeat(n), nested: { t: 'y'.repeat(n) }, list: [{ t: 'z'.repeat(n) }], n: [-1, 2 ** 31 - 1, -(2 ** 31)] };
      const schema = inferSchema(value);
      const codec = await createCodec('protobuf', { schema });
      expect(attribute('protobuf', value, { schema }).total).toBe(codec.encode(value).length);
    }
  });
});
