/**
 * schema/lower.ts: lowering a schema into the helper messages each format can say (boxes for nested
 * lists and for the presence of lists in protobuf, the dynamic Value message), and what the codecs
 * built on the lowered schema keep.
 */
import { describe, expect, it } from 'vitest';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { FLATBUFFERS_RULES, lowerSchema, PROTOBUF_RULES } from '../../src/schema/lower.js';
import type { Schema } from '../../src/schema/types.js';
import { findMessage } from '../../src/schema/types.js';
import { OPTIONAL_SCALARS } from '../support/optional-scalars.js';

const fieldTypes = (schema: Schema, message: string): Record<string, string> =>
  Object.fromEntries(findMessage(schema, message).fields.map((f) => [f.name, JSON.stringify(f.type)]));

describe('lowerSchema', () => {
  const sample = [
    { grid: [[1, 2]], tags: ['a'], note: 'x', any: 1 },
    { grid: [], note: null, any: 'two' },
    { grid: [], tags: null },
  ];
  const schema = inferSchema(sample);

  it('boxes nested lists, keeps presence of lists in protobuf through a box, and makes `any` the Value message', () => {
    const { schema: lowered, roles } = lowerSchema(schema, PROTOBUF_RULES);
    expect(fieldTypes(lowered, 'RootValueItem')).toEqual({
      grid: JSON.stringify({ kind: 'list', of: { kind: 'message', name: 'ListOfInt32' } }),
      tags: JSON.stringify({ kind: 'message', name: 'NullableListOfString' }),
      note: JSON.stringify({ kind: 'message', name: 'NullableString' }),
      any: JSON.stringify({ kind: 'message', name: 'Value' }),
    });
    expect([...roles]).toEqual(
      expect.arrayContaining([
        ['ListOfInt32', 'box'],
        ['NullableListOfString', 'nullable'],
        ['ListOfString', 'box'],
        ['Value', 'dynamic'],
      ]),
    );
    expect(fieldTypes(lowered, 'NullableListOfString')).toEqual({ value: JSON.stringify({ kind: 'message', name: 'ListOfString' }) });
  });

  it('uses FlatBuffers vectors for optional lists, which keep their presence there', () => {
    const { schema: lowered } = lowerSchema(inferSchema([{ tags: ['a'] }, {}]), FLATBUFFERS_RULES);
    expect(fieldTypes(lowered, 'RootValueItem')).toEqual({ tags: JSON.stringify({ kind: 'list', of: { kind: 'scalar', scalar: 'string' } }) });
  });

  it('names helpers apart from the schema’s own messages, and one helper per type', () => {
    const { schema: lowered, roles } = lowerSchema(inferSchema({ Value: { x: [[1]] }, ListOfInt32: { y: [[2]] }, z: [1, 'a'] }), PROTOBUF_RULES);
    const names = lowered.messages.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['Value', 'ListOfInt32', 'ListOfInt322', 'Value2']));
    expect(roles.get('Value')).toBeUndefined();
    expect(roles.get('Value2')).toBe('dynamic');
    expect([...roles.values()].filter((role) => role === 'box')).toHaveLength(3);
  });

  it('leaves a schema without such shapes unchanged', () => {
    const plain = inferSchema({ a: 1, b: ['x'], c: { d: true } });
    expect(lowerSchema(plain, PROTOBUF_RULES).schema).toEqual(plain);
  });
});

describe('codecs on a lowered schema', () => {
  it('keep an absent optional list apart from an empty one (protobuf through a box message)', () => {
    const schema: Schema = { ...OPTIONAL_SCALARS, messages: [{ name: 'R', fields: [{ ...OPTIONAL_SCALARS.messages[0]!.fields[3]!, optional: true }] }] };
    for (const codec of [flatbuffersCodec(schema), protobufCodec(schema)]) {
      expect(codec.decode(codec.encode({}))).toEqual({});
      expect(codec.decode(codec.encode({ names: [] }))).toEqual({ names: [] });
    }
  });
});
