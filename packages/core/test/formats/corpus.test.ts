/**
 * Real-world JSON (../shared/data/corpus), the canonical samples and shapes that need the lowering's
 * helper messages through all six formats. The schema formats run on a schema inferred from the
 * payload itself, and protoc and flatc read their bytes with the emitted schema text. Where the
 * corpus is absent, one skipped test says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/codec.js';
import { FORMATS } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import type { Diff } from '../../src/fidelity.js';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { toFbs } from '../../src/schema/to-fbs.js';
import { toProto } from '../../src/schema/to-proto.js';
import { canonicalCases } from '../support/canonical.js';
import { flatcCompiles, flatcFromJson, flatcToJson, hasTool, protocCompiles, protocDecode } from '../support/oracles.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../support/paths.js';

/** Shapes that need the helper messages of the lowering, each read back by protoc and flatc too. */
const EDGE_CASES: ReadonlyArray<readonly [string, unknown]> = [
  ['a mixed array root', [1, 'two', null, [3, [4.5]], { a: null }, { a: 1, b: [] }, true]],
  ['a scalar root', -0],
  ['a null root', null],
  ['an empty object', {}],
  ['an empty array', []],
  [
    'GeoJSON-like nested lists',
    {
      type: 'Polygon',
      coordinates: [
        [
          [-65.6, 43.4],
          [-65.7, 43.5],
        ],
        [],
      ],
    },
  ],
  [
    'keys absent, null, or both',
    [
      { a: 1, b: null, c: [1], d: null },
      { a: null, c: null, d: 'x' },
      { a: 2, b: 3 },
    ],
  ],
  ['lists that are absent, null or empty', [{ tags: ['x'] }, { tags: [] }, {}, { tags: null }]],
  ['user types named like helper types', { Value: { x: 1 }, ListOfInt32: { y: [[1]] }, value: [[[1]]], values: { '1': [2], '2': [] } }],
  // Within simdjson's range: formats/round-trip-property.test.ts covers the rest, json-data.test.ts __proto__ keys.
  ['big and odd numbers', { n: [2 ** 53 + 2, -(2 ** 62), 2 ** 63, 1e21, 1e300, 5e-324, -0], i: [2 ** 31, -1], big: 2 ** 63 }],
];

const payloads: Array<readonly [string, unknown]> = [...canonicalCases().map((c) => [`canonical ${c.shape}`, c.value] as const), ...EDGE_CASES];

/**
 * JSON text cannot carry -0 (`JSON.stringify(-0)` is "0"), so the JSON codecs, and flatc fed JSON
 * text, give back 0: checkRoundTrip must report exactly those -0 paths, and nothing else.
 */
const LOSES_MINUS_ZERO: ReadonlySet<FormatId> = new Set(['json', 'simdjson']);

const expectExact = (expected: unknown, actual: unknown, { minusZeroLost = false } = {}): void => {
  const report = checkRoundTrip(expected, actual, { maxDiffs: Infinity });
  const lostMinusZero = (d: Diff): boolean => minusZeroLost && d.kind === 'value' && Object.is(d.expected, -0) && d.actual === 0;
  expect(report.diffs.filter((d) => d.kind !== 'order' && !lostMinusZero(d)).slice(0, 5)).toEqual([]);
  expect(report.diffs.filter(lostMinusZero).map((d) => d.path)).toEqual(minusZeroLost ? minusZeroPaths(expected) : []);
};

/** The JSON paths of every -0 in a value, in checkRoundTrip's order. */
function minusZeroPaths(value: unknown): string[] {
  return checkRoundTrip(value, JSON.parse(JSON.stringify(value)), { maxDiffs: Infinity })
    .diffs.filter((d) => d.kind === 'value')
    .map((d) => d.path);
}

/** `flatc --json` prints doubles with 12 decimal places; everything else must match exactly. */
const expectSameAtFlatcTextPrecision = (expected: unknown, actual: unknown): void => {
  const atFlatcPrecision = (d: Diff): boolean =>
    d.kind === 'value' && typeof d.expected === 'number' && typeof d.actual === 'number' && Number(d.expected.toFixed(12)) === d.actual;
  const diffs = checkRoundTrip(expected, actual, { maxDiffs: Infinity }).diffs.filter((d) => d.kind !== 'order' && !atFlatcPrecision(d));
  expect(diffs.slice(0, 5)).toEqual([]);
};

/** The tests of one payload: every format, and protoc and flatc, give back the same data. */
function payloadTests(_name: string, value: unknown): void {
  const schema = inferSchema(value);

  it.each(FORMATS)('%s gives back exactly the same data', async (format) => {
    const codec = await createCodec(format, { schema });
    expectExact(value, codec.decode(codec.encode(value)), { minusZeroLost: LOSES_MINUS_ZERO.has(format) });
  });

  it.skipIf(!hasTool('protoc'))('protoc compiles the inferred .proto and reads the protobuf bytes as the same data', () => {
    const proto = toProto(schema);
    protocCompiles(proto);
    expectExact(value, protocDecode(proto, schema, protobufCodec(schema).encode(value)));
  });

  it.skipIf(!hasTool('flatc'))('flatc compiles the inferred .fbs and reads the FlatBuffers bytes as the same data', () => {
    const fbs = toFbs(schema);
    flatcCompiles(fbs);
    expectSameAtFlatcTextPrecision(value, flatcToJson(fbs, schema, flatbuffersCodec(schema).encode(value)));
  });

  it.skipIf(!hasTool('flatc'))('FlatBuffers bytes that flatc writes from the same data decode exactly', () => {
    const codec = flatbuffersCodec(schema);
    expectExact(value, codec.decode(flatcFromJson(toFbs(schema), schema, value)), { minusZeroLost: true });
  });
}

withCorpus('the corpus files through every format, protoc and flatc', () => {
  describe.each(corpusFiles().map((name) => [name, JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as unknown] as const))('%s', payloadTests);
});
describe.each(payloads)('%s', payloadTests);

describe('the oracles above catch changed data', () => {
  const original = { mixed: [1, 'two', null, { x: 0.123456789 }], coordinates: [[[1.5, 2.25]]] };
  const changed = { mixed: [1, 'two', null, { x: 0.123456788 }], coordinates: [[[1.5, 2.5]]] };
  const schema = inferSchema(original);

  it.skipIf(!hasTool('protoc'))('protoc', () => {
    const diffs = checkRoundTrip(original, protocDecode(toProto(schema), schema, protobufCodec(schema).encode(changed))).diffs;
    expect(diffs.map((d) => d.path).sort()).toEqual(['$.coordinates[0][0][1]', '$.mixed[3].x']);
  });

  it.skipIf(!hasTool('flatc'))('flatc, at its text precision and through flatc -b', () => {
    expect(() => expectSameAtFlatcTextPrecision(original, flatcToJson(toFbs(schema), schema, flatbuffersCodec(schema).encode(changed)))).toThrow();
    const written = flatbuffersCodec(schema).decode(flatcFromJson(toFbs(schema), schema, changed));
    expect(checkRoundTrip(original, written).diffs).toHaveLength(2);
  });
});
