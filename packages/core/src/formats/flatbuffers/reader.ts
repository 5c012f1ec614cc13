import { WirebenchError } from '../../errors.js';
import type { Limits } from '../../limits.js';
import { limitExceeded, tooManyValues, valueBudget } from '../../limits.js';
import { SHORT_STRING, Utf8Strings } from '../../wire/utf8.js';

/**
 * Bounds-checked access to untrusted FlatBuffers bytes, with a budget on materialized values:
 * hostile offsets can form cycles and shared subtrees, so the work is bounded by the buffer's size.
 */
export class Reader {
  readonly view: DataView;
  readonly size: number;
  private budget: number;
  /** Values this decode may still produce: each table read spends its shape's cost (`produce`). */
  private values: number;
  /** Strings past SHORT_STRING bytes by position: one referenced many times (`createSharedString`) is decoded and charged once. */
  private readonly strings = new Map<number, string>();
  private readonly text: Utf8Strings;

  constructor(
    readonly bytes: Uint8Array,
    readonly limits: Limits,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.size = bytes.length;
    this.text = new Utf8Strings(bytes, 'flatbuffers');
    // Each value or string byte our encoder writes takes at least one byte; twice that leaves room for other writers.
    this.budget = 2 * bytes.length + 64;
    this.values = valueBudget(limits, bytes.length);
  }

  /** Spends `cost` values of the value budget (a table and its fields, defaults included). */
  produce(cost: number): void {
    if ((this.values -= cost) < 0) throw tooManyValues('flatbuffers', this.limits, this.size);
  }

  need(position: number, length: number): void {
    if (position < 0 || length < 0 || position + length > this.size) {
      throw new WirebenchError(
        `the data points outside the buffer (offset ${position}, ${length} bytes, buffer ${this.size} bytes): it is truncated or not FlatBuffers of this schema`,
        { format: 'flatbuffers' },
      );
    }
  }

  spend(count: number): void {
    this.budget -= count;
    if (this.budget < 0) {
      throw new WirebenchError('the data expands to far more values than its size allows: it is not FlatBuffers of this schema', {
        format: 'flatbuffers',
      });
    }
  }

  /** Follows the uoffset stored at `position`. */
  indirect(position: number): number {
    this.need(position, 4);
    return position + this.view.getUint32(position, true);
  }

  /** Follows the uoffset at a position already checked (a slot of a checked vector); the target is checked where it is read. */
  follow(position: number): number {
    return position + this.view.getUint32(position, true);
  }

  string(position: number): string {
    const start = this.indirect(position);
    this.need(start, 4);
    const length = this.view.getUint32(start, true);
    this.need(start + 4, length);
    if (length > this.limits.maxStringLength) throw limitExceeded('flatbuffers', 'maxStringLength', this.limits.maxStringLength, `a string of ${length} bytes`);
    // Memory stays linear in the budget. A string of up to SHORT_STRING bytes is decoded at each
    // reference (without a cache lookup per string) for a unit per two bytes: offsets to one such
    // string cost 4 bytes each, and the string, built 8 characters at a time, can take 200 bytes
    // of heap (a unit each, 32 ASCII bytes retained 50× the input). A longer one is decoded and
    // charged once, a unit per 32 bytes plus the window it was cut from (wire/utf8.ts), then shared
    // (strings are immutable): references to one shared string (`createSharedString`) cost a unit
    // each, and cannot make a window each.
    if (length <= SHORT_STRING) {
      this.spend(1 + (length >> 1));
      return this.text.read(start + 4, length);
    }
    this.spend(1);
    const cached = this.strings.get(start);
    if (cached !== undefined) return cached;
    const windowBytes = this.text.windowBytes;
    const text = this.text.read(start + 4, length);
    this.spend((length + this.text.windowBytes - windowBytes) >> 5);
    this.strings.set(start, text);
    return text;
  }

  /** Refuses a list or map nested past `maxDepth`, or longer than `maxCollectionLength`. */
  collection(depth: number, length: number): void {
    if (depth > this.limits.maxDepth) throw limitExceeded('flatbuffers', 'maxDepth', this.limits.maxDepth, `nesting level ${depth}`);
    if (length > this.limits.maxCollectionLength) {
      throw limitExceeded('flatbuffers', 'maxCollectionLength', this.limits.maxCollectionLength, `a collection of ${length}`);
    }
  }

  /** Start of the vector whose uoffset is at `position` (its length is at start − 4), checked for `elementSize`-byte elements. */
  vector(position: number, elementSize: number): number {
    const header = this.indirect(position);
    this.need(header, 4);
    const length = this.view.getUint32(header, true);
    this.need(header + 4, length * elementSize);
    this.spend(length);
    return header + 4;
  }

  /** The length of a vector `vector` returned. */
  length(start: number): number {
    return this.view.getUint32(start - 4, true);
  }

  /** The vtable of the table at `table`, checked; its size is at the returned position. */
  vtable(table: number): number {
    this.spend(1);
    this.need(table, 4);
    const vtable = table - this.view.getInt32(table, true);
    this.need(vtable, 4);
    this.need(vtable, this.view.getUint16(vtable, true));
    return vtable;
  }

  /** Where the field in `slot` (of `size` bytes) starts, checked against the buffer, or 0 when the table does not have it. */
  field(table: number, vtable: number, slot: number, size: number): number {
    const entry = 4 + slot * 2;
    const offset = entry + 2 <= this.view.getUint16(vtable, true) ? this.view.getUint16(vtable + entry, true) : 0;
    if (offset === 0) return 0;
    this.need(table + offset, size);
    return table + offset;
  }
}
