import { keepBaseField, refuseRootSwitch } from './evolution.js';
import { codeUnitOrder, describeType, NameRegistry, pascalCase } from './names.js';
import type { KeyObservation, ObjectObservation } from './observation.js';
import { describeSeen, looksLikeMap, merge, numberType, Observation, observe } from './observation.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from './types.js';
import { findMessage, ROOT_VALUE_FIELD } from './types.js';

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
   * A schema already shared with peers (for example read back with `schemaFromProto`). The rule:
   * the new schema decodes every byte string the base wrote exactly as the base does, or
   * `inferSchema` throws a `WirebenchError` naming the position (`root`, or `Message.key`) and
   * both shapes. So the new schema keeps the base's message names, its root kind (a record stays a
   * record; a wrapped array, scalar or id-keyed map stays wrapped) and, for every key the base
   * knows, the base's field whole: id, wire name, type and presence. Samples fit a field when they
   * hold the same type (a message is checked key by key, and integers fit a wider base number, which
   * the field keeps), and are absent or null only where the base allows it; a base `any` takes
   * anything. Keys the base lacks get the next free ids of their message (in code-unit order of the
   * key) and are optional, since writers of the old schema never send them; keys only the base has
   * are kept exactly, required ones included. Give the old samples too (`moreSamples`), so the
   * samples cover the old shapes.
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
  const baseRoot = base ? findMessage(base, base.root) : undefined;
  if (base && baseRoot) checkRootKind(root, isRecord, base, baseRoot);
  // A base's wrapped root stays wrapped (checkRootKind lets a record through only where its value may be one).
  const wrapped = base ? base.wrappedRoot === true : !isRecord;
  const rootMessage = wrapped ? builder.wrapper('Root', root, baseRoot) : builder.message('Root', root.object as ObjectObservation, baseRoot);
  return {
    namespace: options.namespace ?? base?.namespace ?? 'wirebench.inferred',
    root: rootMessage,
    ...(wrapped ? { wrappedRoot: true } : {}),
    messages: builder.finish(),
  };
}

/**
 * A record root and a wrapped root are different messages on the wire: refuses samples whose root
 * kind differs from the base's, except a record under a wrapped root whose value may be a record
 * (`any`, or a message: a root that was a record or null), which is then checked as that value.
 */
function checkRootKind(root: Observation, isRecord: boolean, base: Schema, baseRoot: MessageDef): void {
  if (!base.wrappedRoot) {
    if (!isRecord) refuseRootSwitch(describeSeen(root), `${baseRoot.name} is a record`);
    return;
  }
  const value = baseRoot.fields.find((f) => f.jsonName === ROOT_VALUE_FIELD);
  if (isRecord && value?.type.kind !== 'any' && value?.type.kind !== 'message') {
    const holds = value ? `holds ${describeType(value.type)}` : 'is missing';
    refuseRootSwitch(describeSeen(root), `${baseRoot.name} is wrapped: its field ${ROOT_VALUE_FIELD} ${holds}`);
  }
}

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

  /**
   * A message with one field, `value`, for a root that is not a plain record: built as a record
   * whose one key is always present, so a base's `value` field gets every check a kept field gets.
   */
  wrapper(base: string, observation: Observation, baseMessage?: MessageDef): string {
    const object: ObjectObservation = { count: 1, keys: new Map([[ROOT_VALUE_FIELD, { present: 1, value: observation }]]) };
    return this.message(base, object, baseMessage, (messageName) => `${messageName}Value`);
  }

  /** A message for a record position; `typeName` names the messages of its keys' values. */
  message(
    base: string,
    object: ObjectObservation,
    baseMessage?: MessageDef,
    typeName: (messageName: string, jsonName: string, index: number) => string = (_, jsonName, index) => pascalCase(jsonName) || `Field${index + 1}`,
  ): string {
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
    // A loop, not forEach: each nested record costs this frame and typeOf's only, so inferring a
    // sample MAX_DEPTH records deep fits a cold stack (unoptimized frames are large).
    const sorted = [...object.keys.keys()].sort(codeUnitOrder);
    for (let index = 0; index < sorted.length; index++) {
      const jsonName = sorted[index] as string;
      const seen = object.keys.get(jsonName) as KeyObservation;
      const old = known.get(jsonName);
      const { type, nullable } = this.typeOf(typeName(name, jsonName, index), seen.value, old?.type);
      if (old) {
        // A key the base knows keeps its field exactly: any change of type or presence would change
        // the wire layout, and old and new peers would misread each other without an error.
        built.set(jsonName, keepBaseField(`${name}.${jsonName}`, { type, optional: seen.present < object.count, nullable }, old));
        continue;
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
    }
    // Decoded objects get their keys in the order first seen.
    for (const jsonName of object.keys.keys()) fields.push(built.get(jsonName) as FieldDef);
    for (const old of known.values()) {
      // Every base field is kept, so the base messages it names are kept too (the samples may have
      // built none: a key no longer seen, or a list seen only empty).
      for (const referenced of messagesOf(old.type)) this.keptBase.add(referenced);
      // A key only the base has is kept exactly: making it optional would change its wire type (a box or nullable helper).
      if (!built.has(old.jsonName)) fields.push(old);
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
    // A base `any` takes every value, and a position seen only as null or never (in lists seen only
    // empty) says nothing against the base's type: both keep it, building no message nobody refers to.
    if (old && (old.kind === 'any' || seen.kinds() === 0)) return { type: old, nullable: old.kind !== 'any' && nullable };
    if (seen.kinds() !== 1) return { type: { kind: 'any' }, nullable: false };
    if (seen.bools) return { type: { kind: 'scalar', scalar: 'bool' }, nullable };
    if (seen.strings) return { type: { kind: 'scalar', scalar: 'string' }, nullable };
    if (seen.integers || seen.floats) return { type: { kind: 'scalar', scalar: numberType(seen) }, nullable };
    if (seen.array) {
      const element = seen.array.element;
      const oldItem = old?.kind === 'list' ? old.of : undefined;
      // A list of nullable items carries its nulls as dynamic values; lists seen only empty keep the base's item.
      const unknownItem = element.nulls > 0 || (element.kinds() === 0 && oldItem === undefined);
      const item = unknownItem ? ({ kind: 'any' } as const) : this.typeOf(`${base}Item`, element, oldItem).type;
      return { type: { kind: 'list', of: item }, nullable };
    }
    const object = seen.object as ObjectObservation;
    // An empty object where the base has a map is that map, empty.
    if (looksLikeMap(object) || (old?.kind === 'map' && object.keys.size === 0)) {
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

const RESERVED = new Set([
  'syntax',
  'package',
  'import',
  'option',
  'message',
  'enum',
  'service',
  'table',
  'struct',
  'namespace',
  'union',
  'root_type',
  'include',
  'attribute',
  'true',
  'false',
]);

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
