/**
 * measure/result-json.ts: the one check of a result JSON read from elsewhere (a file, another
 * device's download). bench/test/compare.test.ts covers the bench's readers; these are its own cases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateMeasureResult } from '../../src/measure/result-json.js';
import { REPO_ROOT } from '../support/paths.js';

/** A result measure() wrote: the committed CI baseline (a real run, never edited by hand). */
const baseline = (): Record<string, unknown> => JSON.parse(readFileSync(join(REPO_ROOT, 'bench/baselines/node-quick.json'), 'utf8')) as Record<string, unknown>;

describe('validateMeasureResult', () => {
  it('returns a result measure() wrote, unchanged', () => {
    const result = baseline();
    expect(validateMeasureResult(result)).toBe(result);
  });

  it('refuses what is not a wirebench result, or another version, saying which', () => {
    expect(() => validateMeasureResult([])).toThrow(/^not a wirebench result: expected a JSON object, got an? array/);
    expect(() => validateMeasureResult({ ...baseline(), format: 'other' })).toThrow(/^not a wirebench result: "format" is "other"/);
    expect(() => validateMeasureResult({ ...baseline(), version: 0 })).toThrow(/^wirebench result version 0 is not supported/);
  });

  it('names the path of the first field a reader would trip on', () => {
    const result = baseline();
    const payloads = result['payloads'] as Array<{ rows: Array<Record<string, unknown>> }>;
    const row = payloads[0]?.rows[1] as Record<string, unknown>;
    row['encode'] = { ...(row['encode'] as object), median: 'fast' };
    expect(() => validateMeasureResult(result)).toThrow(/payloads\[0\]\.rows\[1\]\.encode\.median must be a (finite )?number/);
  });

  it('checks the compressed sizes and decompression times time until usable is computed from', () => {
    const withRow = (fields: Record<string, unknown>): Record<string, unknown> => {
      const result = baseline();
      const payloads = result['payloads'] as Array<{ rows: Array<Record<string, unknown>> }>;
      Object.assign(payloads[0]?.rows[1] as Record<string, unknown>, fields);
      return result;
    };
    expect(() => validateMeasureResult(withRow({ decompressMs: { gzip: 0.02 } }))).not.toThrow();
    expect(() => validateMeasureResult(withRow({ decompressMs: { gzip: -1 } }))).toThrow('payloads[0].rows[1].decompressMs.gzip must be a number ≥ 0');
    expect(() => validateMeasureResult(withRow({ decompressMs: [1] }))).toThrow('payloads[0].rows[1].decompressMs must be an object');
    expect(() => validateMeasureResult(withRow({ compressed: { brotli: null } }))).toThrow('payloads[0].rows[1].compressed.brotli must be a number ≥ 0');
  });

  it('checks the fields of an answer that compare and the device import read', () => {
    const withAnswer = (answer: unknown): Record<string, unknown> => {
      const result = baseline();
      (result['payloads'] as Array<Record<string, unknown>>)[0]!['answer'] = answer;
      return result;
    };
    const ranking = { ranked: [], network: { id: '4g' }, constraints: { served: 'gzip' } };
    const usable = { network: '4g', served: 'gzip', totalMs: 3, transferMs: 2, decompressMs: 0.5, decodeMs: 0.5 };
    expect(() => validateMeasureResult(withAnswer({ rows: [{ name: 'json', usable: [usable] }], ranking }))).not.toThrow();
    expect(() => validateMeasureResult(withAnswer({ rows: [], ranking: { ranked: [] } }))).toThrow('payloads[0].answer.ranking.network.id must be a string');
    expect(() => validateMeasureResult(withAnswer({ rows: [{ name: 'json', usable: 5 }], ranking }))).toThrow('payloads[0].answer.rows[0].usable must be an array');
    expect(() => validateMeasureResult(withAnswer({ rows: [{ name: 'json', usable: [{ ...usable, totalMs: 'x' }] }], ranking }))).toThrow('payloads[0].answer.rows[0].usable[0] must be');
  });
});
