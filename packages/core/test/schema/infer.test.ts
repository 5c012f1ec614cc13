import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferSchema, wireName } from '../../src/schema/infer.js';
import type { FieldDef, Schema } from '../../src/schema/types.js';
import { findMessage } from '../../src/schema/types.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../support/paths.js';

const field = (schema: Schema, message: string, jsonName: string): FieldDef => findMessage(schema, message).fields.find((f) => f.jsonName === jsonName)!;

describe('inferSchema', () => {
  it('marks keys missing from some objects optional and keys holding null nullable', () => {
    const schema = inferSchema([{ a: 1, b: 'x' }, { a: 2, b: null }, { a: 3 }]);
    const item = findMessage(schema, 'RootValueItem');
    expect(item.fields.map((f) => [f.jsonName, f.optional, f.nullable])).toEqual([
      ['a', false, false],
      ['b', true, true],
    ]);
  });

  it('wraps roots that are arrays, scalars or empty', () => {
    for (const root of [[1, 2], 'text', 3.5, null, [], true]) {
      const schema = inferSchema(root);
      expect(findMessage(schema, schema.root).fields.map((f) => f.jsonName)).toEqual(['value']);
      expect(schema.wrappedRoot).toBe(true);
    }
    expect(findMessage(inferSchema({}), 'Root').fields).toEqual([]);
    expect(inferSchema({ a: 1 }).wrappedRoot).toBeUndefined();
  });

  it('types numbers by range: int32, int64, float64 beyond 2^63 and for fractions or -0', () => {
    const schema = inferSchema({ small: -5, big: 2 ** 40, huge: 2 ** 70, frac: 0.5, negZero: -0 });
    const types = findMessage(schema, 'Root').fields.map((f) => [f.jsonName, f.type.kind === 'scalar' && f.type.scalar]);
    expect(types).toEqual([
      ['small', 'int32'],
      ['big', 'int64'],
      ['huge', 'float64'],
      ['frac', 'float64'],
      ['negZero', 'float64'],
    ]);
  });

  it('gives mixed-type values and mixed arrays the dynamic type', () => {
    const schema = inferSchema([{ v: 'a' }, { v: 1 }, { v: { x: 1 } }, { list: [1, 'two', null] }]);
    expect(field(schema, 'RootValueItem', 'v').type).toEqual({ kind: 'any' });
    expect(field(schema, 'RootValueItem', 'list').type).toEqual({ kind: 'list', of: { kind: 'any' } });
  });

  it('keeps arrays of arrays as nested lists', () => {
    const schema = inferSchema({
      coordinates: [
        [
          [1.5, 2],
          [3, 4],
        ],
      ],
    });
    expect(field(schema, 'Root', 'coordinates').type).toEqual({
      kind: 'list',
      of: { kind: 'list', of: { kind: 'list', of: { kind: 'scalar', scalar: 'float64' } } },
    });
  });

  it('turns objects keyed by ids, or with very many keys, into maps', () => {
    const byId = inferSchema({ events: { '101': { name: 'a' }, '102': { name: 'b', extra: true } } });
    const events = field(byId, 'Root', 'events');
    expect(events.type.kind).toBe('map');
    const many = inferSchema({ counts: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) });
    expect(field(many, 'Root', 'counts').type).toEqual({ kind: 'map', of: { kind: 'scalar', scalar: 'int32' } });
  });

  it('gives odd keys safe, unique wire names and keeps the JSON names', () => {
    const keys = ['@type', 'user-name', 'userName', 'user_name', '1st', '', 'ключ', 'message'];
    const schema = inferSchema(Object.fromEntries(keys.map((k) => [k, 1])));
    const fields = findMessage(schema, 'Root').fields;
    expect(fields.map((f) => f.jsonName)).toEqual(keys);
    const names = fields.map((f) => f.name);
    for (const name of names) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
    expect(new Set(names.map((n) => n.replace(/_/g, ''))).size).toBe(names.length);
    expect(names).toEqual(['type', 'user_name', 'user_name_2', 'user_name_3', 'f_1st', 'field', 'field_2', 'message_']);
  });

  it('gives ids in code-unit order of the keys, whatever their frequency, and keeps fields in first-seen order', () => {
    const rows = [{ rare: 1, common: 1 }, ...Array.from({ length: 5 }, () => ({ common: 2, Zed: 3 }))];
    const fields = findMessage(inferSchema(rows), 'RootValueItem').fields;
    expect(fields.map((f) => [f.jsonName, f.id])).toEqual([
      ['rare', 3],
      ['common', 2],
      ['Zed', 1],
    ]);
  });

  const citm = 'infers citm_catalog.json with map fields and well under 100 fields';
  withCorpus(citm, () => {
    it.skipIf(!corpusFiles().includes('citm_catalog.json'))(citm, () => {
      const schema = inferSchema(JSON.parse(readFileSync(join(CORPUS_DIR, 'citm_catalog.json'), 'utf8')));
      const fields = schema.messages.flatMap((m) => m.fields);
      expect(fields.length).toBeLessThan(100);
      expect(field(schema, 'Root', 'events').type.kind).toBe('map');
      expect(field(schema, 'Root', 'areaNames').type).toEqual({ kind: 'map', of: { kind: 'scalar', scalar: 'string' } });
    });
  });
});

describe('inferSchema with several samples', () => {
  it('observes more samples as payloads of the same root, not as an array', () => {
    const schema = inferSchema({ a: 1 }, { moreSamples: [{ b: 'x' }] });
    expect(schema.wrappedRoot).toBeUndefined();
    const root = findMessage(schema, schema.root);
    expect(root.fields.map((f) => [f.jsonName, f.optional, f.nullable])).toEqual([
      ['a', true, false],
      ['b', true, false],
    ]);
  });

  it('keeps a root array a list root, with or without more samples', () => {
    for (const schema of [inferSchema([1, 2]), inferSchema([1, 2], { moreSamples: [[3], []] })]) {
      expect(schema.wrappedRoot).toBe(true);
      expect(findMessage(schema, schema.root).fields[0]!.type).toEqual({ kind: 'list', of: { kind: 'scalar', scalar: 'int32' } });
    }
    // A record sample and an array sample of one root: the root mixes kinds, so it is dynamic.
    const mixed = inferSchema({ a: 1 }, { moreSamples: [[1]] });
    expect(mixed.wrappedRoot).toBe(true);
    expect(findMessage(mixed, mixed.root).fields[0]!.type).toEqual({ kind: 'any' });
  });

  it('merges values across samples: nullable, wider numbers, mixed kinds', () => {
    const schema = inferSchema({ n: 1, s: 'x', m: 1 }, { moreSamples: [{ n: 2 ** 40, s: null, m: 'x' }] });
    expect(field(schema, 'Root', 'n')!.type).toEqual({ kind: 'scalar', scalar: 'int64' });
    expect(field(schema, 'Root', 's')!.nullable).toBe(true);
    expect(field(schema, 'Root', 'm')!.type).toEqual({ kind: 'any' });
  });
});

describe('wireName', () => {
  it('never returns a name already taken', () => {
    const taken = new Set<string>();
    const names = Array.from({ length: 5 }, () => wireName('a-b', taken));
    expect(new Set(names).size).toBe(5);
  });
});
