import { Decoder, Encoder } from '@msgpack/msgpack';
import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes, wrapError } from '../errors.js';
import { assertJsonData } from '../json-data.js';

/** MessagePack via @msgpack/msgpack, with one reusable Encoder and Decoder (their buffers stay warm). */
export function msgpackCodec(): Codec {
  const encoder = new Encoder();
  const decoder = new Decoder();
  return {
    format: 'msgpack',
    mediaType: MEDIA_TYPES.msgpack,
    encode(value) {
      try {
        return encoder.encode(value);
      } catch (error) {
        throw wrapError('msgpack', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('msgpack', bytes);
      let value: unknown;
      try {
        value = decoder.decode(bytes);
      } catch (error) {
        throw wrapError('msgpack', 'decode', error);
      }
      assertJsonData(value, 'msgpack');
      return value;
    },
  };
}
