import { describe, expect, it } from 'vitest';
import { FLATBUFFERS_RULES, PROTOBUF_RULES, lowerSchema } from '../src/schema/lower.js';
import { inferSchema } from '../src/schema/infer.js';
import type { Schema } from '../src/schema/types.js';
import { findMessage } from '../src/schema/types.js';

const fieldTypes = (schema: Schema, message: string): Record<string, string> =>
  Object.fromEntries(findMessage(schema, message).fields.map((f) => [f.name, JSON.stringify(f.type)]));

describe('lowerSchema', () => {
  const sample = [{ grid: [[1, 2]], tags: ['a'], note: 'x', any: 1 }, { grid: [], note: null, any: 'two' }, { grid: [], tags: null }];
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
