import { WirebenchError } from '../errors.js';
import { NameRegistry, codeUnitOrder, describeType, pascalCase } from './names.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from './types.js';
import { ROOT_VALUE_FIELD } from './types.js';

/** Options of `inferSchema`. */
export interface InferOptions {
  /** Protobuf package / FlatBuffers namespace; `wirebench.inferred` by default. */
  readonly namespace?: string;
  /**
   * Further payloads of the same API, observed exactly like `sample`: each one is a whole payload of
   * the root (never an element of an array), so a key that only some payloads have becomes optional.
   * `inferSchema(a, { moreSamples: [b, c] })` is the schema of a payload that may look like a, b or c;
   * `inferSchema([a, b, c])` is the schema of a payload that is an array.
   */
  readonly moreSamples?: readonly unknown[];
  /**
   * A schema already shared with clients (for example read back with `schemaFromProto`): the new
   * schema keeps its message names, and for every key it knows, the field's id and wire name, so
   * bytes written with the old schema keep their meaning. Keys the base lacks get the next free ids
   * of their message (in code-unit order of the key) and are optional, since writers of the old
   * schema never send them; keys only the base has are kept as optional fields of their old type.
   * Types of keys in both come from the samples (so give samples that cover the old shapes too),
   * and a key that was optional or nullable in the base stays so.
   */
  readonly base?: Schema;
}

/**
 * Infers a Schema from any JSON value. All values seen at one position (every element of an array,
 * every object under one key, every sample) are merged into one observation first, so a key missing
 * from some objects becomes optional, a null makes a field nullable, and mixed kinds become `any`.
 *
 * The wire layout depends only on what was observed, never on the order of records, samples or keys:
 * field ids (and wire names) are handed out in code-unit order of the JSON keys, and messages are
 * named walking keys in that order. The `fields` array keeps the JSON key order first seen, which
 * is the key order of decoded objects.
 */
export function inferSchema(sample: unknown, options: InferOptions = {}): Schema {
  const root = observe(new Observation(), sample);
  for (const more of options.moreSamples ?? []) observe(root, more);
  const base = options.base;
  const builder = new SchemaBuilder(base);
  // Protobuf and FlatBuffers payloads are messages: a root that is not an object is wrapped.
  const isRecord = root.kinds() === 1 && root.object !== undefined && !root.nulls && !looksLikeMap(root.object);
  const baseRoot = base?.messages.find((m) => m.name === base.root);
  const rootMessage = isRecord
    ? builder.message('Root', root.object as ObjectObservation, base?.wrappedRoot ? undefined : baseRoot)
    : builder.wrapper('Root', root, base?.wrappedRoot ? baseRoot : undefined);
  return {
    namespace: options.namespace ?? base?.namespace ?? 'wirebench.inferred',
    root: rootMessage,
    ...(isRecord ? {} : { wrappedRoot: true }),
    messages: builder.finish(),
  };
}

interface KeyObservation {
  present: number;
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
      // Pushed last to first, so items are observed in order (keys are first seen in document order).
      for (let i = current.length - 1; i >= 0; i--) work.push([target.array.element, current[i]]);
    } else if (typeof current === 'object') {
      target.object ??= { count: 0, keys: new Map() };
      const object = target.object;
      object.count++;
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        let seen = object.keys.get(key);
        if (!seen) object.keys.set(key, (seen = { present: 0, value: new Observation() }));
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
  private readonly messages: MessageDef[] = [];
  private readonly names: NameRegistry;
  private readonly baseMessages: ReadonlyMap<string, MessageDef>;
  /** Base messages given to a position already (each base name is used once). */
  private readonly usedBase = new Set<string>();
  /** Base messages that kept, base-only fields refer to. */
  private readonly keptBase = new Set<string>();

  constructor(base: Schema | undefined) {
    this.baseMessages = new Map((base?.messages ?? []).map((m) => [m.name, m]));
    // The base's names are reserved up front: a new message never takes the name of an old one.
    this.names = new NameRegistry(this.baseMessages.keys());
  }

  private messageName(base: string, baseMessage: MessageDef | undefined): string {
    if (baseMessage && !this.usedBase.has(baseMessage.name)) {
      this.usedBase.add(baseMessage.name);
      return baseMessage.name;
    }
    return this.names.claim(/^[A-Za-z]/.test(base) ? base : `M${base}`);
  }

  /** A message with one field, `value`, for a root or value that is not a plain record. */
  wrapper(base: string, observation: Observation, baseMessage?: MessageDef): string {
    const name = this.messageName(base, baseMessage);
    const fields: FieldDef[] = [];
    this.messages.push({ name, fields });
    const old = baseMessage?.fields.find((f) => f.jsonName === ROOT_VALUE_FIELD);
    const { type, nullable } = this.typeOf(`${name}Value`, observation, old?.type);
    fields.push({ name: ROOT_VALUE_FIELD, jsonName: ROOT_VALUE_FIELD, id: old?.id ?? 1, type, optional: false, nullable });
    return name;
  }

  message(base: string, object: ObjectObservation, baseMessage?: MessageDef): string {
    const name = this.messageName(base, baseMessage);
    const fields: FieldDef[] = [];
    this.messages.push({ name, fields });
    const known = new Map((baseMessage?.fields ?? []).map((f) => [f.jsonName, f]));
    const taken = new Set<string>();
    for (const old of known.values()) taken.add(wireClashKey(old.name));
    let nextId = Math.max(0, ...[...known.values()].map((f) => f.id)) + 1;
    // Ids, wire names and nested message names are handed out in code-unit order of the keys, so
    // they depend on the set of keys only; ids 1–15 (one-byte protobuf tags) go to the first 15.
    const built = new Map<string, FieldDef>();
    [...object.keys.keys()].sort(codeUnitOrder).forEach((jsonName, index) => {
      const seen = object.keys.get(jsonName) as KeyObservation;
      const old = known.get(jsonName);
      const { type, nullable } = this.typeOf(pascalCase(jsonName) || `Field${index + 1}`, seen.value, old?.type);
      if (old) {
        // A key the base knows keeps its field exactly: any change of type or presence would change
        // the wire layout, and old and new peers would misread each other without an error.
        const optional = seen.present < object.count;
        if (!fitsBase(type, old.type) || (optional && !old.optional) || (nullable && !old.nullable && old.type.kind !== 'any')) {
          const now = `${describeType(type)}${optional ? ', sometimes absent' : ''}${nullable ? ', sometimes null' : ''}`;
          const before = `${describeType(old.type)}${old.optional ? ', optional' : ''}${old.nullable ? ', nullable' : ''}`;
          throw new WirebenchError(
            `${name}.${jsonName}: the samples hold ${now}, but the base schema has ${before}; keeping its field id would make old and ` +
              'new peers misread each other, so use a new key for the new shape (or infer without base and share the new schema with every peer)',
          );
        }
        built.set(jsonName, old);
        return;
      }
      built.set(jsonName, {
        name: wireName(jsonName, taken),
        jsonName,
        id: nextId++,
        type,
        // A key new to a base message is optional: writers of the old schema never send it.
        optional: seen.present < object.count || baseMessage !== undefined,
        nullable: type.kind !== 'any' && nullable,
      });
    });
    // Decoded objects get their keys in the order first seen.
    for (const jsonName of object.keys.keys()) fields.push(built.get(jsonName) as FieldDef);
    for (const old of known.values()) {
      if (built.has(old.jsonName)) continue;
      // Kept exactly as it was: making it optional would change its wire type (a box or nullable helper).
      fields.push(old);
      for (const referenced of messagesOf(old.type)) this.keptBase.add(referenced);
    }
    return name;
  }

  /** The messages built, then the base messages that kept fields still refer to. */
  finish(): MessageDef[] {
    const emitted = new Set(this.messages.map((m) => m.name));
    const pending = [...this.keptBase];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const message = this.baseMessages.get(next);
      if (!message || emitted.has(next)) continue;
      emitted.add(next);
      this.messages.push(message);
      for (const field of message.fields) pending.push(...messagesOf(field.type));
    }
    return this.messages;
  }

  private typeOf(base: string, seen: Observation, old: TypeRef | undefined): { type: TypeRef; nullable: boolean } {
    const nullable = seen.nulls > 0;
    if (seen.kinds() !== 1) return { type: { kind: 'any' }, nullable: false };
    if (seen.bools) return { type: { kind: 'scalar', scalar: 'bool' }, nullable };
    if (seen.strings) return { type: { kind: 'scalar', scalar: 'string' }, nullable };
    if (seen.integers || seen.floats) return { type: { kind: 'scalar', scalar: numberType(seen) }, nullable };
    if (seen.array) {
      const element = seen.array.element;
      const oldItem = old?.kind === 'list' ? old.of : undefined;
      // A list of nullable items carries its nulls as dynamic values.
      const item = element.nulls > 0 || element.kinds() === 0 ? ({ kind: 'any' } as const) : this.typeOf(`${base}Item`, element, oldItem).type;
      return { type: { kind: 'list', of: item }, nullable };
    }
    const object = seen.object as ObjectObservation;
    if (looksLikeMap(object)) {
      const values = new Observation();
      for (const { value } of object.keys.values()) merge(values, value);
      const oldValue = old?.kind === 'map' ? old.of : undefined;
      const value = values.nulls > 0 ? ({ kind: 'any' } as const) : this.typeOf(`${base}Value`, values, oldValue).type;
      return { type: { kind: 'map', of: value }, nullable };
    }
    const baseMessage = old?.kind === 'message' ? this.baseMessages.get(old.name) : undefined;
    return { type: { kind: 'message', name: this.message(base, object, baseMessage) }, nullable };
  }
}

/** The names of the messages a type refers to directly. */
function messagesOf(type: TypeRef): string[] {
  if (type.kind === 'message') return [type.name];
  if (type.kind === 'list' || type.kind === 'map') return messagesOf(type.of);
  return [];
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
      if (!target) into.object.keys.set(key, (target = { present: 0, value: new Observation() }));
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
  let candidate = name;
  for (let i = 2; taken.has(wireClashKey(candidate)); i++) candidate = `${name}_${i}`;
  taken.add(wireClashKey(candidate));
  return candidate;
}

/** protoc refuses two field names of a message that are equal lowercased without underscores. */
function wireClashKey(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}

/** Whether values inferred as `sampled` can be written as the base schema's `base` type unchanged. */
function fitsBase(sampled: TypeRef, base: TypeRef): boolean {
  if (base.kind === 'any') return true;
  if (sampled.kind !== base.kind) return false;
  switch (sampled.kind) {
    case 'scalar': {
      const wanted = (base as typeof sampled).scalar;
      if (sampled.scalar === wanted) return true;
      // Integers fit a wider integer or a double; nothing fits a narrower type.
      const rank = { int32: 1, int64: 2, float64: 3 } as Record<string, number | undefined>;
      const from = rank[sampled.scalar];
      const to = rank[wanted];
      return from !== undefined && to !== undefined && from <= to;
    }
    case 'message':
      return true; // the nested message is checked field by field against its own base
    case 'list':
    case 'map':
      return fitsBase(sampled.of, (base as typeof sampled).of);
  }
}
