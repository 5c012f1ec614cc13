/**
 * Schema evolution through `inferSchema(sample, { base })`: the new schema reads every byte string
 * the base schema wrote for the samples exactly, or inferSchema refuses with a WirebenchError that
 * names the message.field (or the root) and both shapes. Checked through the protobuf and
 * FlatBuffers codecs, for a base inferred directly and for one read back from its printed .proto.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { schemaFromProto } from '../../src/schema/from-proto.js';
import { inferSchema } from '../../src/schema/infer.js';
import { toProto } from '../../src/schema/to-proto.js';
import type { Schema } from '../../src/schema/types.js';
import { findMessage } from '../../src/schema/types.js';
import { jsonValue } from '../support/json-arbitrary.js';

const SCHEMA_FORMATS = ['protobuf', 'flatbuffers'] as const;
type SchemaFormat = (typeof SCHEMA_FORMATS)[number];
const codecFactory: Readonly<Record<SchemaFormat, (schema: Schema) => Codec>> = { protobuf: protobufCodec, flatbuffers: flatbuffersCodec };

/** The base as a client holds it: printed to .proto and read back. */
const printedBase = (sample: unknown): Schema => {
  const schema = inferSchema(sample);
  return schemaFromProto(toProto(schema), schema.root);
};

/** The value differences (key order aside) between what was written and what came back. */
const valueDiffs = (expected: unknown, actual: unknown) => checkRoundTrip(expected, actual).diffs.filter((d) => d.kind !== 'order');

/** What `next` reads from the bytes `base` wrote for `old`, through the public factory. */
async function readOldBytes(format: SchemaFormat, base: Schema, next: Schema, old: unknown): Promise<unknown> {
  const bytes = (await createCodec(format, { schema: base })).encode(old);
  return (await createCodec(format, { schema: next })).decode(bytes);
}

/**
 * `inferSchema(sample, { base, moreSamples: [old] })` must refuse with `refusal`. Where it does not,
 * the old bytes are read first, so a failure shows what the new schema makes of them.
 */
async function expectRefused(format: SchemaFormat, base: Schema, sample: unknown, old: unknown, refusal: RegExp | string): Promise<void> {
  let next: Schema;
  try {
    next = inferSchema(sample, { base, moreSamples: [old] });
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    expect((error as Error).message).toMatch(refusal);
    return;
  }
  expect(valueDiffs(old, await readOldBytes(format, base, next, old))).toEqual([]);
  expect.fail(`inferSchema(${JSON.stringify(sample)}) on the base of ${JSON.stringify(old)} did not refuse`);
}

/** `next` reads each old sample exactly from the bytes `base` wrote for it. */
async function expectReadsOldBytes(format: SchemaFormat, next: Schema, base: Schema, olds: readonly unknown[]): Promise<void> {
  for (const old of olds) expect(valueDiffs(old, await readOldBytes(format, base, next, old))).toEqual([]);
}

describe('inferSchema with base at the root', () => {
  const idKeyed = [{ '7': 'a' }];

  it.each(SCHEMA_FORMATS)('refuses an id-keyed map that became a record under a wrapped root (%s)', async (format) => {
    // Unchecked, protobuf read the old bytes as [{"7":"\n\u00017\u0012\u0001a"}].
    for (const base of [inferSchema(idKeyed), printedBase(idKeyed)]) {
      await expectRefused(
        format,
        base,
        [{ '7': 'a', name: 'b' }],
        idKeyed,
        /^Root\.value: the samples hold list<\w+>, but the base schema has list<map<string, string>>/,
      );
    }
  });

  it.each(SCHEMA_FORMATS)('refuses a record root that became a wrapped one (%s)', async (format) => {
    const old = { id: 1, name: 'a' };
    for (const base of [inferSchema(old), printedBase(old)]) {
      // With the old sample among the samples, the root mixes kinds or may be null.
      const switches = [
        [[old], 'values of mixed kinds'],
        ['text', 'values of mixed kinds'],
        [null, 'the record {id, name}, sometimes null'],
      ] as const;
      for (const [sample, holds] of switches) {
        await expectRefused(format, base, sample, old, `root: the samples hold ${holds}, but the base schema's root Root is a record`);
      }
      expect(() => inferSchema({ '7': 'x' }, { base })).toThrow("root: the samples hold an id-keyed map {7}, but the base schema's root Root is a record");
      expect(() => inferSchema(null, { base })).toThrow(/^root: the samples hold only null, but/);
    }
    // The same record root with a new key still reads the old bytes.
    const next = inferSchema({ id: 2, name: 'b', extra: true }, { base: printedBase(old), moreSamples: [old] });
    await expectReadsOldBytes(format, next, inferSchema(old), [old]);
  });

  it.each(SCHEMA_FORMATS)('refuses a wrapped root that became a record (%s)', async (format) => {
    for (const old of [[{ id: 1 }], { '7': 'a' }, 'text', 5]) {
      // With the old sample among the samples, the root is a record (keys 7, id, name) or mixes kinds (any).
      const refusal =
        /^(root: the samples hold the record \{.*\}, but the base schema's root Root is wrapped: its field value holds|Root\.value: the samples hold any,)/;
      await expectRefused(format, printedBase(old), { id: 2, name: 'b' }, old, refusal);
      const alone = /^root: the samples hold the record \{id\}, but the base schema's root Root is wrapped/;
      expect(() => inferSchema({ id: 2 }, { base: printedBase(old) })).toThrow(alone);
    }
    // A wrapped root of any JSON value, or of a record or null, takes a record and stays wrapped.
    for (const olds of [
      [[1, 'a'], { x: 1 }],
      [{ x: 1 }, null],
    ]) {
      const oldBase = inferSchema(olds[0], { moreSamples: olds.slice(1) });
      const next = inferSchema({ x: 2, id: 2 }, { base: schemaFromProto(toProto(oldBase), oldBase.root) });
      expect(next.wrappedRoot).toBe(true);
      await expectReadsOldBytes(format, next, oldBase, olds);
    }
    const recordOrNull = inferSchema({ x: 1 }, { moreSamples: [null] });
    await expectRefused(format, recordOrNull, { x: 'a' }, { x: 1 }, /^RootValue\.x: the samples hold any, but the base schema has int32/);
  });

  it.each(SCHEMA_FORMATS)('checks the value of a wrapped root like any kept field: type and nullability (%s)', async (format) => {
    const ints = [1, -2, 3];
    const base = printedBase(ints);
    // A wider number would change the wire type (FlatBuffers [int] read as [long], a protobuf varint as a double).
    await expectRefused(format, base, [1, 2 ** 40], ints, /^Root\.value: the samples hold list<int64>, but the base schema has list<int32>/);
    await expectRefused(format, base, [0.5], ints, /^Root\.value: the samples hold list<float64>/);
    await expectRefused(format, base, ['a'], ints, /^Root\.value: the samples hold list<any>/);
    await expectRefused(format, base, [1, null], ints, /^Root\.value: the samples hold list<any>/);
    await expectRefused(format, base, null, ints, /^Root\.value: the samples hold list<int32>, sometimes null, but the base schema has list<int32>;/);
    await expectRefused(format, printedBase('text'), 5, 'text', /^Root\.value: the samples hold any, but the base schema has string/);
    // Samples of a narrower number keep the base's wider type, so its old bytes keep their meaning.
    const wide = [1, 2 ** 40];
    const next = inferSchema([1, 2], { base: printedBase(wide) });
    expect(findMessage(next, next.root).fields[0]!.type).toEqual({ kind: 'list', of: { kind: 'scalar', scalar: 'int64' } });
    await expectReadsOldBytes(format, next, inferSchema(wide), [wide]);
  });
});

describe('inferSchema with base below the root', () => {
  it.each(SCHEMA_FORMATS)('refuses a changed item or value type in lists and maps of messages and lists (%s)', async (format) => {
    const cases: ReadonlyArray<readonly [old: unknown, sample: unknown, refusal: RegExp]> = [
      [
        { items: [{ '7': 'a' }] },
        { items: [{ '7': 'a', name: 'b' }] },
        /^Root\.items: the samples hold list<\w+>, but the base schema has list<map<string, string>>/,
      ],
      [{ byId: { '1': { a: 1 } } }, { byId: { '1': [1] } }, /^Root\.byId: the samples hold map<string, any>, but the base schema has map<string, \w+>/],
      [{ grid: [[1]] }, { grid: [[1, 'a']] }, /^Root\.grid: the samples hold list<list<any>>, but the base schema has list<list<int32>>/],
      [{ rows: [{ n: 1 }] }, { rows: [{ n: 2 ** 40 }] }, /^RowsItem\.n: the samples hold int64, but the base schema has int32/],
      [{ rows: [{ n: 'x' }] }, { rows: [{ n: null }] }, /^RowsItem\.n: the samples hold string, sometimes null, but the base schema has string;/],
    ];
    for (const [old, sample, refusal] of cases) {
      for (const base of [inferSchema(old), printedBase(old)]) await expectRefused(format, base, sample, old, refusal);
    }
  });

  it.each(SCHEMA_FORMATS)('keeps the base type where the samples hold only null, empty lists, empty maps or nothing (%s)', async (format) => {
    const olds = [
      { items: [{ id: 1 }], tags: { '1': 'x' }, note: 'a', profile: { city: 'c' } },
      { items: [], tags: {}, note: null, profile: { city: 'd' } },
    ];
    const base = inferSchema(olds[0], { moreSamples: olds.slice(1) });
    const sample = { items: [], tags: {}, note: null, profile: { city: 'e' } };
    for (const next of [inferSchema(sample, { base }), inferSchema(sample, { base, moreSamples: olds })]) {
      const types = (schema: Schema) => findMessage(schema, 'Root').fields.map((f) => [f.jsonName, f.type]);
      expect(types(next)).toEqual(types(base));
      await expectReadsOldBytes(format, next, base, olds);
    }
    // A key only the base has keeps its field and the messages it names.
    const next = inferSchema({ items: [], tags: {}, note: null }, { base });
    expect(next.messages.map((m) => m.name).sort()).toEqual(base.messages.map((m) => m.name).sort());
    await expectReadsOldBytes(format, next, base, olds);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: random old samples, new samples made by mutating them, bases built both ways.

const KEYS = ['id', 'name', 'tags', 'geo', 'value', 'price', 'items'];
const ID_KEYS = ['1', '7', '12', '305'];
/** Small integers, both sides of the int32 and int64 limits, fractions, -0 and huge doubles. */
const numbers = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 40, -(2 ** 53), 2 ** 63 - 2 ** 10, -(2 ** 63), 2 ** 63, 2 ** 70, 0.5, -0, 1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalar = fc.oneof(fc.constant(null), fc.boolean(), numbers, fc.string({ maxLength: 4 }));

type JsonRecord = Record<string, unknown>;
/** Payloads shaped like APIs: records, arrays of similar records, id-keyed maps, nested lists. */
const realistic = fc.letrec<{ value: unknown; record: JsonRecord; idMap: JsonRecord; list: unknown[]; records: JsonRecord[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('record'), tie('idMap'), tie('list'), tie('records')),
  record: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { minKeys: 1, maxKeys: 4 }),
  idMap: fc.dictionary(fc.constantFrom(...ID_KEYS), tie('value'), { minKeys: 1, maxKeys: 3 }),
  list: fc.array(tie('value'), { maxLength: 3 }),
  // Records of one shape, some with a key changed: optional, nullable and mixed fields.
  records: fc
    .tuple(tie('record'), fc.array(fc.tuple(fc.constantFrom(...KEYS), scalar), { maxLength: 2 }))
    .map(([record, changes]) => [record, ...changes.map(([key, value]) => ({ ...record, [key]: value }))]),
}));
const oldSample: fc.Arbitrary<unknown> = fc.oneof(
  realistic.record,
  realistic.records,
  realistic.idMap,
  realistic.list,
  scalar,
  jsonValue({ keys: fc.constantFrom(...KEYS, ...ID_KEYS), numbers, strings: fc.string({ maxLength: 4 }), maxLength: 3 }),
);

const MUTATIONS = ['addKey', 'dropKey', 'replace', 'toIdKeys', 'toRecord', 'wrap', 'unwrap', 'null', 'widen', 'narrow'] as const;
type MutationKind = (typeof MUTATIONS)[number];
interface Mutation {
  /** Which position of the sample (in walk order, modulo their number; 0 is the root). */
  readonly at: number;
  readonly kind: MutationKind;
  readonly key: string;
  readonly replacement: unknown;
}
const mutation: fc.Arbitrary<Mutation> = fc.record({
  // The root one time in four: root kind switches are where the checks used to be missing.
  at: fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.nat({ max: 40 }), weight: 3 }),
  kind: fc.constantFrom(...MUTATIONS),
  key: fc.constantFrom(...KEYS, ...ID_KEYS, 'extra'),
  replacement: fc.oneof(scalar, realistic.value),
});

const isRecord = (value: unknown): value is JsonRecord => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The value at one position after one mutation. */
function mutated(node: unknown, { kind, key, replacement }: Mutation): unknown {
  switch (kind) {
    case 'addKey':
      return isRecord(node) ? { ...node, [key]: replacement } : Array.isArray(node) ? [...node, replacement] : replacement;
    case 'dropKey':
      return isRecord(node) ? Object.fromEntries(Object.entries(node).slice(1)) : Array.isArray(node) ? node.slice(1) : null;
    case 'replace':
      return replacement;
    case 'toIdKeys':
      return isRecord(node) ? Object.fromEntries(Object.values(node).map((value, i) => [String(i + 1), value])) : { '1': node };
    case 'toRecord':
      return isRecord(node) ? { ...node, name: 'x' } : { [key === 'value' ? 'items' : key]: node };
    case 'wrap':
      return [node];
    case 'unwrap':
      return Array.isArray(node) ? (node[0] ?? null) : isRecord(node) ? (Object.values(node)[0] ?? null) : node;
    case 'null':
      return null;
    case 'widen':
      // int32 → int64, anything else → a fraction.
      return typeof node === 'number' ? (Number.isInteger(node) && Math.abs(node) < 2 ** 31 ? 2 ** 40 + node : 0.5) : replacement;
    case 'narrow':
      return typeof node === 'number' ? 3 : replacement;
  }
}

/** A copy of `sample` with each mutation applied at its position. */
function mutate(sample: unknown, mutations: readonly Mutation[]): unknown {
  const holder: JsonRecord = { root: structuredClone(sample) };
  for (const change of mutations) {
    const slots: Array<[JsonRecord | unknown[], string | number]> = [];
    const walk = (container: JsonRecord | unknown[], key: string | number): void => {
      slots.push([container, key]);
      const node = (container as JsonRecord)[key];
      if (Array.isArray(node)) {
        node.forEach((_, i) => {
          walk(node, i);
        });
      } else if (isRecord(node)) for (const child of Object.keys(node)) walk(node, child);
    };
    walk(holder, 'root');
    const [container, key] = slots[change.at % slots.length]!;
    (container as JsonRecord)[key] = mutated((container as JsonRecord)[key], change);
  }
  return holder['root'];
}

/**
 * One old/new pair against one base: refused with a WirebenchError, or, in both formats, the new
 * schema reads the base's bytes of `old` exactly and round-trips both samples.
 */
function checkEvolution(old: unknown, next: unknown, base: Schema): 'refused' | 'passed' {
  let evolved: Schema;
  try {
    evolved = inferSchema(next, { base, moreSamples: [old] });
  } catch (error) {
    if (!(error instanceof WirebenchError)) throw error;
    return 'refused';
  }
  for (const format of SCHEMA_FORMATS) {
    const oldCodec = codecFactory[format](base);
    const newCodec = codecFactory[format](evolved);
    expect(valueDiffs(old, newCodec.decode(oldCodec.encode(old))), `${format}: the new schema reads the old bytes`).toEqual([]);
    for (const sample of [old, next]) {
      expect(valueDiffs(sample, newCodec.decode(newCodec.encode(sample))), `${format}: the new schema round-trips a sample`).toEqual([]);
    }
  }
  return 'passed';
}

describe('inferSchema with base (property)', () => {
  // WIREBENCH_EVOLUTION_RUNS=3000 searches harder; the committed count keeps the file fast.
  const numRuns = Number(process.env['WIREBENCH_EVOLUTION_RUNS'] ?? 300);

  it('reads the old bytes exactly or refuses, for a base inferred directly and one read back from its .proto', () => {
    const tally = { runs: 0, refused: 0, passed: 0, rootSwitches: 0 };
    fc.assert(
      fc.property(oldSample, fc.array(mutation, { minLength: 1, maxLength: 2 }), (old, mutations) => {
        const next = mutate(old, mutations);
        const oldSchema = inferSchema(old);
        tally.runs++;
        if (Boolean(oldSchema.wrappedRoot) !== Boolean(inferSchema(next).wrappedRoot)) tally.rootSwitches++;
        for (const base of [oldSchema, schemaFromProto(toProto(oldSchema), oldSchema.root)]) tally[checkEvolution(old, next, base)]++;
      }),
      { numRuns },
    );
    console.log(`evolution: ${tally.runs} pairs, ${tally.refused} refused, ${tally.passed} passed, ${tally.rootSwitches} root switches`);
    // The generator must keep producing both outcomes and root switches, or the property proves little.
    const checks = tally.refused + tally.passed;
    expect(tally.refused / checks).toBeGreaterThan(0.1);
    expect(tally.passed / checks).toBeGreaterThan(0.2);
    expect(tally.rootSwitches / tally.runs).toBeGreaterThan(0.05);
  });
});
