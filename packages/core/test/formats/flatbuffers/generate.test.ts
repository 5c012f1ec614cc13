/**
 * The FlatBuffers codec runs code generated per table, and the interpreter where a page's CSP
 * forbids `Function` (and to name the reason when the generated encoder refuses). Both must agree
 * byte for byte on encode, and value for value (or message for message) on decode, including on
 * damaged bytes.
 */
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { flatbuffersCodec } from '../../../src/formats/flatbuffers/codec.js';
import { generateDecoder } from '../../../src/formats/flatbuffers/generate-decoder.js';
import { generateEncoder } from '../../../src/formats/flatbuffers/generate-encoder.js';
import { tableShapes } from '../../../src/formats/flatbuffers/shape.js';
import { ValueCodec } from '../../../src/formats/flatbuffers/value.js';
import { Writer } from '../../../src/formats/flatbuffers/writer.js';
import { DEFAULT_LIMITS } from '../../../src/limits.js';
import type { Schema } from '../../../src/schema/types.js';
import { canonicalCases } from '../../support/canonical.js';
import { expectGeneratedMatchesInterpreted, withoutFunction } from '../../support/generated-code.js';

/** Codecs for a schema with and without generated code. */
function codecPair(schema: Schema): [generated: Codec, interpreted: Codec] {
  return [flatbuffersCodec(schema), withoutFunction(() => flatbuffersCodec(schema))];
}

describe('generated code is compiled where Function is allowed', () => {
  it.each(canonicalCases().map((c) => [c.shape, c.value, c.schema] as const))(
    '%s: the generated encoder writes what encode returns',
    (_name, value, schema) => {
      const settings = { limits: DEFAULT_LIMITS, strictKeys: true, value: new ValueCodec(DEFAULT_LIMITS) };
      const encode = generateEncoder(tableShapes(schema), schema.root, settings);
      expect(encode).toBeTypeOf('function');
      expect(generateDecoder(tableShapes(schema), schema.root, settings)).toBeTypeOf('function');
      const writer = new Writer(16, DEFAULT_LIMITS.maxStringLength);
      writer.start();
      expect(writer.finish((encode as NonNullable<typeof encode>)(writer, value, 1))).toEqual(flatbuffersCodec(schema).encode(value));
    },
  );
});

describe('generated and interpreted FlatBuffers codecs agree', () => {
  it.each(canonicalCases().map((c) => [c.shape, c.value, c.schema] as const))('%s: same bytes, same value', (_name, value, schema) => {
    const [generated, interpreted] = codecPair(schema);
    const bytes = generated.encode(value);
    expect(interpreted.encode(value)).toEqual(bytes);
    expect(generated.decode(bytes)).toEqual(interpreted.decode(bytes));
  });

  it('on random JSON values, other values of their schema, and damaged bytes', () => {
    expectGeneratedMatchesInterpreted(codecPair);
  });
});
