import { Builder, ByteBuffer } from 'flatbuffers';
import type { Codec, SchemaCodecOptions } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { WirebenchError, assertBytes, wrapError } from '../errors.js';
import { childPath } from '../fidelity.js';
import { assertEncodable, setOwn } from '../json-data.js';
import type { Limits } from '../limits.js';
import { checkByteLength, limitExceeded, resolveLimits } from '../limits.js';
import type { HelperAdapter, LoweredSchema } from '../schema/lower.js';
import { FLATBUFFERS_RULES, helperAdapter, lowerSchema } from '../schema/lower.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from '../schema/types.js';
import { recordFactory } from '../schema/records.js';
import { findMessage, rootPayload, rootRecord } from '../schema/types.js';
import { checkKnownKeys, describeValue, finiteDouble, int64InRange, recordLimits, isPlainObject, missingKey, scalarMismatch, schemaMismatch } from '../schema/values.js';

/** vtable entries are 16-bit offsets into the vtable: slots beyond this cannot be addressed. */
const MAX_FIELD_ID = 1024;

/**
 * FlatBuffers driven by a wirebench Schema at run time, on the `flatbuffers` Builder and ByteBuffer
 * (no flatc, so it runs in a browser). The bytes follow `toFbs(schema)`: flatc and flatc-generated
 * code read them. Every present field is written, defaults included, so presence survives exactly;
 * keys the schema does not know are refused (or dropped, by option). Decoding checks every offset
 * against the buffer, bounds the work by the buffer's size (hostile offsets can form cycles and
 * shared subtrees) and keeps to the codec's limits, which encode enforces too.
 */
export function flatbuffersCodec(schema: Schema, options: SchemaCodecOptions = {}): Codec {
  findMessage(schema, schema.root);
  const limits = resolveLimits(options.limits, 'flatbuffers');
  const settings: Settings = { limits, strictKeys: (options.unknownKeys ?? 'error') === 'error', transparentRoot: schema.wrappedRoot ? schema.root : undefined };
  const tables = compileTables(lowerSchema(schema, FLATBUFFERS_RULES), settings);
  const root = tables.get(schema.root) as TablePlan;
  const builder = new Builder(1024);
  return {
    format: 'flatbuffers',
    mediaType: MEDIA_TYPES.flatbuffers,
    encode(value) {
      builder.clear();
      // clear() resets forceDefaults: without it a present 0, false or 0.0 would not be written.
      builder.forceDefaults(true);
      try {
        assertEncodable(value, 'flatbuffers', limits);
        builder.finish(root.write(builder, rootRecord(schema, value), '$'));
      } catch (error) {
        throw wrapError('flatbuffers', 'encode', error);
      }
      checkByteLength('flatbuffers', limits, builder.offset());
      // The builder is reused, so hand out a copy rather than a view of its buffer.
      return builder.asUint8Array().slice();
    },
    decode(bytes) {
      assertBytes('flatbuffers', bytes);
      checkByteLength('flatbuffers', limits, bytes.length);
      const reader = new Reader(bytes, limits);
      try {
        reader.need(0, 4);
        return rootPayload(schema, root.read(reader, reader.bb.readUint32(0), 1) as Record<string, unknown>);
      } catch (error) {
        throw wrapError('flatbuffers', 'decode', error);
      }
    },
  };
}

// fatal: malformed UTF-8 is an error, never silently replaced characters; ignoreBOM: a string that
// starts with U+FEFF keeps it (the default drops it).
const TEXT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Past this length one call into the native TextDecoder costs less than a loop in JavaScript. */
const SHORT_STRING = 32;

/** Decodes UTF-8: short ASCII strings in JavaScript (most keys and codes are), the rest natively. */
function utf8(bytes: Uint8Array, start: number, length: number): string {
  if (length <= SHORT_STRING) {
    let out = '';
    for (let i = start; i < start + length; i++) {
      const byte = bytes[i] as number;
      if (byte >= 0x80) return nativeUtf8(bytes, start, length);
      out += String.fromCharCode(byte);
    }
    return out;
  }
  return nativeUtf8(bytes, start, length);
}

function nativeUtf8(bytes: Uint8Array, start: number, length: number): string {
  try {
    return TEXT.decode(bytes.subarray(start, start + length));
  } catch (error) {
    throw new WirebenchError(`the string at byte ${start} is not valid UTF-8: the data is corrupt or not FlatBuffers of this schema`, {
      format: 'flatbuffers',
      cause: error,
    });
  }
}

/** Bounds-checked access to untrusted bytes, with a budget on materialized values. */
class Reader {
  readonly bb: ByteBuffer;
  private readonly size: number;
  private budget: number;
  /** Long strings by position: one referenced many times (`createSharedString`) is decoded and charged once. */
  private readonly strings = new Map<number, string>();

  constructor(
    bytes: Uint8Array,
    readonly limits: Limits,
  ) {
    this.bb = new ByteBuffer(bytes);
    this.size = bytes.length;
    // Each value or string byte our encoder writes takes at least one byte; twice that leaves room for other writers.
    this.budget = 2 * bytes.length + 64;
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
    return position + this.bb.readUint32(position);
  }

  string(position: number): string {
    const start = this.indirect(position);
    this.need(start, 4);
    const length = this.bb.readUint32(start);
    this.need(start + 4, length);
    if (length > this.limits.maxStringLength) throw limitExceeded('flatbuffers', 'maxStringLength', this.limits.maxStringLength, `a string of ${length} bytes`);
    // Every reference costs one unit, so references to shared strings stay bounded. A short string
    // is decoded at each reference (at most SHORT_STRING characters each, so memory stays linear in
    // the budget); a long one is decoded and charged once and then shared (strings are immutable).
    this.spend(1);
    if (length <= SHORT_STRING) return utf8(this.bb.bytes(), start + 4, length);
    const cached = this.strings.get(start);
    if (cached !== undefined) return cached;
    this.spend(length);
    const text = utf8(this.bb.bytes(), start + 4, length);
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

  /** Start and length of the vector whose uoffset is at `position`, checked for `elementSize`-byte elements. */
  vector(position: number, elementSize: number): [start: number, length: number] {
    const header = this.indirect(position);
    this.need(header, 4);
    const length = this.bb.readUint32(header);
    this.need(header + 4, length * elementSize);
    this.spend(length);
    return [header + 4, length];
  }
}

/** Reads a value stored at a position (inline for scalars, a uoffset for everything else). */
type ReadValue = (reader: Reader, position: number, depth: number) => unknown;
type WriteOffset = (builder: Builder, value: unknown, path: string) => number;

interface ScalarCodec {
  readonly size: number;
  read(bb: ByteBuffer, position: number): unknown;
  /** Writes a vector element. */
  add(builder: Builder, value: unknown): void;
  addField(builder: Builder, slot: number, value: unknown): void;
  readonly zero: unknown;
}

const SCALARS: Readonly<Record<Exclude<ScalarType, 'string' | 'bytes'>, ScalarCodec>> = {
  bool: {
    size: 1,
    zero: false,
    read: (bb, p) => bb.readInt8(p) !== 0,
    add: (b, v) => b.addInt8(v ? 1 : 0),
    addField: (b, s, v) => b.addFieldInt8(s, v ? 1 : 0, 0),
  },
  int32: {
    size: 4,
    zero: 0,
    read: (bb, p) => bb.readInt32(p),
    add: (b, v) => b.addInt32(v as number),
    addField: (b, s, v) => b.addFieldInt32(s, v as number, 0),
  },
  uint32: {
    size: 4,
    zero: 0,
    read: (bb, p) => bb.readUint32(p),
    add: (b, v) => b.addInt32((v as number) | 0),
    addField: (b, s, v) => b.addFieldInt32(s, (v as number) | 0, 0),
  },
  int64: {
    size: 8,
    zero: 0,
    // Two 32-bit halves give the same double as Number(BigInt) without allocating BigInts: past 2^53
    // the nearest double, as JSON.parse rounds the same digits.
    read: (bb, p) => int64InRange('flatbuffers', bb.readInt32(p + 4) * 2 ** 32 + bb.readUint32(p), false),
    add: (b, v) => b.addInt64(BigInt(v as number)),
    addField: (b, s, v) => b.addFieldInt64(s, BigInt(v as number), BigInt(0)),
  },
  uint64: {
    size: 8,
    zero: 0,
    read: (bb, p) => int64InRange('flatbuffers', bb.readUint32(p + 4) * 2 ** 32 + bb.readUint32(p), true),
    add: (b, v) => b.addInt64(BigInt.asIntN(64, BigInt(v as number))),
    addField: (b, s, v) => b.addFieldInt64(s, BigInt.asIntN(64, BigInt(v as number)), BigInt(0)),
  },
  float64: {
    size: 8,
    zero: 0,
    read: (bb, p) => finiteDouble('flatbuffers', bb.readFloat64(p)),
    add: (b, v) => b.addFloat64(v as number),
    addField: (b, s, v) => b.addFieldFloat64(s, v as number, 0),
  },
};

interface TablePlan {
  write(builder: Builder, value: unknown, path: string): number;
  /** The table's JSON value: a record, or for helper tables the value the record stands for. */
  read(reader: Reader, tablePosition: number, depth: number): unknown;
}

interface FieldPlan {
  readonly field: FieldDef;
  readonly slot: number;
  /** Set for fields stored inline in the table. */
  readonly scalar: ScalarCodec | undefined;
  readonly scalarType: ScalarType | undefined;
  /** Set for fields stored behind a uoffset. */
  readonly writeOffset: WriteOffset | undefined;
  readonly read: ReadValue;
  /** What an absent non-optional field reads as (other writers may omit defaults). */
  readonly absent: () => unknown;
  /** Bytes the field takes in the table: inline scalars their size, everything else a 4-byte uoffset. */
  readonly size: number;
}

interface Settings {
  readonly limits: Limits;
  /** Refuse keys the schema does not know (`unknownKeys: 'error'`). */
  readonly strictKeys: boolean;
  /** The wrapped root message, which stands for its `value` rather than for a JSON object. */
  readonly transparentRoot: string | undefined;
}

function compileTables({ schema, roles }: LoweredSchema, { limits, strictKeys, transparentRoot }: Settings): Map<string, TablePlan> {
  const plans = new Map<string, TablePlan>();
  for (const message of schema.messages) plans.set(message.name, { write: unset, read: unset });
  const table = (name: string): TablePlan => {
    const plan = plans.get(name);
    if (!plan) throw new WirebenchError(`the schema refers to a missing message ${name}`, { format: 'flatbuffers' });
    return plan;
  };

  const offsetValue = (type: TypeRef): { write: WriteOffset; read: ReadValue } => {
    if (type.kind === 'scalar') {
      if (type.scalar === 'string') {
        return {
          write: (b, v, path) => b.createString(checked('string', v, path)),
          read: (r, p) => r.string(p),
        };
      }
      if (type.scalar === 'bytes') {
        return {
          write: (b, v, path) => b.createByteVector(checked('bytes', v, path)),
          read: (r, p) => {
            const [start, length] = r.vector(p, 1);
            return r.bb.bytes().slice(start, start + length);
          },
        };
      }
      throw new Error(`${type.scalar} is stored inline`);
    }
    if (type.kind === 'message') {
      const target = table(type.name);
      return {
        write: (b, v, path) => target.write(b, v, path),
        read: (r, p, depth) => target.read(r, r.indirect(p), depth),
      };
    }
    if (type.kind === 'list') return listValue(type.of);
    if (type.kind === 'map') return mapValue(type.of);
    throw new WirebenchError('the lowered schema still has a dynamic (any) type', { format: 'flatbuffers' });
  };

  const listValue = (element: TypeRef): { write: WriteOffset; read: ReadValue } => {
    if (element.kind === 'scalar' && element.scalar !== 'string' && element.scalar !== 'bytes') {
      const scalarType = element.scalar;
      const codec = SCALARS[scalarType];
      return {
        write: (b, v, path) => {
          const items = checkedArray(v, path);
          items.forEach((item, i) => checked(scalarType, item, `${path}[${i}]`));
          b.startVector(codec.size, items.length, codec.size);
          for (let i = items.length - 1; i >= 0; i--) codec.add(b, items[i]);
          return b.endVector();
        },
        read: (r, p, depth) => {
          const [start, length] = r.vector(p, codec.size);
          r.collection(depth, length);
          const out = new Array<unknown>(length);
          for (let i = 0; i < length; i++) out[i] = codec.read(r.bb, start + i * codec.size);
          return out;
        },
      };
    }
    const item = offsetValue(element);
    return {
      write: (b, v, path) => {
        const items = checkedArray(v, path);
        const offsets = items.map((entry, i) => item.write(b, entry, `${path}[${i}]`));
        b.startVector(4, offsets.length, 4);
        for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i] as number);
        return b.endVector();
      },
      read: (r, p, depth) => {
        const [start, length] = r.vector(p, 4);
        r.collection(depth, length);
        const out = new Array<unknown>(length);
        for (let i = 0; i < length; i++) out[i] = item.read(r, start + i * 4, depth + 1);
        return out;
      },
    };
  };

  // A map is a vector of {key, value} entry tables (see toFbs), read back into a plain object.
  const mapValue = (valueType: TypeRef): { write: WriteOffset; read: ReadValue } => {
    const entryFields: FieldDef[] = [
      { name: 'key', jsonName: 'key', id: 1, type: { kind: 'scalar', scalar: 'string' }, optional: false, nullable: false },
      { name: 'value', jsonName: 'value', id: 2, type: valueType, optional: false, nullable: false },
    ];
    const entry = compileTable({ name: 'map entry', fields: entryFields }, undefined, true);
    return {
      write: (b, v, path) => {
        if (!isPlainObject(v)) throw schemaMismatch('flatbuffers', path, `expected an object, got ${describeValue(v)}`);
        const keys = Object.keys(v);
        const offsets = keys.map((key) => entry.write(b, { key, value: v[key] }, childPath(path, key)));
        b.startVector(4, offsets.length, 4);
        for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i] as number);
        return b.endVector();
      },
      read: (r, p, depth) => {
        const [start, length] = r.vector(p, 4);
        r.collection(depth, length);
        const out: Record<string, unknown> = {};
        for (let i = 0; i < length; i++) {
          const pair = entry.read(r, r.indirect(start + i * 4), depth + 1) as Record<string, unknown>;
          setOwn(out, pair['key'] as string, pair['value']);
        }
        return out;
      },
    };
  };

  const compileField = (field: FieldDef): FieldPlan => {
    if (!Number.isInteger(field.id) || field.id < 1 || field.id > MAX_FIELD_ID) {
      throw new WirebenchError(`field ${field.name} has id ${field.id}; FlatBuffers tables here take ids 1–${MAX_FIELD_ID}`, {
        format: 'flatbuffers',
      });
    }
    const type = field.type;
    const inline = type.kind === 'scalar' && type.scalar !== 'string' && type.scalar !== 'bytes';
    if (inline) {
      const codec = SCALARS[type.scalar as keyof typeof SCALARS];
      return {
        field,
        slot: field.id - 1,
        scalar: codec,
        scalarType: type.scalar,
        writeOffset: undefined,
        read: (r, p) => codec.read(r.bb, p),
        absent: field.nullable ? () => null : () => codec.zero,
        size: codec.size,
      };
    }
    const { write, read } = offsetValue(type);
    const absent = field.nullable
      ? () => null
      : type.kind === 'list'
        ? () => []
        : type.kind === 'map'
          ? () => ({})
          : type.kind === 'scalar'
            ? () => (type.scalar === 'string' ? '' : new Uint8Array(0))
            : () => {
                throw new WirebenchError(`required field ${field.name} is absent`, { format: 'flatbuffers' });
              };
    return { field, slot: field.id - 1, scalar: undefined, scalarType: undefined, writeOffset: write, read, absent, size: 4 };
  };

  /** `transparent`: a helper table stands for the JSON value it holds, not for an object of its own. */
  const compileTable = (message: MessageDef, adapter: HelperAdapter | undefined, transparent: boolean): TablePlan => {
    const fields = message.fields.map(compileField);
    const pathSteps = message.fields.map((field) => childPath('', field.jsonName));
    const known = new Set(message.fields.map((field) => field.jsonName));
    const checkRecord = transparent ? undefined : recordLimits('flatbuffers', message, limits);
    const slotCount = fields.reduce((max, f) => Math.max(max, f.slot + 1), 0);
    const required = fields.filter((f) => !f.field.optional);
    const optional = fields.filter((f) => f.field.optional);
    const build = recordFactory(required.map((f) => f.field.jsonName));
    return {
      write(b, json, path) {
        const value = adapter ? adapter.toRecord(json, path) : json;
        if (!isPlainObject(value)) {
          throw schemaMismatch('flatbuffers', path, `expected an object (${message.name}), got ${describeValue(value)}`);
        }
        // Strings, vectors and sub-tables must be finished before this table starts.
        const offsets = new Array<number>(fields.length);
        let present = 0;
        for (let i = 0; i < fields.length; i++) {
          const plan = fields[i] as FieldPlan;
          const item = Object.hasOwn(value, plan.field.jsonName) ? value[plan.field.jsonName] : undefined;
          if (item !== undefined) present++;
          if (item === undefined || (item === null && plan.field.nullable)) {
            // A nullable field is null exactly when it is absent on the wire.
            if (item === undefined && !plan.field.optional) throw missingKey('flatbuffers', path, plan.field);
            offsets[i] = -1;
          } else if (plan.writeOffset) {
            offsets[i] = plan.writeOffset(b, item, transparent ? path : path + (pathSteps[i] as string));
          } else {
            checked(plan.scalarType as ScalarType, item, transparent ? path : path + (pathSteps[i] as string));
            offsets[i] = 0;
          }
        }
        if (strictKeys && !adapter) checkKnownKeys('flatbuffers', path, value, known, present);
        b.startObject(slotCount);
        for (let i = 0; i < fields.length; i++) {
          const plan = fields[i] as FieldPlan;
          const offset = offsets[i] as number;
          if (offset < 0) continue;
          if (plan.scalar) plan.scalar.addField(b, plan.slot, value[plan.field.jsonName]);
          else b.addFieldOffset(plan.slot, offset, 0);
        }
        return b.endObject();
      },
      read(r, tablePosition, tableDepth) {
        if (!transparent && tableDepth > limits.maxDepth) {
          throw limitExceeded('flatbuffers', 'maxDepth', limits.maxDepth, `nesting level ${tableDepth}`);
        }
        // The JSON level of this table's fields.
        const depth = transparent ? tableDepth : tableDepth + 1;
        r.spend(1);
        r.need(tablePosition, 4);
        const vtable = tablePosition - r.bb.readInt32(tablePosition);
        r.need(vtable, 4);
        const vtableSize = r.bb.readUint16(vtable);
        r.need(vtable, vtableSize);
        // Always-present keys go through the generated record literal; optional keys are added after.
        const values = new Array<unknown>(required.length);
        for (let i = 0; i < required.length; i++) {
          const plan = required[i] as FieldPlan;
          const position = fieldPosition(r, tablePosition, vtable, vtableSize, plan);
          values[i] = position === 0 ? plan.absent() : plan.read(r, position, depth);
        }
        const out = build(values);
        for (let i = 0; i < optional.length; i++) {
          const plan = optional[i] as FieldPlan;
          const position = fieldPosition(r, tablePosition, vtable, vtableSize, plan);
          if (position !== 0) setOwn(out, plan.field.jsonName, plan.read(r, position, depth));
        }
        if (adapter) return adapter.fromRecord(out);
        checkRecord?.(out);
        return out;
      },
    };
  };

  for (const message of schema.messages) {
    const role = roles.get(message.name);
    const transparent = role !== undefined || message.name === transparentRoot;
    Object.assign(table(message.name), compileTable(message, helperAdapter(role, 'flatbuffers'), transparent));
  }
  return plans;
}

/** Where a field's value starts, checked against the buffer, or 0 when the table does not have it. */
function fieldPosition(r: Reader, tablePosition: number, vtable: number, vtableSize: number, plan: FieldPlan): number {
  const entry = 4 + plan.slot * 2;
  const offset = entry + 2 <= vtableSize ? r.bb.readUint16(vtable + entry) : 0;
  if (offset === 0) return 0;
  r.need(tablePosition + offset, plan.size);
  return tablePosition + offset;
}

function checked<T extends ScalarType>(type: T, value: unknown, path: string): T extends 'string' ? string : T extends 'bytes' ? Uint8Array : number {
  const mismatch = scalarMismatch(type, value);
  if (mismatch) throw schemaMismatch('flatbuffers', path, mismatch);
  return value as never;
}

function checkedArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw schemaMismatch('flatbuffers', path, `expected an array, got ${describeValue(value)}`);
  return value;
}

function unset(): never {
  throw new Error('table plan used before it was compiled');
}
