import { decodeAscii, decodeUtf8 } from './decode.js';
import { WINDOW } from './strings.js';

/**
 * The longest string a batch takes: msgpack's str 8 and CBOR's one-byte lengths. On github_events.json,
 * 47 of 800 strings are 129–255 bytes long; copying one costs less than a TextDecoder call of its own.
 */
const BATCH_STRING = 255;
/**
 * The shortest string a batch takes. V8 copies a substring shorter than 13 characters (a longer one
 * is a slice of its string), so a batch saves a shorter one nothing over decodeUtf8's loop, and
 * costs its copy into the batch.
 */
const BATCH_MIN = 13;
/**
 * Inputs shorter than this decode each string alone: a batch's fixed costs (a walk, a DataView, a
 * TextDecoder call) are more than it saves there. Measured without this limit, msgpack in Node 20,
 * batches ÷ each string alone (median of 3 processes): the canonical order (449 bytes) 1.54,
 * user_profile (389) 1.30, catalog_item (370) 1.25, telemetry (170) 1.19; the first 4 jobs of
 * apache_builds.json (333 bytes of names and URLs) 1.00, the first 8 (677) 0.88, the first event
 * of github_events.json (976) 0.88.
 */
const BATCH_INPUT = 512;
/**
 * A scan that takes less than this share of the bytes it walks does not pay for itself: the
 * strings after it are decoded alone for as many bytes as it walked (twice as many after the next
 * such scan, up to QUIET_MAX times). Without it, msgpack in Node 20, batches ÷ each string alone:
 * github_events.json (its scans take 0.64 of the bytes they walk) 0.73, apache_builds.json (0.71)
 * 0.70, twitter.json (0.20) 1.01, the canonical order_batch (0.16) 1.22, citm_catalog.json (0.04)
 * 1.25; with it, 0.70, 0.69, 1.05, 1.05, 1.02. At 0.3: twitter.json 0.95 of 0.2's, github_events.json 1.08.
 */
const MIN_YIELD = 0.2;
const QUIET_MAX = 64;
/** The most bytes one scan walks: as far as a scan yielding MIN_YIELD walks to fill its batch. */
const SCAN_WALK = WINDOW / MIN_YIELD;
/** The most strings one batch holds. */
const BATCH_STRINGS = 256;
/** Bytes a scan walks past the last string it met before it stops: over arrays of numbers, no further. */
const BATCH_GAP = 256;
/** The deepest nesting a scan follows, below the item it starts in; deeper, it stops. */
const SCAN_DEPTH = 32;
/** Items left in the container an unstructured scan starts in, and the most a scan counts in one. */
const UNBOUNDED = 0x7fffffff;

/** What an item head is, by its first byte (the kind of `ItemHeads`). */
export const HEAD_SKIP = 0;
export const HEAD_TEXT = 1;
export const HEAD_MAP = 2;
export const HEAD_ARRAY = 3;
/** Anything a scan does not walk past: byte strings, tags, extensions, indefinite lengths, reserved bytes. */
export const HEAD_STOP = 4;

/**
 * A format's item heads by first byte, for `Utf8Batch`'s scans (msgpack and CBOR heads alike: a
 * first byte, then an argument of 0, 1, 2 or 4 bytes, big-endian), made by `itemHeads`: for each
 * byte, `kind | size << 3 | small << 7`, one load per item.
 *
 * - kind: HEAD_SKIP, HEAD_TEXT, HEAD_MAP, HEAD_ARRAY or HEAD_STOP;
 * - size: the bytes the head takes (HEAD_SKIP: the whole item; text, map, array: 1, 2, 3 or 5);
 * - small: for a head of 1 byte, the length or count it holds (msgpack's fixstr, fixmap and
 *   fixarray, CBOR's additional information below 24).
 */
export type ItemHeads = Uint16Array;

/**
 * The text strings of one msgpack or CBOR input during one decode, in batches: a scan walks ahead
 * through the item heads (`ItemHeads`, the format's one table) and copies each ASCII string of
 * BATCH_MIN to BATCH_STRING bytes it meets end to end into a scratch buffer, whose text one call
 * decodes (decodeAscii); the decoder then cuts each of those strings out of that text when it
 * reaches it. A record's names, dates and URLs take one native call instead of one each, or a
 * JavaScript loop per few characters: the trick of msgpackr's and cbor-x's native extensions
 * (msgpackr-extract, cbor-extract), here in the same code for every runtime.
 *
 * Unlike the runs of Utf8Strings (protobuf, FlatBuffers), a batch holds the strings' bytes alone:
 * the bytes between them are item heads past ASCII (msgpack's string heads 0xa0–0xbf, the map and
 * array heads of both formats). A scan that starts at a map (`enterMap`) knows which strings are
 * keys and leaves them out (the decoder reads keys through its key cache); one that starts at a
 * string the decoder asks for (`read`) without knowing what holds it takes them all. Where a scan
 * stops between two items (the batch full, or no string for BATCH_GAP bytes), the next one goes on
 * from there, still telling keys from values. Text past ASCII, shorter or longer strings, every
 * string of a part of the input a scan walked without taking it, and every string of an input
 * shorter than BATCH_INPUT are decoded on their own (decodeUtf8, which refuses malformed UTF-8).
 *
 * A scan checks nothing and never reads past the input: the decoder reads the same bytes and checks
 * them, and an entry it does not reach is never used, so a scan that misreads (hostile bytes) only
 * takes strings in vain or misses some. Each byte is walked by a scan at most once per decode
 * (`scannedTo` only grows), so scans cost at most one more walk over the input. A string kept after
 * decode keeps at most WINDOW bytes of text alive with it (V8 makes a substring of 13 characters or
 * more a slice of its batch).
 */
export class Utf8Batch {
  /** The input position of each string of the batch, in input order, and where its text starts in `text`. */
  private readonly starts = new Float64Array(BATCH_STRINGS);
  private readonly offsets = new Int32Array(BATCH_STRINGS);
  private readonly scratch = new Uint8Array(WINDOW);
  private readonly scratchView = new DataView(this.scratch.buffer);
  /** The input of this decode as a DataView, made on its first string taken. */
  private view: DataView | undefined;
  private count = 0;
  /** The first entry the decoder has not passed. */
  private next = 0;
  private filled = 0;
  private text = '';
  /** Where the last scan stopped: a string before it that is not in the batch is decoded alone. */
  private scannedTo = 0;
  /** After scans that yielded less than MIN_YIELD: no scan starts before this position. */
  private quietUntil = 0;
  /** How many times its walk the last scan's quiet lasts (0 after a scan that yielded enough). */
  private quiet = 0;
  /**
   * Whether the last scan stopped between two items (the batch full, or BATCH_GAP bytes without a
   * string), with the containers around `scannedTo` below: the next scan goes on from there and
   * still tells keys from values.
   */
  private resumable = false;
  /** The innermost open container of the scan: items left in it, and whether it is a map (1). */
  private left = 0;
  private inMap = 0;
  /** The containers open around it, outermost first: items left in each, and whether it is a map. */
  private depth = 0;
  private readonly stackLeft = new Int32Array(SCAN_DEPTH);
  private readonly stackMap = new Uint8Array(SCAN_DEPTH);

  constructor(private readonly heads: ItemHeads) {}

  /** Starts a decode of `bytes`; call `end` after it. */
  start(bytes: Uint8Array): void {
    this.end();
    // A small input decodes each string alone: nothing is scanned, and every string lies before `scannedTo`.
    this.scannedTo = bytes.length < BATCH_INPUT ? bytes.length : 0;
  }

  /** Forgets the batch, so no input's text outlives its decode. */
  end(): void {
    this.count = 0;
    this.next = 0;
    this.scannedTo = 0;
    this.quietUntil = 0;
    this.quiet = 0;
    this.resumable = false;
    this.text = '';
    this.view = undefined;
  }

  private viewOf(bytes: Uint8Array): DataView {
    return (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** A map of `count` entries whose first key's head is at `from`: scans it, and what follows, for a batch when no scan has. */
  enterMap(bytes: Uint8Array, from: number, count: number): void {
    if (from < this.scannedTo || from < this.quietUntil || count === 0) return;
    this.begin();
    let p = this.scannedTo;
    if (!this.resumable) {
      p = from;
      this.depth = 0;
      this.left = Math.min(count * 2, UNBOUNDED);
      this.inMap = 1;
    }
    this.scan(bytes, p, from + BATCH_GAP);
  }

  /**
   * The text of the string held by `bytes[from, from + length)`, which the caller has bounds-checked;
   * malformed UTF-8 throws decodeUtf8's TypeError. Strings must be asked for in input order.
   */
  read(bytes: Uint8Array, from: number, length: number): string {
    const batched = this.cut(from, length);
    if (batched !== undefined) return batched;
    if (from < this.scannedTo || from < this.quietUntil || length > BATCH_STRING || length < BATCH_MIN) return decodeUtf8(bytes, from, from + length);
    this.begin();
    if (this.resumable) {
      this.scan(bytes, this.scannedTo, from + length + BATCH_GAP);
    } else {
      // Where this string lies is not known: it, then every string after it.
      this.depth = 0;
      this.left = UNBOUNDED;
      this.inMap = 0;
      this.take(bytes, from, length);
      this.scan(bytes, from + length, from + length + BATCH_GAP);
    }
    return this.cut(from, length) ?? decodeUtf8(bytes, from, from + length);
  }

  /** The string at `from` when the batch holds it; passes the entries before it. */
  private cut(from: number, length: number): string | undefined {
    const count = this.count;
    const starts = this.starts;
    let i = this.next;
    while (i < count && (starts[i] as number) < from) i++;
    this.next = i;
    if (i === count || starts[i] !== from) return undefined;
    this.next = i + 1;
    const offset = this.offsets[i] as number;
    return this.text.substring(offset, offset + length);
  }

  private begin(): void {
    this.count = 0;
    this.next = 0;
    this.filled = 0;
  }

  /**
   * Walks the items from `p` in the containers the scan state describes, takes the strings it
   * meets, stops BATCH_GAP bytes past the last string (or at `limit` before any), and decodes the
   * batch. Leaves the state at the item it stopped at.
   */
  private scan(bytes: Uint8Array, p: number, limit: number): void {
    const heads = this.heads;
    const stackLeft = this.stackLeft;
    const stackMap = this.stackMap;
    const end = bytes.length;
    const from = p;
    const walkLimit = p + SCAN_WALK;
    let depth = this.depth;
    let left = this.left;
    let inMap = this.inMap;
    let resumable = false;
    while (p < end) {
      if (p >= limit || p >= walkLimit) {
        resumable = true;
        break;
      }
      if (left === 0) {
        // Past the container the scan started in, what holds it is not known: its items are taken as values.
        if (depth === 0) {
          left = UNBOUNDED;
          inMap = 0;
        } else {
          depth--;
          left = stackLeft[depth] as number;
          inMap = stackMap[depth] as number;
        }
        continue;
      }
      const head = heads[bytes[p] as number] as number;
      const k = head & 7;
      const n = (head >> 3) & 15;
      if (k === HEAD_SKIP) {
        left--;
        p += n;
        continue;
      }
      if (k === HEAD_STOP || p + n > end) break;
      const argument =
        n === 1
          ? head >> 7
          : n === 2
            ? (bytes[p + 1] as number)
            : n === 3
              ? ((bytes[p + 1] as number) << 8) | (bytes[p + 2] as number)
              : (bytes[p + 1] as number) * 0x1000000 + (((bytes[p + 2] as number) << 16) | ((bytes[p + 3] as number) << 8) | (bytes[p + 4] as number));
      if (k === HEAD_TEXT) {
        const start = p + n;
        if (argument > end - start) break;
        // A map's items alternate key, value from an even count left; keys are left out (the decoder reads them through its key cache).
        if ((inMap === 0 || (left & 1) === 1) && argument <= BATCH_STRING && argument >= BATCH_MIN && !this.take(bytes, start, argument)) {
          resumable = true; // the batch is full: the next scan starts at this string
          break;
        }
        left--;
        p = start + argument;
        limit = p + BATCH_GAP;
        continue;
      }
      if (depth === SCAN_DEPTH) break;
      left--;
      p += n;
      stackLeft[depth] = left;
      stackMap[depth] = inMap;
      depth++;
      // A count no input can hold is cut down: a scan that miscounts only takes strings in vain, or misses some.
      left = k === HEAD_MAP ? Math.min(argument * 2, UNBOUNDED) : Math.min(argument, UNBOUNDED);
      inMap = k === HEAD_MAP ? 1 : 0;
    }
    this.depth = depth;
    this.left = left;
    this.inMap = inMap;
    this.resumable = resumable;
    this.scannedTo = p;
    this.text = this.filled === 0 ? '' : decodeAscii(this.scratch, 0, this.filled);
    const walked = p - from;
    if (this.filled >= walked * MIN_YIELD) {
      this.quiet = 0;
    } else {
      // Quiet: the next scan starts afresh past the bytes left unwalked.
      this.quiet = Math.min(this.quiet === 0 ? 1 : this.quiet * 2, QUIET_MAX);
      this.quietUntil = p + walked * this.quiet;
      this.resumable = false;
    }
  }

  /** Adds the string at `bytes[from, from + length)` (in bounds, BATCH_MIN to BATCH_STRING bytes) when it is ASCII; false when the batch is full. */
  private take(bytes: Uint8Array, from: number, length: number): boolean {
    const count = this.count;
    const filled = this.filled;
    if (count === BATCH_STRINGS || filled + length > WINDOW) return false;
    // Four bytes at a time (1.7× faster than one in Node 20), then the last few.
    const view = this.view ?? this.viewOf(bytes);
    const scratch = this.scratchView;
    let high = 0;
    let i = 0;
    for (; i + 4 <= length; i += 4) {
      const word = view.getUint32(from + i, true);
      high |= word;
      scratch.setUint32(filled + i, word, true);
    }
    for (; i < length; i++) {
      const b = bytes[from + i] as number;
      high |= b;
      this.scratch[filled + i] = b;
    }
    if ((high & 0x80808080) === 0) {
      this.starts[count] = from;
      this.offsets[count] = filled;
      this.count = count + 1;
      this.filled = filled + length;
    }
    return true;
  }
}

/** A format's ItemHeads from what `describe` says of each first byte: `[kind, size, small]` (small: 0 where unused). */
export function itemHeads(describe: (byte: number) => readonly [kind: number, size: number, small: number]): ItemHeads {
  const heads = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    const [kind, size, small] = describe(b);
    heads[b] = kind | (size << 3) | (small << 7);
  }
  return heads;
}
