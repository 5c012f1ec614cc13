import { WirebenchError } from '../errors.js';
import { describeType } from './names.js';
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

/** proto3 text for a wirebench Schema; `protoc` compiles it and protobufjs builds the codec from it. */
export function toProto(schema: Schema): string {
  const lines = ['syntax = "proto3";', '', `package ${schema.namespace};`, ''];
  lines.push(`// Root message: ${schema.root}`);
  for (const message of schema.messages) lines.push('', ...messageLines(message));
  return lines.join('\n') + '\n';
}

function messageLines(message: MessageDef): string[] {
  const lines = [`message ${message.name} {`];
  for (const field of [...message.fields].sort((a, b) => a.id - b.id)) {
    const note = field.jsonName === field.name ? '' : `  // JSON key: ${JSON.stringify(field.jsonName)}`;
    lines.push(`  ${fieldDeclaration(message, field)} ${field.name} = ${field.id};${note}`);
  }
  lines.push('}');
  return lines;
}

function fieldDeclaration(message: MessageDef, field: FieldDef): string {
  if (field.nullable) unsupported(message, field, 'a field that may hold null');
  const type = field.type;
  // An empty repeated field and an absent one are the same bytes in protobuf.
  if (field.optional && (type.kind === 'list' || type.kind === 'map')) unsupported(message, field, 'an optional list or map');
  switch (type.kind) {
    case 'scalar':
      return `${field.optional ? 'optional ' : ''}${PROTO_SCALAR[type.scalar]}`;
    case 'message':
      return type.name;
    case 'list':
      return `repeated ${elementName(message, field, type.of)}`;
    case 'map':
      return `map<string, ${elementName(message, field, type.of)}>`;
    case 'any':
      return unsupported(message, field, 'a dynamic (any) value');
  }
}

function elementName(message: MessageDef, field: FieldDef, type: TypeRef): string {
  if (type.kind === 'scalar') return PROTO_SCALAR[type.scalar];
  if (type.kind === 'message') return type.name;
  return unsupported(message, field, describeType(field.type));
}

function unsupported(message: MessageDef, field: FieldDef, what: string): never {
  throw new WirebenchError(`${message.name}.${field.name}: protobuf output does not support ${what} yet`, {
    format: 'protobuf',
  });
}
