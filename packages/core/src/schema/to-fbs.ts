import { WirebenchError } from '../errors.js';
import { describeType, pascalCase } from './names.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './types.js';

const FBS_SCALAR: Readonly<Record<ScalarType, string>> = {
  bool: 'bool',
  int32: 'int',
  int64: 'long',
  uint32: 'uint',
  uint64: 'ulong',
  float64: 'double',
  string: 'string',
  bytes: '[ubyte]',
};

/** The table that carries one entry of a `map<string, T>` field, as a vector of these. */
export function mapEntryTableName(message: MessageDef, field: FieldDef): string {
  return `${message.name}${pascalCase(field.name)}Entry`;
}

/**
 * FlatBuffers schema text for a wirebench Schema; `flatc` compiles it. Field slots are the schema's
 * field ids minus one, given explicitly; gaps are filled with deprecated placeholders because
 * FlatBuffers ids must be contiguous. Optional scalars are `= null` so absence is on the wire.
 */
export function toFbs(schema: Schema): string {
  const lines = [`namespace ${schema.namespace};`];
  for (const message of schema.messages) {
    const fields = [...message.fields].sort((a, b) => a.id - b.id);
    const entries: string[] = [];
    lines.push('', `table ${message.name} {`);
    let nextId = 1;
    for (const field of fields) {
      for (; nextId < field.id; nextId++) lines.push(`  unused_${nextId}: bool (id: ${nextId - 1}, deprecated);`);
      nextId = field.id + 1;
      const note = field.jsonName === field.name ? '' : `  // JSON key: ${JSON.stringify(field.jsonName)}`;
      lines.push(`  ${field.name}: ${fieldType(message, field, entries)} (id: ${field.id - 1});${note}`);
    }
    lines.push('}', ...entries);
  }
  lines.push('', `root_type ${schema.root};`);
  return lines.join('\n') + '\n';
}

function fieldType(message: MessageDef, field: FieldDef, entries: string[]): string {
  if (field.nullable) unsupported(message, field, 'a field that may hold null');
  const type = field.type;
  switch (type.kind) {
    case 'scalar': {
      const name = FBS_SCALAR[type.scalar];
      const offsetType = type.scalar === 'string' || type.scalar === 'bytes';
      return field.optional && !offsetType ? `${name} = null` : name;
    }
    case 'message':
      return type.name;
    case 'list':
      return `[${elementName(message, field, type.of)}]`;
    case 'any':
      return unsupported(message, field, 'a dynamic (any) value');
    case 'map': {
      const entry = mapEntryTableName(message, field);
      entries.push('', `table ${entry} {`, '  key: string (required);', `  value: ${elementName(message, field, type.of)};`, '}');
      return `[${entry}]`;
    }
  }
}

function elementName(message: MessageDef, field: FieldDef, type: TypeRef): string {
  if (type.kind === 'scalar' && type.scalar !== 'bytes') return FBS_SCALAR[type.scalar];
  if (type.kind === 'message') return type.name;
  return unsupported(message, field, describeType(field.type));
}

function unsupported(message: MessageDef, field: FieldDef, what: string): never {
  throw new WirebenchError(`${message.name}.${field.name}: FlatBuffers output does not support ${what} yet`, {
    format: 'flatbuffers',
  });
}
