import type { Codec, FormatId } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, WirebenchError, wrapError } from '../../errors.js';
import type { ImplementationId } from '../../implementations.js';
import { assertWithinLimits, TOO_MANY_VALUES } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { checkByteLength, limitsStructure } from '../../limits.js';

/**
 * What every library codec shares: the library's own encode and decode calls behind the `Codec`
 * API, with the checks that cost nothing per value (a byte array to decode, the byte-size limit)
 * and whatever the library throws turned into a `WirebenchError` that names the library. Nothing
 * else is added to the timed calls unless the caller sets a limit of the data's shape: a library
 * row measures the library, and its fidelity report (checkRoundTrip) says where the library
 * changes data.
 *
 * Limits mean what they mean for wirebench's codecs (limits.ts), off by nothing: `maxBytes` is
 * checked here on every call; `maxDepth`, `maxCollectionLength` and `maxStringLength`, which no
 * library checks as wirebench means them, by `shapeCheck` before encode and after decode (as the
 * json codec walks its values) when the caller sets one of them. With the default limits a
 * library bounds only what its own options and call stack bound.
 */
export interface LibraryCodecParts {
  readonly format: Exclude<FormatId, 'json' | 'simdjson'>;
  readonly implementation: Exclude<ImplementationId, 'wirebench'>;
  readonly limits: Limits;
  /** `shapeCheck(…)` where the caller set a shape limit that the library cannot check itself. */
  readonly checkShape?: ShapeCheck | undefined;
  /** The adapter compiles nothing it would otherwise compile (`Codec.interpreted`). */
  readonly interpreted?: boolean;
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

export function libraryCodec(parts: LibraryCodecParts): Codec {
  const { format, implementation, limits, checkShape } = parts;
  const encode = parts.encode;
  const decode = parts.decode;
  return {
    format,
    mediaType: MEDIA_TYPES[format],
    implementation,
    ...(parts.interpreted ? { interpreted: true } : {}),
    encode(value) {
      // Before the library's encode: it would refuse elsewhere (or run out of stack), or not at all.
      checkShape?.(value);
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
      let value: unknown;
      try {
        value = decode(bytes);
      } catch (error) {
        throw wrapError(format, `${implementation} decode`, error);
      }
      checkShape?.(value, bytes.length);
      return value;
    },
  };
}

/** Checks a value against the shape limits; given the input's size, a decoded one. */
export type ShapeCheck = (value: unknown, byteLength?: number) => void;

/**
 * The walk over a library's values for the shape limits, when `overrides` sets one (else
 * undefined: nothing is added to the library's calls). `valuePerByte`, for the schemaless formats:
 * JSON data takes a byte per value at least, so a decoded value of more values than its input has
 * bytes shares parts (cbor-x's references, which can make 2^30 paths of 190 bytes), and the walk
 * stops there.
 */
export function shapeCheck(format: FormatId, overrides: Partial<Limits> | undefined, limits: Limits, valuePerByte: boolean): ShapeCheck | undefined {
  if (!limitsStructure(overrides)) return undefined;
  return (value, byteLength) => {
    try {
      assertWithinLimits(value, format, limits, valuePerByte && byteLength !== undefined ? byteLength : Infinity);
    } catch (thrown) {
      if (thrown !== TOO_MANY_VALUES) throw thrown;
      throw new WirebenchError(
        `the decoded value holds more values than its ${byteLength} bytes can once each: it shares parts, which limits are not checked on`,
        { format },
      );
    }
  };
}
