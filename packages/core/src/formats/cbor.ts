import { Decoder, Encoder } from 'cbor-x';
import { ownedBytes } from '../bytes.js';
import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes, wrapError } from '../errors.js';
import { assertJsonData } from '../json-data.js';

/**
 * CBOR (RFC 8949) via cbor-x. Records and structure sharing are cbor-x extensions other CBOR
 * readers do not understand, so they are off: the bytes are standard CBOR maps and arrays.
 */
export function cborCodec(): Codec {
  const options = { useRecords: false, mapsAsObjects: true, pack: false, structuredClone: false } as const;
  const encoder = new Encoder(options);
  const decoder = new Decoder(options);
  return {
    format: 'cbor',
    mediaType: MEDIA_TYPES.cbor,
    encode(value) {
      try {
        return ownedBytes(encoder.encode(value));
      } catch (error) {
        throw wrapError('cbor', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('cbor', bytes);
      let value: unknown;
      try {
        value = decoder.decode(bytes);
      } catch (error) {
        throw wrapError('cbor', 'decode', error);
      }
      assertJsonData(value, 'cbor');
      return value;
    },
  };
}
