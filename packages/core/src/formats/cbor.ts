import { Decoder, Encoder } from 'cbor-x';
import { ownedBytes } from '../bytes.js';
import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes, wrapError } from '../errors.js';
import { assertEncodable } from '../json-data.js';
import type { CodecOptions } from '../limits.js';
import { checkByteLength, resolveLimits } from '../limits.js';
import { CborReader } from './cbor-reader.js';

/**
 * CBOR (RFC 8949) via cbor-x. Records and structure sharing are cbor-x extensions other CBOR
 * readers do not understand, so they are off: the bytes are standard CBOR maps and arrays.
 * Encode refuses what is not JSON data (with its path) before cbor-x sees it; decode first proves
 * the bytes are one JSON value within the limits (`CborReader`), then lets cbor-x make it, or makes
 * it itself where cbor-x cannot do so exactly (`__proto__` keys, which cbor-x renames; 64-bit
 * integers, which it returns as BigInt; indefinite-length text strings, which it refuses).
 */
export function cborCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'cbor');
  const libraryOptions = { useRecords: false, mapsAsObjects: true, pack: false, structuredClone: false } as const;
  const encoder = new Encoder(libraryOptions);
  let floatEncoder: Encoder | undefined;
  const decoder = new Decoder(libraryOptions);
  const reader = new CborReader(limits);
  return {
    format: 'cbor',
    mediaType: MEDIA_TYPES.cbor,
    encode(value) {
      const { holdsNegativeZero } = assertEncodable(value, 'cbor', limits);
      let bytes: Uint8Array;
      try {
        // cbor-x writes -0 as the integer 0 (its integer test is `value >>> 0 === value`) and has no
        // hook for numbers; with alwaysUseFloat it writes every number as a float 64, -0 included.
        // So a value holding -0 (rare) takes that encoder: bigger bytes, same data.
        const writer = holdsNegativeZero ? (floatEncoder ??= new Encoder({ ...libraryOptions, alwaysUseFloat: true })) : encoder;
        bytes = ownedBytes(writer.encode(value));
      } catch (error) {
        throw wrapError('cbor', 'encode', error);
      }
      checkByteLength('cbor', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('cbor', bytes);
      checkByteLength('cbor', limits, bytes.length);
      if (reader.check(bytes)) return reader.build(bytes);
      try {
        return decoder.decode(bytes) as unknown;
      } catch (error) {
        throw wrapError('cbor', 'decode', error);
      }
    },
  };
}
