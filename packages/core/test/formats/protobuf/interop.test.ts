/** protobufjs, an independent reader and writer, reads the protobuf codec's bytes, and the codec reads protobufjs's. */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { checkRoundTrip } from '../../../src/fidelity.js';
import { protobufCodec } from '../../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../../src/schema/infer.js';
import { toProto } from '../../../src/schema/to-proto.js';

describe('protobufjs reads our bytes, and we read its bytes', () => {
  const schema = inferSchema([{ i32: -1, i64: -(2 ** 40), big: 2 ** 63 - 2 ** 11, u: 2 ** 64 - 2 ** 12, x: -0.5, s: 'é€😀', b: true, list: [-1, 0, 1] }]);
  const type = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
  const edge = (i32: number, i64: number): Record<string, unknown> => ({
    i32,
    i64,
    big: i64,
    u: Math.abs(i64),
    x: i32 / 3,
    s: 'é€😀'.repeat(i32 & 7),
    b: i32 < 0,
    list: [i32, -1],
  });

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
