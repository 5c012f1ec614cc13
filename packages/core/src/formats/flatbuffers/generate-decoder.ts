import { WirebenchError } from '../../errors.js';
import { setOwn } from '../../json-data.js';
import { limitExceeded } from '../../limits.js';
import { generate, literalKey } from '../../schema/records.js';
import type { FieldDef, TypeRef } from '../../schema/types.js';
import { recordLimits } from '../../schema/values.js';
import type { PlanSettings } from './interpret.js';
import { entryMessage } from './interpret.js';
import type { Reader } from './reader.js';
import { isInline, SCALAR_READ, SCALAR_SIZE } from './scalars.js';
import type { ShapeField, TableShape } from './shape.js';
import { tableShape } from './shape.js';

/** Reads the root table at `table` into its JSON value. */
export type RootReader = (r: Reader, table: number, depth: number) => unknown;

/**
 * Compiles one function per table, list and map of the schema: slots and vtable entries as
 * literals, each record built as one object literal (one hidden class per message, see
 * schema/records.ts). It reads and refuses exactly what the interpreter (interpret.ts) does, with
 * the Reader's checks and messages. Returns undefined where generated code is forbidden.
 */
export function generateDecoder(shapes: ReadonlyMap<string, TableShape | 'dynamic'>, root: string, settings: PlanSettings): RootReader | undefined {
  const { limits } = settings;
  const functions: string[] = [];
  const recordChecks: Array<(record: Record<string, unknown>) => void> = [];
  const names = new Map<string, string>();
  let counter = 0;
  const fresh = (prefix: string): string => `${prefix}${counter++}`;
  for (const [name, shape] of shapes) names.set(name, shape === 'dynamic' ? 'value' : fresh('table'));

  /** An expression reading the value of `type` whose field or element is at the checked position `at`. */
  const read = (type: TypeRef, at: string, depth: string): string => {
    switch (type.kind) {
      case 'scalar':
        if (isInline(type.scalar)) return `read_${type.scalar}(r, ${at})`;
        return type.scalar === 'string' ? `r.string(${at})` : `readBytes(r, ${at})`;
      case 'message': {
        const fn = names.get(type.name);
        if (fn === undefined) throw new Error(`the schema refers to a missing message ${type.name}`);
        return fn === 'value' ? `value.read(r, r.indirect(${at}), ${depth})` : `${fn}(r, r.indirect(${at}), ${depth})`;
      }
      case 'list':
        return `${listFunction(type.of)}(r, ${at}, ${depth})`;
      case 'map':
        return `${mapFunction(type.of)}(r, ${at}, ${depth})`;
      case 'any':
        throw new Error('the lowered schema still has a dynamic (any) type');
    }
  };

  /** What an absent field reads as (other writers may omit defaults); a missing sub-table is an error. */
  const absent = (def: FieldDef): string => {
    if (def.nullable) return 'null';
    const type = def.type;
    switch (type.kind) {
      case 'scalar':
        return isInline(type.scalar) ? (type.scalar === 'bool' ? 'false' : '0') : type.scalar === 'string' ? '""' : 'new Uint8Array(0)';
      case 'list':
        return '[]';
      case 'map':
        return '({})';
      default:
        return `absentField(${JSON.stringify(def.name)})`;
    }
  };

  const elementSize = (type: TypeRef): number => (type.kind === 'scalar' && isInline(type.scalar) ? SCALAR_SIZE[type.scalar] : 4);

  const listFunction = (element: TypeRef): string => {
    const fn = fresh('list');
    const size = elementSize(element);
    functions.push(`function ${fn}(r, at, d) {
  const start = r.vector(at, ${size});
  const n = r.length(start);
  r.collection(d, n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = ${read(element, `start + ${size} * i`, 'd + 1')};
  return out;
}`);
    return fn;
  };

  const mapFunction = (valueType: TypeRef): string => {
    const fn = fresh('map');
    const [key, value] = tableShape(entryMessage(valueType), 'entry', true).fields as [ShapeField, ShapeField];
    functions.push(`function ${fn}(r, at, d) {
  const start = r.vector(at, 4);
  const n = r.length(start);
  r.collection(d, n);
  const out = {};
  for (let i = 0; i < n; i++) {
    const t = r.indirect(start + 4 * i);
    const vt = r.vtable(t);
    const k = r.field(t, vt, ${key.slot}, 4);
    const key = k === 0 ? "" : r.string(k);
    const p = r.field(t, vt, ${value.slot}, ${value.size});
    const v = p === 0 ? ${absent(value.def)} : ${read(value.def.type, 'p', 'd + 1')};
    if (key === "__proto__") setOwn(out, key, v); else out[key] = v;
  }
  return out;
}`);
    return fn;
  };

  const tableFunction = (shape: TableShape, fn: string): void => {
    const { fields, transparent } = shape;
    const depth = transparent ? 'd' : 'd + 1';
    const lines: string[] = [];
    if (!transparent) lines.push(`if (d > ${limits.maxDepth}) tooDeep(d);`);
    lines.push(`r.produce(${shape.cost});`, 'const vt = r.vtable(t);', 'const vs = r.view.getUint16(vt, true);');
    const position = (f: ShapeField): string => {
      const entry = 4 + 2 * f.slot;
      return `p = ${entry + 2} <= vs ? r.view.getUint16(vt + ${entry}, true) : 0; if (p !== 0) { p += t; r.need(p, ${f.size}); }`;
    };
    lines.push('let p = 0;');
    const required = fields.filter((f) => !f.def.optional);
    const optional = fields.filter((f) => f.def.optional);
    for (const f of required) lines.push(position(f), `const v${f.index} = p === 0 ? ${absent(f.def)} : ${read(f.def.type, 'p', depth)};`);
    switch (shape.access) {
      case 'record': {
        lines.push(`const out = { ${required.map((f) => `${literalKey(f.def.jsonName)}: v${f.index}`).join(', ')} };`);
        for (const f of optional) {
          const key = JSON.stringify(f.def.jsonName);
          const item = read(f.def.type, 'p', depth);
          const set = f.def.jsonName === '__proto__' ? `setOwn(out, ${key}, ${item})` : `out[${key}] = ${item}`;
          lines.push(position(f), `if (p !== 0) ${set};`);
        }
        const check = transparent ? undefined : recordLimits('flatbuffers', shape.message, limits);
        if (check) lines.push(`checks[${recordChecks.push(check) - 1}](out);`);
        lines.push('return out;');
        break;
      }
      case 'self':
      case 'nonNull': {
        const [only] = fields as [ShapeField];
        if (only.def.optional) {
          const whenAbsent = shape.access === 'nonNull' ? 'null' : 'undefined';
          lines.push(position(only), `return p === 0 ? ${whenAbsent} : ${read(only.def.type, 'p', depth)};`);
        } else {
          lines.push(`return v${only.index};`);
        }
        break;
      }
      case 'entry':
        throw new Error('map entries are read by their map');
    }
    functions.push(`function ${fn}(r, t, d) {\n  ${lines.join('\n  ')}\n}`);
  };

  for (const [name, shape] of shapes) if (shape !== 'dynamic') tableFunction(shape, names.get(name) as string);
  const readers = Object.entries(SCALAR_READ);
  const parameters = ['value', 'checks', 'setOwn', 'readBytes', 'absentField', 'tooDeep', ...readers.map(([type]) => `read_${type}`)];
  const body = `"use strict";\n${functions.join('\n')}\nreturn ${names.get(root)};`;
  return generate<RootReader>(
    parameters,
    body,
    settings.value,
    recordChecks,
    setOwn,
    readBytes,
    absentField,
    (depth: number) => {
      throw limitExceeded('flatbuffers', 'maxDepth', limits.maxDepth, `nesting level ${depth}`);
    },
    ...readers.map(([, reader]) => reader),
  );
}

function readBytes(r: Reader, at: number): Uint8Array {
  const start = r.vector(at, 1);
  return r.bytes.slice(start, start + r.length(start));
}

function absentField(name: string): never {
  throw new WirebenchError(`required field ${name} is absent`, { format: 'flatbuffers' });
}
