import { Packr } from 'msgpackr';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec, shapeCheck } from '../../libraries/codec.js';

/**
 * MessagePack by msgpackr (an optional peer dependency), its native string extension
 * (msgpackr-extract) included where it loads, one reused `Packr`. Options that differ from its
 * defaults, each for JSON-shaped API data:
 *
 * - `useRecords: false`: standard MessagePack maps any reader takes, not msgpackr's record
 *   extension (this also makes it read maps as plain objects, `mapsAsObjects`).
 * - `int64AsType: 'number'`: a 64-bit integer from another writer is read as the nearest double,
 *   as `JSON.parse` reads the same digits (`cf 00 20 00 00 00 00 00 01`, 2^53 + 1 → 2^53). The
 *   default, `'bigint'`, gives a BigInt for every uint 64 / int 64 however small (`cf … 05` → 5n),
 *   which is not JSON data (`JSON.stringify` throws on it).
 * - `structuredClone: false`: refuses the identity and pointer extensions (0x69, 0x70) that make
 *   shared and cyclic references. They are decoded unless this is `false` (the encoder never writes
 *   them without `structuredClone: true`); JSON data has neither, and a pointer to an id the bytes
 *   never defined was a TypeError inside msgpackr.
 *
 * msgpackr has no option for wirebench's length or depth limits: `maxBytes` is checked by the
 * wrapper, and the others, when you set one, by a walk over the value before encode and after
 * decode (libraries/codec.ts), with wirebench's meaning. It checks every array and map count
 * against the bytes left before allocating; its decoder and encoder are recursive, so with the
 * default limits nesting is bounded by the call stack ("the data is nested too deeply"), not by
 * `limits.maxDepth`. Cold, 1,000 levels of records took its encoder 757 KB of stack in Node 20
 * (the main thread has 984 KB); its BigInt extension (0x42) joins words by halves: 1 MB in 23 ms.
 *
 * What it does with JSON data, measured on msgpackr 2.1.4 (the fidelity report shows each change):
 * `-0` is written as the integer 0; integers beyond ±(2^53 − 1) and past 32 bits are written as
 * float 64 and come back exact; a lone surrogate is written as U+FFFD (`ef bf bd`) and comes back
 * as U+FFFD; invalid UTF-8 in the bytes is read as U+FFFD per bad byte, never refused; a
 * `__proto__` key is renamed `__proto_` while decoding (so no decode changes a prototype); the
 * last of duplicate keys wins; a nil or number key becomes a string key ("null", "1"). Bytes that
 * are not JSON data decode as what msgpackr makes of them: bin as a `Uint8Array`, a timestamp as a
 * `Date`, the never-used byte 0xc1 as msgpackr's `C1` object, ext 0 as `undefined`, msgpackr's own
 * extensions as `Set`, `Error`, `RegExp`, typed arrays or BigInt.
 */
export function msgpackrCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  const packr = new Packr({ useRecords: false, int64AsType: 'number', structuredClone: false });
  return libraryCodec({
    format: 'msgpack',
    implementation: 'msgpackr',
    limits,
    checkShape: shapeCheck('msgpack', options.limits, limits, true),
    encode: (value) => packr.pack(value),
    decode: (bytes) => packr.unpack(bytes) as unknown,
  });
}
