import type { Limits } from '../../limits.js';
import { HEAD_ARRAY, HEAD_MAP, HEAD_SKIP, HEAD_STOP, HEAD_TEXT, itemHeads, Utf8Batch } from '../../wire/utf8.js';
import { BAIL, beginMap, putEntry, readKey } from '../schemaless-binary/fast-decoder.js';
import { FloatInput } from '../schemaless-binary/float-at.js';
import { halfToNumber } from '../schemaless-binary/half-float.js';

/**
 * CBOR in one pass (see ../schemaless-binary/fast-decoder.ts): builds the value while checking what
 * `CborReader` checks, and throws `BAIL` on anything else, including what is valid but rare enough
 * to leave to the reader (indefinite-length text, the self-described tag 55799).
 *
 * A deliberate twin of msgpack/fast-decoder.ts: `read`, `readArray`, `readItems`, `readNumbers` and
 * `readMap` have the same shape there, with the other format's bytes. The state (`src`, `pos`,
 * `end`, the limits) is module variables, not an object, read directly by the hottest loops; one
 * walker for both formats would need that state shared through an object (or one module for both)
 * and each format's `read` and head bytes passed in, so the calls in those loops would see both
 * formats wherever both run in one process. No commit measures that: 7d7a8ca, which made the twins,
 * gives no figure. The one figure about this state is 0c56348 (nesting depth as a parameter, not a
 * module variable changed around every container: canada.json decode 9–18 ms → 5.8–7.8 ms), which
 * shows how sensitive these loops are. Before merging the twins, time msgpack and cbor decode with
 * both formats warm in one process, merged against twins: `npm run bench:gate` (the five canonical
 * payloads) and `npm run bench -- ../shared/data/corpus/canada.json ../shared/data/corpus/twitter.json`.
 */
let busy = false;
let src: Uint8Array = new Uint8Array(0);
let pos = 0;
let end = 0;
/** Array slots still allowed to be preallocated: nested headers cannot add up past the input. */
let budget = 0;
let maxDepth = 0;
let maxCollection = 0;
let maxString = 0;

const MAX_SAFE_HIGH = 0x1fffff; // the high 32 bits of 2^53 − 1
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INDEFINITE = -1;

export function decodeCbor(bytes: Uint8Array, limits: Limits): unknown {
  // A setter or getter on Object.prototype (run by a property store) could decode again: that call goes to the reader.
  if (busy) throw BAIL;
  busy = true;
  src = bytes;
  pos = 0;
  end = bytes.length;
  budget = end;
  floats.start(bytes);
  maxDepth = limits.maxDepth;
  maxCollection = limits.maxCollectionLength;
  maxString = limits.maxStringLength;
  strings.start(bytes);
  try {
    const value = read(0);
    if (pos !== end) throw BAIL;
    return value;
  } finally {
    busy = false;
    src = EMPTY;
    floats.end();
    strings.end();
  }
}

const EMPTY = new Uint8Array(0);

/** CBOR's item heads for the string batches (wire/utf8/batch.ts). */
const HEADS = itemHeads((b) => {
  const major = b >> 5;
  const info = b & 0x1f;
  // The head's size by its additional information; 0 for 28–31 (reserved, indefinite length).
  const size = info < 24 ? 1 : info === 24 ? 2 : info === 25 ? 3 : info === 26 ? 5 : info === 27 ? 9 : 0;
  const small = info < 24 ? info : 0;
  if (major === 0 || major === 1) return size === 0 ? [HEAD_STOP, 0, 0] : [HEAD_SKIP, size, 0];
  if (major === 7) {
    if (b >= 0xf4 && b <= 0xf6) return [HEAD_SKIP, 1, 0]; // false, true, null
    if (b >= 0xf9 && b <= 0xfb) return [HEAD_SKIP, size, 0]; // floats
    return [HEAD_STOP, 0, 0];
  }
  // Text, arrays and maps of definite length below 2^32; byte strings and tags are left to the reader.
  const kind = major === 3 ? HEAD_TEXT : major === 4 ? HEAD_ARRAY : major === 5 ? HEAD_MAP : HEAD_STOP;
  if (kind === HEAD_STOP || size === 0 || size === 9) return [HEAD_STOP, 0, 0];
  return [kind, size, small];
});

/** The strings of the input being decoded: short ASCII ones in batches (wire/utf8/batch.ts). */
const strings = new Utf8Batch(HEADS);

/** The input's floats (../schemaless-binary/float-at.ts). */
const floats = new FloatInput();

/** The item at `pos`, inside `depth` arrays and maps. */
function read(depth: number): unknown {
  if (pos >= end) throw BAIL;
  const b = src[pos++] as number;
  if (b === 0xfb) {
    // Float 64 ahead of the rest: arrays of coordinates and measurements are mostly these.
    if (pos + 8 > end) throw BAIL;
    const value = floats.float64(pos);
    if (value - value !== 0) throw BAIL; // NaN or ±Infinity
    pos += 8;
    return value;
  }
  const major = b >> 5;
  let argument = b & 0x1f;
  if (argument >= 24) {
    if (major === 7) return readSimple(argument);
    argument = readArgument(argument);
  }
  switch (major) {
    case 0:
      if (argument === INDEFINITE) throw BAIL;
      return argument;
    case 1:
      // −1 − (2^53 − 1) is −2^53, one past the exact integers.
      if (argument === INDEFINITE || argument === MAX_SAFE) throw BAIL;
      return -1 - argument;
    case 3: {
      if (argument === INDEFINITE) throw BAIL; // text in chunks: the reader builds it
      const from = pos;
      if (argument > end - from || argument > maxString) throw BAIL;
      pos = from + argument;
      return strings.read(src, from, argument); // malformed UTF-8 throws, and the reader names it
    }
    case 4:
      return argument === INDEFINITE ? readIndefiniteArray(depth) : readArray(argument, depth);
    case 5:
      return readMap(argument, depth);
    case 7:
      if (argument === 20) return false;
      if (argument === 21) return true;
      if (argument === 22) return null;
      throw BAIL;
    default:
      throw BAIL; // byte strings and tags
  }
}

/** The argument of an item head whose additional information is 24–31 (not major type 7): a count, a length or an integer's magnitude. */
function readArgument(info: number): number {
  const p = pos;
  switch (info) {
    case 24:
      if (p >= end) throw BAIL;
      pos = p + 1;
      return src[p] as number;
    case 25:
      if (p + 2 > end) throw BAIL;
      pos = p + 2;
      return ((src[p] as number) << 8) | (src[p + 1] as number);
    case 26:
      if (p + 4 > end) throw BAIL;
      pos = p + 4;
      return u32(p);
    case 27: {
      if (p + 8 > end) throw BAIL;
      const high = u32(p);
      // Beyond 2^53 − 1: an inexact integer, or a length no input holds.
      if (high > MAX_SAFE_HIGH) throw BAIL;
      pos = p + 8;
      return high * 0x100000000 + u32(p + 4);
    }
    case 31:
      return INDEFINITE;
    default:
      throw BAIL; // reserved
  }
}

/** Major type 7 with additional information 24–31: floats; the rest (simple values, a stray break) is refused. */
function readSimple(info: number): number {
  const p = pos;
  let value: number;
  if (info === 25) {
    if (p + 2 > end) throw BAIL;
    value = halfToNumber(((src[p] as number) << 8) | (src[p + 1] as number));
    pos = p + 2;
  } else if (info === 26) {
    if (p + 4 > end) throw BAIL;
    value = floats.float32(p);
    pos = p + 4;
  } else if (info === 27) {
    if (p + 8 > end) throw BAIL;
    value = floats.float64(p);
    pos = p + 8;
  } else {
    throw BAIL;
  }
  if (value - value !== 0) throw BAIL; // NaN or ±Infinity
  return value;
}

function readArray(count: number, depth: number): unknown[] {
  if (count > end - pos || count > maxCollection || (budget -= count) < 0 || depth >= maxDepth) throw BAIL;
  // An array that starts with a number gets its own allocation site, which V8 learns to make an
  // array of unboxed doubles: the outer arrays of objects never turn it into an array of boxes.
  const first = pos < end ? (src[pos] as number) : -1;
  return first === 0xfb || (first >= 0 && first < 24) ? readNumbers(count, depth) : readItems(count, depth);
}

function readItems(count: number, depth: number): unknown[] {
  const array = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    // Flags and gaps without the call: lists of them are common, and the call costs more than the byte.
    const b = pos < end ? (src[pos] as number) : -1;
    if (b === 0xf6) array[i] = null;
    else if (b === 0xf5) array[i] = true;
    else if (b === 0xf4) array[i] = false;
    else {
      array[i] = read(depth + 1);
      continue;
    }
    pos++;
  }
  return array;
}

/** Coordinates, vertices, indices: small integers and float 64s stored here, without a boxed number each; anything else through read(). */
function readNumbers(count: number, depth: number): unknown[] {
  const array = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    const p = pos;
    const b = p < end ? (src[p] as number) : -1;
    if (b === 0xfb && p + 9 <= end) {
      const value = floats.float64(p + 1);
      if (value - value !== 0) throw BAIL; // NaN or ±Infinity
      array[i] = value;
      pos = p + 9;
    } else if (b >= 0 && b < 24) {
      array[i] = b;
      pos = p + 1;
    } else if (b === 0x19 && p + 3 <= end) {
      array[i] = ((src[p + 1] as number) << 8) | (src[p + 2] as number);
      pos = p + 3;
    } else if (b === 0x18 && p + 2 <= end) {
      array[i] = src[p + 1] as number;
      pos = p + 2;
    } else if (b === 0x1a && p + 5 <= end) {
      array[i] = (src[p + 1] as number) * 0x1000000 + (((src[p + 2] as number) << 16) | ((src[p + 3] as number) << 8) | (src[p + 4] as number));
      pos = p + 5;
    } else {
      array[i] = read(depth + 1);
    }
  }
  return array;
}

function readIndefiniteArray(depth: number): unknown[] {
  if (depth >= maxDepth) throw BAIL;
  const array: unknown[] = [];
  for (;;) {
    if (pos >= end) throw BAIL;
    if (src[pos] === 0xff) break;
    if (array.length >= maxCollection) throw BAIL;
    array.push(read(depth + 1));
  }
  pos++;
  return array;
}

/** A map of `count` entries, or up to a break when `count` is INDEFINITE. */
function readMap(count: number, depth: number): Record<string, unknown> {
  const indefinite = count === INDEFINITE;
  if ((!indefinite && (count * 2 > end - pos || count > maxCollection)) || depth >= maxDepth) throw BAIL;
  if (!indefinite) strings.enterMap(src, pos, count);
  const object: Record<string, unknown> = {};
  const begun = beginMap();
  for (let i = 0; indefinite || i < count; i++) {
    if (indefinite) {
      if (pos >= end) throw BAIL;
      if (src[pos] === 0xff) {
        pos++;
        break;
      }
      if (i >= maxCollection) throw BAIL;
    }
    const key = readMapKey(object, begun);
    putEntry(object, key, read(depth + 1));
  }
  return object;
}

/** A definite-length text string in a key position; anything else (chunked text included) bails. */
function readMapKey(object: Record<string, unknown>, begun: number): string {
  if (pos >= end) throw BAIL;
  const b = src[pos++] as number;
  if (b >> 5 !== 3) throw BAIL;
  let length = b & 0x1f;
  if (length >= 24) {
    if (length === 31) throw BAIL;
    length = readArgument(length);
  }
  const from = pos;
  if (length > end - from || length > maxString) throw BAIL;
  pos = from + length;
  return readKey(object, begun, src, from, pos, strings);
}

function u32(p: number): number {
  return (src[p] as number) * 0x1000000 + (((src[p + 1] as number) << 16) | ((src[p + 2] as number) << 8) | (src[p + 3] as number));
}
