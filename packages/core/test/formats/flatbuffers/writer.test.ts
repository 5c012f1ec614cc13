/** The FlatBuffers writer (src/formats/flatbuffers/writer.ts), reused by one codec from encode to encode. */
import { describe, expect, it } from 'vitest';
import { flatbuffersCodec } from '../../../src/formats/flatbuffers/codec.js';
import { OPTIONAL_SCALARS } from '../../support/optional-scalars.js';

describe('the FlatBuffers writer across encodes', () => {
  it('keeps a present 0 and false on every encode, not only the first', () => {
    const codec = flatbuffersCodec(OPTIONAL_SCALARS);
    for (let i = 0; i < 3; i++) expect(codec.decode(codec.encode({ n: 0, b: false, names: [] }))).toEqual({ n: 0, b: false, names: [] });
  });
});
