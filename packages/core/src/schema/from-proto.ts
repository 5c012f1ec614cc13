import type protobuf from 'protobufjs';
import { WirebenchError } from '../errors.js';
import { findImplementation } from '../implementations.js';
import { BOX_FIELD, NULLABLE_FIELD } from './lower.js';
import type { Marker } from './to-proto.js';
import { MARKER_PREFIX } from './to-proto.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './types.js';
import { ROOT_VALUE_FIELD } from './types.js';

const PROTO_SCALARS: Readonly<Record<string, ScalarType>> = {
  bool: 'bool',
  int32: 'int32',
  int64: 'int64',
  uint32: 'uint32',
  uint64: 'uint64',
  double: 'float64',
  string: 'string',
  bytes: 'bytes',
};

/**
 * protobufjs is an optional peer dependency: loaded once, when this module is first imported (top-level
 * await keeps `schemaFromProto` synchronous); where it is not installed, `schemaFromProto` says how to
 * install it and nothing else in the package needs it.
 */
const protobufjs: typeof protobuf | Error = await import('protobufjs').then(
  (module) => module.default,
  (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
);

function requireProtobufjs(): typeof protobuf {
  if (!(protobufjs instanceof Error)) return protobufjs;
  const { package: name, peerRange } = findImplementation('protobuf', 'protobufjs');
  throw new WirebenchError(`schemaFromProto reads .proto text with ${name}, which is not installed: npm install ${name}@"${peerRange ?? '*'}"`, {
    format: 'protobuf',
    cause: protobufjs,
  });
}

const MARKERS: ReadonlySet<string> = new Set<Marker>(['box', 'nullable', 'dynamic', 'wrapped root', 'required']);

/** The `/// wirebench: …` marker of a doc comment (which protobufjs keeps as `.comment`), if any. */
function markerOf(comment: string | null | undefined): Marker | undefined {
  for (const line of (comment ?? '').split('\n')) {
    const text = line.trim();
    if (text.startsWith(MARKER_PREFIX) && MARKERS.has(text.slice(MARKER_PREFIX.length).trim())) {
      return text.slice(MARKER_PREFIX.length).trim() as Marker;
    }
  }
  return undefined;
}

/**
 * Reads a proto3 file into a wirebench Schema, starting from `rootMessage` (a simple or fully
 * qualified name). A hand-written file maps as written: JSON keys are the field names (or their
 * `json_name`), singular message fields and `optional` scalars may be absent. A file printed by
 * `toProto` also carries `/// wirebench: …` doc comments, read here so that the schema comes back
 * whole: helper messages turn back into the lists, maps, dynamic values and nullable fields they
 * stand for, a wrapped root is wrapped again, and nullable and required fields keep their presence.
 * So `schemaFromProto(toProto(s), s.root)` writes the same bytes as `s`. Types wirebench cannot
 * carry exactly (float, sint*, fixed*, enums, oneofs) are refused by name rather than approximated.
 */
export function schemaFromProto(protoText: string, rootMessage: string): Schema {
  const library = requireProtobufjs();
  let root: protobuf.Root;
  let rootType: protobuf.Type;
  try {
    const parsed = library.parse(protoText, { keepCase: true });
    root = parsed.root;
    root.resolveAll();
    rootType = root.lookupType(rootMessage);
  } catch (error) {
    throw new WirebenchError(`cannot read the .proto: ${(error as Error).message}`, { format: 'protobuf', cause: error });
  }
  const messages = new Map<protobuf.Type, MessageDef>();

  /** The type of a field with its label (repeated, map), helper messages turned back into what they hold. */
  const typeOf = (owner: protobuf.Type, field: protobuf.Field): TypeRef => {
    const element = elementType(owner, field, elementOf);
    return field.map ? { kind: 'map', of: element } : field.repeated ? { kind: 'list', of: element } : element;
  };
  const elementOf = (owner: protobuf.Type, field: protobuf.Field, type: protobuf.Type): TypeRef => {
    switch (markerOf(type.comment)) {
      case 'dynamic':
        return { kind: 'any' };
      case 'box':
        return typeOf(type, helperField(type, BOX_FIELD));
      case 'nullable':
        return refuse(owner, field, `the nullable helper ${type.name} as a list element or map value`);
      default:
        visit(type);
        return { kind: 'message', name: type.name };
    }
  };

  const visit = (type: protobuf.Type): void => {
    if (messages.has(type)) return;
    const fields: FieldDef[] = [];
    const message: MessageDef = { name: type.name, fields };
    messages.set(type, message);
    for (const field of type.fieldsArray) {
      const explicitOptional = Boolean(field.options?.['proto3_optional']);
      if (field.partOf && !explicitOptional) refuse(type, field, 'oneof');
      const jsonName = field.options?.['json_name'];
      const singular = !field.repeated && !field.map;
      const resolved = field.resolvedType;
      const base = { name: field.name, jsonName: typeof jsonName === 'string' ? jsonName : field.name, id: field.id };
      if (singular && resolved instanceof library.Type && markerOf(resolved.comment) === 'nullable') {
        // A key that may be absent or null.
        fields.push({ ...base, type: typeOf(resolved, helperField(resolved, NULLABLE_FIELD)), optional: true, nullable: true });
        continue;
      }
      const presence = markerOf(field.comment);
      fields.push({
        ...base,
        type: typeOf(type, field),
        // A singular message field has presence in proto3 even without `optional`.
        optional: presence === 'nullable' || presence === 'required' ? false : explicitOptional || (singular && resolved instanceof library.Type),
        nullable: presence === 'nullable',
      });
    }
  };
  visit(rootType);
  const wrappedRoot = markerOf(rootType.comment) === 'wrapped root';
  if (wrappedRoot && !rootType.fieldsArray.some((f) => f.name === ROOT_VALUE_FIELD)) {
    throw new WirebenchError(`${rootType.name} is marked as a wrapped root but has no field ${ROOT_VALUE_FIELD}`, { format: 'protobuf' });
  }
  const names = new Set<string>();
  for (const message of messages.values()) {
    if (names.has(message.name)) {
      throw new WirebenchError(`two messages are named ${message.name}; wirebench schemas need unique names`, {
        format: 'protobuf',
      });
    }
    names.add(message.name);
  }
  // Messages in the order the file declares them (toProto prints them in the schema's order).
  const declared = declarationOrder(root);
  const ordered = [...messages.entries()].sort(([a], [b]) => (declared.get(a) ?? 0) - (declared.get(b) ?? 0)).map(([, m]) => m);
  return {
    namespace: rootType.parent?.fullName.replace(/^\./, '') || 'wirebench',
    root: rootType.name,
    ...(wrappedRoot ? { wrappedRoot: true } : {}),
    messages: ordered,
  };
}

/** The one field of a helper message, checked against what lowerSchema makes. */
function helperField(helper: protobuf.Type, name: string): protobuf.Field {
  const [field, ...rest] = helper.fieldsArray;
  if (!field || rest.length > 0 || field.name !== name) {
    throw new WirebenchError(`${helper.name} is marked as a wirebench helper message but does not have exactly one field ${name}`, {
      format: 'protobuf',
    });
  }
  return field;
}

function declarationOrder(root: protobuf.Root): Map<protobuf.ReflectionObject, number> {
  const order = new Map<protobuf.ReflectionObject, number>();
  const walk = (namespace: protobuf.NamespaceBase): void => {
    for (const nested of namespace.nestedArray) {
      order.set(nested, order.size);
      if (nested instanceof requireProtobufjs().Namespace) walk(nested);
    }
  };
  walk(root);
  return order;
}

function elementType(
  owner: protobuf.Type,
  field: protobuf.Field,
  message: (owner: protobuf.Type, field: protobuf.Field, type: protobuf.Type) => TypeRef,
): TypeRef {
  const library = requireProtobufjs();
  if (field instanceof library.MapField && field.keyType !== 'string') refuse(owner, field, `map key type ${field.keyType}`);
  const resolved = field.resolvedType;
  if (resolved instanceof library.Type) return message(owner, field, resolved);
  if (resolved) refuse(owner, field, 'enum');
  const scalarType = PROTO_SCALARS[field.type];
  if (!scalarType) refuse(owner, field, field.type);
  return { kind: 'scalar', scalar: scalarType };
}

function refuse(owner: protobuf.Type, field: protobuf.Field, what: string): never {
  throw new WirebenchError(
    `${owner.name}.${field.name} uses ${what}, which wirebench schemas do not support; ` +
      'use bool, int32, int64, uint32, uint64, double, string, bytes, messages, repeated and map<string, T>',
    { format: 'protobuf' },
  );
}
