/**
 * The value budget of the schema decoders (limits.ts `valueBudget`, `recordCost`): protobuf and
 * FlatBuffers leave defaults, nulls and empty lists off the wire, so a few bytes can stand for a
 * large record. Decoders charge every record they build, defaults included, and refuse past
 * `maxValuesPerByte` per input byte; encoders count the same and refuse the same values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../src/codec.js';
import { WirebenchError } from '../../src/errors.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import type { Limits } from '../../src/limits.js';
import { DEFAULT_LIMITS, VALUE_ALLOWANCE } from '../../src/limits.js';
import { inferSchema } from '../../src/schema/infer.js';
import type { Schema } from '../../src/schema/types.js';
import { flatbuffersSharedVector, protobufRepeated } from '../support/hostile-bytes.mjs';
import { refusal } from '../support/refusal.js';

/**
 * Sixty-three fields (more would make the object a map) that are null in `SPARSE`: on the wire, a
 * record of them is empty (2 bytes in protobuf, 8 in FlatBuffers: a table and its offset), and it
 * costs 66 values to read, past 8 a byte in both formats.
 */
const KEYS = Array.from({ length: 63 }, (_, i) => `field${i}`);
const FULL = Object.fromEntries(KEYS.map((key) => [key, 'text']));
const SPARSE = Object.fromEntries(KEYS.map((key) => [key, null]));
const SCHEMA: Schema = inferSchema({ items: [FULL, SPARSE] });

type Make = (schema: Schema, limits?: Partial<Limits>) => Codec;
const CODECS: Array<[string, Make]> = [
  ['protobuf', (schema, limits) => protobufCodec(schema, { limits })],
  ['protobuf interpreted', (schema, limits) => protobufCodec(schema, { limits, interpreted: true })],
  ['flatbuffers', (schema, limits) => flatbuffersCodec(schema, { limits })],
];

const sparse = (count: number) => ({ items: Array.from({ length: count }, () => SPARSE) });

describe.each(CODECS)('%s value budget', (_name, make) => {
  it('refuses to encode records of nulls past maxValuesPerByte, and says which limit and how to raise it', () => {
    const error = refusal(() => make(SCHEMA).encode(sparse(20_000)));
    expect(error.message).toMatch(/exceeds limits\.maxValuesPerByte \(8\); pass \{ limits: \{ maxValuesPerByte: … \} \} to allow more/);
    expect(error.message).toMatch(/defaults of absent fields included/);
  });

  it('writes and reads them exactly with the limit raised, and a default codec refuses those bytes', () => {
    const value = sparse(20_000);
    const raised = make(SCHEMA, { maxValuesPerByte: 64 });
    const bytes = raised.encode(value);
    expect(raised.decode(bytes)).toStrictEqual(value);
    expect(refusal(() => make(SCHEMA).decode(bytes)).message).toMatch(/limits\.maxValuesPerByte/);
  });

  it('encode refuses exactly what decode refuses: record counts on both sides of the edge', () => {
    const raised = make(SCHEMA, { maxValuesPerByte: 64 });
    const strict = make(SCHEMA);
    const outcomes = new Set<string>();
    // Between these counts the payload crosses the default budget, whatever the format's bytes per record.
    for (let count = 20; count <= 4_000; count += 83) {
      const value = sparse(count);
      const bytes = raised.encode(value);
      let encoded = true;
      try {
        strict.encode(value);
      } catch (error) {
        expect(error).toBeInstanceOf(WirebenchError);
        encoded = false;
      }
      let decoded = true;
      try {
        expect(strict.decode(bytes)).toStrictEqual(value);
      } catch (error) {
        expect(error).toBeInstanceOf(WirebenchError);
        decoded = false;
      }
      expect(decoded).toBe(encoded);
      outcomes.add(String(encoded));
    }
    // The counts really crossed the edge: some were accepted and some refused.
    expect([...outcomes].sort()).toEqual(['false', 'true']);
  });

  it('small payloads always fit: the allowance covers dozens of empty records', () => {
    const codec = make(SCHEMA);
    const value = sparse(Math.floor(VALUE_ALLOWANCE / (KEYS.length + 3)));
    expect(codec.decode(codec.encode(value))).toStrictEqual(value);
  });
});

describe('hostile bytes that expand into defaults', () => {
  it('protobuf: 100,000 empty sub-messages (`0a 00`) are refused, generated or interpreted', () => {
    const bytes = protobufRepeated([0x0a, 0x00], 100_000);
    for (const codec of [protobufCodec(SCHEMA), protobufCodec(SCHEMA, { interpreted: true })]) {
      expect(refusal(() => codec.decode(bytes)).message).toMatch(/^protobuf: a decode into more than \d+ values .* exceeds limits\.maxValuesPerByte/);
    }
  });

  it('FlatBuffers: 100,000 offsets to one empty table are refused', () => {
    const bytes = flatbuffersSharedVector(100_000, (builder) => {
      builder.startObject(KEYS.length); // no field set: all 63 read as defaults
      return builder.endObject();
    });
    expect(refusal(() => flatbuffersCodec(SCHEMA).decode(bytes)).message).toMatch(/limits\.maxValuesPerByte/);
  });

  it('FlatBuffers: 100,000 offsets to one 32-byte string are refused (each reference builds the string again)', () => {
    const schema = inferSchema({ items: ['x'] });
    for (const text of ['a'.repeat(32), 'é'.repeat(16)]) {
      const bytes = flatbuffersSharedVector(100_000, (builder) => builder.createString(text));
      expect(refusal(() => flatbuffersCodec(schema).decode(bytes)).message).toMatch(/expands to far more values than its size allows/);
    }
  });
});

/**
 * About the 8-byte words a decoded value holds in V8, strings aside (their text needs bytes of its
 * own): an object 3 and a word a key, an array 5 and a word an item.
 */
function words(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + words(item), 5 + value.length);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, item) => sum + words(item), 3 + Object.keys(value).length);
  return 0;
}

describe('property: what a schema decoder builds is bounded by its input', () => {
  // SCHEMA's records: an empty one (2 bytes in protobuf, a 4-byte offset in FlatBuffers) reads as 63 nulls.
  const bound = (bytes: Uint8Array) => (DEFAULT_LIMITS.maxValuesPerByte + 2) * bytes.length + VALUE_ALLOWANCE;

  /** Runs of empty sub-messages, whole records and unknown padding, in any order. */
  const protobufSegments = fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('empty' as const), count: fc.integer({ min: 1, max: 3_000 }) }),
      fc.record({ kind: fc.constant('record' as const), count: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ kind: fc.constant('padding' as const), count: fc.integer({ min: 1, max: 5_000 }) }),
    ),
    { minLength: 1, maxLength: 6 },
  );

  it('protobuf, generated and interpreted: a value within the budget, or a WirebenchError', () => {
    const codecs = [protobufCodec(SCHEMA), protobufCodec(SCHEMA, { interpreted: true })];
    const whole = protobufCodec(SCHEMA).encode({ items: [FULL] }); // `0a <length> <record>`
    const outcomes = { decoded: 0, refused: 0 };
    fc.assert(
      fc.property(protobufSegments, (segments) => {
        const parts = segments.map(({ kind, count }) =>
          kind === 'empty' ? protobufRepeated([0x0a, 0x00], count) : kind === 'record' ? protobufRepeated([...whole], count) : protobufRepeated([], 0, count),
        );
        const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
        parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
        for (const codec of codecs) {
          let value: unknown;
          try {
            value = codec.decode(bytes);
          } catch (error) {
            expect(error).toBeInstanceOf(WirebenchError);
            expect((error as Error).message).toMatch(/limits\.maxValuesPerByte/);
            outcomes.refused++;
            continue;
          }
          expect(words(value)).toBeLessThanOrEqual(bound(bytes));
          outcomes.decoded++;
        }
      }),
      { numRuns: 150, seed: 19 },
    );
    // Both sides of the budget were reached.
    expect(outcomes.decoded).toBeGreaterThan(30);
    expect(outcomes.refused).toBeGreaterThan(30);
  });

  it('FlatBuffers: offsets shared by many references to one empty table, within the budget or refused', () => {
    const codec = flatbuffersCodec(SCHEMA);
    const outcomes = { decoded: 0, refused: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 0, max: 200_000 }), (count, padding) => {
        const bytes = flatbuffersSharedVector(
          count,
          (builder) => {
            builder.startObject(KEYS.length);
            return builder.endObject();
          },
          padding,
        );
        let value: unknown;
        try {
          value = codec.decode(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(WirebenchError);
          outcomes.refused++;
          return;
        }
        expect(words(value)).toBeLessThanOrEqual(bound(bytes));
        outcomes.decoded++;
      }),
      { numRuns: 100, seed: 23 },
    );
    expect(outcomes.decoded).toBeGreaterThan(10);
    expect(outcomes.refused).toBeGreaterThan(10);
  });
});
