import { isWellFormed } from '../../json-data.js';
import { ASCII_ENCODE, SHORT_ENCODE } from './thresholds.js';

const ENCODER = new TextEncoder();

function writeNative(text: string, bytes: Uint8Array, position: number): number {
  if (!isWellFormed(text)) return -1;
  return position + (ENCODER.encodeInto(text, bytes.subarray(position)).written as number);
}

/**
 * Writes `text` as UTF-8 at `position` and returns the position after it, or -1 when the text holds a
 * lone surrogate (which UTF-8 cannot carry; TextEncoder would write U+FFFD in its place). The caller
 * guarantees room for `3 * text.length` bytes, the most UTF-8 a UTF-16 string can take. Short text
 * is written by a loop, long text by TextEncoder (thresholds.ts: SHORT_ENCODE, ASCII_ENCODE).
 */
export function writeUtf8(text: string, bytes: Uint8Array, position: number): number {
  const length = text.length;
  if (length > SHORT_ENCODE) {
    // ASCII in the loop up to ASCII_ENCODE; at the first unit past ASCII, the native call starts over.
    if (length <= ASCII_ENCODE) {
      let p = position;
      for (let i = 0; i < length; i++) {
        const unit = text.charCodeAt(i);
        if (unit >= 0x80) return writeNative(text, bytes, position);
        bytes[p++] = unit;
      }
      return p;
    }
    return writeNative(text, bytes, position);
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
