/** The playground's words around the figures (src/summary.ts, src/markdown.ts): no browser needed. */
import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../src/markdown.js';
import type { OperationResult, ResultPayload, WirebenchResult } from '../src/protocol.js';
import { ratioToJson, speedWords, summarize } from '../src/summary.js';

const op = (estimate: number, low: number, high: number): OperationResult => ({ median: 0.5, vsJson: { estimate, low, high } }) as unknown as OperationResult;
const order = { path: '$', kind: 'order', expected: ['a', 'b'], actual: ['b', 'a'] };
// biome-ignore lint/correctness/noPrecisionLoss: 1e400 as a payload's JSON text has it, which JSON.parse reads as Infinity (and JSON writes back as null).
const value = { path: '$.n', kind: 'value', expected: 1e400, actual: null };

const payload = {
  name: 'p',
  reference: 'json',
  jsonBytes: 100,
  rounds: [1, 2],
  rows: [
    { name: 'json', kind: 'codec', bytes: 100, bytesVsJson: 1, fidelity: { ok: false, diffs: [order, value], truncated: false } },
    {
      name: 'cbor',
      kind: 'codec',
      bytes: 80,
      bytesVsJson: 0.8,
      encode: op(1.04, 1.02, 1.06),
      decode: op(0.4, 0.38, 0.42),
      fidelity: { ok: false, diffs: [order, value, value], truncated: true },
    },
    { name: 'protobuf', kind: 'codec', error: 'boom' },
  ],
} as unknown as ResultPayload;

describe('playground summary', () => {
  it('says speeds as a factor, or a percentage near 1', () => {
    expect(speedWords('encodes', op(1.04, 1.02, 1.06))).toBe('encodes 4.0 % slower than JSON');
    expect(speedWords('decodes', op(0.4, 0.38, 0.42))).toBe('decodes 2.50× faster than JSON');
    expect(speedWords('decodes', op(1.01, 0.98, 1.03))).toBe('decodes about as fast as JSON');
    expect(speedWords('decodes', undefined)).toBeNull();
  });

  it('writes a ratio to JSON with its interval, in the shared format', () => {
    expect(ratioToJson(op(0.62, 0.58, 0.66))).toBe('0.62× JSON (0.58–0.66)');
    expect(ratioToJson(undefined)).toBe('');
  });

  it('summary and Markdown: non-order diff counts, "could not be measured", the json row\'s own failure', () => {
    const lines = summarize(payload);
    expect(lines[0]).toBe('json itself did not give the data back exactly (1 diff).');
    expect(lines[1]).toBe(
      "cbor is 80 % of JSON's bytes, encodes 4.0 % slower than JSON and decodes 2.50× faster than JSON here, but it did not give the data back exactly (2+ diffs).",
    );
    expect(lines[2]).toBe('protobuf could not be measured: boom');
    const md = toMarkdown({ environment: { runtimeVersion: 'x', cores: 2 }, createdAt: 'now', payloads: [payload] } as unknown as WirebenchResult);
    expect(md).toContain('**p** (100 B of JSON, 2 rounds)');
    expect(md).toContain('| cbor | 80 B (80 %) |  | 500 µs 1.04× JSON (1.02–1.06) | 500 µs 0.40× JSON (0.38–0.42) | 2+ diffs |');
    expect(md).toContain('| 1 diff |');
  });
});
