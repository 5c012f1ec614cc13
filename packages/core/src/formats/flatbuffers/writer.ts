import { keepsBuffer } from '../../wire/buffer.js';
import { writeUtf8 } from '../../wire/utf8.js';

/**
 * The FlatBuffers wire writer. It writes front to back in one pass: a table comes first and its
 * strings, vectors and sub-tables follow it, so every uoffset points forward as the format requires
 * and the value is visited once (the `flatbuffers` Builder writes back to front, which needs every
 * child finished before its parent starts). Positions are absolute from the buffer's start, so
 * alignment is alignment in the finished buffer. Padding is zeroed: the buffer is reused between
 * encodes and the bytes must not depend on an earlier payload.
 */
/** Encodes started so far, by every writer: each one's epoch. */
let encodes = 0;

export class Writer {
  bytes: Uint8Array;
  view: DataView;
  /** The next free byte. */
  end = 0;
  /**
   * This encode's number among all writers' encodes, so vtable caches (keyed per table plan) know
   * when their positions went stale, also when an encode started by a getter used another writer.
   */
  epoch = 0;
  /** Set while an encode writes here: one started meanwhile (by a getter) needs a writer of its own. */
  busy = false;
  /** What decoding the tables written so far will charge to its value budget (the same costs, summed). */
  values = 0;

  constructor(
    private readonly capacity: number,
    /** UTF-8 bytes of the longest string `string` accepts. */
    private readonly maxStringLength: number,
  ) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Starts a buffer: its first 4 bytes will hold the uoffset to the root table (`finish`). */
  start(): void {
    if (!keepsBuffer(this.bytes.length, this.end)) {
      this.bytes = new Uint8Array(this.capacity);
      this.view = new DataView(this.bytes.buffer);
    }
    this.epoch = ++encodes;
    this.end = 4;
    this.values = 0;
  }

  /** A copy of the finished buffer whose root table is at `root` (the writer is reused, so never a view). */
  finish(root: number): Uint8Array {
    this.view.setUint32(0, root, true);
    return this.bytes.slice(0, this.end);
  }

  /** Makes room for `count` more bytes. */
  room(count: number): void {
    if (this.end + count > this.bytes.length) this.grow(count);
  }

  private grow(count: number): void {
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.end + count + 1024));
    next.set(this.bytes.subarray(0, this.end));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  /** Pads with zeros until `end % alignment === phase` (`alignment` a power of two). */
  align(alignment: number, phase: number): void {
    let padding = (phase - this.end) & (alignment - 1);
    if (padding === 0) return;
    this.room(padding);
    while (padding-- > 0) this.bytes[this.end++] = 0;
  }

  /** A vtable for `slotCount` slots and a table of `tableSize` bytes, all slots 0 (absent) until `slot` sets them. */
  vtable(slotCount: number, tableSize: number): number {
    this.align(2, 0);
    const size = 4 + 2 * slotCount;
    this.room(size);
    const at = this.end;
    this.bytes.fill(0, at + 4, at + size);
    this.view.setUint16(at, size, true);
    this.view.setUint16(at + 2, tableSize, true);
    this.end += size;
    return at;
  }

  /** Records in the vtable at `vtable` that the field in `slot` sits `offset` bytes into the table. */
  slot(vtable: number, slot: number, offset: number): void {
    this.view.setUint16(vtable + 4 + 2 * slot, offset, true);
  }

  /**
   * Reserves a table of `size` bytes described by the vtable at `vtable` and returns its position.
   * `wide` (it holds 8-byte scalars, laid out first after the 4-byte soffset) puts the table at 4
   * mod 8, so those scalars are 8-aligned.
   */
  table(vtable: number, size: number, wide: boolean): number {
    this.align(wide ? 8 : 4, wide ? 4 : 0);
    this.room(size);
    const at = this.end;
    // soffset: the vtable sits this many bytes before the table.
    this.view.setInt32(at, at - vtable, true);
    this.end += size;
    return at;
  }

  /** Points the uoffset at `at` to `target` (which follows it). */
  offset(at: number, target: number): void {
    this.view.setUint32(at, target - at, true);
  }

  /**
   * Writes a string (uint32 length, UTF-8, NUL) and returns its position, or -1 when it holds a
   * lone surrogate or is longer than the limit (the caller's diagnosis says which).
   */
  string(text: string): number {
    this.align(4, 0);
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.room(5 + 3 * text.length);
    const at = this.end;
    const after = writeUtf8(text, this.bytes, at + 4);
    if (after < 0) return -1;
    const length = after - at - 4;
    if (length > this.maxStringLength) return -1;
    this.view.setUint32(at, length, true);
    this.bytes[after] = 0;
    this.end = after + 1;
    return at;
  }

  /**
   * Reserves a vector of `length` elements of `elementSize` bytes (its elements start 4 bytes after
   * the returned position, aligned to their size) and writes its length.
   */
  vector(length: number, elementSize: number): number {
    if (elementSize === 8) this.align(8, 4);
    else this.align(4, 0);
    const size = 4 + length * elementSize;
    this.room(size);
    const at = this.end;
    this.view.setUint32(at, length, true);
    this.end += size;
    return at;
  }

  /** Writes a vector of bytes. */
  byteVector(bytes: Uint8Array): number {
    const at = this.vector(bytes.length, 1);
    this.bytes.set(bytes, at + 4);
    return at;
  }

  bool(at: number, value: boolean): void {
    this.bytes[at] = value ? 1 : 0;
  }

  int32(at: number, value: number): void {
    this.view.setInt32(at, value, true);
  }

  uint32(at: number, value: number): void {
    this.view.setUint32(at, value, true);
  }

  /** An integral double in the 64-bit range, as two's complement (no BigInt: the halves are exact). */
  int64(at: number, value: number): void {
    const high = Math.floor(value / 4294967296);
    this.view.setUint32(at, value - high * 4294967296, true);
    this.view.setInt32(at + 4, high | 0, true);
  }

  float64(at: number, value: number): void {
    this.view.setFloat64(at, value, true);
  }
}
