import { pascalCase } from './names.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from './types.js';
import { ROOT_VALUE_FIELD } from './types.js';

/**
 * Infers a Schema from any JSON value. All values seen at one position (every element of an array,
 * every object under one key) are merged into one observation first, so a key missing from some
 * objects becomes optional, a null makes a field nullable, and mixed kinds become `any`.
 */
export function inferSchema(sample: unknown, options: { namespace?: string } = {}): Schema {
  const root = observe(new Observation(), sample);
  const builder = new SchemaBuilder();
  // Protobuf and FlatBuffers payloads are messages: a root that is not an object is wrapped.
  const isRecord = root.kinds() === 1 && root.object !== undefined && !root.nulls && !looksLikeMap(root.object);
  const rootMessage = isRecord ? builder.message('Root', root.object as ObjectObservation) : builder.wrapper('Root', root);
  return {
    namespace: options.namespace ?? 'wirebench.inferred',
    root: rootMessage,
    ...(isRecord ? {} : { wrappedRoot: true }),
    messages: builder.messages,
  };
}

interface KeyObservation {
  present: number;
  order: number;
  value: Observation;
}

interface ObjectObservation {
  count: number;
  keys: Map<string, KeyObservation>;
}

class Observation {
  nulls = 0;
  bools = 0;
  strings = 0;
  integers = 0;
  floats = 0;
  min = Infinity;
  max = -Infinity;
  array: { count: number; element: Observation } | undefined;
  object: ObjectObservation | undefined;

  kinds(): number {
    return [this.bools, this.strings, this.integers + this.floats, this.array?.count ?? 0, this.object?.count ?? 0].filter((n) => n > 0).length;
  }
}

function observe(into: Observation, value: unknown): Observation {
  // An explicit work list: deeply nested samples must not overflow the stack.
  const work: Array<[Observation, unknown]> = [[into, value]];
  while (work.length > 0) {
    const [target, current] = work.pop() as [Observation, unknown];
    if (current === null) target.nulls++;
    else if (typeof current === 'boolean') target.bools++;
    else if (typeof current === 'string') target.strings++;
    else if (typeof current === 'number') {
      if (Number.isInteger(current) && !Object.is(current, -0)) target.integers++;
      else target.floats++;
      target.min = Math.min(target.min, current);
      target.max = Math.max(target.max, current);
    } else if (Array.isArray(current)) {
      target.array ??= { count: 0, element: new Observation() };
      target.array.count++;
      for (const item of current) work.push([target.array.element, item]);
    } else if (typeof current === 'object') {
      target.object ??= { count: 0, keys: new Map() };
      const object = target.object;
      object.count++;
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        let seen = object.keys.get(key);
        if (!seen) object.keys.set(key, (seen = { present: 0, order: object.keys.size, value: new Observation() }));
        seen.present++;
        work.push([seen.value, item]);
      }
    }
  }
  return into;
}

const NUMERIC_KEY = /^-?\d+$/;
/** Past this many distinct keys an object is a dictionary, not a record type. */
const MAP_KEY_THRESHOLD = 64;

/** Objects keyed by ids (all numeric keys, like citm_catalog's `events`) or with very many keys are maps. */
function looksLikeMap(object: ObjectObservation): boolean {
  const keys = [...object.keys.keys()];
  if (keys.length === 0) return false;
  return keys.every((key) => NUMERIC_KEY.test(key)) || keys.length > MAP_KEY_THRESHOLD;
}

const INT32 = 2 ** 31;
const INT64 = 2 ** 63;

class SchemaBuilder {
  readonly messages: MessageDef[] = [];
  private readonly names = new Set<string>();

  private uniqueName(base: string): string {
    let name = /^[A-Za-z]/.test(base) ? base : `M${base}`;
    if (!name) name = 'Message';
    let candidate = name;
    for (let i = 2; this.names.has(candidate); i++) candidate = `${name}${i}`;
    this.names.add(candidate);
    return candidate;
  }

  /** A message with one field, `value`, for a root or value that is not a plain record. */
  wrapper(base: string, observation: Observation): string {
    const name = this.uniqueName(base);
    const fields: FieldDef[] = [];
    this.messages.push({ name, fields });
    const { type, nullable } = this.typeOf(`${name}Value`, observation);
    fields.push({ name: ROOT_VALUE_FIELD, jsonName: ROOT_VALUE_FIELD, id: 1, type, optional: false, nullable });
    return name;
  }

  message(base: string, object: ObjectObservation): string {
    const name = this.uniqueName(base);
    const fields: FieldDef[] = [];
    this.messages.push({ name, fields });
    // The most frequent keys get the lowest ids (1–15 are one-byte protobuf tags); ties keep JSON order.
    const keys = [...object.keys.entries()].sort(([, a], [, b]) => b.present - a.present || a.order - b.order);
    const taken = new Set<string>();
    keys.forEach(([jsonName, seen], index) => {
      const { type, nullable } = this.typeOf(pascalCase(jsonName) || `Field${index + 1}`, seen.value);
      fields.push({
        name: wireName(jsonName, taken),
        jsonName,
        id: index + 1,
        type,
        optional: seen.present < object.count,
        nullable,
      });
    });
    return name;
  }

  private typeOf(base: string, seen: Observation): { type: TypeRef; nullable: boolean } {
    const nullable = seen.nulls > 0;
    if (seen.kinds() !== 1) return { type: { kind: 'any' }, nullable: false };
    if (seen.bools) return { type: { kind: 'scalar', scalar: 'bool' }, nullable };
    if (seen.strings) return { type: { kind: 'scalar', scalar: 'string' }, nullable };
    if (seen.integers || seen.floats) return { type: { kind: 'scalar', scalar: numberType(seen) }, nullable };
    if (seen.array) {
      const element = seen.array.element;
      // A list of nullable items carries its nulls as dynamic values.
      const item = element.nulls > 0 || element.kinds() === 0 ? ({ kind: 'any' } as const) : this.typeOf(`${base}Item`, element).type;
      return { type: { kind: 'list', of: item }, nullable };
    }
    const object = seen.object as ObjectObservation;
    if (looksLikeMap(object)) {
      const values = new Observation();
      for (const { value } of object.keys.values()) merge(values, value);
      const value = values.nulls > 0 ? ({ kind: 'any' } as const) : this.typeOf(`${base}Value`, values).type;
      return { type: { kind: 'map', of: value }, nullable };
    }
    return { type: { kind: 'message', name: this.message(base, object) }, nullable };
  }
}

function numberType(seen: Observation): 'int32' | 'int64' | 'float64' {
  if (seen.floats > 0) return 'float64';
  if (seen.min >= -INT32 && seen.max < INT32) return 'int32';
  // Integral doubles up to ±2^63 are exact as int64; beyond, only a double holds them.
  return seen.min >= -INT64 && seen.max < INT64 ? 'int64' : 'float64';
}

/** Merges two observations (the values of a map's entries become one value type). */
function merge(into: Observation, from: Observation): void {
  into.nulls += from.nulls;
  into.bools += from.bools;
  into.strings += from.strings;
  into.integers += from.integers;
  into.floats += from.floats;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  if (from.array) {
    into.array ??= { count: 0, element: new Observation() };
    into.array.count += from.array.count;
    merge(into.array.element, from.array.element);
  }
  if (from.object) {
    into.object ??= { count: 0, keys: new Map() };
    into.object.count += from.object.count;
    for (const [key, seen] of from.object.keys) {
      let target = into.object.keys.get(key);
      if (!target) into.object.keys.set(key, (target = { present: 0, order: into.object.keys.size, value: new Observation() }));
      target.present += seen.present;
      merge(target.value, seen.value);
    }
  }
}

const RESERVED = new Set(['syntax', 'package', 'import', 'option', 'message', 'enum', 'service', 'table', 'struct', 'namespace', 'union', 'root_type', 'include', 'attribute', 'true', 'false']);

/**
 * A snake_case identifier for a JSON key that protoc and flatc accept, unique within its message
 * also after protoc's JSON camel-casing (which would clash `user_name` with `userName`).
 */
export function wireName(jsonName: string, taken: Set<string>): string {
  let name = jsonName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  if (!name) name = 'field';
  if (/^\d/.test(name)) name = `f_${name}`;
  if (RESERVED.has(name)) name = `${name}_`;
  const clashKey = (candidate: string): string => candidate.replace(/_/g, '');
  let candidate = name;
  for (let i = 2; taken.has(clashKey(candidate)); i++) candidate = `${name}_${i}`;
  taken.add(clashKey(candidate));
  return candidate;
}
