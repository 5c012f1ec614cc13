import { WirebenchError } from '../errors.js';
import type { HelperRole } from './lower.js';
import { lowerSchema, PROTOBUF_RULES } from './lower.js';
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
  box: 'Holds a list or map where protobuf cannot put one directly (nested, or absent ≠ empty).',
  nullable: 'A key that may be absent or null: set with `value` unset means null.',
  dynamic: 'Any JSON value: one member set, or none for null.',
};

/**
 * Doc comments (`///`, one line right above the declaration) that protobufjs keeps as `.comment` and `schemaFromProto` reads back: the
 * role of a helper message, a wrapped root, and the presence of message-typed and nullable fields.
 */
export const MARKER_PREFIX = 'wirebench: ';
export type Marker = HelperRole | 'wrapped root' | 'nullable' | 'required';
const marker = (what: Marker): string => `/// ${MARKER_PREFIX}${what}`;

/**
 * proto3 text for a wirebench Schema; `protoc` compiles it and protobufjs builds the codec from it.
 * JSON shapes protobuf lacks (nested lists, dynamic values, absent-vs-null) become helper messages.
 * A JSON key that is not its field's name is the field's `json_name` (in a message that has one,
 * every field gets one, so no custom name can clash with another field's default camelCase name).
 * `schemaFromProto(toProto(schema), schema.root)` gives back the schema: the `/// wirebench: …`
 * doc comments say what protobuf itself cannot (helper roles, wrapped root, null vs absent).
 * Messages and fields are printed in a fixed order (fields by id), so the text depends only on
 * the schema's names, ids and types.
 */
export function toProto(schema: Schema): string {
  const { schema: lowered, roles } = lowerSchema(schema, PROTOBUF_RULES);
  const lines = ['syntax = "proto3";', '', `package ${schema.namespace};`, ''];
  lines.push(`// Root message: ${schema.root}${schema.wrappedRoot ? ' (the payload is its field `value`)' : ''}`);
  for (const message of lowered.messages) {
    const role = roles.get(message.name);
    // protobufjs keeps only the last line of a run of `///` lines: the marker goes right above.
    const notes = role
      ? [`// ${HELPER_NOTES[role]}`, marker(role)]
      : schema.wrappedRoot && message.name === schema.root
        ? ['// The payload is the field `value` of this message.', marker('wrapped root')]
        : [];
    lines.push('', ...notes, ...messageLines(message, role === 'dynamic'));
  }
  return `${lines.join('\n')}\n`;
}

function messageLines(message: MessageDef, oneof: boolean): string[] {
  const indent = oneof ? '    ' : '  ';
  const lines = [`message ${message.name} {`, ...(oneof ? ['  oneof kind {'] : [])];
  const jsonNames = message.fields.some((field) => field.jsonName !== field.name);
  for (const field of [...message.fields].sort((a, b) => a.id - b.id)) {
    const option = jsonNames ? ` [json_name = ${protoString(field.jsonName)}]` : '';
    const declaration = fieldDeclaration(message, field);
    // Members of a oneof have presence already and take no label.
    const type = oneof ? declaration.replace(/^optional /, '') : declaration;
    const presence = presenceMarker(field);
    if (presence && !oneof) lines.push(`${indent}${marker(presence)}`);
    lines.push(`${indent}${type} ${field.name} = ${field.id}${option};`);
  }
  lines.push(...(oneof ? ['  }'] : []), '}');
  return lines;
}

/**
 * What the label of a field of the lowered schema does not say: a nullable field reads back null
 * when absent; a message-typed field (which has presence in proto3) that must be present.
 */
function presenceMarker(field: FieldDef): Marker | undefined {
  if (field.nullable) return 'nullable';
  return field.type.kind === 'message' && !field.optional ? 'required' : undefined;
}

/** A proto string literal that protoc and protobufjs both read back as `text`. */
export function protoString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
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
