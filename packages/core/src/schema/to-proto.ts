import { WirebenchError } from '../errors.js';
import type { HelperRole } from './lower.js';
import { PROTOBUF_RULES, lowerSchema } from './lower.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './types.js';

const PROTO_SCALAR: Readonly<Record<ScalarType, string>> = {
  bool: 'bool',
  int32: 'int32',
  int64: 'int64',
  uint32: 'uint32',
  uint64: 'uint64',
  float64: 'double',
  string: 'string',
  bytes: 'bytes',
};

const HELPER_NOTES: Readonly<Record<HelperRole, string>> = {
  box: '// Holds a list or map where protobuf cannot put one directly (nested, or absent ≠ empty).',
  nullable: '// A key that may be absent or null: set with `value` unset means null.',
  dynamic: '// Any JSON value: one member set, or none for null.',
};

/**
 * proto3 text for a wirebench Schema; `protoc` compiles it and protobufjs builds the codec from it.
 * JSON shapes protobuf lacks (nested lists, dynamic values, absent-vs-null) become helper messages.
 */
export function toProto(schema: Schema): string {
  const { schema: lowered, roles } = lowerSchema(schema, PROTOBUF_RULES);
  const lines = ['syntax = "proto3";', '', `package ${schema.namespace};`, ''];
  lines.push(`// Root message: ${schema.root}${schema.wrappedRoot ? ' (the payload is its field `value`)' : ''}`);
  for (const message of lowered.messages) {
    const role = roles.get(message.name);
    lines.push('', ...(role ? [HELPER_NOTES[role]] : []), ...messageLines(message, role === 'dynamic'));
  }
  return lines.join('\n') + '\n';
}

function messageLines(message: MessageDef, oneof: boolean): string[] {
  const indent = oneof ? '    ' : '  ';
  const lines = [`message ${message.name} {`, ...(oneof ? ['  oneof kind {'] : [])];
  for (const field of [...message.fields].sort((a, b) => a.id - b.id)) {
    const note = field.jsonName === field.name ? '' : `  // JSON key: ${JSON.stringify(field.jsonName)}`;
    const declaration = fieldDeclaration(message, field);
    // Members of a oneof have presence already and take no label.
    const type = oneof ? declaration.replace(/^optional /, '') : declaration;
    lines.push(`${indent}${type} ${field.name} = ${field.id};${note}`);
  }
  lines.push(...(oneof ? ['  }'] : []), '}');
  return lines;
}

/** The declaration of a field of a lowered schema (see lowerSchema). */
function fieldDeclaration(message: MessageDef, field: FieldDef): string {
  const type = field.type;
  switch (type.kind) {
    case 'scalar':
      // Explicit presence: absent must stay absent (optional) or read back as null (nullable).
      return `${field.optional || field.nullable ? 'optional ' : ''}${PROTO_SCALAR[type.scalar]}`;
    case 'message':
      return type.name;
    case 'list':
      return `repeated ${elementName(message, field, type.of)}`;
    case 'map':
      return `map<string, ${elementName(message, field, type.of)}>`;
    case 'any':
      return notLowered(message, field);
  }
}

function elementName(message: MessageDef, field: FieldDef, type: TypeRef): string {
  if (type.kind === 'scalar') return PROTO_SCALAR[type.scalar];
  if (type.kind === 'message') return type.name;
  return notLowered(message, field);
}

function notLowered(message: MessageDef, field: FieldDef): never {
  throw new WirebenchError(`${message.name}.${field.name}: the lowered schema still has a type protobuf cannot express`, {
    format: 'protobuf',
  });
}
