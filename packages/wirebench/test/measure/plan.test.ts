/**
 * measure/plan.ts's `withoutGeneratedCode`: what a page without eval runs is measured by making the
 * implementations that compile code per schema interpreted, and only those; the engine copies the
 * codec's `interpreted` into its row.
 */
import { createCodec, FORMATS, IMPLEMENTATIONS } from '@wirebench/core';
import { describe, expect, it } from 'vitest';
import { measure } from '../../src/measure/engine.js';
import { planPayload, withoutGeneratedCode } from '../../src/measure/plan.js';

const payload = { name: 'order', value: { id: 7, lines: [{ sku: 'a-1', qty: 2 }], note: null } };
/** Every implementation that compiles code per schema, as rows name them. */
const GENERATING = FORMATS.flatMap((format) => IMPLEMENTATIONS[format].filter((i) => i.capabilities.eval === 'generated').map((i) => `${format}/${i.id}`));

describe('withoutGeneratedCode', () => {
  it('makes exactly the implementations that compile code per schema interpreted; protobufjs, which cannot run without eval, as it is', async () => {
    const notes: string[] = [];
    const { target } = await planPayload(payload, FORMATS, notes, 'all', withoutGeneratedCode(createCodec));
    const interpreted = target.codecs.filter((codec) => codec.interpreted === true).map((codec) => `${codec.format}/${codec.implementation}`);
    expect(GENERATING).toEqual(['protobuf/wirebench', 'flatbuffers/wirebench', 'flatbuffers/flatbuffers']);
    expect(interpreted).toEqual(GENERATING);
    expect(target.codecs.map((codec) => `${codec.format}/${codec.implementation}`)).toContain('protobuf/protobufjs');
  });

  it('leaves every codec generated without it', async () => {
    const { target } = await planPayload(payload, FORMATS, [], 'all');
    expect(target.codecs.filter((codec) => codec.interpreted !== undefined)).toEqual([]);
  });

  it('rejects an unknown implementation as createCodec does', async () => {
    await expect(withoutGeneratedCode(createCodec)('protobuf', { implementation: 'nope' as 'wirebench' })).rejects.toThrow(
      /no implementation "nope" of protobuf/,
    );
  });

  it('gives rows the measure result marks interpreted', async () => {
    const { target } = await planPayload(payload, ['json', 'protobuf', 'flatbuffers'], [], ['wirebench'], withoutGeneratedCode(createCodec));
    const result = await measure([target], { rounds: 3, roundTime: 2, warmupTime: 2, sampleTime: 0.02, bootstrapResamples: 50, timeDecompression: false });
    const rows = result.payloads[0]?.rows ?? [];
    expect(rows.map((row) => [row.name, row.interpreted])).toEqual([
      ['json', undefined],
      ['protobuf', true],
      ['flatbuffers', true],
    ]);
  });
});
