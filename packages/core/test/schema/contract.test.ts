/**
 * A schema is a contract and its wire layout is deterministic: the same JSON shapes give the same
 * ids, names and printed text whatever the order of records, samples and keys; the printed .proto
 * carries everything needed to build the same codec again (`schemaFromProto(toProto(s))`); and no
 * JSON key can make two printed names clash in protoc or flatc.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalSamples, seededRandom } from 'wirebench/samples';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { schemaFromProto } from '../../src/schema/from-proto.js';
import { inferSchema } from '../../src/schema/infer.js';
import { toFbs } from '../../src/schema/to-fbs.js';
import { toProto } from '../../src/schema/to-proto.js';
import type { FieldDef, MessageDef, Schema } from '../../src/schema/types.js';
import { findMessage } from '../../src/schema/types.js';
import { jsonValue as anyJson } from '../support/json-arbitrary.js';
import { flatcCompiles, hasTool, parseTextFormat, protocCompiles } from '../support/oracles.js';
import { CORPUS_DIR, canonicalProto, corpusFiles, withCorpus } from '../support/paths.js';

const hasProtoc = hasTool('protoc');
const hasFlatc = hasTool('flatc');

/** The schema with every message's fields in id order: what must not depend on sample order. */
function layout(schema: Schema): Schema {
  return { ...schema, messages: schema.messages.map((m) => ({ name: m.name, fields: [...m.fields].sort((a, b) => a.id - b.id) })) };
}

const field = (schema: Schema, message: string, jsonName: string): FieldDef | undefined =>
  findMessage(schema, message).fields.find((f) => f.jsonName === jsonName);

/** A copy of `value` with every array's items and every object's keys in a random order. */
function shuffled(value: unknown, random: () => number): unknown {
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  if (Array.isArray(value)) return shuffle(value.map((item) => shuffled(item, random)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of shuffle(Object.entries(value)))
      Object.defineProperty(out, key, { value: shuffled(item, random), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

const ODD_KEYS = [
  'user_name',
  'userName',
  'a b',
  '@type',
  '1st',
  'é',
  '',
  '__proto__',
  'constructor',
  'value',
  'Value',
  'ListOfString',
  'unused_1',
  'RootMapEntry',
];

/** Records of one API with optional, nullable, mixed, nested and odd keys. */
function apiRecords(): unknown[] {
  const odd = (i: number) => Object.fromEntries(ODD_KEYS.map((k, j) => [k, j % 3 === 0 ? i : `${k}${i}`]));
  return [
    { id: 1, email: 'a@x', phone: '1', profile: { name: 'A', tags: ['x'] }, odd: odd(1) },
    { id: 2, email: null, address: { city: 'B', geo: [[1.5, 2]] }, profile: { name: 'B', age: 3 } },
    { id: 3, phone: null, extra: [1, 'two', null], map: { '1': { v: 1 }, '2': { v: 2 } }, odd: odd(2) },
    { id: 4, email: 'd@x', user: { profile: { name: 'nested' } }, list: [{ profile: { id: 'p' } }] },
  ];
}

describe('field ids, wire names and message names do not depend on record, sample or key order', () => {
  const records = apiRecords();
  const reference = inferSchema(records);

  it('gives ids in code-unit order of the keys and keeps fields in first-seen order', () => {
    const root = findMessage(reference, 'RootValueItem');
    expect(root.fields.map((f) => f.jsonName)).toEqual(['id', 'email', 'phone', 'profile', 'odd', 'address', 'extra', 'map', 'user', 'list']);
    const byId = [...root.fields].sort((a, b) => a.id - b.id).map((f) => f.jsonName);
    expect(byId).toEqual([...byId].sort());
    expect(byId[0]).toBe('address');
    const odd = findMessage(reference, 'Odd');
    expect([...odd.fields].sort((a, b) => a.id - b.id).map((f) => f.jsonName)).toEqual([...ODD_KEYS].sort());
  });

  it('shuffling records, keys and array items gives the same schema up to field order, and the same .proto and .fbs text', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(seed);
      const schema = inferSchema(shuffled(records, random));
      expect(layout(schema)).toEqual(layout(reference));
      expect(toProto(schema)).toBe(toProto(reference));
      expect(toFbs(schema)).toBe(toFbs(reference));
    }
  });

  it('the order of samples does not matter either', () => {
    const [a, b, c, d] = records;
    const one = inferSchema(a, { moreSamples: [b, c, d] });
    const other = inferSchema(d, { moreSamples: [shuffled(c, seededRandom(3)), a, b] });
    expect(layout(other)).toEqual(layout(one));
    expect(toProto(other)).toBe(toProto(one));
  });

  it('holds for random JSON (property)', () => {
    fc.assert(
      fc.property(jsonValue(), fc.integer(), (value, seed) => {
        const schema = inferSchema(shuffled(value, seededRandom(seed)));
        const expected = inferSchema(value);
        expect(layout(schema)).toEqual(layout(expected));
        expect(toProto(schema)).toBe(toProto(expected));
      }),
      { numRuns: 200 },
    );
  });
});

describe('toProto json_name', () => {
  const keys = ['user_name', 'userName', 'a b', '@type', '1st', 'é', '', '__proto__', 'constructor', 'value', 'Value', 'x"\\\n\u0001'];
  const schema = inferSchema(Object.fromEntries(keys.map((k, i) => [k, i])));
  const proto = toProto(schema);

  it('prints json_name options, on every field of a message that needs one, and no JSON-key comments', () => {
    expect(proto).not.toContain('// JSON key');
    const body = proto.slice(proto.indexOf('message Root {'));
    const fieldLines = body
      .slice(0, body.indexOf('\n}'))
      .split('\n')
      .filter((line) => / = \d+/.test(line));
    expect(fieldLines).toHaveLength(keys.length);
    for (const line of fieldLines) expect(line).toContain('[json_name = ');
    expect(toProto(inferSchema({ plain: 1, also_plain: 2 }))).not.toContain('json_name');
  });

  it.skipIf(!hasProtoc)('protoc accepts them and sees every JSON key as the field’s JSON name', () => {
    const descriptors = protocDescriptors(proto);
    const root = descriptors.message_type.find((m) => m.name === 'Root')!;
    const jsonNames = Object.fromEntries(root.field.map((f) => [f.name, f.json_name]));
    for (const def of findMessage(schema, 'Root').fields) expect(jsonNames[def.name]).toBe(def.jsonName);
  });

  it('schemaFromProto reads them back', () => {
    const back = schemaFromProto(proto, schema.root);
    expect(
      findMessage(back, 'Root')
        .fields.map((f) => [f.name, f.jsonName])
        .sort(),
    ).toEqual(
      findMessage(schema, 'Root')
        .fields.map((f) => [f.name, f.jsonName])
        .sort(),
    );
  });
});

describe('schemaFromProto(toProto(s)) is the same contract as s', () => {
  it('for every canonical payload', () => {
    for (const { value } of canonicalSamples(1)) expectSameContract(inferSchema(value), [value]);
  });

  it('for the hand-written canonical.proto, printed again and read back', () => {
    const proto = canonicalProto();
    for (const { message, value } of canonicalSamples(1)) expectSameContract(schemaFromProto(proto, message), [value]);
  });

  it('for helper-heavy shapes: nested lists, lists of maps, nullable lists, dynamic values, wrapped roots', () => {
    const cases: unknown[][] = [
      [
        [
          { grid: [[1, 2]], tags: ['a'], note: 'x', any: 1 },
          { grid: [], note: null, any: 'two' },
          { grid: [], tags: null },
        ],
      ],
      [{ a: [{ x: { '1': 1 } }, { y: { '2': 'b' } }], m: { '1': [[1]], '2': [] }, n: null }],
      [null],
      [[1, 'a', null, [true], { k: 1 }]],
      [{ '1': { a: 1 }, '2': { a: null } }],
      [[[[1.5]]]],
      [{ req: { x: 1 }, opt: { y: 1 } }, { req: { x: 2 } }],
      [{ a: [1], b: null }, { b: [2] }],
      [[]],
      ['text'],
    ];
    for (const values of cases) {
      const [first, ...more] = values;
      expectSameContract(inferSchema(first, { moreSamples: more }), values);
    }
  });

  withCorpus('for the corpus files', () => {
    it.each(corpusFiles())('for the corpus file %s', (file) => {
      const value = JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8')) as unknown;
      expectSameContract(inferSchema(value), [value]);
    });
  });

  it('for random JSON (property)', () => {
    fc.assert(
      fc.property(jsonValue(), (value) => {
        expectSameContract(inferSchema(value), [value]);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps hand-written messages named like helpers plain when they carry no marker', () => {
    const proto = 'syntax = "proto3";\npackage hand;\nmessage Value { string s = 1; }\nmessage R { Value v = 1; repeated Value list = 2; }\n';
    const schema = schemaFromProto(proto, 'R');
    expect(schema.wrappedRoot).toBeUndefined();
    expect(findMessage(schema, 'R').fields.map((f) => [f.jsonName, f.type, f.optional])).toEqual([
      ['v', { kind: 'message', name: 'Value' }, true],
      ['list', { kind: 'list', of: { kind: 'message', name: 'Value' } }, false],
    ]);
  });

  it('refuses a marker on a message that is not shaped like the helper', () => {
    const proto = 'syntax = "proto3";\npackage hand;\n/// wirebench: box\nmessage B { string s = 1; }\nmessage R { B b = 1; }\n';
    expect(() => schemaFromProto(proto, 'R')).toThrow(/does not have exactly one field values/);
  });
});

/**
 * `schemaFromProto(toProto(schema))` prints the same text, has the same layout (up to field order),
 * and its protobuf codec writes the same bytes and reads them as the same data.
 */
function expectSameContract(schema: Schema, values: readonly unknown[]): void {
  const proto = toProto(schema);
  const back = schemaFromProto(proto, schema.root);
  expect(toProto(back)).toBe(proto);
  expect(layout(back)).toEqual(layout(schema));
  const original = protobufCodec(schema);
  const rebuilt = protobufCodec(back);
  for (const value of values) {
    const outcome = (codec: typeof original) => {
      try {
        return { bytes: codec.encode(value) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    const expected = outcome(original);
    const actual = outcome(rebuilt);
    expect(actual).toEqual(expected);
    if (expected.bytes) {
      const report = checkRoundTrip(original.decode(expected.bytes), rebuilt.decode(expected.bytes));
      expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
    }
  }
}

describe('printed names come from one registry and never clash', () => {
  const clashing = (): Schema =>
    inferSchema({
      // Messages named like the helpers lowerSchema adds.
      Value: { x: [[1]] },
      ListOfInt32: { y: [1, 'a'] },
      ListOfString: { s: 1 },
      BoxedBytes: { b: 1 },
      words: [['a']],
      maybe: [null, 1],
      // A message named like the entry table of Root's map field `a` (RootAEntry), and map fields in it.
      a: { '1': 1, '2': 2 },
      RootAEntry: { z: 1, m: { '7': 'x' } },
      RootAEntry2: { w: 1 },
    });

  it('names helpers and entry tables apart from the schema’s messages', () => {
    const schema = clashing();
    const fbs = toFbs(schema);
    const tables = [...fbs.matchAll(/^table (\w+)/gm)].map((m) => m[1]);
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables).toEqual(expect.arrayContaining(['Value', 'ListOfInt32', 'RootAEntry', 'RootAEntry2', 'RootAEntry3']));
    const messages = [...toProto(schema).matchAll(/^message (\w+)/gm)].map((m) => m[1]);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it.skipIf(!hasProtoc)('protoc compiles the .proto', () => {
    protocCompiles(toProto(clashing()));
  });

  it.skipIf(!hasFlatc)('flatc compiles the .fbs', () => {
    flatcCompiles(toFbs(clashing()));
  });

  it('fills id gaps with placeholders that do not clash with real fields (flatc compiles it)', () => {
    const message: MessageDef = {
      name: 'R',
      fields: [
        { name: 'unused_2', jsonName: 'unused_2', id: 1, type: { kind: 'scalar', scalar: 'int32' }, optional: false, nullable: false },
        { name: 'unused_3', jsonName: 'unused_3', id: 4, type: { kind: 'scalar', scalar: 'string' }, optional: false, nullable: false },
        { name: 'm', jsonName: 'm', id: 6, type: { kind: 'map', of: { kind: 'scalar', scalar: 'int32' } }, optional: false, nullable: false },
      ],
    };
    const schema: Schema = { namespace: 'gaps', root: 'R', messages: [message, { name: 'RMEntry', fields: [] }] };
    const fbs = toFbs(schema);
    const names = [...fbs.slice(fbs.indexOf('table R {'), fbs.indexOf('}')).matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]);
    expect(names).toEqual(['unused_2', 'unused_2_2', 'unused_3_2', 'unused_3', 'unused_5', 'm']);
    expect(fbs).toContain('[RMEntry2]');
    if (hasFlatc) flatcCompiles(fbs);
    if (hasProtoc) protocCompiles(toProto(schema));
  });

  it.skipIf(!hasProtoc || !hasFlatc)('protoc and flatc compile schemas of random JSON with odd keys (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...ODD_KEYS, 'RootValueEntry', 'RootValue', 'Root', 'MapOfValue', 'NullableString'), jsonValue(), { maxKeys: 8 }),
        (value) => {
          const schema = inferSchema(value);
          protocCompiles(toProto(schema));
          flatcCompiles(toFbs(schema));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('inferSchema with a base schema', () => {
  const v1 = [
    { id: 1, name: 'a', profile: { city: 'x' } },
    { id: 2, name: 'b', legacy: true },
  ];
  const base = inferSchema(v1);

  it('keeps the ids, wire names and message names of known keys and appends new keys at the next free ids', () => {
    const next = inferSchema([{ age: 3, id: 1, name: 'a', profile: { city: 'x', zip: '1' }, zone: 'z' }], { base });
    const item = findMessage(base, 'RootValueItem');
    const nextItem = findMessage(next, 'RootValueItem');
    for (const old of item.fields) expect(field(next, 'RootValueItem', old.jsonName)).toMatchObject({ name: old.name, id: old.id });
    const maxOld = Math.max(...item.fields.map((f) => f.id));
    expect([field(next, 'RootValueItem', 'age')!.id, field(next, 'RootValueItem', 'zone')!.id]).toEqual([maxOld + 1, maxOld + 2]);
    expect([field(next, 'RootValueItem', 'age')!.optional, field(next, 'RootValueItem', 'id')!.optional]).toEqual([true, false]);
    expect(field(next, 'Profile', 'city')!.id).toBe(1);
    expect(field(next, 'Profile', 'zip')!.id).toBe(2);
    // `legacy` is no longer in the samples: kept, optional, so old payloads still decode.
    expect(nextItem.fields.find((f) => f.jsonName === 'legacy')).toMatchObject({ id: field(base, 'RootValueItem', 'legacy')!.id, optional: true });
  });

  it('reads bytes written with the old schema, and the new schema prints and reads back as a contract', () => {
    const next = inferSchema([{ age: 3, id: 1, name: 'a', profile: { city: 'x', zip: '1' } }], { base: schemaFromProto(toProto(base), base.root) });
    const old = protobufCodec(base);
    for (const payload of [v1, [{ id: 5, name: 'q', profile: { city: 'y' } }]]) {
      const decoded = protobufCodec(next).decode(old.encode(payload));
      expect(checkRoundTrip(payload, decoded).diffs.filter((d) => d.kind !== 'order')).toEqual([]);
    }
    expectSameContract(next, [[{ age: 3, id: 1, name: 'a', profile: { city: 'x', zip: '1' } }]]);
  });

  it('a base refuses a changed type or a wider presence for a key it knows, and keeps keys no longer seen exactly', () => {
    const old = inferSchema({ id: 1, price: 3, l: [5], n: 7 }, { moreSamples: [{ id: 2, price: 4, l: [], n: null }] });
    const base = schemaFromProto(toProto(old), old.root);
    expect(() => inferSchema({ id: 2, price: 3.5, l: [1], n: 1 }, { base })).toThrow(/Root\.price: the samples hold float64, but the base schema has int32/);
    expect(() => inferSchema({ id: 2, price: 3, l: [1], n: 1 }, { base, moreSamples: [{ price: 4, l: [], n: 2 }] })).toThrow(/Root\.id: .*sometimes absent/);
    const next = inferSchema({ id: 3, price: 5 }, { base });
    const nextCodec = protobufCodec(next);
    const oldCodec = protobufCodec(old);
    const both = { id: 7, price: 12, l: [1], n: 2 };
    expect(oldCodec.decode(nextCodec.encode(both))).toEqual(both);
    expect(nextCodec.decode(oldCodec.encode(both))).toEqual(both);
    expect(flatbuffersCodec(old).decode(flatbuffersCodec(next).encode(both))).toEqual(both);
  });

  it('a base keeps new message names off the old ones', () => {
    const next = inferSchema({ fresh: 1, Fresh: { a: 1 }, Root: { b: 1 } }, { base: inferSchema({ fresh: 1, nested: { Fresh: { c: 1 } } }) });
    const names = next.messages.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    if (hasProtoc) protocCompiles(toProto(next));
  });
});

// ---------------------------------------------------------------------------------------------

interface FieldDescriptor {
  name: string;
  json_name: string;
}

/** The message descriptors protoc builds from .proto text (FileDescriptorSet, read as text format). */
function protocDescriptors(protoText: string): { message_type: Array<{ name: string; field: FieldDescriptor[] }> } {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-contract-'));
  try {
    writeFileSync(join(dir, 'schema.proto'), protoText);
    execFileSync('protoc', [`--proto_path=${dir}`, `--descriptor_set_out=${join(dir, 'out.pb')}`, 'schema.proto'], { stdio: 'pipe' });
    const text = execFileSync('protoc', ['-I/usr/include', '--decode=google.protobuf.FileDescriptorSet', 'google/protobuf/descriptor.proto'], {
      input: readFileSync(join(dir, 'out.pb')),
    }).toString('utf8');
    const set = parseTextFormat(text) as unknown as { file: Array<Record<string, unknown[]>> };
    const file = set.file[0]!;
    const one = (v: unknown[] | undefined): string => String(v?.[v.length - 1] ?? '');
    return {
      message_type: ((file['message_type'] ?? []) as Array<Record<string, unknown[]>>).map((m) => ({
        name: one(m['name']),
        field: ((m['field'] ?? []) as Array<Record<string, unknown[]>>).map((f) => ({ name: one(f['name']), json_name: one(f['json_name']) })),
      })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Random JSON leaning on the hard cases. */
function jsonValue(): fc.Arbitrary<unknown> {
  return anyJson({
    keys: fc.oneof(fc.constantFrom(...ODD_KEYS, 'id', 'name', 'tags'), fc.string({ maxLength: 5 })),
    numbers: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 2 ** 31, 2 ** 40, 2 ** 63, 2 ** 70, 0.5)),
    strings: fc.string({ maxLength: 8 }),
    maxLength: 4,
  });
}
