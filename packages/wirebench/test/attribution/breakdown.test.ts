/** attribution/breakdown.ts: a payload's bytes by path, trimmed for a result file, adding up. */

import { createCodec, inferSchema } from '@wirebench/core';
import { describe, expect, it } from 'vitest';
import { bytesBreakdown } from '../../src/attribution/breakdown.js';
import { orderBatch, seededRandom } from '../../src/samples.js';

describe('bytesBreakdown', () => {
  it('gives JSON and each format its bytes by kind and top paths, adding up to what the codec writes', async () => {
    const value = orderBatch(seededRandom(11), 30);
    const schema = inferSchema(value);
    const breakdown = bytesBreakdown(value, ['msgpack', 'cbor', 'protobuf', 'flatbuffers', 'simdjson'], { schema, top: 3 });
    expect(breakdown.formats.map((f) => f.format)).toEqual(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers']);
    expect(breakdown.refused).toBeUndefined();
    const json = breakdown.formats[0]!;
    for (const f of breakdown.formats) {
      const codec = await createCodec(f.format, { schema });
      expect(f.total).toBe(codec.encode(value).length);
      expect(f.paths).toHaveLength(3);
      expect(f.paths.reduce((sum, p) => sum + p.total, 0) + f.rest.total).toBe(f.total);
      if (f.format === 'json') expect(f.savedVsJson).toBeUndefined();
      else expect(f.savedVsJson!.saved.total).toBe(json.total - f.total);
    }
  });

  it('lists a format that refuses the value with why, and still attributes the others', () => {
    // A schema that says `id` is a number, and a value whose `id` is text: the schema formats refuse it.
    const breakdown = bytesBreakdown({ id: 'x', n: 1 }, ['msgpack', 'protobuf', 'flatbuffers'], { schema: inferSchema({ id: 1, n: 1 }) });
    expect(breakdown.formats.map((f) => f.format)).toEqual(['json', 'msgpack']);
    expect(breakdown.refused?.map((r) => r.format)).toEqual(['protobuf', 'flatbuffers']);
    for (const r of breakdown.refused ?? []) expect(r.reason).toMatch(/id/);
  });

  it('refuses, as the codecs do, a value past their limits (nesting deeper than maxDepth)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    const breakdown = bytesBreakdown(deep, ['msgpack', 'cbor']);
    expect(breakdown.formats.map((f) => f.format)).toEqual(['json']);
    expect(breakdown.refused?.map((r) => [r.format, /maxDepth/.test(r.reason)])).toEqual([
      ['msgpack', true],
      ['cbor', true],
    ]);
  });
});
