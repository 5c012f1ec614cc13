/** The playground's words around the figures (src/summary.ts, src/markdown.ts): no browser needed. */
import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../src/markdown.js';
import type { OperationResult, ResultPayload, WirebenchResult } from '../src/protocol.js';
import { ratioToJson, sizeWords, speedWords, summarize } from '../src/summary.js';

const op = (estimate: number, low: number, high: number): OperationResult => ({ median: 0.5, vsJson: { estimate, low, high } }) as unknown as OperationResult;
const order = { path: '$', kind: 'order', expected: ['a', 'b'], actual: ['b', 'a'] };
// biome-ignore lint/correctness/noPrecisionLoss: 1e400 as a payload's JSON text has it, which JSON.parse reads as Infinity (and JSON writes back as null).
const value = { path: '$.n', kind: 'value', expected: 1e400, actual: null };

// Sizes chosen so each ratio can be checked by hand: 7,387 / 7,850 = 0.941, 6,210 / 6,900 = 0.900,
// 8,600 / 20,000 = 0.430, 8,100 / 7,850 = 1.032, 16,000 / 20,000 = 0.800.
const json = { bytes: 20_000, compressed: { gzip: 7_850, brotli: 6_900 } };
const protobuf = { bytes: 8_600, compressed: { gzip: 7_387, brotli: 6_210 } };
const cbor = { bytes: 16_000, compressed: { gzip: 8_100 } };

const payload = {
  name: 'p',
  reference: 'json',
  jsonBytes: 20_000,
  rounds: [1, 2],
  rows: [
    { name: 'json', kind: 'codec', ...json, bytesVsJson: 1, fidelity: { ok: false, diffs: [order, value], truncated: false } },
    {
      name: 'protobuf',
      kind: 'codec',
      ...protobuf,
      bytesVsJson: 0.43,
      encode: op(1.45, 1.38, 1.52),
      decode: op(0.61, 0.58, 0.66),
      fidelity: { ok: true, diffs: [], truncated: false },
    },
    {
      name: 'cbor',
      kind: 'codec',
      ...cbor,
      bytesVsJson: 0.8,
      encode: op(1.01, 0.98, 1.03),
      decode: op(0.4, 0.38, 0.42),
      fidelity: { ok: false, diffs: [order, value, value], truncated: true },
    },
    { name: 'msgpack', kind: 'codec', error: 'boom' },
  ],
} as unknown as ResultPayload;

describe('playground summary', () => {
  it("says every speed one way, as a ratio to JSON's time, or about JSON's within the noise", () => {
    expect(speedWords('encodes', op(1.04, 1.02, 1.06))).toBe("encodes in 1.04× JSON's time");
    expect(speedWords('decodes', op(0.4, 0.38, 0.42))).toBe("decodes in 0.40× JSON's time");
    expect(speedWords('encodes', op(2.5, 2.3, 2.7))).toBe("encodes in 2.50× JSON's time");
    expect(speedWords('decodes', op(1.01, 0.98, 1.03))).toBe("decodes in about JSON's time");
    expect(speedWords('decodes', undefined)).toBeNull();
  });

  it('says sizes as the server sends them, naming the encoding, with their ratio to JSON the same way', () => {
    expect(sizeWords(protobuf, json, 'gzip')).toBe("is 7,387 B with gzip against JSON's 7,850 B (0.94× JSON's bytes)");
    expect(sizeWords(protobuf, json, 'brotli')).toBe("is 6,210 B with brotli against JSON's 6,900 B (0.90× JSON's bytes)");
    expect(sizeWords(protobuf, json, 'none')).toBe("is 8,600 B uncompressed against JSON's 20,000 B (0.43× JSON's bytes)");
    expect(sizeWords(cbor, json, 'gzip')).toBe("is 8,100 B with gzip against JSON's 7,850 B (1.03× JSON's bytes)");
    // A size the run does not have for that encoding: the uncompressed ones, saying so.
    expect(sizeWords(cbor, json, 'brotli')).toBe("is 16,000 B uncompressed against JSON's 20,000 B (0.80× JSON's bytes; no brotli size was measured)");
    expect(sizeWords({ bytes: undefined }, json, 'gzip')).toBe('has no size');
  });

  it('writes a ratio to JSON with its interval, in the shared format', () => {
    expect(ratioToJson(op(0.62, 0.58, 0.66))).toBe('0.62× JSON (0.58–0.66)');
    expect(ratioToJson(undefined)).toBe('');
  });

  it('summary: a sentence per format with the sizes as served (gzip, brotli, none), "could not be measured", the json row\'s own failure', () => {
    const tail = "encodes in about JSON's time and decodes in 0.40× JSON's time here, but it did not give the data back exactly (2+ diffs).";
    expect(summarize(payload, 'gzip')).toEqual([
      'json itself did not give the data back exactly (1 diff).',
      "protobuf is 7,387 B with gzip against JSON's 7,850 B (0.94× JSON's bytes), encodes in 1.45× JSON's time and decodes in 0.61× JSON's time here.",
      `cbor is 8,100 B with gzip against JSON's 7,850 B (1.03× JSON's bytes), ${tail}`,
      'msgpack could not be measured: boom',
    ]);
    expect(summarize(payload, 'brotli').slice(1, 3)).toEqual([
      "protobuf is 6,210 B with brotli against JSON's 6,900 B (0.90× JSON's bytes), encodes in 1.45× JSON's time and decodes in 0.61× JSON's time here.",
      `cbor is 16,000 B uncompressed against JSON's 20,000 B (0.80× JSON's bytes; no brotli size was measured), ${tail}`,
    ]);
    expect(summarize(payload, 'none').slice(1, 3)).toEqual([
      "protobuf is 8,600 B uncompressed against JSON's 20,000 B (0.43× JSON's bytes), encodes in 1.45× JSON's time and decodes in 0.61× JSON's time here.",
      `cbor is 16,000 B uncompressed against JSON's 20,000 B (0.80× JSON's bytes), ${tail}`,
    ]);
  });

  it('Markdown: sizes with their share of JSON, times with their ratio and interval, diff counts', () => {
    const md = toMarkdown({ environment: { runtimeVersion: 'x', cores: 2 }, createdAt: 'now', payloads: [payload] } as unknown as WirebenchResult);
    expect(md).toContain('**p** (20,000 B of JSON, 2 rounds)');
    expect(md).toContain('| cbor | 16,000 B (80 %) | 8,100 B | 500 µs 1.01× JSON (0.98–1.03) | 500 µs 0.40× JSON (0.38–0.42) | 2+ diffs |');
    expect(md).toContain('| 1 diff |');
  });
});
