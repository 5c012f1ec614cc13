import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { isWellFormed } from '../json-data.js';

/**
 * UTF-8 for the binary wire layers (protobuf, FlatBuffers): exact both ways. One call into the native
 * TextDecoder/TextEncoder costs more than a JavaScript loop for the short keys, codes and names most
 * payloads are made of, so short strings go through loops, long ones go native, and a decoder's
 * mid-length ASCII strings share native calls (Utf8Strings).
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
/** Node, told by a global it sets (read, never called: the browser path uses no Node API). */
const IN_NODE = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

/**
 * Up to this many UTF-16 units, encoding in JavaScript beats `TextEncoder.encodeInto` (with the
 * subarray it needs); up to ASCII_ENCODE, it does for ASCII text. A call costs five times more in
 * Chromium, where it crosses into the browser's bindings, than in Node, where it is JavaScript over a
 * cheap one, and the loop is slowest on text past ASCII. Measured (Nov 2026, ns per string, loop /
 * native) on ASCII URLs parsed from JSON: Node 179 / 209 at 32 units, 343 / 214 at 64 (crossing near 40); Chromium
 * 266 / 1104 at 64, 740 / 1344 at 192, 1437 / 1146 at 256; on twitter.json's Japanese text, the loop
 * up to 192 units made Chromium's protobuf encode 1.45× slower. Only speed depends on these: both
 * ways write the same bytes.
 */
export const SHORT_ENCODE = IN_NODE ? 32 : 64;
export const ASCII_ENCODE = IN_NODE ? 40 : 192;

/** The string held by `length` bytes of UTF-8 at `start`; malformed UTF-8 is a WirebenchError naming the position. */
export function readUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  return length > SHORT_DECODE ? nativeUtf8(bytes, start, length, format) : loopUtf8(bytes, start, length, format);
}

/** readUtf8 without the native call: ASCII in a loop, anything else by decodeUtf8InJs (or the native decoder's error). */
function loopUtf8(bytes: Uint8Array, start: number, length: number, format: FormatId): string {
  // Eight, then four characters per fromCharCode call: fewer calls and string joins than one each.
  // Any byte past ASCII shows in `high`, and the string then goes to the native decoder, which
  // validates it.
  let out = '';
  let high = 0;
  const end = start + length;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    const c = bytes[i + 2] as number;
    const d = bytes[i + 3] as number;
    const e = bytes[i + 4] as number;
    const f = bytes[i + 5] as number;
    const g = bytes[i + 6] as number;
    const h = bytes[i + 7] as number;
    high |= a | b | c | d | e | f | g | h;
    out += String.fromCharCode(a, b, c, d, e, f, g, h);
  }
  if (i + 4 <= end) {
    const a = bytes[i] as number;
    const b = bytes[i + 1] as number;
    const c = bytes[i + 2] as number;
    const d = bytes[i + 3] as number;
    high |= a | b | c | d;
    out += String.fromCharCode(a, b, c, d);
    i += 4;
  }
  for (; i < end; i++) {
    const a = bytes[i] as number;
    high |= a;
    out += String.fromCharCode(a);
  }
  return high < 0x80 ? out : (decodeUtf8InJs(bytes, start, end) ?? nativeUtf8(bytes, start, length, format));
}

/**
 * The strings of one buffer during one decode. A short ASCII string is cut from a window: the run of
 * ASCII bytes around it (up to WINDOW bytes), decoded by one native call. The strings of a record
 * (keys, codes, names, URLs) mostly lie in one such run, between tags and lengths that are ASCII
 * bytes too, so one call serves dozens of them, where a call per string, or a JavaScript loop per
 * character, costs more. A string kept after decode keeps at most WINDOW bytes of text alive.
 */
export class Utf8Strings {
  /** Bytes decoded into windows so far: a reader whose input can point at the same bytes many times (FlatBuffers) charges them to its budget. */
  windowBytes = 0;
  private window = '';
  private windowStart = 0;
  private windowEnd = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly format: FormatId,
  ) {}

  /** The string held by `length` bytes of UTF-8 at `start`, which the caller has checked lie inside the buffer. */
  read(start: number, length: number): string {
    const end = start + length;
    const windowStart = this.windowStart;
    // Inside the window, the bytes are known to be ASCII.
    if (start >= windowStart && end <= this.windowEnd) return this.window.substring(start - windowStart, end - windowStart);
    // A short string outside the window goes the loop's way: a new window pays off for longer ones.
    if (length <= SHORT_DECODE || length > WINDOW_STRING) return readUtf8(this.bytes, start, length, this.format);
    const bytes = this.bytes;
    let high = 0;
    for (let i = start; i < end; i++) high |= bytes[i] as number;
    if (high >= 0x80) {
      const text = length <= SHORT_DECODE_IN_JS ? decodeUtf8InJs(bytes, start, end) : undefined;
      return text ?? nativeUtf8(bytes, start, length, this.format);
    }
    // The run goes the way reading goes: forward for protobuf, often backward for FlatBuffers,
    // whose builder writes the last-made strings first.
    let from = start;
    let to = end;
    if (start < windowStart) {
      const limit = Math.max(0, end - WINDOW);
      while (from > limit && (bytes[from - 1] as number) < 0x80) from--;
    } else {
      const limit = Math.min(bytes.length, start + WINDOW);
      while (to < limit && (bytes[to] as number) < 0x80) to++;
    }
    // A run that holds little more than this string serves no other one: a string the loop still
    // decodes faster than a native call (in Chromium) goes the loop's way.
    if (length <= LOOP_STRING && to - from < length + LONE_RUN) return loopUtf8(bytes, start, length, this.format);
    this.windowStart = from;
    this.windowEnd = to;
    this.windowBytes += to - from;
    this.window = DECODER.decode(bytes.subarray(from, to));
    return this.window.substring(start - from, end - from);
  }
}

/**
 * Up to this many bytes, a string alone in its run is decoded by the loop: Chromium's native call
 * costs about 300 ns even at 48 bytes, the loop 200 (Node: 150–250 and 190).
 */
const LOOP_STRING = 48;
/** Bytes a run must hold beyond the string for a window to pay off. */
const LONE_RUN = 32;
/** Up to this many bytes, a string with characters past ASCII is decoded in JavaScript. */
const SHORT_DECODE_IN_JS = 64;
/**
 * The most bytes decoded per window. 2048 rather than 512 cut the native calls of a protobuf decode
 * of apache_builds.json from 151 to 45, and its time in Chromium to 0.77 (0.57–1.05) of 512's
 * (measured Nov 2026; neutral on the other corpus files, within this machine's noise).
 */
const WINDOW = 2048;
/** The longest string cut from a window; a longer one is decoded on its own. */
const WINDOW_STRING = 128;

/**
 * UTF-8 bytes `[from, to)` decoded and checked in JavaScript, or undefined when they are malformed
 * (RFC 3629, as WHATWG's fatal decoder: overlong forms, surrogates, past U+10FFFF, truncated). For
 * short strings with characters past ASCII, where one call into TextDecoder costs more.
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
  return String.fromCharCode.apply(null, units);
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

function writeNative(text: string, bytes: Uint8Array, position: number): number {
  if (!isWellFormed(text)) return -1;
  return position + (ENCODER.encodeInto(text, bytes.subarray(position)).written as number);
}

/**
 * Writes `text` as UTF-8 at `position` and returns the position after it, or -1 when the text holds a
 * lone surrogate (which UTF-8 cannot carry; TextEncoder would write U+FFFD in its place). The caller
 * guarantees room for `3 * text.length` bytes, the most UTF-8 a UTF-16 string can take.
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
