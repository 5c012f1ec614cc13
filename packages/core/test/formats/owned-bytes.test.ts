import { describe, expect, it } from 'vitest';
import type { Codec } from '../../src/codec.js';
import { cborCodec } from '../../src/formats/cbor/codec.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { jsonCodec } from '../../src/formats/json/codec.js';
import { msgpackCodec } from '../../src/formats/msgpack/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../src/schema/infer.js';

const first = { id: 1, name: 'first', tags: ['a', 'b'] };
const second = { id: 2, name: 'second', tags: ['c'] };
const schema = inferSchema(first);

const codecs: Codec[] = [jsonCodec(), msgpackCodec(), cborCodec(), protobufCodec(schema), flatbuffersCodec(schema)];

describe('encode returns bytes that own their whole buffer', () => {
  for (const codec of codecs) {
    it(`${codec.format}: a plain Uint8Array at offset 0 of its own ArrayBuffer; transferring one result leaves the next intact`, () => {
      const a = codec.encode(first);
      const b = codec.encode(second);
      for (const bytes of [a, b]) {
        expect(bytes.constructor).toBe(Uint8Array);
        expect(bytes.byteOffset).toBe(0);
        expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
      }
      // What a page does before posting a result to a worker: transfer (detach) its buffer.
      structuredClone(a, { transfer: [a.buffer as ArrayBuffer] });
      expect(a.byteLength).toBe(0);
      expect(codec.decode(b)).toEqual(second);
    });
  }
});
