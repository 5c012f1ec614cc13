import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { toFbs } from '../../src/schema/to-fbs.js';
import { toProto } from '../../src/schema/to-proto.js';
import { canonicalCases } from '../support/canonical.js';
import { flatcCompiles, flatcToJson, hasTool, protocCompiles, protocDecode } from '../support/oracles.js';
import { canonicalProto, SCHEMAS_DIR } from '../support/paths.js';

const cases = canonicalCases();
const handWrittenFbs = readFileSync(join(SCHEMAS_DIR, 'canonical.fbs'), 'utf8');

const expectSameData = (expected: unknown, actual: unknown): void => {
  expect(checkRoundTrip(expected, actual).diffs.filter((d) => d.kind !== 'order')).toEqual([]);
};

describe.skipIf(!hasTool('protoc'))('protoc reads the protobuf bytes', () => {
  it.each(cases.map((c) => [c.shape, c] as const))('%s: with the hand-written canonical.proto', (_shape, sample) => {
    const bytes = protobufCodec(sample.schema).encode(sample.value);
    expectSameData(sample.value, protocDecode(canonicalProto(), sample.schema, bytes));
  });

  it.each(cases.map((c) => [c.shape, c] as const))('%s: with the emitted toProto schema, which protoc compiles', (_shape, sample) => {
    const emitted = toProto(sample.schema);
    protocCompiles(emitted);
    const bytes = protobufCodec(sample.schema).encode(sample.value);
    expectSameData(sample.value, protocDecode(emitted, sample.schema, bytes));
  });
});

describe.skipIf(!hasTool('flatc'))('flatc reads the FlatBuffers bytes', () => {
  it.each(cases.map((c) => [c.shape, c] as const))('%s: with the hand-written canonical.fbs', (_shape, sample) => {
    const bytes = flatbuffersCodec(sample.schema).encode(sample.value);
    expectSameData(sample.value, flatcToJson(handWrittenFbs, sample.schema, bytes));
  });

  it.each(cases.map((c) => [c.shape, c] as const))('%s: with the emitted toFbs schema, which flatc compiles', (_shape, sample) => {
    const emitted = toFbs(sample.schema);
    flatcCompiles(emitted);
    const bytes = flatbuffersCodec(sample.schema).encode(sample.value);
    expectSameData(sample.value, flatcToJson(emitted, sample.schema, bytes));
  });
});

describe('the oracles can tell different data apart', () => {
  const order = cases.find((c) => c.shape === 'order')!;
  const changed = { ...order.value, total_cents: (order.value['total_cents'] as number) + 1 };

  it.skipIf(!hasTool('protoc'))('protoc', () => {
    const decoded = protocDecode(canonicalProto(), order.schema, protobufCodec(order.schema).encode(changed));
    expect(checkRoundTrip(order.value, decoded).diffs).toContainEqual(expect.objectContaining({ path: '$.total_cents', kind: 'value' }));
  });

  it.skipIf(!hasTool('flatc'))('flatc', () => {
    const decoded = flatcToJson(handWrittenFbs, order.schema, flatbuffersCodec(order.schema).encode(changed));
    expect(checkRoundTrip(order.value, decoded).diffs).toContainEqual(expect.objectContaining({ path: '$.total_cents', kind: 'value' }));
  });
});
