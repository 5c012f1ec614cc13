/** The FlatBuffers table layout (src/formats/flatbuffers/shape.ts): what its vtables can address. */
import { describe, expect, it } from 'vitest';
import { flatbuffersCodec } from '../../../src/formats/flatbuffers/codec.js';

describe('field ids FlatBuffers cannot address', () => {
  it('are refused when the codec is built, not written as corrupt data', () => {
    const field = { name: 'z', jsonName: 'z', id: 40_000, type: { kind: 'scalar', scalar: 'int32' }, optional: false, nullable: false } as const;
    expect(() => flatbuffersCodec({ namespace: 't', root: 'R', messages: [{ name: 'R', fields: [field] }] })).toThrow(/has id 40000/);
  });
});
