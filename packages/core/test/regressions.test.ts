/** Defects found in review, each pinned by the input that showed it. */
import { describe, expect, it } from 'vitest';
import { Builder } from 'flatbuffers';
import { cborCodec } from '../src/formats/cbor/codec.js';
import { flatbuffersCodec } from '../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import { WirebenchError } from '../src/errors.js';
import type { Schema } from '../src/schema/types.js';

const optionalScalars: Schema = {
  namespace: 'test',
  root: 'R',
  messages: [
    {
      name: 'R',
      fields: [
        { name: 'n', jsonName: 'n', id: 1, type: { kind: 'scalar', scalar: 'int32' }, optional: true, nullable: false },
        { name: 'b', jsonName: 'b', id: 2, type: { kind: 'scalar', scalar: 'bool' }, optional: true, nullable: false },
        { name: 'to_string', jsonName: 'toString', id: 3, type: { kind: 'scalar', scalar: 'string' }, optional: true, nullable: false },
        { name: 'names', jsonName: 'names', id: 4, type: { kind: 'list', of: { kind: 'scalar', scalar: 'string' } }, optional: false, nullable: false },
      ],
    },
  ],
};

describe('review regressions', () => {
  it('flatbuffers keeps a present 0 and false on every encode, not only the first', () => {
    const codec = flatbuffersCodec(optionalScalars);
    for (let i = 0; i < 3; i++) expect(codec.decode(codec.encode({ n: 0, b: false, names: [] }))).toEqual({ n: 0, b: false, names: [] });
  });

  it('schema codecs do not read keys from the prototype chain (toString is not a value)', () => {
    for (const codec of [flatbuffersCodec(optionalScalars), protobufCodec(optionalScalars)]) {
      expect(codec.decode(codec.encode({ names: [] }))).toEqual({ names: [] });
    }
  });

  it('schema codecs keep an absent optional list apart from an empty one (protobuf through a box message)', () => {
    const schema: Schema = { ...optionalScalars, messages: [{ name: 'R', fields: [{ ...optionalScalars.messages[0]!.fields[3]!, optional: true }] }] };
    for (const codec of [flatbuffersCodec(schema), protobufCodec(schema)]) {
      expect(codec.decode(codec.encode({}))).toEqual({});
      expect(codec.decode(codec.encode({ names: [] }))).toEqual({ names: [] });
    }
  });

  it('flatbuffers decodes a string shared by many offsets once, so it neither hits the budget nor multiplies memory', () => {
    // A vector of 2000 offsets all pointing at one 4 KB string (the library's createSharedString):
    // valid FlatBuffers, which an earlier budget refused by charging the string at every reference.
    const builder = new Builder(1024);
    const shared = builder.createSharedString('x'.repeat(4096));
    builder.startVector(4, 2000, 4);
    for (let i = 0; i < 2000; i++) builder.addOffset(shared);
    const vector = builder.endVector();
    builder.startObject(4);
    builder.addFieldOffset(3, vector, 0);
    builder.finish(builder.endObject());
    const { names } = flatbuffersCodec(optionalScalars).decode(builder.asUint8Array()) as { names: string[] };
    expect(names).toHaveLength(2000);
    expect(names.every((name) => name === names[0] && name.length === 4096)).toBe(true);
  });

  it('flatbuffers decodes 200 references to one short shared string (the issue\'s case)', () => {
    const builder = new Builder(1024);
    const shared = builder.createSharedString('status-ok');
    builder.startVector(4, 200, 4);
    for (let i = 0; i < 200; i++) builder.addOffset(shared);
    const vector = builder.endVector();
    builder.startObject(4);
    builder.addFieldOffset(3, vector, 0);
    builder.finish(builder.endObject());
    const { names } = flatbuffersCodec(optionalScalars).decode(builder.asUint8Array()) as { names: string[] };
    expect(names).toEqual(new Array(200).fill('status-ok'));
  });

  it('flatbuffers still bounds the work when many offsets share one table (a table is materialized at every reference)', () => {
    const schema: Schema = {
      namespace: 'test',
      root: 'R',
      messages: [
        { name: 'R', fields: [{ name: 'items', jsonName: 'items', id: 1, type: { kind: 'list', of: { kind: 'message', name: 'I' } }, optional: false, nullable: false }] },
        { name: 'I', fields: [{ name: 'names', jsonName: 'names', id: 1, type: { kind: 'list', of: { kind: 'scalar', scalar: 'int32' } }, optional: false, nullable: false }] },
      ],
    };
    const builder = new Builder(1024);
    builder.startVector(4, 4096, 4);
    for (let i = 0; i < 4096; i++) builder.addInt32(i);
    const ints = builder.endVector();
    builder.startObject(1);
    builder.addFieldOffset(0, ints, 0);
    const table = builder.endObject();
    builder.startVector(4, 2000, 4);
    for (let i = 0; i < 2000; i++) builder.addOffset(table);
    const items = builder.endVector();
    builder.startObject(1);
    builder.addFieldOffset(0, items, 0);
    builder.finish(builder.endObject());
    expect(() => flatbuffersCodec(schema).decode(builder.asUint8Array())).toThrow(/far more values than its size allows/);
  });

  it('cbor refuses shared and cyclic values instead of looping', () => {
    // tag 28 (shareable) around [tag 29 (sharedref 0)]: an array that contains itself.
    const cyclic = Uint8Array.from([0xd8, 0x1c, 0x81, 0xd8, 0x1d, 0x00]);
    expect(() => cborCodec().decode(cyclic)).toThrow(WirebenchError);
    expect(() => cborCodec().decode(cyclic)).toThrow(/shared or cyclic/);
  });
});

describe('field ids FlatBuffers cannot address', () => {
  it('are refused when the codec is built, not written as corrupt data', () => {
    const field = { name: 'z', jsonName: 'z', id: 40_000, type: { kind: 'scalar', scalar: 'int32' }, optional: false, nullable: false } as const;
    expect(() => flatbuffersCodec({ namespace: 't', root: 'R', messages: [{ name: 'R', fields: [field] }] })).toThrow(/has id 40000/);
  });
});
