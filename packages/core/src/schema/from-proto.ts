import protobuf from 'protobufjs';
import { WirebenchError } from '../errors.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './types.js';

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
 * Reads a hand-written proto3 file into a wirebench Schema, starting from `rootMessage` (a simple or
 * fully qualified name). JSON keys are the field names as written. Types wirebench cannot carry
 * exactly (float, sint*, fixed*, enums, oneofs) are refused by name rather than approximated.
 */
export function schemaFromProto(protoText: string, rootMessage: string): Schema {
  let root: protobuf.Root;
  let rootType: protobuf.Type;
  try {
    const parsed = protobuf.parse(protoText, { keepCase: true });
    root = parsed.root;
    root.resolveAll();
    rootType = root.lookupType(rootMessage);
  } catch (error) {
    throw new WirebenchError(`cannot read the .proto: ${(error as Error).message}`, { format: 'protobuf', cause: error });
  }
  const messages = new Map<protobuf.Type, MessageDef>();
  const visit = (type: protobuf.Type): void => {
    if (messages.has(type)) return;
    const fields: FieldDef[] = [];
    const message: MessageDef = { name: type.name, fields };
    messages.set(type, message);
    for (const field of type.fieldsArray) {
      const explicitOptional = Boolean(field.options?.['proto3_optional']);
      if (field.partOf && !explicitOptional) refuse(type, field, 'oneof');
      const element = elementType(type, field, visit);
      const isMessage = element.kind === 'message';
      fields.push({
        name: field.name,
        jsonName: field.name,
        id: field.id,
        type: field.map ? { kind: 'map', of: element } : field.repeated ? { kind: 'list', of: element } : element,
        // A singular message field has presence in proto3 even without `optional`.
        optional: explicitOptional || (isMessage && !field.repeated && !field.map),
        nullable: false,
      });
    }
  };
  visit(rootType);
  const names = new Set<string>();
  for (const message of messages.values()) {
    if (names.has(message.name)) {
      throw new WirebenchError(`two messages are named ${message.name}; wirebench schemas need unique names`, {
        format: 'protobuf',
      });
    }
    names.add(message.name);
  }
  return { namespace: rootType.parent?.fullName.replace(/^\./, '') || 'wirebench', root: rootType.name, messages: [...messages.values()] };
}

function elementType(owner: protobuf.Type, field: protobuf.Field, visit: (type: protobuf.Type) => void): TypeRef {
  if (field instanceof protobuf.MapField && field.keyType !== 'string') refuse(owner, field, `map key type ${field.keyType}`);
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    visit(resolved);
    return { kind: 'message', name: resolved.name };
  }
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
