import type { Codec, FormatId } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, wrapError } from '../../errors.js';
import type { ImplementationId } from '../../implementations.js';
import type { Limits } from '../../limits.js';
import { checkByteLength } from '../../limits.js';

/**
 * What every library codec shares: the library's own encode and decode calls behind the `Codec`
 * API, with the checks that cost nothing per value (a byte array to decode, the byte-size limit)
 * and whatever the library throws turned into a `WirebenchError` that names the library. Nothing
 * else is added to the timed calls: a library row measures the library, and its fidelity report
 * (checkRoundTrip) says where the library changes data.
 */
export interface LibraryCodecParts {
  readonly format: Exclude<FormatId, 'json' | 'simdjson'>;
  readonly implementation: Exclude<ImplementationId, 'wirebench'>;
  readonly limits: Limits;
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

export function libraryCodec(parts: LibraryCodecParts): Codec {
  const { format, implementation, limits } = parts;
  const encode = parts.encode;
  const decode = parts.decode;
  return {
    format,
    mediaType: MEDIA_TYPES[format],
    implementation,
    encode(value) {
      let bytes: Uint8Array;
      try {
        bytes = encode(value);
      } catch (error) {
        throw wrapError(format, `${implementation} encode`, error);
      }
      checkByteLength(format, limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes(format, bytes);
      checkByteLength(format, limits, bytes.length);
      try {
        return decode(bytes);
      } catch (error) {
        throw wrapError(format, `${implementation} decode`, error);
      }
    },
  };
}
