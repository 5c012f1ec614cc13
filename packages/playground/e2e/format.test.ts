/** The playground's wording and figures (src/format.ts): no browser needed. */
import { describe, expect, it } from 'vitest';
import { diffCount, formatValue, speedWords, summarize, toMarkdown } from '../src/format.js';
import type { MeasureResult, OperationResult, PayloadResult } from '../src/protocol.js';

const op = (estimate: number, low: number, high: number): OperationResult => ({ median: 0.5, vsJson: { estimate, low, high } }) as unknown as OperationResult;
const order = { path: '$', kind: 'order', expected: ['a', 'b'], actual: ['b', 'a'] };
const value = { path: '$.n', kind: 'value', expected: 1e400, actual: null };

const payload = {
  name: 'p',
  reference: 'json',
  jsonBytes: 100,
  rounds: [1, 2],
  rows: [
    { name: 'json', kind: 'codec', bytes: 100, bytesVsJson: 1, fidelity: { ok: false, diffs: [order, value], truncated: false } },
    { name: 'cbor', kind: 'codec', bytes: 80, bytesVsJson: 0.8, encode: op(1.04, 1.02, 1.06), decode: op(0.4, 0.38, 0.42), fidelity: { ok: false, diffs: [order, value, value], truncated: true } },
    { name: 'protobuf', kind: 'codec', error: 'boom' },
  ],
} as unknown as PayloadResult;

describe('playground format', () => {
  it('counts only non-order diffs, with + when truncated', () => {
    expect(diffCount({ ok: false, diffs: [order, value, value], truncated: true } as never)).toBe('2+ diffs');
    expect(diffCount({ ok: false, diffs: [order, value], truncated: false } as never)).toBe('1 diff');
  });

  it('formats non-finite numbers and absent values itself (JSON.stringify writes Infinity as null)', () => {
    expect(formatValue(Infinity)).toBe('Infinity');
    expect(formatValue(undefined)).toBe('(absent)');
    expect(formatValue({ a: [NaN, -Infinity] })).toBe('{"a": [NaN, -Infinity]}');
    expect(formatValue('x')).toBe('"x"');
  });

  it('says speeds with 2 decimals, or a percentage near 1', () => {
    expect(speedWords('encodes', op(1.04, 1.02, 1.06))).toBe('encodes 4 % slower than JSON');
    expect(speedWords('decodes', op(0.4, 0.38, 0.42))).toBe('decodes 2.50× faster than JSON');
    expect(speedWords('decodes', op(1.01, 0.98, 1.03))).toBe('decodes about as fast as JSON');
  });

  it('summary and Markdown: non-order diff counts, "could not be measured", the json row\'s own failure', () => {
    const lines = summarize(payload);
    expect(lines[0]).toBe('json itself did not give the data back exactly (1 diff).');
    expect(lines[1]).toContain('(2+ diffs)');
    expect(lines[2]).toBe('protobuf could not be measured: boom');
    const md = toMarkdown({ environment: { runtimeVersion: 'x', cores: 2 }, createdAt: 'now', payloads: [payload] } as unknown as MeasureResult);
    expect(md).toContain('| 1 diff |');
    expect(md).toContain('| 2+ diffs |');
  });
});
