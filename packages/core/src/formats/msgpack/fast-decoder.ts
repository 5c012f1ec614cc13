import type { Limits } from '../../limits.js';
import { HEAD_ARRAY, HEAD_MAP, HEAD_SKIP, HEAD_STOP, HEAD_TEXT, itemHeads, Utf8Batch } from '../../wire/utf8.js';
import { BAIL, beginMap, putEntry, readKey } from '../schemaless-binary/fast-decoder.js';
import { FloatInput } from '../schemaless-binary/float-at.js';

/**
 * MessagePack in one pass (see ../schemaless-binary/fast-decoder.ts): builds the value while
 * checking what `MsgpackReader` checks, and throws `BAIL` on anything else.
 *
 * A deliberate twin of cbor/fast-decoder.ts: `read`, `readArray`, `readItems`, `readNumbers` and
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

export function decodeMsgpack(bytes: Uint8Array, limits: Limits): unknown {
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

/** MessagePack's item heads for the string batches (wire/utf8/batch.ts). */
const HEADS = itemHeads((b) => {
  if (b < 0x80 || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) return [HEAD_SKIP, 1, 0];
  if (b < 0x90) return [HEAD_MAP, 1, b & 0x0f];
  if (b < 0xa0) return [HEAD_ARRAY, 1, b & 0x0f];
  if (b < 0xc0) return [HEAD_TEXT, 1, b & 0x1f];
  // Numbers, 0xca–0xd3: float 32 and 64, uint 8–64, int 8–64.
  if (b >= 0xca && b <= 0xd3) return [HEAD_SKIP, [5, 9, 2, 3, 5, 9, 2, 3, 5, 9][b - 0xca] as number, 0];
  if (b >= 0xd9 && b <= 0xdb) return [HEAD_TEXT, [2, 3, 5][b - 0xd9] as number, 0];
  if (b === 0xdc || b === 0xdd) return [HEAD_ARRAY, b === 0xdc ? 3 : 5, 0];
  if (b === 0xde || b === 0xdf) return [HEAD_MAP, b === 0xde ? 3 : 5, 0];
  return [HEAD_STOP, 0, 0]; // bin, ext, 0xc1: the decoder leaves them to the reader
});

/** The strings of the input being decoded: short ASCII ones in batches (wire/utf8/batch.ts). */
const strings = new Utf8Batch(HEADS);

/** The input's floats (../schemaless-binary/float-at.ts). */
const floats = new FloatInput();

/** The item at `pos`, inside `depth` arrays and maps. */
function read(depth: number): unknown {
  if (pos >= end) throw BAIL;
  const b = src[pos++] as number;
  if (b < 0x80) return b;
  if (b < 0x90) return readMap(b & 0x0f, depth);
  if (b < 0xa0) return readArray(b & 0x0f, depth);
  if (b < 0xc0) return readString(b & 0x1f);
  if (b >= 0xe0) return b - 0x100;
  if (b === 0xcb) {
    // Float 64 ahead of the switch: arrays of coordinates and measurements are mostly these.
    if (pos + 8 > end) throw BAIL;
    const value = floats.float64(pos);
    pos += 8;
    if (value - value !== 0) throw BAIL; // NaN or ±Infinity
    return value;
  }
  switch (b) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xca: {
      if (pos + 4 > end) throw BAIL;
      const value = floats.float32(pos);
      pos += 4;
      if (value - value !== 0) throw BAIL; // NaN or ±Infinity
      return value;
    }
    case 0xcc:
      return u8();
    case 0xcd:
      return u16();
    case 0xce:
      return u32();
    case 0xcf: {
      const high = u32();
      const low = u32();
      if (high > MAX_SAFE_HIGH) throw BAIL;
      return high * 0x100000000 + low;
    }
    case 0xd0:
      return (u8() << 24) >> 24;
    case 0xd1:
      return (u16() << 16) >> 16;
    case 0xd2:
      return u32() | 0;
    case 0xd3: {
      const high = u32() | 0;
      const low = u32();
      // −(2^53 − 1) ≤ value ≤ 2^53 − 1: high in [−2^21, 2^21), except −2^53 itself.
      if (high > MAX_SAFE_HIGH || high < -MAX_SAFE_HIGH - 1 || (high === -MAX_SAFE_HIGH - 1 && low === 0)) throw BAIL;
      return high * 0x100000000 + low;
    }
    case 0xd9:
      return readString(u8());
    case 0xda:
      return readString(u16());
    case 0xdb:
      return readString(u32());
    case 0xdc:
      return readArray(u16(), depth);
    case 0xdd:
      return readArray(u32(), depth);
    case 0xde:
      return readMap(u16(), depth);
    case 0xdf:
      return readMap(u32(), depth);
    default:
      throw BAIL; // bin, ext, 0xc1: the reader names them
  }
}

function readString(length: number): string {
  const from = pos;
  if (length > end - from || length > maxString) throw BAIL;
  pos = from + length;
  return strings.read(src, from, length); // malformed UTF-8 throws, and the reader names it
}

function readArray(count: number, depth: number): unknown[] {
  if (count > end - pos || count > maxCollection || (budget -= count) < 0 || depth >= maxDepth) throw BAIL;
  // An array that starts with a number gets its own allocation site, which V8 learns to make an
  // array of unboxed doubles: the outer arrays of objects never turn it into an array of boxes.
  const first = pos < end ? (src[pos] as number) : -1;
  return first === 0xcb || (first >= 0 && first < 0x80) ? readNumbers(count, depth) : readItems(count, depth);
}

function readItems(count: number, depth: number): unknown[] {
  const array = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    // Flags and gaps without the call: lists of them are common, and the call costs more than the byte.
    const b = pos < end ? (src[pos] as number) : -1;
    if (b === 0xc0) array[i] = null;
    else if (b === 0xc3) array[i] = true;
    else if (b === 0xc2) array[i] = false;
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
    if (b === 0xcb && p + 9 <= end) {
      const value = floats.float64(p + 1);
      if (value - value !== 0) throw BAIL; // NaN or ±Infinity
      array[i] = value;
      pos = p + 9;
    } else if (b >= 0 && b < 0x80) {
      array[i] = b;
      pos = p + 1;
    } else if (b === 0xcd && p + 3 <= end) {
      array[i] = ((src[p + 1] as number) << 8) | (src[p + 2] as number);
      pos = p + 3;
    } else if (b === 0xcc && p + 2 <= end) {
      array[i] = src[p + 1] as number;
      pos = p + 2;
    } else if (b === 0xce && p + 5 <= end) {
      array[i] = (src[p + 1] as number) * 0x1000000 + (((src[p + 2] as number) << 16) | ((src[p + 3] as number) << 8) | (src[p + 4] as number));
      pos = p + 5;
    } else {
      array[i] = read(depth + 1);
    }
  }
  return array;
}

function readMap(count: number, depth: number): Record<string, unknown> {
  if (count * 2 > end - pos || count > maxCollection || depth >= maxDepth) throw BAIL;
  strings.enterMap(src, pos, count);
  const object: Record<string, unknown> = {};
  const begun = beginMap();
  for (let i = 0; i < count; i++) {
    const key = readMapKey(object, begun);
    putEntry(object, key, read(depth + 1));
  }
  return object;
}

function readMapKey(object: Record<string, unknown>, begun: number): string {
  if (pos >= end) throw BAIL;
  const b = src[pos++] as number;
  let length: number;
  if (b >= 0xa0 && b < 0xc0) length = b & 0x1f;
  else if (b === 0xd9) length = u8();
  else if (b === 0xda) length = u16();
  else if (b === 0xdb) length = u32();
  else throw BAIL; // not a string
  const from = pos;
  if (length > end - from || length > maxString) throw BAIL;
  pos = from + length;
  return readKey(object, begun, src, from, pos, strings);
}

function u8(): number {
  if (pos >= end) throw BAIL;
  return src[pos++] as number;
}

function u16(): number {
  const p = pos;
  if (p + 2 > end) throw BAIL;
  pos = p + 2;
  return ((src[p] as number) << 8) | (src[p + 1] as number);
}

function u32(): number {
  const p = pos;
  if (p + 4 > end) throw BAIL;
  pos = p + 4;
  return (src[p] as number) * 0x1000000 + (((src[p + 1] as number) << 16) | ((src[p + 2] as number) << 8) | (src[p + 3] as number));
}
