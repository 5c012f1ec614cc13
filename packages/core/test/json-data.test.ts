/**
 * json-data.ts: what counts as JSON data (plain objects, finite numbers, well-formed strings) and
 * keys as own data, through the codecs: encode refuses what is not JSON data with its JSON path, a
 * lone surrogate is kept exactly by json and refused by the binary formats (never replaced), a
 * "__proto__" key stays an own key without touching Object.prototype, and no codec reads a key from
 * the prototype chain.
 */
import { describe, expect, it } from 'vitest';
import type { Codec, FormatId } from '../src/codec.js';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { checkRoundTrip } from '../src/fidelity.js';
import { flatbuffersCodec } from '../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import { inferSchema } from '../src/schema/infer.js';
import { OPTIONAL_SCALARS } from './support/optional-scalars.js';
import { refusal } from './support/refusal.js';

const SCHEMA_CODECS = [
  ['protobuf', protobufCodec],
  ['flatbuffers', flatbuffersCodec],
] as const;

describe('schema codecs refuse what is not JSON data, with its path', () => {
  const schema = inferSchema({ n: 1.5, s: 'x', list: [1.5], any: [1, 'a'], map: { '1': 1.5, '2': 2.5 } });
  const good = { n: 1.5, s: 'x', list: [1.5], any: [1, 'a'], map: { '1': 1.5, '2': 2.5 } };
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['NaN', { n: NaN }, /\$\.n holds NaN/],
    ['Infinity in a list', { list: [1, Infinity] }, /\$\.list\[1\] holds Infinity/],
    ['-Infinity in a dynamic value', { any: [-Infinity] }, /\$\.any\[0\] holds -Infinity/],
    ['a BigInt', { n: 10n }, /\$\.n holds the BigInt 10/],
    ['a Date', { n: new Date(0) }, /\$\.n holds a Date/],
    ['a Map', { map: new Map([['1', 1]]) }, /\$\.map holds a Map/],
    ['a Set in a dynamic value', { any: new Set([1]) }, /\$\.any holds a Set/],
    ['a typed array', { list: new Float64Array([1]) }, /\$\.list holds a Float64Array/],
    ['undefined', { s: undefined }, /\$\.s holds undefined/],
    ['a class instance', { map: new (class Point {})() }, /\$\.map holds a Point/],
    ['a lone surrogate', { s: 'a\ud800b' }, /\$\.s holds a string with a lone surrogate/],
    ['a lone surrogate in a map key', { map: { '\udc00': 1 } }, /\$\.map\["\\udc00"\] holds a key with a lone surrogate/],
  ];

  it.each(SCHEMA_CODECS)('%s', (_format, make) => {
    const codec = make(schema);
    expect(codec.decode(codec.encode(good))).toEqual(good);
    for (const [, change, message] of bad) expect(refusal(() => codec.encode({ ...good, ...change })).message).toMatch(message);
  });
});

describe('lone surrogates: kept exactly by json, refused at encode by the binary formats, never replaced', () => {
  const value = { short: 'a\ud800b', long: `${'x'.repeat(300)}\udfff` };

  it.each(FORMATS)('%s', async (format) => {
    const codec = await createCodec(format, { schema: inferSchema({ short: 'a', long: 'b' }) });
    if (format === 'json' || format === 'simdjson') {
      expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
    } else {
      expect(refusal(() => codec.encode(value)).message).toMatch(/\$\.short holds a string with a lone surrogate/);
      expect(refusal(() => codec.encode({ short: 'a', long: value.long })).message).toMatch(/\$\.long holds a string with a lone surrogate/);
    }
  });
});

describe('__proto__ keys are own data in all six formats, and Object.prototype stays clean', () => {
  const text = '{"__proto__": {"polluted": 1}, "list": [{"__proto__": null}]}';

  it.each(FORMATS)('%s', async (format) => {
    const value = JSON.parse(text) as Record<string, unknown>;
    let codec: Codec;
    try {
      codec = await createCodec(format, { schema: inferSchema(value) });
    } catch (error) {
      // simdjson is optional; its absence is tested in formats/simdjson/optional-addon.test.ts.
      if (format === 'simdjson') return expect(String(error)).toMatch(/simdjson native addon/);
      throw error;
    }
    const decoded = codec.decode(codec.encode(value)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.hasOwn(decoded, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toEqual(JSON.parse('{"polluted": 1}'));
    const item = (decoded['list'] as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
    expect(Object.hasOwn(item, '__proto__')).toBe(true);
    expect(checkRoundTrip(value, decoded).ok).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

/** Exact round trip through a format with a schema inferred from the value. */
async function roundTripsIn(format: FormatId, value: unknown): Promise<void> {
  const codec = await createCodec(format, { schema: inferSchema(value) });
  const report = checkRoundTrip(value, codec.decode(codec.encode(value)));
  expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('a "__proto__" key (JSON.parse makes it an own key)', () => {
  const value = JSON.parse('{"__proto__":{"polluted":1},"list":[{"__proto__":2}]}') as unknown;

  it.each(FORMATS)('%s keeps it as data', async (format) => {
    await roundTripsIn(format, value);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('keys are read as own properties only', () => {
  it('schema codecs do not read keys from the prototype chain (toString is not a value)', () => {
    for (const codec of [flatbuffersCodec(OPTIONAL_SCALARS), protobufCodec(OPTIONAL_SCALARS)]) {
      expect(codec.decode(codec.encode({ names: [] }))).toEqual({ names: [] });
    }
  });
});
