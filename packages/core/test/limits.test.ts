/**
 * limits.ts: one options object of limits for every codec, enforced by encode and by decode alike
 * (encode refuses exactly what decode would refuse), checked when the codec is made; and the ceiling
 * on `limits.maxDepth` (MAX_DEPTH): every codec writes and reads whatever depth its limits allow,
 * both ways, so a limit past what the call stack holds is refused when the codec is made, not met as
 * a stack overflow reported as "the nesting exceeds limits.maxDepth".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { flatbuffersCodec } from '../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import type { Limits } from '../src/limits.js';
import { MAX_DEPTH } from '../src/limits.js';
import { inferSchema } from '../src/schema/infer.js';
import type { Schema } from '../src/schema/types.js';
import { deepArray, deepObject } from './support/nesting.js';
import { refusal } from './support/refusal.js';

const SCHEMA_CODECS = [
  ['protobuf', protobufCodec],
  ['flatbuffers', flatbuffersCodec],
] as const;

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

describe('encode refuses exactly what decode refuses: nesting', () => {
  // FlatBuffers must not write 70 nested records (or 23 levels inside an `any` field) that its own decoder refuses at table depth 64.
  it.each(SCHEMA_CODECS)('%s writes and reads 70 nested records and 40 levels inside a dynamic value', (_format, make) => {
    const records = deepObject(70);
    const records_ = make(inferSchema(records));
    expect(records_.decode(records_.encode(records))).toEqual(records);
    const dynamic = { any: [1, 'a', deepArray(40)] };
    const dynamic_ = make(inferSchema(dynamic));
    expect(dynamic_.decode(dynamic_.encode(dynamic))).toEqual(dynamic);
  });

  it.each(FORMATS)('%s: one level past maxDepth is refused by encode, and by decode of bytes written under a higher limit', async (format) => {
    const maxDepth = 40;
    const at = deepArray(maxDepth);
    const past = deepArray(maxDepth + 1);
    const schema = inferSchema([1, 'any JSON value']);
    const strict = await createCodec(format, { schema, limits: { maxDepth } });
    const loose = await createCodec(format, { schema, limits: { maxDepth: maxDepth + 10 } });
    expect(strict.decode(strict.encode(at))).toEqual(at);
    expect(refusal(() => strict.encode(past)).message).toContain(`limits.maxDepth (${maxDepth})`);
    expect(refusal(() => strict.decode(loose.encode(past))).message).toContain(`limits.maxDepth (${maxDepth})`);
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

const SCHEMALESS: FormatId[] = ['json', 'msgpack', 'cbor'];

describe('limits.maxDepth has a ceiling every codec holds both ways', () => {
  it.each(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'] as const)('%s refuses maxDepth past MAX_DEPTH when the codec is made, saying why', async (format) => {
    const schema = inferSchema({ a: 1 });
    await expect(createCodec(format, { schema, limits: { maxDepth: 1e7 } })).rejects.toThrow(
      new RegExp(`^${format}: limits\\.maxDepth can be at most ${MAX_DEPTH}, got 10000000: .*call stack`),
    );
    await expect(createCodec(format, { schema, limits: { maxDepth: MAX_DEPTH } })).resolves.toBeDefined();
  });

  it.each(SCHEMALESS)('%s writes and reads MAX_DEPTH levels of arrays and of objects, and refuses one more as a limit', async (format) => {
    const codec = await createCodec(format, { limits: { maxDepth: MAX_DEPTH } });
    for (const deep of [deepArray, deepObject]) {
      expect(codec.decode(codec.encode(deep(MAX_DEPTH)))).toStrictEqual(deep(MAX_DEPTH));
      expect(() => codec.encode(deep(MAX_DEPTH + 1))).toThrow(/nesting level 1001 at \$.* exceeds limits\.maxDepth \(1000\)/);
    }
  });

  it.each(['msgpack', 'cbor'] as const)('%s refuses 100,000 levels of bytes by the limit, not by the stack', async (format) => {
    const codec = await createCodec(format, { limits: { maxDepth: MAX_DEPTH } });
    // One-element arrays nested 100,000 deep, around a 1 (msgpack fixarray 0x91, CBOR 0x81).
    const bytes = new Uint8Array(100_001).fill(format === 'msgpack' ? 0x91 : 0x81);
    bytes[100_000] = 0x01;
    expect(() => codec.decode(bytes)).toThrow(/exceeds limits\.maxDepth \(1000\)/);
  });

  it('FlatBuffers writes and reads MAX_DEPTH levels with a schema inferred from them', async () => {
    for (const deep of [deepArray, deepObject]) {
      const value = deep(MAX_DEPTH);
      const codec = await createCodec('flatbuffers', { schema: inferSchema(value), limits: { maxDepth: MAX_DEPTH } });
      expect(codec.decode(codec.encode(value))).toStrictEqual(value);
    }
  });

  it('inferSchema refuses a sample deeper than MAX_DEPTH with a WirebenchError, not a stack overflow', () => {
    expect(() => inferSchema(deepArray(100_000))).toThrow(WirebenchError);
    expect(() => inferSchema(deepObject(MAX_DEPTH + 1))).toThrow(/nests deeper than 1000 levels/);
    expect(() => inferSchema(deepObject(MAX_DEPTH))).not.toThrow();
  });

  it.each(SCHEMALESS)('%s, property: whatever maxDepth a codec is made with, it writes and reads that depth and refuses one more', async (format) => {
    /** `levels` levels, each an array or an object as `shape`'s bits say, around a 1. */
    const nested = (levels: number, shape: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = (shape >> i % 31) & 1 ? { k: value } : [value];
      return value;
    };
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: MAX_DEPTH }), fc.integer({ min: 1, max: 20_000 })), fc.nat(), async (maxDepth, shape) => {
        let codec;
        try {
          codec = await createCodec(format, { limits: { maxDepth } });
        } catch (error) {
          expect(error).toBeInstanceOf(WirebenchError);
          expect(maxDepth).toBeGreaterThan(MAX_DEPTH);
          return;
        }
        made++;
        const value = nested(maxDepth, shape);
        expect(codec.decode(codec.encode(value))).toStrictEqual(value);
        expect(() => codec.encode(nested(maxDepth + 1, shape))).toThrow(/exceeds limits\.maxDepth/);
      }),
      { numRuns: 40, seed: 31 },
    );
    expect(made).toBeGreaterThan(10);
  });
});
