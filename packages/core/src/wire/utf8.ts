import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { isWellFormed } from '../json-data.js';

/**
 * UTF-8 for the binary wire layers (protobuf, FlatBuffers): exact both ways. Short strings go through
 * loops in JavaScript, because one call into the native TextDecoder/TextEncoder costs more than the
 * loop for the short keys, codes and names that most payloads are made of; long ones go native.
 */

// fatal: malformed UTF-8 is an error, never silently replaced characters; ignoreBOM: a string that
// starts with U+FEFF keeps it (the default drops it).
const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const ENCODER = new TextEncoder();

/**
 * Up to this many bytes, decoding ASCII in JavaScript beats a TextDecoder call. Measured on ASCII
 * (Nov 2026, ns per string, loop / native): Chromium 365 / 970 at 32 bytes, 874 / 309 at 64; Node
 * 648 / 389 at 32, 373 / 353 at 16. Browsers are where the call costs most, so 32.
 */
export const SHORT_DECODE = 32;
/**
 * Up to this many UTF-16 units, encoding in JavaScript beats `TextEncoder.encodeInto` (with the
 * subarray it needs). Measured on ASCII (ns per string, loop / native): Chromium 379 / 970 at 64
 * units, 641 / 981 at 128; Node 200 / 233 at 32, 450 / 190 at 64. 64 splits the difference.
 */
export const SHORT_ENCODE = 64;

/** The string held by `length` bytes of UTF-8 at `start`; malformed UTF-8 is a WirebenchError naming the position. */
export function readUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  if (length > SHORT_DECODE) return nativeUtf8(bytes, start, length, format);
  // Four characters per fromCharCode call: fewer calls and string joins than one each. Any byte
  // past ASCII shows in `high`, and the string then goes to the native decoder, which validates it.
  let out = '';
  let high = 0;
  const end = start + length;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    const c = bytes[i + 2] as number;
    const d = bytes[i + 3] as number;
    high |= a | b | c | d;
    out += String.fromCharCode(a, b, c, d);
  }
  for (; i < end; i++) {
    const a = bytes[i] as number;
    high |= a;
    out += String.fromCharCode(a);
  }
  return high < 0x80 ? out : nativeUtf8(bytes, start, length, format);
}

function nativeUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  try {
    return DECODER.decode(bytes.subarray(start, start + length));
  } catch (error) {
    throw new WirebenchError(`the string at byte ${start} is not valid UTF-8: the data is corrupt or not ${format} of this schema`, {
      format,
      cause: error,
    });
  }
}

/**
 * Writes `text` as UTF-8 at `position` and returns the position after it, or -1 when the text holds a
 * lone surrogate (which UTF-8 cannot carry; TextEncoder would write U+FFFD in its place). The caller
 * guarantees room for `3 * text.length` bytes, the most UTF-8 a UTF-16 string can take.
 */
export function writeUtf8(text: string, bytes: Uint8Array, position: number): number {
  const length = text.length;
  if (length > SHORT_ENCODE) {
    if (!isWellFormed(text)) return -1;
    return position + (ENCODER.encodeInto(text, bytes.subarray(position)).written as number);
  }
  let p = position;
  for (let i = 0; i < length; i++) {
    let unit = text.charCodeAt(i);
    if (unit < 0x80) {
      bytes[p++] = unit;
    } else if (unit < 0x800) {
      bytes[p++] = 0xc0 | (unit >> 6);
      bytes[p++] = 0x80 | (unit & 0x3f);
    } else if (unit < 0xd800 || unit > 0xdfff) {
      bytes[p++] = 0xe0 | (unit >> 12);
      bytes[p++] = 0x80 | ((unit >> 6) & 0x3f);
      bytes[p++] = 0x80 | (unit & 0x3f);
    } else {
      const low = i + 1 < length ? text.charCodeAt(i + 1) : 0;
      if (unit > 0xdbff || low < 0xdc00 || low > 0xdfff) return -1;
      i++;
      unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
      bytes[p++] = 0xf0 | (unit >> 18);
      bytes[p++] = 0x80 | ((unit >> 12) & 0x3f);
      bytes[p++] = 0x80 | ((unit >> 6) & 0x3f);
      bytes[p++] = 0x80 | (unit & 0x3f);
    }
  }
  return p;
}
