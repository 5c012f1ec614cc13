import type { FormatId } from '../../codec.js';
import type { WirebenchError } from '../../errors.js';
import { setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { decodeUtf8, invalidUtf8Offset } from '../../wire/utf8.js';
import { BinaryInput } from './input.js';
import { HASH_SEED, hashBytes, MapKeys } from './map-keys.js';

/**
 * The part of the msgpack and CBOR readers that does not depend on the format: the container
 * stack, the limits, map keys (strings only, no duplicates: map-keys.ts; `__proto__` as data),
 * UTF-8 checks (wire/utf8.ts), and building values (plain objects via `setOwn`, so a `__proto__`
 * key is an own data property as JSON.parse makes it). The bytes, the position and errors that
 * name a byte offset are its base class's (input.ts).
 *
 * A format's reader (a subclass) parses item heads and calls `scalar`, `text`, `open` and `close`.
 * The codecs decode with their one-pass decoders (msgpack/fast-decoder.ts, cbor/fast-decoder.ts)
 * and run a reader only when those stop: it names what is wrong, or builds the rare forms they leave to it.
 *
 * Every open definite-length container adds its item count to `need`, the fewest bytes the rest of
 * the input must still hold, and a header whose count cannot fit is refused at once: no hostile
 * header can make a library preallocate more slots than the input has bytes.
 */
export abstract class BinaryReader extends BinaryInput {
  /** The top-level value is complete. */
  protected done = false;

  // The container stack, indexed by depth (1 = the payload itself).
  private depth = 0;
  private need = 0;
  /** Items (maps: keys and values) a definite container holds, or -1 when indefinite. */
  private total = new Float64Array(16);
  private seen = new Float64Array(16);
  private startAt = new Float64Array(16);
  private isMap = new Uint8Array(16);
  private keyBase = new Int32Array(16);

  /** Keys of the open maps; `keyBase` is where each map's begin. */
  private readonly keys = new MapKeys();

  // The value being built.
  private containers: unknown[] = [];
  private pendingKeys: string[] = [];
  private root: unknown = undefined;

  constructor(
    format: FormatId,
    readonly limits: Limits,
  ) {
    super(format);
  }

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
    this.begin(bytes);
    this.done = false;
    this.depth = 0;
    this.need = 0;
    this.keys.clear();
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
      this.release();
      this.containers.length = 0;
      this.pendingKeys.length = 0;
      this.keys.clear();
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
    const bad = invalidUtf8Offset(bytes, from, to);
    if (bad >= 0) throw this.badUtf8(bad, start);
    const value = decodeUtf8(bytes, from, to);
    if (isKey) {
      this.keys.add(start, hashBytes(HASH_SEED, bytes, from, to), value);
      this.pendingKeys[this.depth] = value;
    } else this.put(value);
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
      const bad = invalidUtf8Offset(bytes, from, to);
      if (bad >= 0) throw this.badUtf8(bad, start);
      hash = hashBytes(hash, bytes, from, to);
    }
    let value = '';
    for (let i = 0; i < ranges.length; i += 2) value += decodeUtf8(bytes, ranges[i] as number, ranges[i + 1] as number);
    if (isKey) {
      this.keys.add(start, hash, value);
      this.pendingKeys[this.depth] = value;
    } else this.put(value);
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
    this.keyBase[depth] = this.keys.mark;
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

  /** Refuses the map closing at `depth` if it holds one key twice (see map-keys.ts for why). */
  private checkKeys(depth: number): void {
    const twice = this.keys.duplicate(this.keyBase[depth] as number);
    if (twice === undefined) return;
    throw this.fail(
      this.startAt[depth] as number,
      `the map holds the key ${JSON.stringify(twice.key)} twice (bytes ${twice.first} and ${twice.second}); JSON data has one value per key, and readers disagree on which one to keep`,
    );
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
}

function grow<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
