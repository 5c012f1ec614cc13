/**
 * Issue 9, "exact or loud": every item the review reproduced, pinned. Each test failed on the
 * code before its fix. (msgpack/CBOR readers: msgpack-cbor.test.ts; printed schemas:
 * schema-contract.test.ts; hostile bytes: fuzz.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Codec, FormatId } from '../src/codec.js';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { checkRoundTrip } from '../src/fidelity.js';
import { flatbuffersCodec } from '../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import type { Limits } from '../src/limits.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { inferSchema } from '../src/schema/infer.js';
import type { Schema } from '../src/schema/types.js';

const SCHEMA_CODECS = [
  ['protobuf', protobufCodec],
  ['flatbuffers', flatbuffersCodec],
] as const;

/** Runs `action` and returns the WirebenchError it throws (failing when it throws nothing or something else). */
function refusal(action: () => unknown): WirebenchError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    return error as WirebenchError;
  }
  throw new Error('expected a WirebenchError, but nothing was thrown');
}

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

  it('createCodec passes the option on', async () => {
    const codec = await createCodec('protobuf', { schema, unknownKeys: 'drop' });
    expect(codec.decode(codec.encode({ id: 2, name: 'b', email: 'x@y' }))).toEqual({ id: 2, name: 'b' });
  });
});

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

describe('malformed UTF-8 is refused by FlatBuffers (as by json and protobuf)', () => {
  const schema = inferSchema({ s: 'ab' });
  it.each([
    ['0xFF', [0xff, 0x61]],
    ['an overlong NUL', [0xc0, 0x80]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a truncated sequence', [0x61, 0xe2, 0x82]],
  ])('%s', (_name, invalid) => {
    const codec = flatbuffersCodec(schema);
    const bytes = codec.encode({ s: 'x'.repeat(invalid.length) });
    const at = bytes.length - invalid.length - 1; // the string's bytes, before its NUL terminator
    bytes.set(invalid, at);
    expect(refusal(() => codec.decode(bytes)).message).toMatch(/not valid UTF-8/);
  });
});

/** `{ a: { a: … { a: 1 } } }` with `levels` objects. */
function nestedRecords(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** `[[…[1]…]]` with `levels` arrays. */
function nestedLists(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('encode refuses exactly what decode refuses: nesting', () => {
  // Before: FlatBuffers wrote 70 nested records (or 23 levels inside an `any` field) that its own decoder refused at table depth 64.
  it.each(SCHEMA_CODECS)('%s writes and reads 70 nested records and 40 levels inside a dynamic value', (_format, make) => {
    const records = nestedRecords(70);
    const records_ = make(inferSchema(records));
    expect(records_.decode(records_.encode(records))).toEqual(records);
    const dynamic = { any: [1, 'a', nestedLists(40)] };
    const dynamic_ = make(inferSchema(dynamic));
    expect(dynamic_.decode(dynamic_.encode(dynamic))).toEqual(dynamic);
  });

  it.each(FORMATS)('%s: one level past maxDepth is refused by encode, and by decode of bytes written under a higher limit', async (format) => {
    const maxDepth = 40;
    const at = nestedLists(maxDepth);
    const past = nestedLists(maxDepth + 1);
    const schema = inferSchema([1, 'any JSON value']);
    const strict = await createCodec(format, { schema, limits: { maxDepth } });
    const loose = await createCodec(format, { schema, limits: { maxDepth: maxDepth + 10 } });
    expect(strict.decode(strict.encode(at))).toEqual(at);
    expect(refusal(() => strict.encode(past)).message).toContain(`limits.maxDepth (${maxDepth})`);
    expect(refusal(() => strict.decode(loose.encode(past))).message).toContain(`limits.maxDepth (${maxDepth})`);
  });

  it('protobuf also keeps to its own recursion limit of 100 messages, which protoc shares, and says so', () => {
    const codec = protobufCodec(inferSchema([1, 'any JSON value']));
    expect(refusal(() => codec.encode(nestedLists(DEFAULT_LIMITS.maxDepth))).message).toMatch(/nests more than 100 messages deep/);
  });
});

describe('limits: one options object for every codec, enforced by decode and by encode', () => {
  const value = { list: [1, 2, 3, 4], text: 'héllo', nested: [[1]] };
  const cases: Array<[keyof Limits, number, unknown]> = [
    ['maxCollectionLength', 3, { list: [1, 2, 3, 4], text: 'a', nested: [[1]] }],
    ['maxStringLength', 5, { list: [1], text: 'héllo', nested: [[1]] }], // 6 bytes of UTF-8
    ['maxDepth', 2, { list: [1], text: 'a', nested: [[1]] }],
  ];

  it.each(FORMATS)('%s', async (format) => {
    const schema = inferSchema(value);
    const unlimited = await createCodec(format, { schema });
    for (const [name, limit, payload] of cases) {
      const limited = await createCodec(format, { schema, limits: { [name]: limit } });
      expect(refusal(() => limited.encode(payload)).message).toContain(`limits.${name} (${limit})`);
      expect(refusal(() => limited.decode(unlimited.encode(payload))).message).toContain(`limits.${name} (${limit})`);
    }
    const bytes = unlimited.encode(value);
    const small = await createCodec(format, { schema, limits: { maxBytes: bytes.length - 1 } });
    expect(refusal(() => small.encode(value)).message).toContain(`limits.maxBytes (${bytes.length - 1})`);
    expect(refusal(() => small.decode(bytes)).message).toContain(`limits.maxBytes (${bytes.length - 1})`);
    const exact = await createCodec(format, { schema, limits: { maxBytes: bytes.length, maxStringLength: 6, maxCollectionLength: 4, maxDepth: 3 } });
    expect(exact.decode(exact.encode(value))).toEqual(value);
  });

  it('refuses limits that are not positive integers, or unknown', async () => {
    await expect(createCodec('json', { limits: { maxDepth: 0 } })).rejects.toThrow(/limits\.maxDepth must be a positive integer/);
    await expect(createCodec('cbor', { limits: { maxBytes: 1.5 } })).rejects.toThrow(/limits\.maxBytes must be a positive integer/);
    await expect(createCodec('msgpack', { limits: { maxDeep: 3 } as unknown as Partial<Limits> })).rejects.toThrow(/unknown limit "maxDeep"/);
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
      // simdjson is optional; its absence is tested in simdjson-optional.test.ts.
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

describe('simdjson decodes exactly what JSON.parse does', () => {
  const documents = ['[-0, 1, {"a": -0}]', '{"\\u005f_proto__": {"x": 1}}', '["a\\ud800b"]', '[123456789012345678901234567890]', '[1e400]'];

  it.each(documents)('%s', async (document) => {
    let codec: Codec;
    try {
      codec = await createCodec('simdjson');
    } catch {
      return; // the addon is optional (see simdjson-optional.test.ts)
    }
    const decoded = codec.decode(new TextEncoder().encode(document));
    expect(checkRoundTrip(JSON.parse(document), decoded).ok).toBe(true);
    expect(Object.getPrototypeOf(decoded)).toBe(Array.isArray(decoded) ? Array.prototype : Object.prototype);
  });
});

describe('the wrapped root counts as its value, not as a level of nesting', () => {
  const formats: FormatId[] = ['protobuf', 'flatbuffers'];
  it.each(formats)('%s', async (format) => {
    const schema: Schema = inferSchema([[1]]);
    const codec = await createCodec(format, { schema, limits: { maxDepth: 2 } });
    expect(codec.decode(codec.encode([[1]]))).toEqual([[1]]);
    expect(refusal(() => codec.encode([[[1]]])).message).toContain('limits.maxDepth (2)');
  });
});

describe('review findings, pinned', () => {
  it.each(FORMATS)('%s keeps a leading U+FEFF in strings and keys, short and long', async (format) => {
    const value = JSON.parse('{"__proto__": 1, "\\ufeffa": "\\ufeffx", "a": 2, "long": ""}') as Record<string, unknown>;
    value['long'] = `\ufeff${'a'.repeat(300)}`;
    const codec = await createCodec(format, { schema: inferSchema(value) });
    expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
    const plain = { s: `\ufeff${'b'.repeat(198)}`, m: { '\ufeffk1': 1, k1: 2 } };
    const plainCodec = await createCodec(format, { schema: inferSchema(plain) });
    expect(checkRoundTrip(plain, plainCodec.decode(plainCodec.encode(plain))).ok).toBe(true);
  });

  it.each(SCHEMA_CODECS)('%s refuses -0 in an integer field instead of writing 0', (_format, make) => {
    expect(refusal(() => make(inferSchema({ a: 1, l: [1] })).encode({ a: 1, l: [2, -0] })).message).toMatch(/\$\.l\[1\]: -0 cannot be written as an integer/);
  });

  it.each(SCHEMA_CODECS)('%s names keys that are not identifiers in error paths as checkRoundTrip does', (_format, make) => {
    const codec = make(inferSchema({ 'unit-price': { 'a.b': 1 } }));
    expect(refusal(() => codec.encode({ 'unit-price': { 'a.b': 'x' } })).message).toContain('$["unit-price"]["a.b"]: expected an integer');
  });

  it.each(SCHEMA_CODECS)('%s decode refuses a record with more keys than maxCollectionLength, as encode does', (_format, make) => {
    const schema = inferSchema({ a: 1, b: 2, c: 3 });
    const bytes = make(schema).encode({ a: 1, b: 2, c: 3 });
    const limited = make(schema, { limits: { maxCollectionLength: 2 } });
    expect(refusal(() => limited.encode({ a: 1, b: 2, c: 3 })).message).toContain('limits.maxCollectionLength (2)');
    expect(refusal(() => limited.decode(bytes)).message).toContain('limits.maxCollectionLength (2)');
  });

  it('json refuses to encode a value JSON.stringify gives no text for', async () => {
    const json = await createCodec('json');
    expect(refusal(() => json.encode(undefined)).message).toMatch(/json: \$ holds undefined/);
    expect(refusal(() => json.encode(() => 1)).message).toMatch(/json: \$ holds a function/);
  });

  const simdjsonCases = [
    ['an escaped backslash before a u, then a lone low surrogate', { s: '\\ud800\udc00' }],
    ['keys with \\u0000', { 'a\u0000b': 1, a: 2, '\u0000': [{ '\u0000': 3 }] }],
    ['a lone high surrogate before another escape', { s: '\ud800\u0001', t: 'x\udbff\n' }],
  ] as const;
  it.each(simdjsonCases)('simdjson keeps %s', async (_name, value) => {
    let codec: Codec;
    try {
      codec = await createCodec('simdjson');
    } catch {
      return; // the addon is optional (see simdjson-optional.test.ts)
    }
    expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
  });

  it('simdjson reads a negative literal that underflows as -0, and its errors carry its own format', async () => {
    let codec: Codec;
    try {
      codec = await createCodec('simdjson', { limits: { maxDepth: 1 } });
    } catch {
      return;
    }
    const decoded = codec.decode(new TextEncoder().encode(`[-0.${'0'.repeat(330)}1]`)) as number[];
    expect(Object.is(decoded[0], -0)).toBe(true);
    const error = refusal(() => codec.encode([[1]]));
    expect(error.format).toBe('simdjson');
    expect(error.message).toMatch(/^simdjson: /);
  });
});
