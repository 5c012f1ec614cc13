/**
 * The attribution is exact: for every format, the bytes attributed to paths add up to the length of
 * what wirebench's codec (createCodec(format, { schema })) writes for the same value and schema, on
 * every corpus file, on the canonical payloads (with the inferred schema and with the hand-written
 * canonical.proto), and on arbitrary JSON (fast-check). Every split is non-negative, the paths line
 * up across formats, and what the attribution refuses the codec refuses too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Attribution } from '../../src/attribution/index.js';
import { ATTRIBUTED_FORMATS, attribute, attributeFormats, compareAttributions } from '../../src/attribution/index.js';
import type { Codec, FormatId } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { inferSchema } from '../../src/schema/infer.js';
import type { Schema } from '../../src/schema/types.js';
import { canonicalCases } from '../support/canonical.js';
import { jsonValue } from '../support/json-arbitrary.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../support/paths.js';

async function codecsFor(schema: Schema): Promise<Map<FormatId, Codec>> {
  const codecs = new Map<FormatId, Codec>();
  for (const format of ATTRIBUTED_FORMATS) codecs.set(format, await createCodec(format, { schema }));
  return codecs;
}

/** What every attribution must hold, whatever the value. */
function expectConsistent(a: Attribution): void {
  const { keys, values, framing } = a.byKind;
  expect(Math.min(keys, values, framing)).toBeGreaterThanOrEqual(0);
  expect(keys + values + framing).toBe(a.total);
  let sum = 0;
  const seen = new Set<string>();
  for (const row of a.paths) {
    expect(Math.min(row.keys, row.values, row.framing)).toBeGreaterThanOrEqual(0);
    expect(row.keys + row.values + row.framing).toBe(row.total);
    expect(row.subtree).toBeGreaterThanOrEqual(row.total);
    expect(seen.has(row.path)).toBe(false);
    seen.add(row.path);
    sum += row.total;
  }
  expect(sum).toBe(a.total);
  expect(a.paths.find((row) => row.path === '$')?.subtree).toBe(a.total);
  for (let i = 1; i < a.paths.length; i++) expect((a.paths[i - 1] as { total: number }).total).toBeGreaterThanOrEqual((a.paths[i] as { total: number }).total);
}

/** The comparison of `other` with `base` adds up: the listed paths and the rest make the saving, which is the difference in size. */
function expectComparisonAddsUp(base: Attribution, other: Attribution): void {
  for (const top of [0, 5, Infinity]) {
    const comparison = compareAttributions(base, other, { top });
    const { saved, paths, rest } = comparison;
    expect(saved.total).toBe(base.total - other.total);
    expect(saved.keys + saved.values + saved.framing).toBe(saved.total);
    for (const kind of ['keys', 'values', 'framing', 'total'] as const) {
      expect(paths.reduce((sum, row) => sum + row[kind], 0) + rest[kind]).toBe(saved[kind]);
    }
    expect(paths.length).toBe(Math.min(top, paths.length + rest.paths));
    for (let i = 1; i < paths.length; i++) expect((paths[i - 1] as { total: number }).total).toBeGreaterThanOrEqual((paths[i] as { total: number }).total);
  }
}

/** Each format's paths are paths of the JSON value (generalised the same way): no format invents one. */
function expectPathsLineUp(attributions: readonly Attribution[]): void {
  const json = new Set((attributions.find((a) => a.format === 'json') as Attribution).paths.map((row) => row.path));
  for (const a of attributions) for (const row of a.paths) expect(json.has(row.path), `${a.format} ${row.path}`).toBe(true);
}

function checkValue(value: unknown, schema: Schema, codecs: ReadonlyMap<FormatId, Codec>): Attribution[] {
  const attributions = attributeFormats(value, ATTRIBUTED_FORMATS, { schema });
  for (const a of attributions) {
    expect(a.total, a.format).toBe((codecs.get(a.format) as Codec).encode(value).length);
    expectConsistent(a);
  }
  const json = attributions[0] as Attribution;
  expect(json.format).toBe('json');
  for (const other of attributions.slice(1)) expectComparisonAddsUp(json, other);
  expectPathsLineUp(attributions);
  return attributions;
}

describe('attribution adds up to the encoded size', () => {
  withCorpus('the corpus', () => {
    it.each(corpusFiles())('%s', async (file) => {
      const value: unknown = JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8'));
      const schema = inferSchema(value);
      const attributions = checkValue(value, schema, await codecsFor(schema));
      // simdjson writes JSON's bytes: its attribution is JSON's.
      expect({ ...attribute('simdjson', value, { schema }), format: 'json' }).toEqual(attributions[0]);
    });
  });

  it('the canonical payloads, with the inferred schema and with canonical.proto', async () => {
    for (const { shape, value, schema } of canonicalCases()) {
      for (const [name, s] of [
        ['inferred', inferSchema(value)],
        ['canonical.proto', schema],
      ] as const) {
        const attributions = checkValue(value, s, await codecsFor(s));
        expect(attributions.length, `${shape} ${name}`).toBe(ATTRIBUTED_FORMATS.length);
      }
    }
  });

  it('a schema inferred from other samples', async () => {
    const samples = [
      { id: 1, tags: ['a'], geo: null },
      { id: 2, name: 'x', tags: [], extra: { deep: [1.5, 'mixed', null, [true]] } },
    ];
    const schema = inferSchema(samples[0], { moreSamples: samples.slice(1) });
    const codecs = await codecsFor(schema);
    for (const sample of samples) checkValue(sample, schema, codecs);
  });

  it('arbitrary JSON: the attribution equals the codec, or both refuse', async () => {
    const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
    const unit = fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 40 }, { arbitrary: surrogate, weight: 1 });
    const numbers = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 127, 128, -32, -33, 255, 256, 65535, 65536, 2 ** 32, -(2 ** 32), -(2 ** 32) - 1, 2 ** 53, 2 ** 63, -(2 ** 63), 2 ** 64, 1e21, 0.1),
    );
    const strings = fc.oneof(fc.string({ unit, maxLength: 12 }), fc.string({ minLength: 20, maxLength: 300 }));
    const keys = fc.oneof(fc.constantFrom('id', 'a b', '', '__proto__', 'constructor', 'value', 'values', '1', '*', 'é'), fc.string({ unit, maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(jsonValue({ keys, numbers, strings, maxLength: 6 }), async (value) => {
        const schema = inferSchema(value);
        for (const format of ATTRIBUTED_FORMATS) {
          const codec = await createCodec(format, { schema });
          let encoded: Uint8Array | WirebenchError;
          try {
            encoded = codec.encode(value);
          } catch (error) {
            if (!(error instanceof WirebenchError)) throw error;
            encoded = error;
          }
          if (encoded instanceof WirebenchError) {
            expect(() => attribute(format, value, { schema }), `${format} refused: ${encoded.message}`).toThrow(WirebenchError);
            continue;
          }
          const a = attribute(format, value, { schema });
          expect(a.total, format).toBe(encoded.length);
          expectConsistent(a);
        }
        const attributions = ATTRIBUTED_FORMATS.map((format) => {
          try {
            return attribute(format, value, { schema });
          } catch {
            return undefined;
          }
        }).filter((a): a is Attribution => a !== undefined);
        expectPathsLineUp(attributions);
        for (const other of attributions.slice(1)) expectComparisonAddsUp(attributions[0] as Attribution, other);
      }),
      { numRuns: 200 },
    );
  });
});

describe('attribute', () => {
  it('infers the schema when none is given, as the codecs are usually made', () => {
    const value = { events: { '101': { name: 'a' }, '102': { name: 'b' } }, list: [{ id: 1 }, { id: 2 }] };
    const schema = inferSchema(value);
    for (const format of ATTRIBUTED_FORMATS) expect(attribute(format, value)).toEqual(attribute(format, value, { schema }));
  });

  it('refuses what is not JSON data, with the path', () => {
    for (const format of ATTRIBUTED_FORMATS) {
      const value = { a: [{ b: 1 }, { b: 2 }] };
      const schema = inferSchema(value);
      expect(() => attribute(format, { a: [{ b: Number.NaN }] }, { schema }), format).toThrow(/\$\.a\[\*\]\.b/);
    }
    expect(() => attribute('json', { when: new Date(0) }, { schema: inferSchema({ when: 'x' }) })).toThrow(WirebenchError);
  });

  it('refuses keys the schema does not know unless told to drop them, as the schema codecs do', async () => {
    const schema = inferSchema({ a: 1 });
    for (const format of ['protobuf', 'flatbuffers'] as const) {
      expect(() => attribute(format, { a: 1, b: 'x' }, { schema })).toThrow(/"b"/);
      const codec = await createCodec(format, { schema, unknownKeys: 'drop' });
      expect(attribute(format, { a: 1, b: 'x' }, { schema, unknownKeys: 'drop' }).total).toBe(codec.encode({ a: 1, b: 'x' }).length);
    }
  });

  it('refuses an unknown format', () => {
    expect(() => attribute('yaml' as FormatId, {})).toThrow(/unknown format/);
  });
});
