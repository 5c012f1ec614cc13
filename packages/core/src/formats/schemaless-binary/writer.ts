import type { FormatId } from '../../codec.js';
import type { WirebenchError } from '../../errors.js';
import { wrapError } from '../../errors.js';
import { assertEncodable } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { REFUSED } from '../../refusal.js';
import { keepsBuffer } from '../../wire/buffer.js';
import { writeUtf8 } from '../../wire/utf8.js';

/**
 * The one-pass writer behind the msgpack and CBOR encoders: walks JSON data once, writing bytes
 * and checking, as it goes, what `assertEncodable` checks (plain objects and arrays, finite
 * numbers, well-formed strings, the limits). It never explains a refusal: it throws `REFUSED` (refusal.ts),
 * and the codec runs `assertEncodable`, which throws the error with the JSON path. A format
 * (a subclass) says how numbers and headers look; the bytes are the ones its library writes.
 */

const hasOwn = Object.prototype.hasOwnProperty;

export abstract class ValueWriter {
  protected bytes: Uint8Array = new Uint8Array(2048);
  protected view: DataView = new DataView(this.bytes.buffer);
  protected pos = 0;
  /** Set while writing: a getter that encodes again (re-entry) must not share the buffer. */
  busy = false;
  private readonly maxDepth: number;
  private readonly maxCollection: number;
  private readonly maxString: number;

  /**
   * String headers have the same form in both formats: the length in the first byte below
   * `fixLimit` (`fixByte | length`), else a marker and the length in 1, 2 or 4 bytes (markers
   * `marker8`, +1, +2). Fields, not methods: strings are most of what a payload holds.
   */
  constructor(
    limits: Limits,
    private readonly fixLimit: number,
    private readonly fixByte: number,
    private readonly marker8: number,
  ) {
    this.maxDepth = limits.maxDepth;
    this.maxCollection = limits.maxCollectionLength;
    this.maxString = limits.maxStringLength;
  }

  /** The bytes of `value` in a fresh array that owns its buffer; throws a Refusal (or what a getter throws) on what is not JSON data. */
  write(value: unknown): Uint8Array {
    this.busy = true;
    this.pos = 0;
    try {
      this.value(value, 1);
      return this.bytes.slice(0, this.pos);
    } finally {
      this.busy = false;
      if (!keepsBuffer(this.bytes.length, this.pos)) this.reset(new Uint8Array(2048));
    }
  }

  /** A finite number (`-0` included; some libraries write it as the integer 0, which JSON data cannot allow). */
  protected abstract number(value: number): void;
  protected abstract atom(value: boolean | null): void;
  protected abstract arrayHeader(length: number): void;
  protected abstract mapHeader(size: number): void;

  private value(value: unknown, depth: number): void {
    // Room for any header or number; strings ask for more.
    if (this.pos + 16 > this.bytes.length) this.grow(16);
    if (typeof value === 'string') return this.string(value);
    if (typeof value === 'number') {
      if (value - value !== 0) throw REFUSED; // NaN, ±Infinity
      return this.number(value);
    }
    if (typeof value === 'boolean' || value === null) return this.atom(value);
    if (typeof value !== 'object' || depth > this.maxDepth) throw REFUSED;
    if (Array.isArray(value)) {
      const length = value.length;
      if (length > this.maxCollection) throw REFUSED;
      this.arrayHeader(length);
      for (let i = 0; i < length; i++) {
        const item: unknown = value[i];
        // Numbers, flags and gaps without the call: lists of them are common (coordinates, vertices,
        // indices), and the call costs more than the item.
        if (typeof item === 'number') {
          if (item - item !== 0) throw REFUSED; // NaN, ±Infinity
          if (this.pos + 16 > this.bytes.length) this.grow(16);
          this.number(item);
        } else if (item === null || typeof item === 'boolean') {
          if (this.pos >= this.bytes.length) this.grow(1);
          this.atom(item);
        } else this.value(item, depth + 1);
      }
      return;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw REFUSED;
    // for-in with this own-property test, not Object.keys: V8 turns both the test and `object[key]`
    // into loads from the object's enum cache (several times faster). The order is Object.keys'.
    const object = value as Record<string, unknown>;
    let size = 0;
    for (const key in object) if (hasOwn.call(object, key)) size++;
    if (size > this.maxCollection) throw REFUSED;
    this.mapHeader(size);
    let written = 0;
    for (const key in object) {
      if (!hasOwn.call(object, key)) continue;
      this.string(key);
      this.value(object[key], depth + 1);
      written++;
    }
    // Only a getter that adds or deletes keys of its own object gets here.
    if (written !== size) throw REFUSED;
  }

  /**
   * UTF-8 after a header sized for the JavaScript length; moved when the UTF-8 length needs a bigger
   * header. The room reserved is for the biggest header (5 bytes) and the most UTF-8 (3 bytes per
   * unit), not for the guessed header: text that outgrows its guess (`'中'.repeat(11)`: 11 units,
   * 33 bytes, a 2-byte header) moves forward, and with room only for the guess, its last bytes fell
   * off the end of the buffer.
   */
  private string(text: string): void {
    const length = text.length;
    const guess = length < this.fixLimit ? 1 : length < 0x100 ? 2 : length < 0x10000 ? 3 : 5;
    if (this.pos + 5 + length * 3 > this.bytes.length) this.grow(5 + length * 3);
    const bytes = this.bytes;
    const start = this.pos + guess;
    const at = writeUtf8(text, bytes, start);
    if (at < 0) throw REFUSED; // a lone surrogate
    const byteLength = at - start;
    if (byteLength > this.maxString) throw REFUSED;
    let p = this.pos;
    if (byteLength < this.fixLimit) {
      if (guess !== 1) bytes.copyWithin(p + 1, start, at);
      bytes[p++] = this.fixByte | byteLength;
    } else if (byteLength < 0x100) {
      if (guess !== 2) bytes.copyWithin(p + 2, start, at);
      bytes[p++] = this.marker8;
      bytes[p++] = byteLength;
    } else if (byteLength < 0x10000) {
      if (guess !== 3) bytes.copyWithin(p + 3, start, at);
      bytes[p++] = this.marker8 + 1;
      bytes[p++] = byteLength >> 8;
      bytes[p++] = byteLength & 0xff;
    } else {
      if (guess !== 5) bytes.copyWithin(p + 5, start, at);
      bytes[p++] = this.marker8 + 2;
      this.view.setUint32(p, byteLength);
      p += 4;
    }
    this.pos = p + byteLength;
  }

  /** Makes room for `size` more bytes. */
  private grow(size: number): void {
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + size));
    next.set(this.bytes.subarray(0, this.pos));
    this.reset(next);
  }

  private reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }
}

/** Runs `writer`, or a fresh one when it is busy (a getter in the value encodes again). */
export function writeWith<W extends ValueWriter>(writer: W, make: () => W, value: unknown): Uint8Array {
  return (writer.busy ? make() : writer).write(value);
}

/**
 * The error for a value the writer refused (or whatever else stopped it, such as a stack overflow):
 * `assertEncodable` walks the value again and throws the refusal with its JSON path.
 */
export function refusal(value: unknown, format: FormatId, limits: Limits, error: unknown): WirebenchError {
  try {
    assertEncodable(value, format, limits);
  } catch (thrown) {
    // A getter in the value that throws does so again in this walk: still a WirebenchError, as every format's.
    return wrapError(format, 'encode', thrown);
  }
  return wrapError(format, 'encode', error === REFUSED ? new Error('the value was refused but no reason was found') : error);
}
