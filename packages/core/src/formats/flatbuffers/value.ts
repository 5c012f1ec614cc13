import { WirebenchError } from '../../errors.js';
import { setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { REFUSED } from '../../refusal.js';
import type { MessageDef } from '../../schema/types.js';
import { isPlainObject } from '../../schema/values.js';
import type { Reader } from './reader.js';
import { SCALAR_READ } from './scalars.js';
import type { Writer } from './writer.js';

/** The dynamic Value table's members by slot, as schema/lower.ts makes them (ids 1–6). */
const MEMBERS = ['bool_value', 'integer_value', 'number_value', 'string_value', 'list_value', 'object_value'] as const;
/** The Value table's vtable kinds: its member slots, then null and the map entry (attribution/flatbuffers.ts replays them). */
export const BOOL = 0;
export const INTEGER = 1;
export const NUMBER = 2;
export const STRING = 3;
export const LIST = 4;
export const OBJECT = 5;
/** Vtable cache indexes past the member slots. */
export const NULL = 6;
export const ENTRY = 7;
const MEMBER_SIZE = [1, 8, 8, 4, 4, 4] as const;

/** Refuses a lowered dynamic message that is not the one this module was written for. */
export function checkValueMessage(message: MessageDef): void {
  const matches = message.fields.length === MEMBERS.length && message.fields.every((field, i) => field.name === MEMBERS[i] && field.id === i + 1);
  if (!matches) throw new WirebenchError(`the dynamic message ${message.name} does not have the expected members`, { format: 'flatbuffers' });
}

/**
 * Any JSON value as a `Value` table (one member set, none for null; objects as vectors of
 * {key, value} entries), written and read by hand rather than through the per-table plans: it is
 * the same table for every schema, its vtables are a fixed few, and it recurses on itself.
 * Limits mirror the reader: a list or object at JSON level `depth` counts against maxDepth there.
 */
export class ValueCodec {
  private epoch = -1;
  /** Vtable positions in the current buffer: one per member, null, and the map entry. */
  private readonly vtables = new Array<number>(8).fill(-1);

  constructor(private readonly limits: Limits) {}

  /** Writes `value` as a Value table and returns its position; throws `REFUSED` (refusal.ts) for what JSON data cannot hold or the limits refuse. */
  write(w: Writer, value: unknown, depth: number): number {
    if (value === null) return w.table(this.vtable(w, NULL), 4, false);
    switch (typeof value) {
      case 'boolean': {
        const table = w.table(this.vtable(w, BOOL), 5, false);
        w.bool(table + 4, value);
        return table;
      }
      case 'number': {
        if (value - value !== 0) throw REFUSED;
        // Integers as int64, as protobuf's varints; -0 and fractions need the double.
        const integer = Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0);
        const table = w.table(this.vtable(w, integer ? INTEGER : NUMBER), 12, true);
        if (integer) w.int64(table + 4, value);
        else w.float64(table + 4, value);
        return table;
      }
      case 'string': {
        const table = w.table(this.vtable(w, STRING), 8, false);
        const text = w.string(value);
        if (text < 0) throw REFUSED;
        w.offset(table + 4, text);
        return table;
      }
      case 'object':
        return Array.isArray(value) ? this.writeList(w, value, depth) : this.writeObject(w, value, depth);
      default:
        throw REFUSED;
    }
  }

  private writeList(w: Writer, list: readonly unknown[], depth: number): number {
    if (depth > this.limits.maxDepth || list.length > this.limits.maxCollectionLength) throw REFUSED;
    const table = w.table(this.vtable(w, LIST), 8, false);
    const vector = w.vector(list.length, 4);
    w.offset(table + 4, vector);
    for (let i = 0; i < list.length; i++) w.offset(vector + 4 + 4 * i, this.write(w, list[i], depth + 1));
    return table;
  }

  private writeObject(w: Writer, object: object | null, depth: number): number {
    if (!isPlainObject(object)) throw REFUSED;
    const keys = Object.keys(object);
    if (depth > this.limits.maxDepth || keys.length > this.limits.maxCollectionLength) throw REFUSED;
    const table = w.table(this.vtable(w, OBJECT), 8, false);
    const vector = w.vector(keys.length, 4);
    w.offset(table + 4, vector);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const entry = w.table(this.vtable(w, ENTRY), 12, false);
      w.offset(vector + 4 + 4 * i, entry);
      const text = w.string(key);
      if (text < 0) throw REFUSED;
      w.offset(entry + 4, text);
      w.offset(entry + 8, this.write(w, object[key], depth + 1));
    }
    return table;
  }

  private vtable(w: Writer, kind: number): number {
    if (this.epoch !== w.epoch) {
      this.epoch = w.epoch;
      this.vtables.fill(-1);
    }
    let at = this.vtables[kind] as number;
    if (at >= 0) return at;
    if (kind === NULL) {
      at = w.vtable(0, 4);
    } else if (kind === ENTRY) {
      at = w.vtable(2, 12);
      w.slot(at, 0, 4);
      w.slot(at, 1, 8);
    } else {
      // Only slots up to the member's own: a vtable may end early, and these are the most repeated tables.
      at = w.vtable(kind + 1, 4 + (MEMBER_SIZE[kind] as number));
      w.slot(at, kind, 4);
    }
    this.vtables[kind] = at;
    return at;
  }

  /** The JSON value of the Value table at `table`: its first member set, or null when none is. */
  read(r: Reader, table: number, depth: number): unknown {
    const vtable = r.vtable(table);
    const view = r.view;
    // The vtable may end before the last member (ours end at the member that is set; null's has none).
    const slots = Math.min(MEMBERS.length, (view.getUint16(vtable, true) - 4) >> 1);
    for (let slot = 0; slot < slots; slot++) {
      const offset = view.getUint16(vtable + 4 + 2 * slot, true);
      if (offset === 0) continue;
      const at = table + offset;
      r.need(at, MEMBER_SIZE[slot] as number);
      switch (slot) {
        case BOOL:
          return r.bytes[at] !== 0;
        case INTEGER:
          return SCALAR_READ.int64(r, at);
        case NUMBER:
          return SCALAR_READ.float64(r, at);
        case STRING:
          return r.string(at);
        case LIST:
          return this.readList(r, at, depth);
        default:
          return this.readObject(r, at, depth);
      }
    }
    return null;
  }

  private readList(r: Reader, at: number, depth: number): unknown[] {
    const start = r.vector(at, 4);
    const length = r.length(start);
    r.collection(depth, length);
    const out = new Array<unknown>(length);
    // The vector's slots are checked: each one's uoffset is followed without another check.
    for (let i = 0; i < length; i++) out[i] = this.read(r, r.follow(start + 4 * i), depth + 1);
    return out;
  }

  private readObject(r: Reader, at: number, depth: number): Record<string, unknown> {
    const start = r.vector(at, 4);
    const length = r.length(start);
    r.collection(depth, length);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < length; i++) {
      const entry = r.indirect(start + 4 * i);
      const vtable = r.vtable(entry);
      const key = r.field(entry, vtable, 0, 4);
      const value = r.field(entry, vtable, 1, 4);
      if (value === 0) throw new WirebenchError('required field value is absent', { format: 'flatbuffers' });
      setOwn(out, key === 0 ? '' : r.string(key), this.read(r, r.indirect(value), depth + 1));
    }
    return out;
  }
}
