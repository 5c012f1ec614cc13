/**
 * schema/values.ts: a value checked against the schema it is encoded with, through the protobuf and
 * FlatBuffers codecs. A key the schema does not know, a missing always-present key, a wrong type, an
 * integer out of range or -0 in an integer field is a WirebenchError naming the JSON path, never a
 * silent drop or coercion; decode refuses a record past the limits as encode does.
 */
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { canonicalCases } from '../support/canonical.js';
import { refusal } from '../support/refusal.js';

const SCHEMA_CODECS = [
  ['protobuf', protobufCodec],
  ['flatbuffers', flatbuffersCodec],
] as const;

describe('schema codecs refuse keys the schema does not know', () => {
  const schema = inferSchema({ id: 1, name: 'a' });

  it.each(SCHEMA_CODECS)('%s: a new key is an error with its path, not a silent drop', (_format, make) => {
    const error = refusal(() => make(schema).encode({ id: 2, name: 'b', email: 'x@y' }));
    expect(error.message).toMatch(/\$: key "email" is not in the schema/);
    expect(error.message).toMatch(/unknownKeys: 'drop'/);
  });

  it.each(SCHEMA_CODECS)('%s: a key inside a nested record that was empty in the sample', (_format, make) => {
    const nested = inferSchema({ meta: {} });
    expect(refusal(() => make(nested).encode({ meta: { a: 1 } })).message).toMatch(/\$\.meta: key "a" is not in the schema/);
  });

  it.each(SCHEMA_CODECS)("%s: { unknownKeys: 'drop' } leaves them out explicitly", (_format, make) => {
    const codec = make(schema, { unknownKeys: 'drop' });
    expect(codec.decode(codec.encode({ id: 2, name: 'b', email: 'x@y' }))).toEqual({ id: 2, name: 'b' });
  });
});

describe('schema codecs refuse values that do not fit the schema', () => {
  const order = canonicalCases().find((c) => c.shape === 'order')!;
  const codecs = (): Promise<Codec[]> => Promise.all((['protobuf', 'flatbuffers'] as const).map((f) => createCodec(f, { schema: order.schema })));

  it('names the path of a wrong-typed value', async () => {
    for (const codec of await codecs()) {
      const bad = { ...order.value, user_id: 'forty-two' };
      expect(() => codec.encode(bad)).toThrow(WirebenchError);
      expect(() => codec.encode(bad)).toThrow(/\$\.user_id: expected an integer/);
    }
  });

  it('names a missing always-present key', async () => {
    for (const codec of await codecs()) {
      const { currency: _dropped, ...bad } = order.value;
      expect(() => codec.encode(bad)).toThrow(/key "currency" is missing/);
    }
  });

  it('refuses an int32 out of range rather than wrapping it', async () => {
    for (const codec of await codecs()) {
      const items = [{ sku: 'x', quantity: 2 ** 31, unit_price_cents: 1, title: 't' }];
      expect(() => codec.encode({ ...order.value, items })).toThrow(/\$\.items\[0\]\.quantity: 2147483648 is outside/);
    }
  });

  it('keeps an absent optional key absent and a present zero present', async () => {
    for (const codec of await codecs()) {
      const { status: _s, ...withoutStatus } = order.value;
      const zero = { ...withoutStatus, total_cents: 0, currency: '' };
      const back = codec.decode(codec.encode(zero)) as Record<string, unknown>;
      expect(Object.hasOwn(back, 'status')).toBe(false);
      expect(back['total_cents']).toBe(0);
      expect(back['currency']).toBe('');
    }
  });

  it.each(SCHEMA_CODECS)('%s refuses -0 in an integer field instead of writing 0', (_format, make) => {
    expect(refusal(() => make(inferSchema({ a: 1, l: [1] })).encode({ a: 1, l: [2, -0] })).message).toMatch(/\$\.l\[1\]: -0 cannot be written as an integer/);
  });

  it.each(SCHEMA_CODECS)('%s names keys that are not identifiers in error paths as checkRoundTrip does', (_format, make) => {
    const codec = make(inferSchema({ 'unit-price': { 'a.b': 1 } }));
    expect(refusal(() => codec.encode({ 'unit-price': { 'a.b': 'x' } })).message).toContain('$["unit-price"]["a.b"]: expected an integer');
  });
});

describe('schema codecs hold records to the limits both ways', () => {
  it.each(SCHEMA_CODECS)('%s decode refuses a record with more keys than maxCollectionLength, as encode does', (_format, make) => {
    const schema = inferSchema({ a: 1, b: 2, c: 3 });
    const bytes = make(schema).encode({ a: 1, b: 2, c: 3 });
    const limited = make(schema, { limits: { maxCollectionLength: 2 } });
    expect(refusal(() => limited.encode({ a: 1, b: 2, c: 3 })).message).toContain('limits.maxCollectionLength (2)');
    expect(refusal(() => limited.decode(bytes)).message).toContain('limits.maxCollectionLength (2)');
  });
});
