import type { FormatId } from '../codec.js';
import { NameRegistry, pascalCase } from './names.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from './types.js';
import { describeValue, isPlainObject, schemaMismatch } from './values.js';

/** What a schema format can express directly; everything else gets a helper message. */
export interface WireRules {
  /** An absent list or map differs from an empty one (FlatBuffers vectors: yes; protobuf repeated: no). */
  readonly listPresence: boolean;
  /** `bytes` may be a list element or map value (protobuf: yes; FlatBuffers `[[ubyte]]`: no). */
  readonly bytesInLists: boolean;
}

export const PROTOBUF_RULES: WireRules = { listPresence: false, bytesInLists: true };
export const FLATBUFFERS_RULES: WireRules = { listPresence: true, bytesInLists: false };

/**
 * How a helper message stands for a JSON value:
 * - `box`: `{ values }` holds a list, map or bytes where the format cannot put one directly
 *   (inside another list, or where presence must be kept);
 * - `nullable`: `{ value }` with `value` unset for null, for a field that may be absent *and* null;
 * - `dynamic`: any JSON value, as exactly one of `bool_value`, `integer_value`, `number_value`,
 *   `string_value`, `list_value`, `object_value`, or none of them for null.
 */
export type HelperRole = 'box' | 'nullable' | 'dynamic';

export interface LoweredSchema {
  /**
   * The schema rewritten into what the format expresses directly: no `any`, no list of lists or
   * maps, no field that is both optional and nullable, and (where `listPresence` is false) no
   * optional or nullable list/map fields. A field still marked `nullable` has explicit presence and
   * is null exactly when absent.
   */
  readonly schema: Schema;
  /** Helper messages added by the lowering, by name. */
  readonly roles: ReadonlyMap<string, HelperRole>;
}

export const BOX_FIELD = 'values';

/** The members of the dynamic helper message, in field-id order (see HelperRole). */
const DYNAMIC_FIELDS: ReadonlyArray<readonly [string, TypeRef]> = [
  ['bool_value', { kind: 'scalar', scalar: 'bool' }],
  ['integer_value', { kind: 'scalar', scalar: 'int64' }],
  ['number_value', { kind: 'scalar', scalar: 'float64' }],
  ['string_value', { kind: 'scalar', scalar: 'string' }],
  ['list_value', { kind: 'list', of: { kind: 'any' } }],
  ['object_value', { kind: 'map', of: { kind: 'any' } }],
];
export const NULLABLE_FIELD = 'value';

/** Lowers a schema for one format; toProto/toFbs print the result and the codecs run on it. */
export function lowerSchema(schema: Schema, rules: WireRules): LoweredSchema {
  const names = new NameRegistry(schema.messages.map((m) => m.name));
  const helpers: MessageDef[] = [];
  const roles = new Map<string, HelperRole>();
  const byType = new Map<string, string>();

  /** One helper message per role and type, named after the type and unique among all messages. */
  const helper = (role: HelperRole, type: TypeRef, label: string, fields: () => FieldDef[]): TypeRef => {
    const key = `${role} ${JSON.stringify(type)}`;
    let name = byType.get(key);
    if (name === undefined) {
      name = names.claim(label);
      byType.set(key, name);
      roles.set(name, role);
      // Registered before its fields are built: the dynamic message refers to itself.
      const message: { name: string; fields: readonly FieldDef[] } = { name, fields: [] };
      helpers.push(message);
      message.fields = fields().map(lowerField);
    }
    return { kind: 'message', name };
  };

  const label = (type: TypeRef): string => {
    switch (type.kind) {
      case 'scalar':
        return pascalCase(type.scalar);
      case 'message':
        return type.name;
      case 'list':
        return `ListOf${label(type.of)}`;
      case 'map':
        return `MapOf${label(type.of)}`;
      case 'any':
        return (dynamic() as { name: string }).name;
    }
  };

  const box = (type: TypeRef): TypeRef =>
    helper('box', type, type.kind === 'scalar' ? `Boxed${label(type)}` : label(type), () => [field(BOX_FIELD, 1, type, false)]);

  const dynamic = (): TypeRef => helper('dynamic', { kind: 'any' }, 'Value', () => DYNAMIC_FIELDS.map(([name, type], i) => field(name, i + 1, type, true)));

  /** A list element or map value. */
  const element = (type: TypeRef): TypeRef => {
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'bytes' && !rules.bytesInLists ? box(type) : type;
      case 'message':
        return type;
      case 'any':
        return dynamic();
      case 'list':
      case 'map':
        return box(type);
    }
  };

  const lowerField = (def: FieldDef): FieldDef => {
    const type = def.type;
    // A dynamic value carries its own null.
    if (type.kind === 'any') return { ...def, type: dynamic(), nullable: false };
    if (def.nullable && def.optional) {
      const inner = field(NULLABLE_FIELD, 1, type, true);
      return { ...def, nullable: false, type: helper('nullable', type, `Nullable${label(type)}`, () => [inner]) };
    }
    if (type.kind === 'list' || type.kind === 'map') {
      if ((def.optional || def.nullable) && !rules.listPresence) return { ...def, type: box(type) };
      return { ...def, type: { kind: type.kind, of: element(type.of) } };
    }
    return def;
  };

  // Helpers are made (and named) walking fields in id order, so the lowered schema does not depend
  // on the order of `fields`; each message keeps its own field order.
  const lowerInIdOrder = (fields: readonly FieldDef[]): FieldDef[] => {
    const lowered = new Map<FieldDef, FieldDef>();
    for (const def of [...fields].sort((a, b) => a.id - b.id)) lowered.set(def, lowerField(def));
    return fields.map((def) => lowered.get(def) as FieldDef);
  };
  const messages = schema.messages.map((m) => ({ name: m.name, fields: lowerInIdOrder(m.fields) }));
  return { schema: { ...schema, messages: [...messages, ...helpers] }, roles };
}

function field(name: string, id: number, type: TypeRef, optional: boolean): FieldDef {
  return { name, jsonName: name, id, type, optional, nullable: false };
}

/** Converts between a JSON value and the record of the helper message that stands for it. */
export interface HelperAdapter {
  toRecord(value: unknown, path: string): Record<string, unknown>;
  fromRecord(record: Record<string, unknown>): unknown;
}

/** The adapter for a helper message of the lowered schema; undefined for the schema's own messages. */
export function helperAdapter(role: HelperRole | undefined, format: FormatId): HelperAdapter | undefined {
  switch (role) {
    case undefined:
      return undefined;
    case 'box':
      return { toRecord: (value) => ({ [BOX_FIELD]: value }), fromRecord: (record) => record[BOX_FIELD] };
    case 'nullable':
      return {
        toRecord: (value) => (value === null ? {} : { [NULLABLE_FIELD]: value }),
        fromRecord: (record) => (Object.hasOwn(record, NULLABLE_FIELD) ? record[NULLABLE_FIELD] : null),
      };
    case 'dynamic':
      return {
        toRecord: (value, path) => {
          const record = toDynamicRecord(value);
          if (!record) throw schemaMismatch(format, path, `expected a JSON value, got ${describeValue(value)}`);
          return record;
        },
        fromRecord: fromDynamicRecord,
      };
  }
}

/** The record of the dynamic helper message for a JSON value, or undefined for a value JSON cannot hold. */
function toDynamicRecord(value: unknown): Record<string, unknown> | undefined {
  if (value === null) return {};
  switch (typeof value) {
    case 'boolean':
      return { bool_value: value };
    case 'string':
      return { string_value: value };
    case 'number':
      // Integers travel as varints (1–10 bytes, not 8); -0 and fractions need the double.
      return Number.isSafeInteger(value) && !Object.is(value, -0) ? { integer_value: value } : { number_value: value };
    case 'object':
      if (Array.isArray(value)) return { list_value: value };
      return isPlainObject(value) ? { object_value: value } : undefined;
    default:
      return undefined;
  }
}

/** The JSON value of a decoded dynamic record: its one set member, or null when none is set. */
function fromDynamicRecord(record: Record<string, unknown>): unknown {
  for (const [key] of DYNAMIC_FIELDS) if (Object.hasOwn(record, key)) return record[key];
  return null;
}
