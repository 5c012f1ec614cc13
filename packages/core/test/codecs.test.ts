import { describe, expect, it } from 'vitest';
import { createCodec } from '../src/create-codec.js';
import type { Codec, FormatId } from '../src/codec.js';
import { FORMATS, MEDIA_TYPES } from '../src/codec.js';
import { WirebenchError } from '../src/errors.js';
import { checkRoundTrip } from '../src/fidelity.js';
import { canonicalCases } from './support/canonical.js';

const cases = canonicalCases();

describe.each(FORMATS)('%s codec', (format: FormatId) => {
  it.each(cases.map((c) => [c.shape, c] as const))('round-trips the canonical %s payload exactly', async (_shape, sample) => {
    const codec = await createCodec(format, { schema: sample.schema });
    const bytes = codec.encode(sample.value);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBeGreaterThan(0);
    const report = checkRoundTrip(sample.value, codec.decode(bytes));
    expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('has the media type of its format and says which format it is', async () => {
    const codec = await createCodec(format, { schema: cases[0]!.schema });
    expect(codec.format).toBe(format);
    expect(codec.mediaType).toBe(MEDIA_TYPES[format]);
  });

  it('encodes twice from one instance without the second result changing the first', async () => {
    const sample = cases[0]!;
    const codec = await createCodec(format, { schema: sample.schema });
    const first = codec.encode(sample.value);
    const copy = first.slice();
    codec.encode({ ...sample.value, id: 7 });
    expect(first).toEqual(copy);
  });
});

describe('json decode', () => {
  it('keeps a U+FFFD that valid UTF-8 holds (only malformed bytes are refused)', async () => {
    const codec = await createCodec('json');
    expect(codec.decode(new TextEncoder().encode('{"r":"a\ufffdb","k":"\u00e9"}'))).toEqual({ r: 'a\ufffdb', k: 'é' });
  });
});

describe('media types', () => {
  it('are the registered or conventional ones', () => {
    expect(MEDIA_TYPES).toEqual({
      json: 'application/json',
      simdjson: 'application/json',
      msgpack: 'application/msgpack',
      cbor: 'application/cbor',
      protobuf: 'application/x-protobuf',
      flatbuffers: 'application/x-flatbuffers',
    });
  });
});

describe('createCodec', () => {
  it.each(['protobuf', 'flatbuffers'] as const)('rejects %s without a schema, saying how to get one', async (format) => {
    await expect(createCodec(format)).rejects.toThrow(WirebenchError);
    await expect(createCodec(format)).rejects.toThrow(/inferSchema|schemaFromProto/);
  });

  it('rejects an unknown format by listing the known ones', async () => {
    await expect(createCodec('yaml' as FormatId)).rejects.toThrow(/unknown format "yaml".*json, simdjson, msgpack/);
  });
});

describe('schema codecs refuse values that do not fit the schema', () => {
  const order = cases.find((c) => c.shape === 'order')!;
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
});
