import { WirebenchError } from '../../errors.js';
import { childPath } from '../../fidelity.js';
import { setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { recordFactory } from '../../schema/records.js';
import type { FieldDef, MessageDef, TypeRef } from '../../schema/types.js';
import { checkKnownKeys, describeValue, isPlainObject, missingKey, recordLimits, scalarMismatch, schemaMismatch } from '../../schema/values.js';
import type { Reader } from './reader.js';
import { SCALAR_FITS, SCALAR_READ, SCALAR_SIZE, SCALAR_ZERO, isInline, writeScalar } from './scalars.js';
import type { ShapeField, TableShape } from './shape.js';
import { VtableCache, tableShape } from './shape.js';
import { REFUSED, type ValueCodec } from './value.js';
import type { Writer } from './writer.js';

/**
 * The schema-driven FlatBuffers encoder and decoder as plain closures: what runs where a page's
 * Content-Security-Policy forbids generated code, and what names the path and the reason when the
 * generated encoder refuses a value. It writes the same bytes as the generated code (the layout
 * rules are in shape.ts, the order of writes is the same: vtable, table, scalars, then children in
 * field order).
 */
export interface TablePlan {
  /** Writes the table for `value` (for map entries: the key, with `entryValue`) and returns its position. */
  write(w: Writer, value: unknown, path: string, depth: number, entryValue?: unknown): number;
  /** The table's JSON value: a record, or for transparent tables the value the table stands for. */
  read(r: Reader, table: number, depth: number): unknown;
}

/** Writes a value stored behind a uoffset and returns its position. */
type WriteOffset = (w: Writer, value: unknown, path: string, depth: number) => number;
/** Reads a value whose field or element is at `position` (inline for scalars, a uoffset otherwise). */
type ReadValue = (r: Reader, position: number, depth: number) => unknown;

export interface PlanSettings {
  readonly limits: Limits;
  /** Refuse keys the schema does not know (`unknownKeys: 'error'`). */
  readonly strictKeys: boolean;
  readonly value: ValueCodec;
}

/** What a field of a map entry table is (see toFbs: `key: string (required); value: …`). */
export function entryMessage(valueType: TypeRef): MessageDef {
  const field = (name: string, id: number, type: TypeRef): FieldDef => ({ name, jsonName: name, id, type, optional: false, nullable: false });
  return { name: 'map entry', fields: [field('key', 1, { kind: 'scalar', scalar: 'string' }), field('value', 2, valueType)] };
}

/** Plans for the tables whose shapes are given (dynamic tables are the ValueCodec's), by message name. */
export function interpretTables(shapes: ReadonlyMap<string, TableShape | 'dynamic'>, settings: PlanSettings): Map<string, TablePlan> {
  const { limits, strictKeys, value: dynamic } = settings;
  const plans = new Map<string, TablePlan>();
  for (const [name, shape] of shapes) {
    plans.set(
      name,
      shape === 'dynamic'
        ? {
            write: (w, v, path, depth) => {
              try {
                return dynamic.write(w, v, depth);
              } catch (error) {
                if (error === REFUSED) throw schemaMismatch('flatbuffers', path, `expected a JSON value within the limits, got ${describeValue(v)}`);
                throw error;
              }
            },
            read: (r, table, depth) => dynamic.read(r, table, depth),
          }
        : { write: unset, read: unset },
    );
  }
  const table = (name: string): TablePlan => {
    const plan = plans.get(name);
    if (!plan) throw new WirebenchError(`the schema refers to a missing message ${name}`, { format: 'flatbuffers' });
    return plan;
  };

  const offsetValue = (type: TypeRef): { write: WriteOffset; read: ReadValue } => {
    switch (type.kind) {
      case 'scalar':
        if (type.scalar === 'string') {
          return {
            write: (w, v, path) => {
              const mismatch = scalarMismatch('string', v);
              if (mismatch) throw schemaMismatch('flatbuffers', path, mismatch);
              const at = w.string(v as string);
              if (at < 0) throw limitExceeded('flatbuffers', 'maxStringLength', limits.maxStringLength, 'a string', path);
              return at;
            },
            read: (r, p) => r.string(p),
          };
        }
        if (type.scalar === 'bytes') {
          return {
            write: (w, v, path) => {
              const mismatch = scalarMismatch('bytes', v);
              if (mismatch) throw schemaMismatch('flatbuffers', path, mismatch);
              return w.byteVector(v as Uint8Array);
            },
            read: (r, p) => {
              const start = r.vector(p, 1);
              return r.bytes.slice(start, start + r.length(start));
            },
          };
        }
        throw new Error(`${type.scalar} is stored inline`);
      case 'message': {
        const target = table(type.name);
        return { write: (w, v, path, depth) => target.write(w, v, path, depth), read: (r, p, depth) => target.read(r, r.indirect(p), depth) };
      }
      case 'list':
        return listValue(type.of);
      case 'map':
        return mapValue(type.of);
      case 'any':
        throw new WirebenchError('the lowered schema still has a dynamic (any) type', { format: 'flatbuffers' });
    }
  };

  const collection = (depth: number, length: number, path: string, what: string): void => {
    if (depth > limits.maxDepth) throw limitExceeded('flatbuffers', 'maxDepth', limits.maxDepth, `nesting level ${depth}`, path);
    if (length > limits.maxCollectionLength) throw limitExceeded('flatbuffers', 'maxCollectionLength', limits.maxCollectionLength, `${what} of ${length}`, path);
  };

  const listValue = (element: TypeRef): { write: WriteOffset; read: ReadValue } => {
    if (element.kind === 'scalar' && isInline(element.scalar)) {
      const type = element.scalar;
      const size = SCALAR_SIZE[type];
      const fits = SCALAR_FITS[type];
      const read = SCALAR_READ[type];
      return {
        write: (w, v, path, depth) => {
          const items = checkedArray(v, path);
          collection(depth, items.length, path, 'an array');
          const vector = w.vector(items.length, size);
          for (let i = 0; i < items.length; i++) {
            const item = items[i];
            if (!fits(item)) throw schemaMismatch('flatbuffers', `${path}[${i}]`, scalarMismatch(type, item) as string);
            writeScalar(w, type, vector + 4 + i * size, item);
          }
          return vector;
        },
        read: (r, p, depth) => {
          const start = r.vector(p, size);
          const length = r.length(start);
          r.collection(depth, length);
          const out = new Array<unknown>(length);
          for (let i = 0; i < length; i++) out[i] = read(r, start + i * size);
          return out;
        },
      };
    }
    const item = offsetValue(element);
    return {
      write: (w, v, path, depth) => {
        const items = checkedArray(v, path);
        collection(depth, items.length, path, 'an array');
        const vector = w.vector(items.length, 4);
        for (let i = 0; i < items.length; i++) w.offset(vector + 4 + 4 * i, item.write(w, items[i], `${path}[${i}]`, depth + 1));
        return vector;
      },
      read: (r, p, depth) => {
        const start = r.vector(p, 4);
        const length = r.length(start);
        r.collection(depth, length);
        const out = new Array<unknown>(length);
        for (let i = 0; i < length; i++) out[i] = item.read(r, start + i * 4, depth + 1);
        return out;
      },
    };
  };

  // A map is a vector of {key, value} entry tables (see toFbs), read back into a plain object.
  const mapValue = (valueType: TypeRef): { write: WriteOffset; read: ReadValue } => {
    const entry = compileTable(tableShape(entryMessage(valueType), 'entry', true));
    return {
      write: (w, v, path, depth) => {
        if (!isPlainObject(v)) throw schemaMismatch('flatbuffers', path, `expected an object, got ${describeValue(v)}`);
        const keys = Object.keys(v);
        collection(depth, keys.length, path, 'an object');
        const vector = w.vector(keys.length, 4);
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i] as string;
          w.offset(vector + 4 + 4 * i, entry.write(w, key, childPath(path, key), depth + 1, v[key]));
        }
        return vector;
      },
      read: (r, p, depth) => {
        const start = r.vector(p, 4);
        const length = r.length(start);
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

  interface FieldPlan extends ShapeField {
    /** Set for fields stored behind a uoffset. */
    readonly writeOffset: WriteOffset | undefined;
    readonly read: ReadValue;
    /** What an absent non-optional field reads as (other writers may omit defaults). */
    readonly absent: () => unknown;
  }

  const compileField = (field: ShapeField): FieldPlan => {
    const { def, scalar } = field;
    if (scalar) {
      const read = SCALAR_READ[scalar];
      return { ...field, writeOffset: undefined, read: (r, p) => read(r, p), absent: def.nullable ? () => null : () => SCALAR_ZERO[scalar] };
    }
    const type = def.type;
    const { write, read } = offsetValue(type);
    const absent = def.nullable
      ? () => null
      : type.kind === 'list'
        ? () => []
        : type.kind === 'map'
          ? () => ({})
          : type.kind === 'scalar'
            ? () => (type.scalar === 'string' ? '' : new Uint8Array(0))
            : () => {
                throw new WirebenchError(`required field ${def.name} is absent`, { format: 'flatbuffers' });
              };
    return { ...field, writeOffset: write, read, absent };
  };

  const compileTable = (shape: TableShape): TablePlan => {
    const { message, access, transparent } = shape;
    const fields = shape.fields.map(compileField);
    const layoutOrder = shape.layoutOrder.map((f) => fields[f.index] as FieldPlan);
    const known = new Set(message.fields.map((field) => field.jsonName));
    const checkRecord = transparent ? undefined : recordLimits('flatbuffers', message, limits);
    const required = fields.filter((f) => !f.def.optional);
    const optional = fields.filter((f) => f.def.optional);
    const build = recordFactory(required.map((f) => f.def.jsonName));
    const vtables = new VtableCache();
    const itemOf = (value: unknown, field: FieldPlan, entryValue: unknown): unknown => {
      switch (access) {
        case 'record': {
          const record = value as Record<string, unknown>;
          return Object.hasOwn(record, field.def.jsonName) ? record[field.def.jsonName] : undefined;
        }
        case 'self':
          return value;
        case 'nonNull':
          return value === null ? undefined : value;
        case 'entry':
          return field.index === 0 ? value : entryValue;
      }
    };
    return {
      write(w, value, path, depth, entryValue) {
        if (access === 'record' && !isPlainObject(value)) {
          throw schemaMismatch('flatbuffers', path, `expected an object (${message.name}), got ${describeValue(value)}`);
        }
        if (!transparent && depth > limits.maxDepth) throw limitExceeded('flatbuffers', 'maxDepth', limits.maxDepth, `nesting level ${depth}`, path);
        const fieldDepth = transparent ? depth : depth + 1;
        const items = new Array<unknown>(fields.length);
        const mask = new Array<number>(Math.ceil(fields.length / 32)).fill(0);
        let present = 0;
        for (const field of fields) {
          const item = itemOf(value, field, entryValue);
          if (item !== undefined) present++;
          else if (!field.def.optional) throw missingKey('flatbuffers', path, field.def);
          // A nullable field is null exactly when it is absent on the wire.
          if (item === undefined || (item === null && field.def.nullable)) continue;
          items[field.index] = item;
          mask[field.index >> 5] = (mask[field.index >> 5] as number) | (1 << (field.index & 31));
        }
        const record = value as Record<string, unknown>;
        if (access === 'record' && strictKeys) checkKnownKeys('flatbuffers', path, record, known, present);
        checkRecord?.(record);
        w.values += shape.cost;
        const has = (field: FieldPlan): boolean => ((mask[field.index >> 5] as number) & (1 << (field.index & 31))) !== 0;
        const offsets = new Array<number>(fields.length);
        let size = 4;
        let wide = false;
        for (const field of layoutOrder) {
          if (!has(field)) continue;
          offsets[field.index] = size;
          size += field.size;
          if (field.size === 8) wide = true;
        }
        const key = mask.length === 1 ? (mask[0] as number) : mask.join(',');
        let vtable = vtables.get(w.epoch, key);
        if (vtable === undefined) {
          vtable = w.vtable(shape.slotCount, size);
          for (const field of fields) if (has(field)) w.slot(vtable, field.slot, offsets[field.index] as number);
          vtables.set(key, vtable);
        }
        const at = w.table(vtable, size, wide);
        const fieldPath = (field: FieldPlan): string => (transparent ? path : childPath(path, field.def.jsonName));
        for (const field of fields) {
          if (!field.scalar || !has(field)) continue;
          const item = items[field.index];
          if (!SCALAR_FITS[field.scalar](item)) throw schemaMismatch('flatbuffers', fieldPath(field), scalarMismatch(field.scalar, item) as string);
          writeScalar(w, field.scalar, at + (offsets[field.index] as number), item);
        }
        for (const field of fields) {
          if (!field.writeOffset || !has(field)) continue;
          const slot = at + (offsets[field.index] as number);
          w.offset(slot, field.writeOffset(w, items[field.index], fieldPath(field), fieldDepth));
        }
        return at;
      },
      read(r, tablePosition, tableDepth) {
        if (!transparent && tableDepth > limits.maxDepth) {
          throw limitExceeded('flatbuffers', 'maxDepth', limits.maxDepth, `nesting level ${tableDepth}`);
        }
        // The JSON level of this table's fields.
        const depth = transparent ? tableDepth : tableDepth + 1;
        r.produce(shape.cost);
        const vtable = r.vtable(tablePosition);
        // Always-present keys go through the generated record literal; optional keys are added after.
        const values = new Array<unknown>(required.length);
        for (let i = 0; i < required.length; i++) {
          const plan = required[i] as FieldPlan;
          const position = r.field(tablePosition, vtable, plan.slot, plan.size);
          values[i] = position === 0 ? plan.absent() : plan.read(r, position, depth);
        }
        const out = build(values);
        for (let i = 0; i < optional.length; i++) {
          const plan = optional[i] as FieldPlan;
          const position = r.field(tablePosition, vtable, plan.slot, plan.size);
          if (position !== 0) setOwn(out, plan.def.jsonName, plan.read(r, position, depth));
        }
        switch (access) {
          case 'record':
            checkRecord?.(out);
            return out;
          case 'self':
            return out[(fields[0] as FieldPlan).def.jsonName];
          case 'nonNull': {
            const name = (fields[0] as FieldPlan).def.jsonName;
            return Object.hasOwn(out, name) ? out[name] : null;
          }
          case 'entry':
            return out;
        }
      },
    };
  };

  for (const [name, shape] of shapes) if (shape !== 'dynamic') Object.assign(table(name), compileTable(shape));
  return plans;
}

function checkedArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw schemaMismatch('flatbuffers', path, `expected an array, got ${describeValue(value)}`);
  return value;
}

function unset(): never {
  throw new Error('table plan used before it was compiled');
}
