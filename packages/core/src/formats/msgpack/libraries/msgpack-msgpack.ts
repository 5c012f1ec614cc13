import { Decoder, Encoder } from '@msgpack/msgpack';
import type { Codec } from '../../../codec.js';
import type { CodecOptions, Limits } from '../../../limits.js';
import { limitExceeded, resolveLimits } from '../../../limits.js';
import { libraryCodec, shapeCheck } from '../../libraries/codec.js';

/**
 * MessagePack by `@msgpack/msgpack` (an optional peer dependency): one reused `Encoder` and
 * `Decoder`, as its docs advise, with its defaults. The only options set are wirebench's limits,
 * where the library has a matching one:
 *
 * - `Decoder`: `maxStrLength` (UTF-8 bytes, as `limits.maxStringLength`), `maxArrayLength` and
 *   `maxMapLength` (`limits.maxCollectionLength`), and `maxBinLength` / `maxExtLength` (byte
 *   strings and extension payloads, which JSON data never holds, bounded like a string). Each
 *   refuses one past the limit, as wirebench does; its refusal is reported as the limit's.
 * - `Encoder`: `maxDepth` set to `limits.maxDepth + 1`. The library counts the payload as depth 1
 *   but every scalar as a level of its own, so its own default (100) refused a payload 100 arrays
 *   deep ("Too deep objects in depth 101") and `maxDepth: 1` refused `[1]`. One more lets a payload
 *   `maxDepth` deep through and refuses the next level, except an empty array or object there.
 *
 * When you set a limit of the data's shape, the wrapper also walks the value before encode and
 * after decode (libraries/codec.ts), so every limit means exactly what it means for wirebench's
 * codec, that empty array included; with the default limits only the options above hold.
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
 * - The decoder is not recursive: with the default limits nesting is bounded by nothing but the
 *   input (each level costs a byte), so it returns values nested deeper than `limits.maxDepth`,
 *   which its encoder then refuses.
 */
export function msgpackMsgpackCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  // Its depth counts a scalar as a level of its own: a payload maxDepth deep holds scalars at maxDepth + 1.
  const encoder = new Encoder({ maxDepth: limits.maxDepth + 1 });
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
    checkShape: shapeCheck('msgpack', options.limits, limits, true),
    encode: (value) => encoder.encode(value),
    decode: (bytes) => {
      try {
        return decoder.decode(bytes);
      } catch (error) {
        throw asLimit(error, limits);
      }
    },
  });
}

/** The decoder's refusal of a length wirebench's limits gave it, and the length. */
const LENGTH_REFUSAL = /^Max length exceeded: (map|array|UTF-8 byte|bin|ext) length \((\d+)\)/;

/** The library's refusal of a length past a limit, said as every codec says it (naming the limit to raise); anything else as it is. */
function asLimit(error: unknown, limits: Limits): unknown {
  const match = error instanceof Error ? LENGTH_REFUSAL.exec(error.message) : null;
  if (!match) return error;
  const [, kind, length] = match;
  if (kind === 'map') return limitExceeded('msgpack', 'maxCollectionLength', limits.maxCollectionLength, `an object of ${length} keys`);
  if (kind === 'array') return limitExceeded('msgpack', 'maxCollectionLength', limits.maxCollectionLength, `an array of ${length}`);
  return limitExceeded(
    'msgpack',
    'maxStringLength',
    limits.maxStringLength,
    kind === 'UTF-8 byte' ? `a string of ${length} bytes` : `a ${kind} of ${length} bytes`,
  );
}
