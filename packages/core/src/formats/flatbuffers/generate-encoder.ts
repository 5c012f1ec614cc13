import { REFUSED } from '../../refusal.js';
import { generate } from '../../schema/records.js';
import type { TypeRef } from '../../schema/types.js';
import { isPlainObject, recordLimits } from '../../schema/values.js';
import { entryMessage, type PlanSettings } from './interpret.js';
import type { InlineScalar } from './scalars.js';
import { isInline, SCALAR_FITS, SCALAR_SIZE, SCALAR_WRITER } from './scalars.js';
import type { ShapeField, TableShape } from './shape.js';
import { tableShape, VtableCache } from './shape.js';
import type { Writer } from './writer.js';

/** Writes the root table for a payload and returns its position; throws (`REFUSED`, mostly) on anything it cannot write. */
export type RootWriter = (w: Writer, value: unknown, depth: number) => number;

/**
 * Compiles one function per table, list and map of the schema: literal keys, slots and offsets, no
 * per-field closures and no paths. On any refusal it throws without a message; the codec then asks
 * the interpreter (interpret.ts), which writes the same bytes, for the path and the reason. Returns
 * undefined where the page's Content-Security-Policy forbids generated code.
 */
export function generateEncoder(shapes: ReadonlyMap<string, TableShape | 'dynamic'>, root: string, settings: PlanSettings): RootWriter | undefined {
  const { limits, strictKeys } = settings;
  const functions: string[] = [];
  const caches: VtableCache[] = [];
  const recordChecks: Array<(record: Record<string, unknown>) => void> = [];
  const names = new Map<string, string>();
  let counter = 0;
  const fresh = (prefix: string): string => `${prefix}${counter++}`;
  for (const [name, shape] of shapes) names.set(name, shape === 'dynamic' ? 'value' : fresh('table'));

  /** An expression writing `value` (a field or element stored behind a uoffset) at JSON level `depth`; it yields the position. */
  const offsetWrite = (type: TypeRef, value: string, depth: string): string => {
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'string' ? `string(w, ${value})` : 'bytes()';
      case 'message': {
        const fn = names.get(type.name);
        if (fn === undefined) throw new Error(`the schema refers to a missing message ${type.name}`);
        return fn === 'value' ? `value.write(w, ${value}, ${depth})` : `${fn}(w, ${value}, ${depth}, undefined)`;
      }
      case 'list':
        return `${listFunction(type.of)}(w, ${value}, ${depth})`;
      case 'map':
        return `${mapFunction(type.of)}(w, ${value}, ${depth})`;
      case 'any':
        throw new Error('the lowered schema still has a dynamic (any) type');
    }
  };

  const tooBig = (depth: string, length: string): string => `if (${depth} > ${limits.maxDepth} || ${length} > ${limits.maxCollectionLength}) throw REFUSED;`;

  const listFunction = (element: TypeRef): string => {
    const fn = fresh('list');
    const body =
      element.kind === 'scalar' && isInline(element.scalar)
        ? scalarLoop(element.scalar)
        : `for (let i = 0; i < n; i++) w.offset(at + 4 + 4 * i, ${offsetWrite(element, 'a[i]', 'd + 1')});`;
    const size = element.kind === 'scalar' && isInline(element.scalar) ? SCALAR_SIZE[element.scalar] : 4;
    functions.push(`function ${fn}(w, a, d) {
  if (!Array.isArray(a)) throw REFUSED;
  const n = a.length;
  ${tooBig('d', 'n')}
  const at = w.vector(n, ${size});
  ${body}
  return at;
}`);
    return fn;
  };

  const scalarLoop = (type: InlineScalar): string => `for (let i = 0; i < n; i++) {
    const e = a[i];
    if (!fits_${type}(e)) throw REFUSED;
    w.${SCALAR_WRITER[type]}(at + 4 + ${SCALAR_SIZE[type]} * i, e);
  }`;

  const mapFunction = (valueType: TypeRef): string => {
    const fn = fresh('map');
    const entry = tableFunction(tableShape(entryMessage(valueType), 'entry', true));
    functions.push(`function ${fn}(w, a, d) {
  if (!isPlainObject(a)) throw REFUSED;
  const keys = Object.keys(a);
  const n = keys.length;
  ${tooBig('d', 'n')}
  const at = w.vector(n, 4);
  for (let i = 0; i < n; i++) {
    const key = keys[i];
    w.offset(at + 4 + 4 * i, ${entry}(w, key, d + 1, a[key]));
  }
  return at;
}`);
    return fn;
  };

  /** The value of a field, from the table's parameters `v` (and `x`, a map entry's value). */
  const access = (shape: TableShape, field: ShapeField): string => {
    switch (shape.access) {
      case 'record': {
        const key = JSON.stringify(field.def.jsonName);
        // A key Object.prototype has (toString, __proto__, …) would be inherited when absent.
        return field.def.jsonName in Object.prototype ? `(Object.hasOwn(v, ${key}) ? v[${key}] : undefined)` : `v[${key}]`;
      }
      case 'self':
        return 'v';
      case 'nonNull':
        return '(v === null ? undefined : v)';
      case 'entry':
        return field.index === 0 ? 'v' : 'x';
    }
  };

  const tableFunction = (shape: TableShape, fn = fresh('table')): string => {
    const { fields, transparent } = shape;
    const words = Math.max(1, Math.ceil(fields.length / 32));
    const has = (f: ShapeField): string => `(m${f.index >> 5} & ${1 << (f.index & 31)}) !== 0`;
    const cache = caches.push(new VtableCache()) - 1;
    const check = transparent ? undefined : recordLimits('flatbuffers', shape.message, limits);
    const lines: string[] = [];
    if (shape.access === 'record') lines.push('if (!isPlainObject(v)) throw REFUSED;');
    if (!transparent) lines.push(`if (d > ${limits.maxDepth}) throw REFUSED;`);
    for (const f of fields) lines.push(`const a${f.index} = ${access(shape, f)};`);
    lines.push(`let n = 0${Array.from({ length: words }, (_, i) => `, m${i} = 0`).join('')};`);
    for (const f of fields) {
      const a = `a${f.index}`;
      const set = `m${f.index >> 5} |= ${1 << (f.index & 31)};`;
      // A nullable field is null exactly when it is absent on the wire.
      lines.push(`if (${a} !== undefined) { n++; ${f.def.nullable ? `if (${a} !== null) ${set}` : set} }${f.def.optional ? '' : ' else throw REFUSED;'}`);
    }
    if (shape.access === 'record' && strictKeys) lines.push('if (Object.keys(v).length !== n) throw REFUSED;');
    if (check) lines.push(`checks[${recordChecks.push(check) - 1}](v);`);
    if (shape.cost > 0) lines.push(`w.values += ${shape.cost};`);
    lines.push(`let o = 4${fields.map((f) => `, o${f.index} = 0`).join('')};`);
    for (const f of shape.layoutOrder) lines.push(`if (${has(f)}) { o${f.index} = o; o += ${f.size}; }`);
    const wide = fields.filter((f) => f.size === 8).map(has);
    const key = words === 1 ? 'm0' : Array.from({ length: words }, (_, i) => `m${i}`).join(' + "," + ');
    lines.push(`const key = ${key};`, `let vt = caches[${cache}].get(w.epoch, key);`, `if (vt === undefined) {`, `  vt = w.vtable(${shape.slotCount}, o);`);
    for (const f of fields) lines.push(`  if (${has(f)}) w.slot(vt, ${f.slot}, o${f.index});`);
    lines.push(`  caches[${cache}].set(key, vt);`, '}', `const at = w.table(vt, o, ${wide.length ? wide.join(' || ') : 'false'});`);
    for (const f of fields) {
      if (!f.scalar) continue;
      lines.push(`if (${has(f)}) { if (!fits_${f.scalar}(a${f.index})) throw REFUSED; w.${SCALAR_WRITER[f.scalar]}(at + o${f.index}, a${f.index}); }`);
    }
    const depth = transparent ? 'd' : 'd + 1';
    for (const f of fields) {
      if (f.scalar) continue;
      lines.push(`if (${has(f)}) w.offset(at + o${f.index}, ${offsetWrite(f.def.type, `a${f.index}`, depth)});`);
    }
    lines.push('return at;');
    functions.push(`function ${fn}(w, v, d, x) {\n  ${lines.join('\n  ')}\n}`);
    return fn;
  };

  for (const [name, shape] of shapes) if (shape !== 'dynamic') tableFunction(shape, names.get(name));
  const parameters = ['REFUSED', 'isPlainObject', 'string', 'bytes', 'value', 'caches', 'checks', ...Object.keys(SCALAR_FITS).map((t) => `fits_${t}`)];
  const body = `"use strict";\n${functions.join('\n')}\nreturn ${names.get(root)};`;
  return generate<RootWriter>(
    parameters,
    body,
    REFUSED,
    isPlainObject,
    writeString,
    refuseBytes,
    settings.value,
    caches,
    recordChecks,
    ...Object.values(SCALAR_FITS),
  );
}

function writeString(w: Writer, value: unknown): number {
  if (typeof value !== 'string') throw REFUSED;
  const at = w.string(value);
  if (at < 0) throw REFUSED;
  return at;
}

/** JSON data holds no bytes: the encoders' JSON-data check refuses a Uint8Array, so the fast path does too. */
function refuseBytes(): never {
  throw REFUSED;
}
