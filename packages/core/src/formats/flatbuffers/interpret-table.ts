import { WirebenchError } from '../../errors.js';
import { childPath } from '../../fidelity.js';
import { setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { recordFactory } from '../../schema/records.js';
import type { TypeRef } from '../../schema/types.js';
import { checkKnownKeys, describeValue, isPlainObject, missingKey, recordLimits, scalarMismatch, schemaMismatch } from '../../schema/values.js';
import type { Reader } from './reader.js';
import { SCALAR_FITS, SCALAR_READ, SCALAR_ZERO, writeScalar } from './scalars.js';
import type { ShapeField, TableShape } from './shape.js';
import { fieldValue, VtableCache } from './shape.js';
import type { Writer } from './writer.js';

/**
 * One table of the FlatBuffers interpreter (interpret.ts): its fields' plans, and the closures that
 * write a table (vtable, table, scalars, then children in field order, as the generated encoder
 * does) and read one back into a record. Values behind an offset (strings, vectors, maps, other
 * tables) are interpret.ts's, passed in as `offsetValue`.
 */
export interface TablePlan {
  /** Writes the table for `value` (for map entries: the key, with `entryValue`) and returns its position. */
  write(w: Writer, value: unknown, path: string, depth: number, entryValue?: unknown): number;
  /** The table's JSON value: a record, or for transparent tables the value the table stands for. */
  read(r: Reader, table: number, depth: number): unknown;
}

/** Writes a value stored behind a uoffset and returns its position. */
export type WriteOffset = (w: Writer, value: unknown, path: string, depth: number) => number;
/** Reads a value whose field or element is at `position` (inline for scalars, a uoffset otherwise). */
export type ReadValue = (r: Reader, position: number, depth: number) => unknown;

/** What a table plan needs from the interpreter around it. */
export interface TableContext {
  readonly limits: Limits;
  /** Refuse keys the schema does not know (`unknownKeys: 'error'`). */
  readonly strictKeys: boolean;
  /** The plan of a value stored behind a uoffset (a string, bytes, a vector, a map or another table). */
  readonly offsetValue: (type: TypeRef) => { write: WriteOffset; read: ReadValue };
}

interface FieldPlan extends ShapeField {
  /** Set for fields stored behind a uoffset. */
  readonly writeOffset: WriteOffset | undefined;
  readonly read: ReadValue;
  /** What an absent non-optional field reads as (other writers may omit defaults). */
  readonly absent: () => unknown;
}

function compileField(field: ShapeField, offsetValue: TableContext['offsetValue']): FieldPlan {
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
}

/** The plan of one table: `write` lays out its vtable, table and fields; `read` builds its record. */
export function compileTable(shape: TableShape, context: TableContext): TablePlan {
  const { limits, strictKeys, offsetValue } = context;
  const { message, access, transparent } = shape;
  const fields = shape.fields.map((field) => compileField(field, offsetValue));
  const layoutOrder = shape.layoutOrder.map((f) => fields[f.index] as FieldPlan);
  const known = new Set(message.fields.map((field) => field.jsonName));
  const checkRecord = transparent ? undefined : recordLimits('flatbuffers', message, limits);
  const required = fields.filter((f) => !f.def.optional);
  const optional = fields.filter((f) => f.def.optional);
  // The interpreter compiles nothing: it is what runs where nothing may be compiled.
  const build = recordFactory(
    required.map((f) => f.def.jsonName),
    { interpreted: true },
  );
  const vtables = new VtableCache();
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
        const item = fieldValue(access, value, field, entryValue);
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
}
