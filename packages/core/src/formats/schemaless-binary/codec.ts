import type { Codec } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes } from '../../errors.js';
import type { CodecOptions, Limits } from '../../limits.js';
import { checkByteLength, resolveLimits } from '../../limits.js';
import type { BinaryReader } from './reader.js';
import type { ValueWriter } from './writer.js';
import { refusal, writeWith } from './writer.js';

/**
 * The codec msgpack and CBOR share: written and read in one pass each, with every check on the way
 * (a separate validating pass cost as much as the decoding itself). Encode runs the format's
 * `ValueWriter` and, when it stops, refuses what is not JSON data with its path (`refusal`); decode
 * runs the format's one-pass decoder and, when that stops, its `BinaryReader`, which refuses
 * malformed input with its byte offset and reason, or builds the rare forms the decoder leaves to it.
 * Each format's codec.ts is a facade that names its parts, the way @msgpack/msgpack's `encode()`
 * is one over its `Encoder`.
 */
export interface SchemalessBinaryParts {
  readonly format: 'msgpack' | 'cbor';
  /** A writer for the codec's limits: one per codec, and a fresh one when a getter in the value encodes again. */
  readonly writer: (limits: Limits) => ValueWriter;
  /** The one-pass decoder: returns the value, or throws (`BAIL`, or whatever stopped it) to hand the bytes to the reader. */
  readonly fastDecode: (bytes: Uint8Array, limits: Limits) => unknown;
  /** The validating reader: names what is wrong, or builds what the one-pass decoder leaves to it. */
  readonly reader: (limits: Limits) => BinaryReader;
}

export function schemalessBinaryCodec(parts: SchemalessBinaryParts, options: CodecOptions): Codec {
  const { format, fastDecode } = parts;
  const limits = resolveLimits(options.limits, format);
  const make = (): ValueWriter => parts.writer(limits);
  const writer = make();
  const reader = parts.reader(limits);
  return {
    format,
    mediaType: MEDIA_TYPES[format],
    implementation: 'wirebench',
    encode(value) {
      let bytes: Uint8Array;
      try {
        bytes = writeWith(writer, make, value);
      } catch (error) {
        throw refusal(value, format, limits, error);
      }
      checkByteLength(format, limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes(format, bytes);
      checkByteLength(format, limits, bytes.length);
      try {
        return fastDecode(bytes, limits);
      } catch {
        // Malformed, beyond a limit, or rare (see fast-decoder.ts): the reader refuses with the reason, or builds it.
        return reader.build(bytes);
      }
    },
  };
}
