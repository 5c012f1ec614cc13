import { WirebenchError } from '../errors.js';
import type { HelperRole } from './lower.js';
import { FLATBUFFERS_RULES, lowerSchema } from './lower.js';
import { NameRegistry, pascalCase } from './names.js';
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

const HELPER_NOTES: Readonly<Record<HelperRole, string>> = {
  box: '// Holds a list, map or bytes where FlatBuffers cannot put one directly (a vector of vectors).',
  nullable: '// A key that may be absent or null: present with `value` unset means null.',
  dynamic: '// Any JSON value: one field set, or none for null.',
};

/**
 * The preferred name of the table that carries one entry of a `map<string, T>` field, as a vector
 * of these. `toFbs` prints this name, or, when a message, helper or other entry table of the schema
 * already has it, this name with a numeric suffix (see NameRegistry).
 */
export function mapEntryTableName(message: MessageDef, field: FieldDef): string {
  return `${message.name}${pascalCase(field.name)}Entry`;
}

/** The deprecated field that fills a gap in the ids of a table (FlatBuffers ids must be contiguous). */
const gapFieldName = (id: number): string => `unused_${id}`;

/**
 * FlatBuffers schema text for a wirebench Schema; `flatc` compiles it. Field slots are the schema's
 * field ids minus one, given explicitly; gaps are filled with deprecated placeholders because
 * FlatBuffers ids must be contiguous. Scalars that may be absent or null are `= null` so absence is
 * on the wire. JSON shapes FlatBuffers lacks become helper tables (see lowerSchema).
 *
 * Every printed name comes from one registry per schema (messages, helpers, map entry tables) and
 * one per table (fields, gap placeholders), so no JSON key can make two names clash.
 */
export function toFbs(schema: Schema): string {
  const { schema: lowered, roles } = lowerSchema(schema, FLATBUFFERS_RULES);
  const tableNames = new NameRegistry(lowered.messages.map((m) => m.name));
  const lines = [`namespace ${schema.namespace};`];
  for (const message of lowered.messages) {
    const fields = [...message.fields].sort((a, b) => a.id - b.id);
    const fieldNames = new NameRegistry(fields.map((f) => f.name));
    const entries: string[] = [];
    const role = roles.get(message.name);
    lines.push('', ...(role ? [HELPER_NOTES[role]] : []), `table ${message.name} {`);
    let nextId = 1;
    for (const field of fields) {
      for (; nextId < field.id; nextId++) lines.push(`  ${fieldNames.claim(gapFieldName(nextId), '_')}: bool (id: ${nextId - 1}, deprecated);`);
      nextId = field.id + 1;
      const note = field.jsonName === field.name ? '' : `  // JSON key: ${JSON.stringify(field.jsonName)}`;
      lines.push(`  ${field.name}: ${fieldType(message, field, entries, tableNames)} (id: ${field.id - 1});${note}`);
    }
    lines.push('}', ...entries);
  }
  const rootNote = schema.wrappedRoot ? '  // the payload is its field `value`' : '';
  lines.push('', `root_type ${schema.root};${rootNote}`);
  return `${lines.join('\n')}\n`;
}

/** The type of a field of a lowered schema. */
function fieldType(message: MessageDef, field: FieldDef, entries: string[], tableNames: NameRegistry): string {
  const type = field.type;
  switch (type.kind) {
    case 'scalar': {
      const name = FBS_SCALAR[type.scalar];
      const offsetType = type.scalar === 'string' || type.scalar === 'bytes';
      return (field.optional || field.nullable) && !offsetType ? `${name} = null` : name;
    }
    case 'message':
      return type.name;
    case 'list':
      return `[${elementName(message, field, type.of)}]`;
    case 'map': {
      const entry = tableNames.claim(mapEntryTableName(message, field));
      entries.push('', `table ${entry} {`, '  key: string (required);', `  value: ${elementName(message, field, type.of)};`, '}');
      return `[${entry}]`;
    }
    case 'any':
      return notLowered(message, field);
  }
}

function elementName(message: MessageDef, field: FieldDef, type: TypeRef): string {
  if (type.kind === 'scalar' && type.scalar !== 'bytes') return FBS_SCALAR[type.scalar];
  if (type.kind === 'message') return type.name;
  return notLowered(message, field);
}

function notLowered(message: MessageDef, field: FieldDef): never {
  throw new WirebenchError(`${message.name}.${field.name}: the lowered schema still has a type FlatBuffers cannot express`, {
    format: 'flatbuffers',
  });
}
