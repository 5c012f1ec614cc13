import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes, wrapError } from '../errors.js';

/** JSON as a wire format: UTF-8 bytes both ways, so its decode is timed from bytes like every other format's. */
export function jsonCodec(): Codec {
  const encoder = new TextEncoder();
  // fatal: invalid UTF-8 is an error, not silently replaced characters.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return {
    format: 'json',
    mediaType: MEDIA_TYPES.json,
    encode(value) {
      try {
        return encoder.encode(JSON.stringify(value));
      } catch (error) {
        throw wrapError('json', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('json', bytes);
      try {
        return JSON.parse(decoder.decode(bytes)) as unknown;
      } catch (error) {
        throw wrapError('json', 'decode', error);
      }
    },
  };
}
