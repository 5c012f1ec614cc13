import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { setOwn } from '../json-data.js';
import type { Limits } from '../limits.js';
import { limitExceeded } from '../limits.js';

/**
 * The part of the msgpack and CBOR readers that does not depend on the format: the container
 * stack, the limits, map keys (strings only, no duplicates, `__proto__` as data), UTF-8 checks,
 * errors with byte offsets, and building values (plain objects via `setOwn`, so a `__proto__` key
 * is an own data property as JSON.parse makes it).
 *
 * A format's reader (a subclass) parses item heads and calls `scalar`, `text`, `open` and `close`.
 * The codecs decode with their one-pass decoders (msgpack-decode.ts, cbor-decode.ts) and run a
 * reader only when those stop: it names what is wrong, or builds the rare forms they leave to it.
 *
 * Every open definite-length container adds its item count to `need`, the fewest bytes the rest of
 * the input must still hold, and a header whose count cannot fit is refused at once: no hostile
 * header can make a library preallocate more slots than the input has bytes.
 */
export abstract class BinaryReader {
  protected bytes: Uint8Array = EMPTY;
  protected pos = 0;
  protected end = 0;
  /** The top-level value is complete. */
  protected done = false;
  private view: DataView | undefined;

  // The container stack, indexed by depth (1 = the payload itself).
  private depth = 0;
  private need = 0;
  /** Items (maps: keys and values) a definite container holds, or -1 when indefinite. */
  private total = new Float64Array(16);
  private seen = new Float64Array(16);
  private startAt = new Float64Array(16);
  private isMap = new Uint8Array(16);
  private keyBase = new Int32Array(16);

  // Keys of the open maps, one region per map (nested maps stack above their parent's keys).
  private keyTop = 0;
  private keyHash = new Int32Array(64);
  /** Byte range of each key, or -1 for a key given in chunks (its text is in `keyText`). */
  private keyFrom = new Float64Array(64);
  private keyTo = new Float64Array(64);
  private keyText: Array<string | undefined> = [];
  private sortScratch = new Int32Array(64);

  // Build mode only.
  private containers: unknown[] = [];
  private pendingKeys: string[] = [];
  private root: unknown = undefined;

  constructor(
    readonly format: FormatId,
    readonly limits: Limits,
  ) {}

  /** Decodes `bytes`, or throws a WirebenchError unless they hold exactly one JSON value within the limits. */
  build(bytes: Uint8Array): unknown {
    this.run(bytes);
    const value = this.root;
    this.root = undefined;
    return value;
  }

  /** Reads items from `this.pos` until `this.done`. */
  protected abstract walk(): void;

  private run(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.pos = 0;
    this.end = bytes.length;
    this.done = false;
    this.depth = 0;
    this.need = 0;
    this.keyTop = 0;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      if (this.end === 0) throw this.fail(0, 'empty input: there is no value');
      this.walk();
      if (this.pos !== this.end) {
        throw this.fail(this.pos, `${this.end - this.pos} trailing byte(s) after the value; the input must hold exactly one value`);
      }
    } catch (error) {
      this.root = undefined;
      throw error;
    } finally {
      this.bytes = EMPTY;
      this.view = undefined;
      this.containers.length = 0;
      this.pendingKeys.length = 0;
      this.keyText.length = 0;
    }
  }

  // ---- Items, called by the format's walk -------------------------------------------------------

  /** A number, boolean or null that began at byte `start`. */
  protected scalar(start: number, value: unknown): void {
    if (this.enter(start)) throw this.nonStringKey(start);
    this.put(value);
    this.complete();
  }

  /** A definite text string whose UTF-8 bytes are `bytes[from, to)` (already bounds-checked). */
  protected text(start: number, from: number, to: number): void {
    const isKey = this.enter(start);
    const bytes = this.bytes;
    if (to - from > this.limits.maxStringLength) throw this.limit('maxStringLength', `a string of ${to - from} bytes`, start);
    const bad = utf8Error(bytes, from, to);
    if (bad >= 0) throw this.badUtf8(bad, start);
    if (isKey) this.key(start, from, to, hashBytes(HASH_SEED, bytes, from, to), undefined);
    const value = decodeUtf8(bytes, from, to);
    if (isKey) this.pendingKeys[this.depth] = value;
    else this.put(value);
    this.complete();
  }

  /** A text string given in chunks: `ranges` holds each chunk's [from, to) byte range (bounds-checked). */
  protected chunkedText(start: number, ranges: readonly number[]): void {
    const isKey = this.enter(start);
    const bytes = this.bytes;
    let length = 0;
    for (let i = 0; i < ranges.length; i += 2) length += (ranges[i + 1] as number) - (ranges[i] as number);
    if (length > this.limits.maxStringLength) throw this.limit('maxStringLength', `a string of ${length} bytes`, start);
    let hash = HASH_SEED;
    for (let i = 0; i < ranges.length; i += 2) {
      const from = ranges[i] as number;
      const to = ranges[i + 1] as number;
      // Each chunk must be valid UTF-8 by itself: a character split across chunks is malformed.
      const bad = utf8Error(bytes, from, to);
      if (bad >= 0) throw this.badUtf8(bad, start);
      hash = hashBytes(hash, bytes, from, to);
    }
    let value = '';
    for (let i = 0; i < ranges.length; i += 2) value += decodeUtf8(bytes, ranges[i] as number, ranges[i + 1] as number);
    if (isKey) this.key(start, -1, -1, hash, value);
    if (isKey) this.pendingKeys[this.depth] = value;
    else this.put(value);
    this.complete();
  }

  /** An array or map header at byte `start` with `count` elements or entries, or -1 for indefinite length. */
  protected open(start: number, count: number, map: boolean): void {
    if (this.enter(start)) throw this.nonStringKey(start);
    const depth = this.depth + 1;
    const what = map ? 'a map' : 'an array';
    if (depth > this.limits.maxDepth) throw this.limit('maxDepth', `nesting level ${depth}`, start);
    let items = -1;
    if (count >= 0) {
      if (count > this.limits.maxCollectionLength) throw this.limit('maxCollectionLength', `${what} of ${count}`, start);
      items = map ? count * 2 : count;
      this.need += items;
      if (this.need > this.end - this.pos) {
        throw this.fail(
          start,
          `truncated or hostile: ${what} of ${count} ${map ? 'entries' : 'items'} (with the items still owed by its enclosing containers, at least ${this.need} bytes) cannot fit in the ${this.end - this.pos} bytes left`,
        );
      }
    }
    if (depth >= this.total.length) this.growStack();
    this.total[depth] = items;
    this.seen[depth] = 0;
    this.startAt[depth] = start;
    this.isMap[depth] = map ? 1 : 0;
    this.keyBase[depth] = this.keyTop;
    const container = map ? {} : [];
    this.put(container);
    this.containers[depth] = container;
    this.depth = depth;
    this.complete();
  }

  /** The end of the innermost indefinite-length array or map (a CBOR break at byte `start`). */
  protected close(start: number): void {
    const depth = this.depth;
    if (depth === 0 || this.total[depth] !== -1) {
      throw this.fail(start, 'a break (0xff) outside an indefinite-length array, map or string');
    }
    if (this.isMap[depth] === 1 && (this.seen[depth] as number) % 2 === 1) {
      throw this.fail(start, 'an indefinite-length map ends after a key, without its value');
    }
    this.pop();
    this.complete();
  }

  // ---- Helpers for the format's walk ------------------------------------------------------------

  /** Refuses unless `size` bytes from `start` are in the input. */
  protected ensure(start: number, size: number, what: string): void {
    if (start + size > this.end) {
      throw this.fail(start, `truncated: ${what} needs ${size} bytes but the input ends ${this.end - start} bytes later`);
    }
  }

  protected u16(at: number): number {
    const bytes = this.bytes;
    return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
  }

  protected u32(at: number): number {
    const bytes = this.bytes;
    return (bytes[at] as number) * 0x1000000 + (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
  }

  /** An IEEE float of `width` bytes (2, 4 or 8) at `at`; refuses NaN and ±Infinity. */
  protected float(start: number, at: number, width: 2 | 4 | 8): number {
    const b0 = (this.bytes[at] as number) & 0x7f;
    const b1 = this.bytes[at + 1] as number;
    const special = width === 8 ? b0 === 0x7f && (b1 & 0xf0) === 0xf0 : width === 4 ? b0 === 0x7f && (b1 & 0x80) === 0x80 : (b0 & 0x7c) === 0x7c;
    if (special) {
      const value = this.readFloat(at, width);
      throw this.fail(start, `the float ${value} is not JSON data (JSON numbers are finite)`);
    }
    return this.readFloat(at, width);
  }

  /** A WirebenchError naming the byte offset. */
  protected fail(offset: number, message: string): WirebenchError {
    return new WirebenchError(`${message} (at byte ${offset})`, { format: this.format });
  }

  /** A value of a type JSON does not have, at byte `start`. */
  protected notJson(start: number, what: string): WirebenchError {
    return this.fail(start, `${what} is not JSON data; these bytes were not written by a JSON-data encoder`);
  }

  /** An integer beyond ±(2^53 − 1), given as text (built only when refusing). */
  protected inexactInteger(start: number, text: string): WirebenchError {
    return this.fail(start, `the integer ${text} is beyond ±(2^53 − 1), past which JS numbers cannot hold every integer (our encoders write such numbers as floats); refusing rather than risking rounding`);
  }

  // ---- Internals --------------------------------------------------------------------------------

  /** Counts an item in its container; returns whether it is in a map-key position. */
  private enter(start: number): boolean {
    const depth = this.depth;
    if (depth === 0) return false;
    const seen = (this.seen[depth] as number) + 1;
    this.seen[depth] = seen;
    if (this.total[depth] !== -1) this.need--;
    else if (seen > (this.isMap[depth] === 1 ? 2 : 1) * this.limits.maxCollectionLength) {
      throw this.limit('maxCollectionLength', `an indefinite-length ${this.isMap[depth] === 1 ? 'map' : 'array'} of more`, start);
    }
    return this.isMap[depth] === 1 && seen % 2 === 1;
  }

  /** Pops every container that the last item completed. */
  private complete(): void {
    for (;;) {
      const depth = this.depth;
      if (depth === 0) {
        this.done = true;
        return;
      }
      if (this.seen[depth] !== this.total[depth]) return;
      this.pop();
    }
  }

  private pop(): void {
    const depth = this.depth;
    if (this.isMap[depth] === 1) this.checkKeys(depth);
    this.containers[depth] = undefined;
    this.depth = depth - 1;
  }

  private put(value: unknown): void {
    const depth = this.depth;
    if (depth === 0) {
      this.root = value;
      return;
    }
    const container = this.containers[depth];
    if (this.isMap[depth] === 1) setOwn(container as Record<string, unknown>, this.pendingKeys[depth] as string, value);
    else (container as unknown[]).push(value);
  }

  private key(start: number, from: number, to: number, hash: number, text: string | undefined): void {
    const index = this.keyTop++;
    if (index >= this.keyHash.length) this.growKeys();
    this.keyHash[index] = hash;
    this.keyFrom[index] = text === undefined ? from : -1;
    this.keyTo[index] = text === undefined ? to : start;
    if (text !== undefined) this.keyText[index] = text;
  }

  /**
   * Refuses a map that holds one key twice. JSON.parse keeps the last value, @msgpack/msgpack and
   * cbor-x keep the last too, but other readers keep the first or refuse: the bytes mean different
   * data to different readers, and our encoders (from plain objects) never write such maps, so they
   * are malformed input here, not data to pick from.
   */
  private checkKeys(depth: number): void {
    const base = this.keyBase[depth] as number;
    const top = this.keyTop;
    this.keyTop = base;
    const count = top - base;
    if (count < 2) return;
    const hashes = this.keyHash;
    if (count <= 12) {
      for (let i = base + 1; i < top; i++) {
        const hash = hashes[i];
        for (let j = base; j < i; j++) if (hashes[j] === hash) this.compareKeys(depth, j, i);
      }
      return;
    }
    if (this.sortScratch.length < count) this.sortScratch = new Int32Array(Math.max(count, this.sortScratch.length * 2));
    const sorted = this.sortScratch.subarray(0, count);
    sorted.set(hashes.subarray(base, top));
    sorted.sort();
    for (let i = 1; i < count; i++) {
      if (sorted[i] !== sorted[i - 1]) continue;
      // Equal hashes (rare): compare the keys themselves.
      const hash = sorted[i];
      for (let a = base; a < top; a++) {
        if (hashes[a] !== hash) continue;
        for (let b = a + 1; b < top; b++) if (hashes[b] === hash) this.compareKeys(depth, a, b);
      }
    }
  }

  private compareKeys(depth: number, a: number, b: number): void {
    const first = this.keyString(a);
    if (first !== this.keyString(b)) return;
    const at = (index: number): number => (this.keyFrom[index] === -1 ? (this.keyTo[index] as number) : (this.keyFrom[index] as number));
    throw this.fail(
      this.startAt[depth] as number,
      `the map holds the key ${JSON.stringify(first)} twice (bytes ${at(a)} and ${at(b)}); JSON data has one value per key, and readers disagree on which one to keep`,
    );
  }

  private keyString(index: number): string {
    const from = this.keyFrom[index] as number;
    return from === -1 ? (this.keyText[index] as string) : decodeUtf8(this.bytes, from, this.keyTo[index] as number);
  }

  private readFloat(at: number, width: 2 | 4 | 8): number {
    const view = this.view ?? new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    return width === 8 ? view.getFloat64(at) : width === 4 ? view.getFloat32(at) : halfToNumber(view.getUint16(at));
  }

  private limit(name: keyof Limits, what: string, start: number): WirebenchError {
    return limitExceeded(this.format, name, this.limits[name], what, `byte ${start}`);
  }

  private nonStringKey(start: number): WirebenchError {
    const byte = (this.bytes[start] as number).toString(16).padStart(2, '0');
    return this.fail(start, `a map key that is not a string (item byte 0x${byte}); JSON object keys are strings`);
  }

  private badUtf8(offset: number, start: number): WirebenchError {
    return this.fail(
      offset,
      `malformed UTF-8 in the string that starts at byte ${start} (an invalid, overlong, surrogate or truncated sequence, or a code point beyond U+10FFFF)`,
    );
  }

  private growStack(): void {
    const size = this.total.length * 2;
    this.total = grow(this.total, new Float64Array(size));
    this.seen = grow(this.seen, new Float64Array(size));
    this.startAt = grow(this.startAt, new Float64Array(size));
    this.isMap = grow(this.isMap, new Uint8Array(size));
    this.keyBase = grow(this.keyBase, new Int32Array(size));
  }

  private growKeys(): void {
    const size = this.keyHash.length * 2;
    this.keyHash = grow(this.keyHash, new Int32Array(size));
    this.keyFrom = grow(this.keyFrom, new Float64Array(size));
    this.keyTo = grow(this.keyTo, new Float64Array(size));
  }
}

const EMPTY = new Uint8Array(0);
const HASH_SEED = 0x811c9dc5 | 0;

function grow<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** FNV-1a over `bytes[from, to)`, continuing from `hash`. */
function hashBytes(hash: number, bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash;
}

/**
 * Offset of the first byte in `bytes[from, to)` that breaks UTF-8 (RFC 3629), or -1: refuses
 * stray continuation bytes, overlong forms, UTF-16 surrogates (ED A0..BF), code points beyond
 * U+10FFFF, and sequences cut short by `to`.
 */
export function utf8Error(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b < 0xc2) return i; // a continuation byte, or C0/C1 (overlong two-byte forms)
    if (b < 0xe0) {
      if (i + 1 >= to || ((bytes[i + 1] as number) & 0xc0) !== 0x80) return i;
      i += 2;
      continue;
    }
    if (b < 0xf0) {
      if (i + 2 >= to) return i;
      const b1 = bytes[i + 1] as number;
      if ((b1 & 0xc0) !== 0x80 || (b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 >= 0xa0) || ((bytes[i + 2] as number) & 0xc0) !== 0x80) return i;
      i += 3;
      continue;
    }
    if (b < 0xf5) {
      if (i + 3 >= to) return i;
      const b1 = bytes[i + 1] as number;
      if (
        (b1 & 0xc0) !== 0x80 ||
        (b === 0xf0 && b1 < 0x90) ||
        (b === 0xf4 && b1 >= 0x90) ||
        ((bytes[i + 2] as number) & 0xc0) !== 0x80 ||
        ((bytes[i + 3] as number) & 0xc0) !== 0x80
      ) {
        return i;
      }
      i += 4;
      continue;
    }
    return i;
  }
  return -1;
}

// ignoreBOM: a string that starts with U+FEFF keeps it (the default decoder would drop it silently).
const textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes bytes already proven to be valid UTF-8; short ASCII strings skip TextDecoder. */
function decodeUtf8(bytes: Uint8Array, from: number, to: number): string {
  if (to - from <= 16) {
    let text = '';
    for (let i = from; i < to; i++) {
      const b = bytes[i] as number;
      if (b >= 0x80) return textDecoder.decode(bytes.subarray(from, to));
      text += String.fromCharCode(b);
    }
    return text;
  }
  return textDecoder.decode(bytes.subarray(from, to));
}

/** IEEE 754 half precision to a number. */
export function halfToNumber(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1024 + fraction) * 2 ** (exponent - 25);
}
