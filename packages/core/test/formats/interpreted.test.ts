/**
 * `interpreted: true`, the option of every implementation that compiles code per schema (the
 * registry's `eval: 'generated'`: wirebench's protobuf and FlatBuffers codecs, the flatbuffers
 * library's adapter): the codec compiles nothing (no `Function`, no `eval`), says so
 * (`Codec.interpreted`), and writes the generated codec's bytes and reads its values, key order
 * included, on the canonical samples and the public corpus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Codec, GeneratedCodeOptions } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { flatbuffersRuntimeCodec } from '../../src/formats/flatbuffers/libraries/flatbuffers.js';
import { createCodecWithLibraries } from '../../src/formats/libraries/index.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { IMPLEMENTATIONS } from '../../src/implementations.js';
import { inferSchema } from '../../src/schema/infer.js';
import type { Schema } from '../../src/schema/types.js';
import { canonicalCases } from '../support/canonical.js';
import { countingCompilation, withoutFunction } from '../support/generated-code.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../support/paths.js';

type Factory = (schema: Schema, options?: GeneratedCodeOptions) => Codec;

/** Each implementation that generates code, by its registry key, with its factory. */
const FACTORIES: ReadonlyArray<readonly [string, Factory]> = [
  ['protobuf/wirebench', protobufCodec],
  ['flatbuffers/wirebench', flatbuffersCodec],
  ['flatbuffers/flatbuffers', flatbuffersRuntimeCodec],
];

/** The interpreted codec's bytes and decoded value, made and run while compilation is counted. */
function interpretedRun(factory: Factory, schema: Schema, value: unknown): { codec: Codec; bytes: Uint8Array; decoded: unknown; compiled: number } {
  const { result, compiled } = countingCompilation(() => {
    const codec = factory(schema, { interpreted: true });
    const bytes = codec.encode(value);
    return { codec, bytes, decoded: codec.decode(bytes) };
  });
  return { ...result, compiled };
}

/** Same bytes as the generated codec's, and the same decoded value, key order and -0 included. */
function expectSameAsGenerated(factory: Factory, schema: Schema, value: unknown): void {
  const generated = factory(schema);
  const run = interpretedRun(factory, schema, value);
  expect(run.compiled).toBe(0);
  expect(run.codec.interpreted).toBe(true);
  expect(generated.interpreted).toBeUndefined();
  const bytes = generated.encode(value);
  // Compared whole first: toEqual walks a megabyte of corpus bytes one element at a time.
  if (Buffer.compare(run.bytes, bytes) !== 0) expect(run.bytes).toEqual(bytes);
  expect(checkRoundTrip(generated.decode(bytes), run.decoded, { maxDiffs: 5 }).diffs).toEqual([]);
}

it('covers every implementation the registry says generates code', () => {
  const generating = Object.values(IMPLEMENTATIONS)
    .flat()
    .filter((i) => i.capabilities.eval === 'generated')
    .map((i) => i.key);
  expect(FACTORIES.map(([key]) => key)).toEqual(generating);
});

describe.each(FACTORIES)('%s with interpreted: true', (_key, factory) => {
  it('compiles code without it, so the count sees compilation', () => {
    const { value, schema } = canonicalCases()[1] as ReturnType<typeof canonicalCases>[number];
    const { compiled } = countingCompilation(() => factory(schema).decode(factory(schema).encode(value)));
    expect(compiled).toBeGreaterThan(0);
  });

  it.each(canonicalCases().map((c) => [c.shape, c.value, c.schema] as const))('%s: compiles nothing, same bytes and values', (_shape, value, schema) => {
    expectSameAsGenerated(factory, schema, value);
  });

  it('says it runs interpreted where a CSP forbids Function, without the option', () => {
    const { schema } = canonicalCases()[0] as ReturnType<typeof canonicalCases>[number];
    expect(withoutFunction(() => factory(schema)).interpreted).toBe(true);
  });

  withCorpus('the corpus', () => {
    it.each(corpusFiles())('%s: compiles nothing, same bytes and values', (file) => {
      const value: unknown = JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8'));
      expectSameAsGenerated(factory, inferSchema(value), value);
    });
  });
});

describe('createCodec with interpreted: true', () => {
  const schema = inferSchema({ id: 1, name: 'a' });

  it.each([
    ['protobuf', 'wirebench'],
    ['flatbuffers', 'wirebench'],
    ['flatbuffers', 'flatbuffers'],
  ] as const)('%s (%s): passes it on to the factory', async (format, implementation) => {
    for (const create of [createCodec, createCodecWithLibraries]) {
      const codec = await create(format, { schema, implementation, interpreted: true });
      expect(codec.interpreted).toBe(true);
    }
  });

  it('ignores it where nothing is compiled (msgpack), and refuses it for protobufjs, which cannot run without Function', async () => {
    expect((await createCodec('msgpack', { interpreted: true })).interpreted).toBeUndefined();
    for (const create of [createCodec, createCodecWithLibraries]) {
      await expect(create('protobuf', { schema, implementation: 'protobufjs', interpreted: true })).rejects.toThrow(
        /protobuf: the protobufjs implementation cannot run interpreted: its encode, decode and toObject are code protobufjs generates/,
      );
    }
  });
});
