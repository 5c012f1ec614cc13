import type { Options } from 'cbor-x';
import { Encoder } from 'cbor-x';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec, shapeCheck } from '../../libraries/codec.js';
import { readBignumsInLinearTime } from './cbor-x-bignum.js';

/**
 * CBOR by cbor-x (an optional peer dependency), its native string extension (cbor-extract)
 * included where it loads, one reused `Encoder` (which decodes too). Options that differ from its
 * defaults, each for JSON-shaped API data:
 *
 * - `useRecords: false`: standard CBOR maps any reader takes, not cbor-x's record extension (this
 *   also makes it read maps as plain objects, `mapsAsObjects`).
 * - `int64AsNumber: true` (in its README, not in its typings): a 64-bit integer from another
 *   writer is read as the nearest double, as `JSON.parse` reads the same digits
 *   (`1b 00 20 00 00 00 00 00 01`, 2^53 + 1 → 2^53). Without it every 8-byte integer is a BigInt,
 *   however small (`1b … 05` → 5n), which is not JSON data.
 *
 * cbor-x has no per-codec option for wirebench's limits. Its only one, `setSizeLimits`, sets the
 * whole process's array, map and object sizes for every cbor-x user, so this module leaves it
 * alone: `maxBytes` is checked by the wrapper, and the other limits, when you set one, by a walk
 * over the value before encode and after decode (libraries/codec.ts), with wirebench's meaning.
 * cbor-x checks every array and map count against the bytes left before allocating; its decoder
 * and encoder are recursive, so with the default limits nesting is bounded by the call stack
 * ("the data is nested too deeply"). Cold, 1,000 levels of records took its encoder 764 KB of
 * stack in Node 20 (the main thread has 984 KB).
 *
 * Measured on cbor-x 1.6.9 (the fidelity report shows each change to JSON data): `-0` is written
 * as the integer 0; integers beyond ±(2^53 − 1) are written as float 64 and come back exact; a lone
 * surrogate in a short string is written as its three-byte sequence (`ed a0 80`, not UTF-8: refused
 * by wirebench's `cborCodec`) and comes back as three U+FFFD, in a long string (cbor-x hands those
 * to the platform's encoder) as one U+FFFD; invalid UTF-8 is read as U+FFFD, never refused; a
 * `__proto__` key is renamed `__proto_` while decoding (so no decode changes a prototype); the
 * last of duplicate keys wins; a null or number key becomes a string key; an indefinite-length
 * text string (valid CBOR) is refused. Tags decode as cbor-x makes them, whatever the options:
 * dates as `Date`, bignums as BigInt, typed arrays, sets, maps, `Error`s, unknown tags as `Tag`;
 * the value-sharing tags 28/29 make shared and cyclic references, and its packed-value tags (51,
 * 6, 225–255, …) copy one decoded array or object into every place that refers to it, so a decode
 * can build far more than its input (see docs/guarantees.md).
 *
 * Bignums (tags 2 and 3, anywhere in the input) are read without cbor-x's quadratic cost: its own
 * reader shifts a BigInt left a byte at a time (a 100 KB bignum took 3.9 s, 300 KB did not finish
 * in 150 s); `bignumOf` (cbor-x-bignum.ts) joins 64-bit words by halves (1 MB in about 20 ms).
 * Making this codec installs it as cbor-x's tag 2 reader (tag 3's calls it) in cbor-x's one table
 * of tags, the whole process's: it returns exactly the BigInt, or throws exactly the error, that
 * cbor-x's own returns or throws for any content, so any other cbor-x decode in the process only
 * gets faster. An app that registers its own tag 2 extension afterwards replaces it. (cbor-x's
 * encoder writes a BigInt past 64 bits a byte at a time too: 30 KB took 71 ms. JSON data holds
 * none.)
 */
export function cborXCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'cbor');
  readBignumsInLinearTime();
  const encoder = new Encoder({ useRecords: false, int64AsNumber: true } as Options);
  return libraryCodec({
    format: 'cbor',
    implementation: 'cbor-x',
    limits,
    checkShape: shapeCheck('cbor', options.limits, limits, true),
    encode: (value) => encoder.encode(value),
    decode: (bytes) => encoder.decode(bytes) as unknown,
  });
}
