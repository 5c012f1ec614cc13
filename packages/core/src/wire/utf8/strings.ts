import type { FormatId } from '../../codec.js';
import { decodeAscii, readUtf8 } from './decode.js';

/**
 * A string up to this many bytes outside the current window is decoded alone (decodeUtf8): a new
 * window pays off for longer ones. FlatBuffers' reader decodes strings this short at each reference
 * and caches longer ones.
 */
export const SHORT_STRING = 32;
/** The longest string cut from a window; a longer one is decoded on its own. */
const WINDOW_STRING = 128;
/**
 * The most bytes decoded per window. 2048 rather than 512 cut the native calls of a protobuf decode
 * of apache_builds.json from 151 to 45, and its time in Chromium to 0.77 (0.57–1.05) of 512's
 * (measured Nov 2026; neutral on the other corpus files, within this machine's noise).
 */
export const WINDOW = 2048;
/** Bytes a run must hold beyond the string for a window to pay off; a string alone in its run is decoded alone. */
const LONE_RUN = 32;

/**
 * The strings of one buffer during one decode (protobuf, FlatBuffers). A short ASCII string is cut
 * from a window: the run of ASCII bytes around it (up to WINDOW bytes), decoded at once (decodeAscii).
 * The strings of a record (keys, codes, names, URLs) mostly lie in one such run, between tags and
 * lengths that are ASCII bytes too, so one call serves dozens of them, where a call per string, or a
 * JavaScript loop per character, costs more. A string kept after decode keeps at most WINDOW bytes
 * of text alive.
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
    if (length <= SHORT_STRING || length > WINDOW_STRING) return readUtf8(this.bytes, start, length, this.format);
    const bytes = this.bytes;
    let high = 0;
    for (let i = start; i < end; i++) high |= bytes[i] as number;
    if (high >= 0x80) return readUtf8(bytes, start, length, this.format);
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
    // A run that holds little more than this string serves no other one.
    if (to - from < length + LONE_RUN) return decodeAscii(bytes, start, end);
    this.windowStart = from;
    this.windowEnd = to;
    this.windowBytes += to - from;
    this.window = decodeAscii(bytes, from, to);
    return this.window.substring(start - from, end - from);
  }
}
