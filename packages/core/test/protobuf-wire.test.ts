/**
 * The protobuf codec runs code generated per message, and the interpreter where a page's CSP forbids
 * `Function`. Both must agree byte for byte on encode and value for value (or message for message)
 * on decode, damaged bytes included; and protobufjs, an independent reader, must read the same data.
 */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../src/codec.js';
import { checkRoundTrip } from '../src/fidelity.js';
import { protobufCodec } from '../src/formats/protobuf.js';
import { schemaFromProto } from '../src/schema/from-proto.js';
import { inferSchema } from '../src/schema/infer.js';
import { toProto } from '../src/schema/to-proto.js';
import type { Schema } from '../src/schema/types.js';
import { canonicalCases } from './support/canonical.js';
import { expectGeneratedMatchesInterpreted, withoutFunction } from './support/generated-code.js';


function codecPair(schema: Schema): [generated: Codec, interpreted: Codec] {
  const interpreted = withoutFunction(() => protobufCodec(schema));
  return [protobufCodec(schema), interpreted];
}

describe('generated and interpreted protobuf codecs agree', () => {
  it('the option and a forbidden Function both give the interpreter, with the same bytes', () => {
    const { value, schema } = canonicalCases()[1] as ReturnType<typeof canonicalCases>[number];
    const bytes = protobufCodec(schema).encode(value);
    expect(protobufCodec(schema, { interpreted: true }).encode(value)).toEqual(bytes);
    expect(withoutFunction(() => protobufCodec(schema)).encode(value)).toEqual(bytes);
  });

  it.each(canonicalCases().map((c) => [c.shape, c.value, c.schema] as const))('%s: same bytes, same value', (_name, value, schema) => {
    const [generated, interpreted] = codecPair(schema);
    const bytes = generated.encode(value);
    expect(interpreted.encode(value)).toEqual(bytes);
    expect(generated.decode(bytes)).toEqual(interpreted.decode(bytes));
    expect(checkRoundTrip(value, generated.decode(bytes)).ok).toBe(true);
  });

  it('read a map entry without its value as the value type\'s default, message values included', () => {
    const schema = schemaFromProto('syntax = "proto3"; message Root { map<string, Inner> m = 1; } message Inner { int32 x = 1; }', 'Root');
    const entryWithoutValue = Uint8Array.from([0x0a, 0x03, 0x0a, 0x01, 0x6b]); // m { key: "k" }
    for (const codec of codecPair(schema)) expect(codec.decode(entryWithoutValue)).toEqual({ m: { k: { x: 0 } } });
  });

  it('on random JSON values, other values of their schema, and damaged bytes', () => {
    expectGeneratedMatchesInterpreted(codecPair);
  });
});

describe('protobufjs reads our bytes, and we read its bytes', () => {
  const schema = inferSchema([{ i32: -1, i64: -(2 ** 40), big: 2 ** 63 - 2 ** 11, u: 2 ** 64 - 2 ** 12, x: -0.5, s: 'é€😀', b: true, list: [-1, 0, 1] }]);
  const type = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
  const edge = (i32: number, i64: number): Record<string, unknown> => ({ i32, i64, big: i64, u: Math.abs(i64), x: i32 / 3, s: 'é€😀'.repeat(i32 & 7), b: i32 < 0, list: [i32, -1] });

  it.each([
    [-1, -1],
    [2 ** 31 - 1, 2 ** 53],
    [-(2 ** 31), -(2 ** 63)],
    [127, 2 ** 63 - 2 ** 10],
    [128, -(2 ** 32)],
    [0, 2 ** 32 - 1],
  ])('int32 %d, int64 %d', (i32, i64) => {
    const codec = protobufCodec(schema);
    const payload = [edge(i32, i64)];
    const bytes = codec.encode(payload);
    const theirs = type.toObject(type.decode(bytes), { longs: String, defaults: true }) as { value: Array<Record<string, unknown>> };
    const row = theirs.value[0] as Record<string, unknown>;
    expect(BigInt(row['i64'] as string)).toBe(BigInt(i64));
    expect(BigInt(row['u'] as string)).toBe(BigInt(Math.abs(i64)));
    expect(row['i32']).toBe(i32);
    expect(row['s']).toBe('é€😀'.repeat(i32 & 7));
    // protobufjs writes the same data its own way (defaults left out, no packing choices of ours): we read it back exactly.
    const back = codec.decode(type.encode(type.fromObject({ value: payload })).finish());
    expect(checkRoundTrip(payload, back).ok).toBe(true);
    expect(codec.decode(bytes)).toEqual(payload);
  });
});
