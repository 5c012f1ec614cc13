import { Decoder, Encoder } from '@msgpack/msgpack';
import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes, wrapError } from '../errors.js';
import { assertEncodable } from '../json-data.js';
import type { CodecOptions } from '../limits.js';
import { checkByteLength, resolveLimits } from '../limits.js';
import { MsgpackReader } from './msgpack-reader.js';

/**
 * MessagePack via @msgpack/msgpack, with one reusable Encoder and Decoder (their buffers stay warm).
 * Encode refuses what is not JSON data (with its path) before the library sees it; decode first
 * proves the bytes are one JSON value within the limits (`MsgpackReader`), then lets the library
 * make it, or makes it itself when the library cannot do so exactly (a `__proto__` key).
 */
export function msgpackCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  // The library counts scalars as a level too: a scalar inside the deepest container is maxDepth + 1.
  const encoder = new Encoder({ maxDepth: limits.maxDepth + 1 });
  keepNegativeZero(encoder);
  const decoder = new Decoder();
  const reader = new MsgpackReader(limits);
  return {
    format: 'msgpack',
    mediaType: MEDIA_TYPES.msgpack,
    encode(value) {
      assertEncodable(value, 'msgpack', limits);
      let bytes: Uint8Array;
      try {
        // encode() returns a fresh copy (slice) of the encoder's buffer, so it owns its whole buffer.
        bytes = encoder.encode(value);
      } catch (error) {
        throw wrapError('msgpack', 'encode', error);
      }
      checkByteLength('msgpack', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('msgpack', bytes);
      checkByteLength('msgpack', limits, bytes.length);
      if (reader.check(bytes)) return reader.build(bytes);
      try {
        return decoder.decode(bytes);
      } catch (error) {
        throw wrapError('msgpack', 'decode', error);
      }
    },
  };
}

interface EncoderNumbers {
  encodeNumber(value: number): void;
  encodeNumberAsFloat(value: number): void;
}

/**
 * @msgpack/msgpack writes -0 as the integer 0 (`Number.isSafeInteger(-0)`); JSON data can hold -0
 * (`JSON.parse('-0')`), so this one encoder writes it as a float 64 instead. `encodeNumber` is a
 * method the library declares private, so it is replaced on the instance; if a future version
 * renames it, the test of -0 fails rather than anything else breaking.
 */
function keepNegativeZero(encoder: Encoder): void {
  const numbers = encoder as unknown as EncoderNumbers;
  const encodeNumber = numbers.encodeNumber;
  if (typeof encodeNumber !== 'function' || typeof numbers.encodeNumberAsFloat !== 'function') return;
  numbers.encodeNumber = function (this: EncoderNumbers, value: number) {
    if (value === 0 && 1 / value < 0) this.encodeNumberAsFloat(value);
    else encodeNumber.call(this, value);
  };
}
