/**
 * The protobuf codec runs code generated per message (src/formats/protobuf/generate.ts), and the
 * interpreter (interpret.ts) where a page's CSP forbids `Function`. Both must agree byte for byte on
 * encode and value for value (or message for message) on decode, damaged bytes included.
 */
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { checkRoundTrip } from '../../../src/fidelity.js';
import { protobufCodec } from '../../../src/formats/protobuf/codec.js';
import { schemaFromProto } from '../../../src/schema/from-proto.js';
import type { Schema } from '../../../src/schema/types.js';
import { canonicalCases } from '../../support/canonical.js';
import { expectGeneratedMatchesInterpreted, withoutFunction } from '../../support/generated-code.js';

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

  it("read a map entry without its value as the value type's default, message values included", () => {
    const schema = schemaFromProto('syntax = "proto3"; message Root { map<string, Inner> m = 1; } message Inner { int32 x = 1; }', 'Root');
    const entryWithoutValue = Uint8Array.from([0x0a, 0x03, 0x0a, 0x01, 0x6b]); // m { key: "k" }
    for (const codec of codecPair(schema)) expect(codec.decode(entryWithoutValue)).toEqual({ m: { k: { x: 0 } } });
  });

  it('on random JSON values, other values of their schema, and damaged bytes', () => {
    expectGeneratedMatchesInterpreted(codecPair);
  });
});
