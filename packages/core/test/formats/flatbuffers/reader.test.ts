/**
 * The FlatBuffers reader (src/formats/flatbuffers/reader.ts) on bytes other writers may build:
 * strings must be valid UTF-8, a string that many offsets share is read without charging it again
 * and again (long ones decoded once), and offsets shared by many references to one table stay
 * bounded by the buffer's size.
 */
import { describe, expect, it } from 'vitest';
import { flatbuffersCodec } from '../../../src/formats/flatbuffers/codec.js';
import { inferSchema } from '../../../src/schema/infer.js';
import type { Schema } from '../../../src/schema/types.js';
import { flatbuffersSharedVector } from '../../support/hostile-bytes.mjs';
import { refusal } from '../../support/refusal.js';

describe('malformed UTF-8 is refused by FlatBuffers (as by json and protobuf)', () => {
  const schema = inferSchema({ s: 'ab' });
  it.each([
    ['0xFF', [0xff, 0x61]],
    ['an overlong NUL', [0xc0, 0x80]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a truncated sequence', [0x61, 0xe2, 0x82]],
  ])('%s', (_name, invalid) => {
    const codec = flatbuffersCodec(schema);
    const bytes = codec.encode({ s: 'x'.repeat(invalid.length) });
    const at = bytes.length - invalid.length - 1; // the string's bytes, before its NUL terminator
    bytes.set(invalid, at);
    expect(refusal(() => codec.decode(bytes)).message).toMatch(/not valid UTF-8/);
  });
});

/** A record of one always-present list of strings, `names`, in FlatBuffers slot 0. */
const NAMES: Schema = {
  namespace: 'test',
  root: 'R',
  messages: [
    {
      name: 'R',
      fields: [{ name: 'names', jsonName: 'names', id: 1, type: { kind: 'list', of: { kind: 'scalar', scalar: 'string' } }, optional: false, nullable: false }],
    },
  ],
};

/** `{ names }` as `count` offsets to one string (the library's createSharedString). */
const sharedString = (text: string, count: number): Uint8Array => flatbuffersSharedVector(count, (builder) => builder.createSharedString(text));

describe('FlatBuffers offsets shared by many references', () => {
  it('decodes a string shared by many offsets once, so it neither hits the budget nor multiplies memory', () => {
    // A vector of 2000 offsets all pointing at one 4 KB string (the library's createSharedString):
    // valid FlatBuffers, which a budget charging the string at every reference would refuse.
    const { names } = flatbuffersCodec(NAMES).decode(sharedString('x'.repeat(4096), 2000)) as { names: string[] };
    expect(names).toHaveLength(2000);
    expect(names.every((name) => name === names[0] && name.length === 4096)).toBe(true);
  });

  it('decodes 200 references to one short shared string', () => {
    const { names } = flatbuffersCodec(NAMES).decode(sharedString('status-ok', 200)) as { names: string[] };
    expect(names).toEqual(new Array(200).fill('status-ok'));
  });

  it('still bounds the work when many offsets share one table (a table is materialized at every reference)', () => {
    const schema: Schema = {
      namespace: 'test',
      root: 'R',
      messages: [
        {
          name: 'R',
          fields: [{ name: 'items', jsonName: 'items', id: 1, type: { kind: 'list', of: { kind: 'message', name: 'I' } }, optional: false, nullable: false }],
        },
        {
          name: 'I',
          fields: [
            { name: 'names', jsonName: 'names', id: 1, type: { kind: 'list', of: { kind: 'scalar', scalar: 'int32' } }, optional: false, nullable: false },
          ],
        },
      ],
    };
    const bytes = flatbuffersSharedVector(2000, (builder) => {
      builder.startVector(4, 4096, 4);
      for (let i = 0; i < 4096; i++) builder.addInt32(i);
      const ints = builder.endVector();
      builder.startObject(1);
      builder.addFieldOffset(0, ints, 0);
      return builder.endObject();
    });
    expect(() => flatbuffersCodec(schema).decode(bytes)).toThrow(/far more values than its size allows/);
  });
});
