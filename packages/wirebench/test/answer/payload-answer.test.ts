/**
 * answer/payload-answer.ts over real measurements: a corpus file and a canonical payload planned as
 * the CLI plans them (codecs of every implementation, a schema inferred, bytes attributed), measured
 * with Node's compressors, answered. The figures must add up: every time until usable is its parts'
 * sum, its transfer follows from its bytes and the preset, and each format's attributed bytes are
 * its encoded size.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_GZIP_BYTES, FORMATS } from '@wirebench/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, withCorpus } from '../../../core/test/support/paths.js';
import { streamedDecompressionMs } from '../../src/answer/decompression.js';
import { findNetworkPreset } from '../../src/answer/networks.js';
import { answerPayload } from '../../src/answer/payload-answer.js';
import { withAnswers } from '../../src/answer/with-answers.js';
import { measure } from '../../src/measure/engine.js';
import { planPayload } from '../../src/measure/plan.js';
import { nodeCompressors } from '../../src/node/environment.js';
import { attributionSource, withAttribution } from '../../src/result/attribution.js';
import type { ResultPayload, WirebenchResult } from '../../src/result/types.js';
import { validateMeasureResult } from '../../src/result/validate.js';
import { orderBatch, seededRandom } from '../../src/samples.js';

const QUICK = { rounds: 3, roundTime: 3, warmupTime: 3, bootstrapResamples: 50, compressors: nodeCompressors } as const;

async function measured(name: string, value: unknown): Promise<WirebenchResult> {
  const notes: string[] = [];
  const planned = await planPayload({ name, value }, FORMATS, notes, 'all');
  return withAttribution(await measure([planned.target], QUICK), [attributionSource(planned)]);
}

/** The checks every answered payload must pass. */
function expectFiguresAddUp(payload: ResultPayload): void {
  const answer = payload.answer!;
  expect(answer.networks).toEqual(['3g-slow', '4g', 'cable']);
  expect(answer.served).toEqual(['none', 'gzip', 'brotli']);
  for (const row of answer.rows) {
    const result = payload.rows.find((r) => r.name === row.name)!;
    if (result.error !== undefined) {
      expect(row.usable).toEqual([]);
      continue;
    }
    // Every network × served encoding, each a sum of its parts and a transfer of its bytes.
    expect(row.usable).toHaveLength(3 * 3);
    for (const t of row.usable) {
      const preset = findNetworkPreset(t.network);
      expect(Math.abs(t.totalMs - (t.transferMs + t.decompressMs + t.decodeMs))).toBeLessThanOrEqual(0.01 * t.totalMs);
      expect(t.transferMs).toBeCloseTo(preset.rttMs + (t.bytes * 8 * 1000) / preset.downloadBps, 9);
      expect(t.bytes).toBe(t.served === 'none' ? result.bytes : result.compressed![t.served]);
      if (t.served === 'none') {
        expect(t.decompressMs).toBe(0);
        expect(t.inflateMs).toBeUndefined();
      } else {
        // Modelled from the streaming rate this run measured: what inflating adds after the last byte, at most the whole inflate.
        expect(t.inflateFrom).toBe('stream');
        expect(t.inflateMs).toBeCloseTo(result.bytes! / result.inflateBytesPerMs![t.served]!, 12);
        expect(t.decompressMs).toBe(streamedDecompressionMs({ bytes: t.bytes, inflateMs: t.inflateMs!, downloadMs: t.downloadMs }));
        expect(t.decompressMs).toBeLessThanOrEqual(t.inflateMs!);
      }
      expect(t.decompressMs).toBeGreaterThanOrEqual(0);
      expect(t.decodeMs).toBe(result.decode!.median);
    }
  }
  // Each format's attributed bytes add up to its encoded size (wirebench's row of that format).
  const attribution = payload.attribution!;
  expect(attribution.formats.map((f) => f.format).sort()).toEqual(['cbor', 'flatbuffers', 'json', 'msgpack', 'protobuf']);
  for (const format of attribution.formats) {
    const row = payload.rows.find((r) => r.format === format.format && r.implementation === 'wirebench')!;
    expect(format.total).toBe(row.bytes);
    expect(format.byKind.keys + format.byKind.values + format.byKind.framing).toBe(format.total);
    expect(format.paths.reduce((sum, p) => sum + p.total, 0) + format.rest.total).toBe(format.total);
    if (format.savedVsJson) expect(format.savedVsJson.saved.total).toBe(attribution.formats.find((f) => f.format === 'json')!.total - format.total);
  }
}

describe('the answer of a measured payload', () => {
  let orders: WirebenchResult;
  beforeAll(async () => {
    orders = withAnswers(await measured('orders', orderBatch(seededRandom(5), 60)), { network: '4g', served: 'gzip' });
  }, 120_000);

  it('gives every row its time until usable on three presets and three served encodings, each the sum of its measured parts', () => {
    expectFiguresAddUp(orders.payloads[0]!);
  });

  it('ranks by time until usable under the constraints, JSON as the reference, never a row that cannot run in a page', () => {
    const answer = orders.payloads[0]!.answer!;
    const totals = answer.ranking.ranked.map((r) => r.timeUntilUsable.totalMs);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(answer.ranking.network.id).toBe('4g');
    expect(answer.ranking.excluded.find((r) => r.name === 'simdjson')?.exclusions.map((e) => e.code) ?? ['node-only']).toEqual(['node-only']);
    // Each ranked row carries its break-even against JSON on the ranking's link (what its reason quotes).
    for (const row of answer.ranking.ranked) expect(row.breakEven).toMatchObject({ network: '4g', served: 'gzip', jsBytes: row.jsBytes });
  });

  it('answers a result measured before the streaming rate from its per-call decompression, and says which it used', () => {
    // As an older wirebench wrote it: no inflateBytesPerMs, no answer yet.
    const { answer: _answer, ...measuredPayload } = orders.payloads[0]!;
    const older = { ...measuredPayload, rows: measuredPayload.rows.map(({ inflateBytesPerMs: _rate, ...row }) => row) };
    const answer = answerPayload(older, { network: '4g', served: 'gzip' });
    for (const row of answer.rows) {
      const result = older.rows.find((r) => r.name === row.name)!;
      for (const t of row.usable.filter((u) => u.served !== 'none')) {
        expect(t.inflateFrom).toBe('per-call');
        expect(t.inflateMs).toBe(result.decompressMs![t.served]);
        expect(t.decompressMs).toBe(streamedDecompressionMs({ bytes: t.bytes, inflateMs: t.inflateMs!, downloadMs: t.downloadMs }));
      }
    }
    expect(validateMeasureResult(JSON.parse(JSON.stringify({ ...orders, payloads: [{ ...older, answer }] })))).toBeDefined();
  });

  it('charges each row the bundle size of its entry, and JSON none', () => {
    const rows = orders.payloads[0]!.answer!.rows;
    expect(rows.find((r) => r.name === 'json')!.jsBytes).toBe(0);
    expect(rows.find((r) => r.name === 'msgpack (msgpackr)')!.jsBytes).toBe(BUNDLE_GZIP_BYTES['@wirebench/core/msgpack/msgpackr']);
    expect(rows.find((r) => r.name === 'protobuf')!.jsBytes).toBe(BUNDLE_GZIP_BYTES['@wirebench/core/protobuf']);
    const msgpack = rows.find((r) => r.name === 'msgpack')!;
    expect(msgpack.breakEven).toHaveLength(9);
    for (const be of msgpack.breakEven) expect(be.jsBytes).toBe(BUNDLE_GZIP_BYTES['@wirebench/core/msgpack']);
  });

  it("checks the verdict on the user's CPU slowdown beside 2× and 4×, and ranks as measured", () => {
    const payload = orders.payloads[0]!;
    const measured = answerPayload(payload, { network: '4g', served: 'gzip' });
    const phone = answerPayload(payload, { network: '4g', served: 'gzip', cpuSlowdown: 6 });
    expect(measured.slowerCpu!.map((s) => s.factor)).toEqual([2, 4]);
    expect(phone.slowerCpu!.map((s) => s.factor)).toEqual([2, 4, 6]);
    expect(phone.slowerCpu!.slice(0, 2)).toEqual(measured.slowerCpu);
    expect(phone.ranking.ranked).toEqual(measured.ranking.ranked);
    expect(phone.ranking.constraints.cpuSlowdown).toBe(6);
    expect(validateMeasureResult(JSON.parse(JSON.stringify({ ...orders, payloads: [{ ...payload, answer: phone }] })))).toBeDefined();
  });

  it('changes the ranking as the constraints say: a 10 KB bundle budget, no eval', () => {
    const payload = orders.payloads[0]!;
    const budget = answerPayload(payload, { network: '4g', served: 'gzip', bundleBudgetBytes: 10_000 });
    for (const row of budget.ranking.ranked) expect(row.jsBytes).toBeLessThanOrEqual(10_000);
    expect(budget.ranking.excluded.find((r) => r.name === 'protobuf (protobufjs)')?.exclusions.map((e) => e.code)).toContain('over-budget');
    const noEval = answerPayload(payload, { network: '4g', served: 'gzip', noEval: true });
    expect(noEval.ranking.ranked.map((r) => r.name)).not.toContain('protobuf');
    expect(noEval.ranking.excluded.find((r) => r.name === 'protobuf')?.exclusions.map((e) => e.code)).toContain('needs-eval');
  });

  it('says as data why a row is never ranked: its JS size unknown, the data it lost, its measurement failed', () => {
    const payload = orders.payloads[0]!;
    const rows = payload.rows.map((r) => {
      if (r.name === 'cbor') return { ...r, fidelity: { ok: false, diffs: [{ path: '$.orders[3].id', kind: 'value' as const }], truncated: false } };
      if (r.name === 'msgpack') {
        const { bytes: _bytes, decode: _decode, encode: _encode, ...failed } = r;
        return { ...failed, error: 'encode failed: boom' };
      }
      return r;
    });
    const jsBytes = (format: string, implementation: string) =>
      format === 'msgpack' && implementation === 'msgpackr' ? undefined : format === 'json' ? 0 : 10_000;
    const answer = answerPayload({ ...payload, rows }, { network: '4g', served: 'gzip' }, { jsBytes });
    const row = (name: string) => answer.rows.find((r) => r.name === name)!;
    const excluded = (name: string) => answer.ranking.excluded.find((r) => r.name === name)?.exclusions;
    expect(row('msgpack (msgpackr)')).toMatchObject({ jsBytes: null, bundleSizeUnknown: true, breakEven: [] });
    expect(row('msgpack (msgpackr)')).not.toHaveProperty('error');
    expect(excluded('msgpack (msgpackr)')).toEqual([{ code: 'no-bundle-size' }]);
    expect(row('cbor')).toMatchObject({ lostData: { firstDiff: { path: '$.orders[3].id', kind: 'value' } }, jsBytes: 10_000 });
    expect(row('cbor').usable).toHaveLength(9);
    expect(excluded('cbor')).toEqual([{ code: 'lost-data', firstDiff: { path: '$.orders[3].id', kind: 'value' } }]);
    // A row that could not be measured has no round trip to judge: its error alone.
    expect(row('msgpack')).toMatchObject({ error: 'encode failed: boom', usable: [], breakEven: [] });
    expect(row('msgpack')).not.toHaveProperty('lostData');
    expect(excluded('msgpack')).toEqual([{ code: 'not-measured', error: 'encode failed: boom' }]);
    expect(row('json')).not.toHaveProperty('lostData');
  });

  it('survives the trip through JSON, as a result file does', () => {
    expect(JSON.parse(JSON.stringify(orders))).toEqual(orders);
  });

  it('says why a payload has no answer rather than failing the run', () => {
    const withoutJson = { ...orders, payloads: [{ ...orders.payloads[0]!, rows: orders.payloads[0]!.rows.filter((r) => r.format !== 'json') }] };
    const answered = withAnswers(withoutJson, { network: '4g', served: 'gzip' });
    expect(answered.payloads[0]!.answer).toBeUndefined();
    expect(answered.payloads[0]!.answerError).toMatch(/JSON row/);
    expect(() => withAnswers(orders, { network: 'dial-up', served: 'gzip' })).toThrow(/dial-up/);
  });
});

describe('the answer of a corpus file', () => {
  withCorpus('twitter.json', () => {
    it('adds up on twitter.json too', async () => {
      const value: unknown = JSON.parse(readFileSync(join(CORPUS_DIR, 'twitter.json'), 'utf8'));
      const result = withAnswers(await measured('twitter.json', value), { network: '3g-slow', served: 'brotli' });
      expectFiguresAddUp(result.payloads[0]!);
    }, 120_000);
  });
});
