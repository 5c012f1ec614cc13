import { protobufCodec } from '@wirebench/core/protobuf';
import { describe, expect, it } from 'vitest';
import { canonicalCases } from '../../core/test/support/canonical.js';
import { canonicalSamples } from '../src/samples.js';

describe('canonical samples', () => {
  it('are the same for the same seed and differ for another', () => {
    expect(JSON.stringify(canonicalSamples(7))).toBe(JSON.stringify(canonicalSamples(7)));
    expect(JSON.stringify(canonicalSamples(7))).not.toBe(JSON.stringify(canonicalSamples(8)));
  });

  it('are JSON data: stringify and parse give them back unchanged', () => {
    for (const sample of canonicalSamples()) expect(JSON.parse(JSON.stringify(sample.value))).toStrictEqual(sample.value);
  });

  it('have the sizes the shapes stand for', () => {
    const sizes = Object.fromEntries(canonicalCases().map((c) => [c.shape, protobufCodec(c.schema).encode(c.value).length]));
    expect(sizes['telemetry']).toBeGreaterThan(60);
    expect(sizes['telemetry']).toBeLessThan(140);
    const batch = canonicalSamples().find((s) => s.shape === 'order_batch')!.value;
    expect((batch['orders'] as unknown[]).length).toBe(1000);
  });

  it('include orders both with and without a status', () => {
    const batch = canonicalSamples().find((s) => s.shape === 'order_batch')!.value;
    const withStatus = (batch['orders'] as Array<Record<string, unknown>>).filter((o) => 'status' in o).length;
    expect(withStatus).toBeGreaterThan(100);
    expect(withStatus).toBeLessThan(1000);
  });
});
