import { WirebenchError } from '../../errors.js';
import { childPath } from '../../fidelity.js';
import { setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { REFUSED } from '../../refusal.js';
import type { FieldDef, MessageDef, TypeRef } from '../../schema/types.js';
import { describeValue, isPlainObject, scalarMismatch, schemaMismatch } from '../../schema/values.js';
import type { ReadValue, TableContext, TablePlan, WriteOffset } from './interpret-table.js';
import { compileTable } from './interpret-table.js';
import { isInline, SCALAR_FITS, SCALAR_READ, SCALAR_SIZE, writeScalar } from './scalars.js';
import type { TableShape } from './shape.js';
import { tableShape } from './shape.js';
import type { ValueCodec } from './value.js';

/**
 * The schema-driven FlatBuffers encoder and decoder as plain closures: what runs where a page's
 * Content-Security-Policy forbids generated code, and what names the path and the reason when the
 * generated encoder refuses a value. It writes the same bytes as the generated code (the layout
 * rules are in shape.ts, the order of writes is the same: vtable, table, scalars, then children in
 * field order). Here: the plans by message name and the values behind an offset (strings, bytes,
 * vectors, maps); one table's fields, its write and its read are in interpret-table.ts.
 */
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
    if (length > limits.maxCollectionLength)
      throw limitExceeded('flatbuffers', 'maxCollectionLength', limits.maxCollectionLength, `${what} of ${length}`, path);
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
    const entry = compileTable(tableShape(entryMessage(valueType), 'entry', true), context);
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

  const context: TableContext = { limits, strictKeys, offsetValue: (type) => offsetValue(type) };

  for (const [name, shape] of shapes) if (shape !== 'dynamic') Object.assign(table(name), compileTable(shape, context));
  return plans;
}

function checkedArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw schemaMismatch('flatbuffers', path, `expected an array, got ${describeValue(value)}`);
  return value;
}

function unset(): never {
  throw new Error('table plan used before it was compiled');
}
