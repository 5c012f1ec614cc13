import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes } from '../errors.js';
import type { CodecOptions } from '../limits.js';
import { checkByteLength, resolveLimits } from '../limits.js';
import { decodeCbor } from './cbor-decode.js';
import { CborReader } from './cbor-reader.js';
import { CborWriter } from './cbor-writer.js';
import { refusal, writeWith } from './value-writer.js';

/**
 * CBOR (RFC 8949), written and read in one pass each, with every check on the way. The bytes are
 * the standard maps and arrays cbor-x writes with records and structure sharing off (cbor-x
 * extensions other CBOR readers do not understand), and cbor-x reads them. Encode refuses what is
 * not JSON data with its path (`refusal`); decode refuses malformed input with its byte offset and
 * reason (`CborReader`, run only when the one-pass decoder stops, and which also builds the rare
 * forms that decoder leaves to it: indefinite-length text, the self-described tag).
 */
export function cborCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'cbor');
  const make = (): CborWriter => new CborWriter(limits);
  const writer = make();
  const reader = new CborReader(limits);
  return {
    format: 'cbor',
    mediaType: MEDIA_TYPES.cbor,
    encode(value) {
      let bytes: Uint8Array;
      try {
        bytes = writeWith(writer, make, value);
      } catch (error) {
        throw refusal(value, 'cbor', limits, error);
      }
      checkByteLength('cbor', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('cbor', bytes);
      checkByteLength('cbor', limits, bytes.length);
      try {
        return decodeCbor(bytes, limits);
      } catch {
        // Malformed, beyond a limit, or rare (see one-pass.ts): the reader refuses with the reason, or builds it.
        return reader.build(bytes);
      }
    },
  };
}
