/**
 * The ceiling on `limits.maxDepth` (src/limits.ts MAX_DEPTH): every codec writes and reads whatever
 * depth its limits allow, both ways, so a limit past what the call stack holds is refused when the
 * codec is made, not met as a stack overflow (once reported as "the nesting exceeds limits.maxDepth").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { MAX_DEPTH } from '../src/limits.js';
import { inferSchema } from '../src/schema/infer.js';

/** `levels` arrays (or objects) nested around a 1: `[[1]]` is 2 levels. */
const deepArray = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
const deepObject = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

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
