import type { Builder } from 'flatbuffers';
import { isWellFormed } from '../../../json-data.js';
import type { Limits } from '../../../limits.js';
import { limitExceeded, stringTooLong } from '../../../limits.js';
import { Refusal } from '../../../refusal.js';
import type { HelperAdapter } from '../../../schema/lower.js';
import { helperAdapter } from '../../../schema/lower.js';
import { describeValue, isPlainObject, missingKey, scalarMismatch, schemaMismatch, unknownKey } from '../../../schema/values.js';
import type { InlineScalar } from '../scalars.js';
import { SCALAR_FITS, SCALAR_SIZE } from '../scalars.js';
import { fieldValue } from '../shape.js';
import type { FieldPlan, Node, TablePlan } from './flatbuffers-plan.js';

/** The lowering's conversion between a JSON value and its `Value` table record (which member is set). */
const DYNAMIC = helperAdapter('dynamic', 'flatbuffers') as HelperAdapter;
const ZERO = BigInt(0);

/**
 * The Builder calls flatc's generated TypeScript makes per scalar type: bools as 0/1 bytes, 64-bit
 * integers as BigInt. The default argument is moot: the codec's Builder forces defaults.
 */
const ADD_FIELD: Readonly<Record<InlineScalar, (b: Builder, slot: number, value: unknown) => void>> = {
  bool: (b, slot, v) => b.addFieldInt8(slot, v ? 1 : 0, 0),
  int32: (b, slot, v) => b.addFieldInt32(slot, v as number, 0),
  uint32: (b, slot, v) => b.addFieldInt32(slot, v as number, 0),
  int64: (b, slot, v) => b.addFieldInt64(slot, BigInt(v as number), ZERO),
  uint64: (b, slot, v) => b.addFieldInt64(slot, BigInt(v as number), ZERO),
  float64: (b, slot, v) => b.addFieldFloat64(slot, v as number, 0),
};

/** The same for vector elements (generated `createXVector`). */
const ADD_ELEMENT: Readonly<Record<InlineScalar, (b: Builder, value: unknown) => void>> = {
  bool: (b, v) => b.addInt8(v ? 1 : 0),
  int32: (b, v) => b.addInt32(v as number),
  uint32: (b, v) => b.addInt32(v as number),
  int64: (b, v) => b.addInt64(BigInt(v as number)),
  uint64: (b, v) => b.addInt64(BigInt(v as number)),
  float64: (b, v) => b.addFloat64(v as number),
};

/**
 * One encode into a `flatbuffers` Builder, bottom-up as flatc's generated `pack()` works (the
 * Builder writes back to front, so a table can only point at strings, vectors and tables already
 * written): a table's children first, then `startObject`, its fields, `endObject`. Values are
 * checked against the schema as they are written (the runtime checks nothing: TextEncoder would
 * turn a lone surrogate into U+FFFD, `BigInt(1.5)` throws without saying where, `addFieldInt8` takes
 * any number for a bool),
 * and a refusal carries its JSON path up as the stack unwinds (refusal.ts), so paths cost nothing
 * until one is needed.
 */
export class BuilderEncoder {
  /** What decoding the tables written so far charges to the value budget (limits.ts). */
  values = 0;

  constructor(
    private readonly b: Builder,
    private readonly limits: Limits,
    /** Refuse keys the schema does not know (`unknownKeys: 'error'`). */
    private readonly strictKeys: boolean,
  ) {}

  /** Writes the table for `value` (for a map entry: the key, with `entryValue`) and returns its offset. */
  table(plan: TablePlan, value: unknown, depth: number, entryValue?: unknown): number {
    const { access, fields } = plan;
    let record = value as Record<string, unknown>;
    if (access === 'dynamic') {
      try {
        record = DYNAMIC.toRecord(value, '$');
      } catch {
        throw mismatch('a JSON value', value);
      }
    } else if (access === 'record') {
      if (!isPlainObject(value)) throw mismatch(`an object (${plan.name})`, value);
      if (depth > this.limits.maxDepth) throw this.tooDeep(depth);
    }
    // A Value table's fields are read from the record the lowering's adapter made of the value.
    const fieldAccess = access === 'dynamic' ? 'record' : access;
    const items = new Array<unknown>(fields.length);
    let present = 0;
    for (const field of fields) {
      const item = fieldValue(fieldAccess, record, field, entryValue);
      if (item === undefined) {
        if (!field.optional) throw new Refusal((path) => missingKey('flatbuffers', path, field.def));
        continue;
      }
      present++;
      // A nullable field is null exactly when the table does not have it.
      if (!(item === null && field.nullable)) items[field.index] = item;
    }
    if (access === 'record') {
      if (this.strictKeys && Object.keys(record).length !== present) throw new Refusal((path) => unknownKey('flatbuffers', path, record, plan.known));
      plan.check?.(record);
    }
    this.values += plan.cost;

    const fieldDepth = plan.transparent ? depth : depth + 1;
    const offsets = new Array<number>(fields.length);
    let field: FieldPlan | undefined;
    try {
      for (field of fields) {
        const item = items[field.index];
        if (item === undefined) continue;
        if (field.node.kind !== 'scalar') offsets[field.index] = this.value(field.node, item, fieldDepth);
        else if (!SCALAR_FITS[field.node.scalar](item)) throw scalarRefusal(field.node.scalar, item);
      }
    } catch (thrown) {
      if (thrown instanceof Refusal && field && !plan.transparent) thrown.keys.push(field.key);
      throw thrown;
    }

    const b = this.b;
    b.startObject(plan.slotCount);
    for (const f of plan.addOrder) {
      const item = items[f.index];
      if (item === undefined) continue;
      if (f.node.kind === 'scalar') ADD_FIELD[f.node.scalar](b, f.slot, item);
      else b.addFieldOffset(f.slot, offsets[f.index] as number, 0);
    }
    return b.endObject();
  }

  /** Writes what a uoffset points at (a string, bytes, a table, a vector) and returns its offset. */
  private value(node: Node, value: unknown, depth: number): number {
    switch (node.kind) {
      case 'string':
        return this.b.createString(this.checkString(value));
      case 'bytes':
        if (!(value instanceof Uint8Array)) throw scalarRefusal('bytes', value);
        return this.b.createByteVector(value);
      case 'table':
        return this.table(node.table, value, depth);
      case 'list':
        return this.list(node.of, value, depth);
      case 'map':
        return this.map(node.entry, value, depth);
      case 'scalar':
        throw new Error('scalars are stored inline');
    }
  }

  private list(of: Node, value: unknown, depth: number): number {
    if (!Array.isArray(value)) throw mismatch('an array', value);
    this.collection(depth, value.length, 'an array');
    const b = this.b;
    if (of.kind === 'scalar') {
      const fits = SCALAR_FITS[of.scalar];
      for (let i = 0; i < value.length; i++) if (!fits(value[i])) throw keyed(scalarRefusal(of.scalar, value[i]), i);
      const add = ADD_ELEMENT[of.scalar];
      const size = SCALAR_SIZE[of.scalar];
      b.startVector(size, value.length, size);
      for (let i = value.length - 1; i >= 0; i--) add(b, value[i]);
      return b.endVector();
    }
    const offsets = new Array<number>(value.length);
    let i = 0;
    try {
      // A table element (a nested list's helper table) is written without a `value` frame between:
      // deep nesting must fit a cold stack (see ByteBufferDecoder.table).
      if (of.kind === 'table') for (; i < value.length; i++) offsets[i] = this.table(of.table, value[i], depth + 1);
      else for (; i < value.length; i++) offsets[i] = this.value(of, value[i], depth + 1);
    } catch (thrown) {
      throw keyed(thrown, i);
    }
    return this.offsetVector(offsets);
  }

  /** A map is a vector of entry tables, one per key (see toFbs). */
  private map(entry: TablePlan, value: unknown, depth: number): number {
    if (!isPlainObject(value)) throw mismatch('an object', value);
    const keys = Object.keys(value);
    this.collection(depth, keys.length, 'an object');
    const offsets = new Array<number>(keys.length);
    let i = 0;
    try {
      for (; i < keys.length; i++) offsets[i] = this.table(entry, keys[i], depth + 1, value[keys[i] as string]);
    } catch (thrown) {
      throw keyed(thrown, keys[i] as string);
    }
    return this.offsetVector(offsets);
  }

  private offsetVector(offsets: readonly number[]): number {
    const b = this.b;
    b.startVector(4, offsets.length, 4);
    for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i] as number);
    return b.endVector();
  }

  private checkString(value: unknown): string {
    if (typeof value !== 'string' || !isWellFormed(value)) throw scalarRefusal('string', value);
    if (stringTooLong(value, this.limits)) {
      const max = this.limits.maxStringLength;
      throw new Refusal((path) => limitExceeded('flatbuffers', 'maxStringLength', max, 'a string', path));
    }
    return value;
  }

  /** Refuses what the decoder refuses: a list or map nested past maxDepth or longer than maxCollectionLength. */
  private collection(depth: number, length: number, what: string): void {
    if (depth > this.limits.maxDepth) throw this.tooDeep(depth);
    const max = this.limits.maxCollectionLength;
    if (length > max) throw new Refusal((path) => limitExceeded('flatbuffers', 'maxCollectionLength', max, `${what} of ${length}`, path));
  }

  private tooDeep(depth: number): Refusal {
    const max = this.limits.maxDepth;
    return new Refusal((path) => limitExceeded('flatbuffers', 'maxDepth', max, `nesting level ${depth}`, path));
  }
}

function mismatch(expected: string, value: unknown): Refusal {
  return new Refusal((path) => schemaMismatch('flatbuffers', path, `expected ${expected}, got ${describeValue(value)}`));
}

function scalarRefusal(type: InlineScalar | 'string' | 'bytes', value: unknown): Refusal {
  return new Refusal((path) => schemaMismatch('flatbuffers', path, scalarMismatch(type, value) as string));
}

/** Adds a list index or map key to a refusal passing through. */
function keyed(thrown: unknown, key: string | number): unknown {
  if (thrown instanceof Refusal) thrown.keys.push(key);
  return thrown;
}
