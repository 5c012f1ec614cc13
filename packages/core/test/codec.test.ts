/** codec.ts: the format ids and the media type of each. */
import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '../src/codec.js';

describe('media types', () => {
  it('are the registered or conventional ones', () => {
    expect(MEDIA_TYPES).toEqual({
      json: 'application/json',
      simdjson: 'application/json',
      msgpack: 'application/msgpack',
      cbor: 'application/cbor',
      protobuf: 'application/x-protobuf',
      flatbuffers: 'application/x-flatbuffers',
    });
  });
});
