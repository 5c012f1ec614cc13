import { Decoder, Encoder } from '@msgpack/msgpack';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec } from '../../libraries/codec.js';

/**
 * MessagePack by `@msgpack/msgpack` (an optional peer dependency): one reused `Encoder` and
 * `Decoder`, as its docs advise, with its defaults. The only options set are wirebench's limits,
 * where the library has a matching one:
 *
 * - `Decoder`: `maxStrLength` (UTF-8 bytes, as `limits.maxStringLength`), `maxArrayLength` and
 *   `maxMapLength` (`limits.maxCollectionLength`), and `maxBinLength` / `maxExtLength` (byte
 *   strings and extension payloads, which JSON data never holds, bounded like a string).
 * - `Encoder`: `maxDepth` (`limits.maxDepth`; the library's default, 100, is wirebench's too).
 *
 * What the library does with JSON data, measured on @msgpack/msgpack 3.1.3 (the fidelity report,
 * `checkRoundTrip`, shows each change; wirebench does not correct them):
 *
 * - `-0` is written as the integer 0 and comes back `0`.
 * - Integers beyond ±(2^53 − 1) are written as float 64 and come back exact; a 64-bit integer
 *   from another writer is read as the nearest double (`useBigInt64: false`, the default), as
 *   `JSON.parse` reads the same digits: `cf 00 20 00 00 00 00 00 01` (2^53 + 1) → 2^53.
 * - A lone surrogate in a string of at most 50 UTF-16 units is written by its JavaScript encoder as
 *   the surrogate's three-byte sequence (`ed a0 80` for U+D800: not UTF-8, refused by wirebench's
 *   `msgpackCodec` and by strict readers) and read back exactly; in a longer string `TextEncoder`
 *   writes U+FFFD, so it comes back as U+FFFD.
 * - Invalid UTF-8 in strings of at most 200 bytes is read by its JavaScript decoder without
 *   complaint (`a1 ff` → "ÿ", `a2 c0 80` → "\u0000"); longer ones through `TextDecoder`, which
 *   puts U+FFFD in place of each bad sequence. Nothing is refused for its UTF-8.
 * - A `__proto__` key is refused ("The key __proto__ is not allowed"), so no decode can change a
 *   prototype; a map key that is a number becomes a string key, a nil, array or map key is refused.
 * - Duplicate keys: the last wins. Bytes that are not JSON data decode as what they are: bin as a
 *   `Uint8Array`, a timestamp as a `Date`, other extensions as `ExtData`, NaN and ±Infinity floats.
 * - The decoder is not recursive: nesting is bounded by nothing but the input (each level costs a
 *   byte), so it returns values nested deeper than `limits.maxDepth`, which its encoder then refuses.
 */
export function msgpackMsgpackCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  const encoder = new Encoder({ maxDepth: limits.maxDepth });
  const decoder = new Decoder({
    maxStrLength: limits.maxStringLength,
    maxBinLength: limits.maxStringLength,
    maxExtLength: limits.maxStringLength,
    maxArrayLength: limits.maxCollectionLength,
    maxMapLength: limits.maxCollectionLength,
  });
  return libraryCodec({
    format: 'msgpack',
    implementation: '@msgpack/msgpack',
    limits,
    encode: (value) => encoder.encode(value),
    decode: (bytes) => decoder.decode(bytes),
  });
}
