import type { FormatId } from '../../codec.js';
import { WirebenchError } from '../../errors.js';
import { ASCII_IN_JS, ASCII_LOOP, DECODE_IN_JS } from './thresholds.js';

// fatal: malformed UTF-8 is an error, never silently replaced characters; ignoreBOM: a string that
// starts with U+FEFF keeps it (the default drops it).
const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const fromCharCode = String.fromCharCode;

/**
 * The text of the UTF-8 bytes `[from, to)` (in bounds); malformed UTF-8 (RFC 3629, as WHATWG's fatal
 * decoder: overlong forms, surrogates, past U+10FFFF, truncated) throws the fatal TextDecoder's
 * TypeError. Each length goes the way measured fastest (thresholds.ts): short ASCII by a loop, short
 * text by decodeUtf8InJs, the rest by one TextDecoder call.
 */
export function decodeUtf8(bytes: Uint8Array, from: number, to: number): string {
  return decodeInJs(bytes, from, to) ?? STRICT.decode(bytes.subarray(from, to));
}

/** The string held by `length` bytes of UTF-8 at `start`; malformed UTF-8 is a WirebenchError naming the position. */
export function readUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  return decodeInJs(bytes, start, start + length) ?? nativeUtf8(bytes, start, length, format);
}

/** decodeUtf8's JavaScript ways: the text, or undefined where TextDecoder decides (longer text, malformed bytes). */
function decodeInJs(bytes: Uint8Array, from: number, to: number): string | undefined {
  const length = to - from;
  if (length <= ASCII_LOOP) return asciiLoop(bytes, from, to) ?? decodeUtf8InJs(bytes, from, to);
  if (length <= DECODE_IN_JS) return decodeUtf8InJs(bytes, from, to);
  return undefined;
}

// Its own function: a try around the JavaScript ways too made FlatBuffers' decode of order_batch
// 1.21× (1.10–1.31) slower in Node.
function nativeUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  try {
    return STRICT.decode(bytes.subarray(start, start + length));
  } catch (error) {
    throw new WirebenchError(`the string at byte ${start} is not valid UTF-8: the data is corrupt or not ${format} of this schema`, { format, cause: error });
  }
}

/** decodeUtf8 for bytes `[from, to)` known to be ASCII (no scan for a byte past it). */
export function decodeAscii(bytes: Uint8Array, from: number, to: number): string {
  const length = to - from;
  if (length <= ASCII_LOOP) return asciiLoop(bytes, from, to) as string;
  return length <= ASCII_IN_JS ? (decodeUtf8InJs(bytes, from, to) as string) : STRICT.decode(bytes.subarray(from, to));
}

/** ASCII bytes `[from, to)` as a string, or undefined at the first byte past ASCII. Fewer calls and joins than one per byte. */
function asciiLoop(bytes: Uint8Array, from: number, to: number): string | undefined {
  let text = '';
  let i = from;
  for (; i + 8 <= to; i += 8) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    const c = bytes[i + 2] as number;
    const d = bytes[i + 3] as number;
    const e = bytes[i + 4] as number;
    const f = bytes[i + 5] as number;
    const g = bytes[i + 6] as number;
    const h = bytes[i + 7] as number;
    if ((a | b | c | d | e | f | g | h) >= 0x80) return undefined;
    text += fromCharCode(a, b, c, d, e, f, g, h);
  }
  if (i + 4 <= to) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    const c = bytes[i + 2] as number;
    const d = bytes[i + 3] as number;
    if ((a | b | c | d) >= 0x80) return undefined;
    text += fromCharCode(a, b, c, d);
    i += 4;
  }
  for (; i < to; i++) {
    const a = bytes[i] as number;
    if (a >= 0x80) return undefined;
    text += fromCharCode(a);
  }
  return text;
}

/**
 * UTF-8 bytes `[from, to)` decoded and checked in JavaScript, or undefined when they are malformed
 * (RFC 3629, as WHATWG's fatal decoder: overlong forms, surrogates, past U+10FFFF, truncated).
 */
export function decodeUtf8InJs(bytes: Uint8Array, from: number, to: number): string | undefined {
  // Preallocated (one slot per byte, the most units there can be), filled by index, then cut to size: faster than push.
  const units = new Array<number>(to - from);
  let k = 0;
  let i = from;
  while (i < to) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      units[k++] = b;
      i++;
      continue;
    }
    if (b < 0xc2) return undefined; // a continuation byte, or an overlong two-byte form
    const b1 = i + 1 < to ? (bytes[i + 1] as number) : 0;
    if ((b1 & 0xc0) !== 0x80) return undefined;
    if (b < 0xe0) {
      units[k++] = ((b & 0x1f) << 6) | (b1 & 0x3f);
      i += 2;
      continue;
    }
    const b2 = i + 2 < to ? (bytes[i + 2] as number) : 0;
    if ((b2 & 0xc0) !== 0x80) return undefined;
    if (b < 0xf0) {
      if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 >= 0xa0)) return undefined; // overlong, or a surrogate
      units[k++] = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      i += 3;
      continue;
    }
    const b3 = i + 3 < to ? (bytes[i + 3] as number) : 0;
    if ((b3 & 0xc0) !== 0x80 || b >= 0xf5 || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 >= 0x90)) return undefined; // overlong, or past U+10FFFF
    const point = (((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)) - 0x10000;
    units[k++] = 0xd800 | (point >> 10);
    units[k++] = 0xdc00 | (point & 0x3ff);
    i += 4;
  }
  if (k !== units.length) units.length = k;
  return fromCharCode.apply(null, units);
}
