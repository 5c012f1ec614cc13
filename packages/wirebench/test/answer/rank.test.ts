/**
 * answer/rank.ts: the ranking under constraints. A row that lost data or that a constraint rules
 * out is never ranked (and says why, as data); the order is by time until usable as the figures give
 * it, ties broken the same way every time; each ranked row carries the figures its reason quotes
 * (the sentences themselves: test/report/answer-words.test.ts).
 */

import type { FormatId } from '@wirebench/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTATION_CAPABILITIES } from '../../src/answer/capabilities.js';
import type { Constraints } from '../../src/answer/constraints.js';
import { constraintExclusions, resolveConstraints } from '../../src/answer/constraints.js';
import type { RowFacts } from '../../src/answer/facts.js';
import { NETWORK_PRESETS } from '../../src/answer/networks.js';
import { rank } from '../../src/answer/rank.js';
import { SERVED_ENCODINGS } from '../../src/answer/served.js';
import { rowTimeUntilUsable } from '../../src/answer/time-until-usable.js';
import { ROWS, row } from './fixtures.js';

const names = (rows: readonly { name: string }[]): string[] => rows.map((r) => r.name);

describe('rank', () => {
  it('ranks every row that keeps the data by time until usable, JSON included', () => {
    const ranking = rank(ROWS, { network: '3g-slow', served: 'gzip' });
    expect(ranking.excluded).toEqual([]);
    const totals = ranking.ranked.map((r) => r.timeUntilUsable.totalMs);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(ranking.ranked.map((r) => r.rank)).toEqual(ROWS.map((_, i) => i + 1));
    // On 3G Slow bytes dominate: the fewest gzip bytes first, the most last.
    expect(ranking.ranked[0]?.name).toBe('protobuf');
    expect(ranking.ranked.at(-1)?.name).toBe('flatbuffers');
    expect(ranking.reference).toEqual({ name: 'json', timeUntilUsable: rowTimeUntilUsable(ROWS[0]?.figures as never, '3g-slow', 'gzip') });
    expect(ranking.network).toMatchObject({ id: '3g-slow', downloadBps: 400_000, rttMs: 400 });
  });

  it('every total equals transfer + decompression + decode, and transfer follows from the bytes and the preset', () => {
    for (const network of NETWORK_PRESETS) {
      for (const served of SERVED_ENCODINGS) {
        for (const r of rank(ROWS, { network: network.id, served }).ranked) {
          const t = r.timeUntilUsable;
          expect(t.totalMs).toBe(t.transferMs + t.decompressMs + t.decodeMs);
          expect(t.transferMs).toBe(network.rttMs + (t.bytes * 8 * 1000) / network.downloadBps);
          expect(t).toEqual(rowTimeUntilUsable(ROWS.find((x) => x.name === r.name)?.figures as never, network, served));
        }
      }
    }
  });

  it('never ranks a row that lost data, however fast, and says where', () => {
    const lossy = row('cbor', 'cbor-x', { gzip: 100, decodeMs: 0, jsBytes: 0, fidelity: { ok: false, firstDiff: { path: '$.orders[3].id', kind: 'value' } } });
    const ranking = rank([...ROWS, lossy], { network: '3g-slow', served: 'gzip' });
    expect(names(ranking.ranked)).not.toContain('cbor (cbor-x)');
    expect(ranking.excluded).toEqual([
      {
        name: 'cbor (cbor-x)',
        format: 'cbor',
        implementation: 'cbor-x',
        exclusions: [{ code: 'lost-data', firstDiff: { path: '$.orders[3].id', kind: 'value' } }],
      },
    ]);
  });

  it('a no-eval CSP removes the rows that need eval, and keeps one measured interpreted', () => {
    const free = rank(ROWS, { network: '3g-slow', served: 'gzip' });
    const noEval = rank(ROWS, { network: '3g-slow', served: 'gzip', noEval: true });
    expect(names(free.ranked)).toContain('protobuf (protobufjs)');
    expect(names(noEval.ranked)).toEqual(names(free.ranked).filter((n) => !['protobuf', 'protobuf (protobufjs)', 'flatbuffers'].includes(n)));
    expect(noEval.excluded.map((e) => [e.name, e.exclusions.map((x) => x.code)])).toEqual([
      ['protobuf', ['needs-eval']],
      ['protobuf (protobufjs)', ['needs-eval']],
      ['flatbuffers', ['needs-eval']],
    ]);
    expect(noEval.excluded[1]?.exclusions).toEqual([{ code: 'needs-eval', eval: 'always', why: IMPLEMENTATION_CAPABILITIES['protobuf/protobufjs']?.evalWhy }]);
    expect(noEval.excluded[0]?.exclusions).toEqual([{ code: 'needs-eval', eval: 'generated' }]);
    // The winner changes as the figures say: protobuf was first; without it, the next fastest is.
    expect(free.ranked[0]?.name).toBe('protobuf');
    expect(noEval.ranked[0]?.name).toBe(free.ranked.find((r) => !['protobuf', 'protobuf (protobufjs)', 'flatbuffers'].includes(r.name))?.name);
    const interpreted = rank(
      ROWS.map((r) => (r.name === 'protobuf' ? { ...r, interpreted: true } : r)),
      { network: '3g-slow', served: 'gzip', noEval: true },
    );
    expect(interpreted.ranked[0]?.name).toBe('protobuf');
  });

  it('a 10 KB bundle budget removes every row with more JS, and says how much', () => {
    const ranking = rank(ROWS, { network: '3g-slow', served: 'gzip', bundleBudgetBytes: 10_000 });
    for (const r of ranking.ranked) expect(r.jsBytes).toBeLessThanOrEqual(10_000);
    expect(names(ranking.ranked).sort()).toEqual(['cbor', 'json', 'msgpack']);
    const over = (jsBytes: number) => [{ code: 'over-budget', jsBytes, budgetBytes: 10_000 }];
    expect(ranking.excluded.map((e) => [e.name, e.exclusions])).toEqual([
      ['msgpack (msgpackr)', over(12_000)],
      ['protobuf', over(11_702)],
      ['protobuf (protobufjs)', over(18_000)],
      ['flatbuffers', over(11_704)],
    ]);
    expect(ranking.ranked[0]?.name).toBe('msgpack');
  });

  it('readable traffic leaves JSON; no shared schema removes protobuf and FlatBuffers', () => {
    expect(names(rank(ROWS, { network: '4g', served: 'gzip', readableTraffic: true }).ranked)).toEqual(['json']);
    const noSchema = rank(ROWS, { network: '4g', served: 'gzip', sharedSchemaOk: false });
    expect(noSchema.excluded.map((e) => e.format)).toEqual(['protobuf', 'protobuf', 'flatbuffers']);
    expect(noSchema.excluded[0]?.exclusions).toEqual([{ code: 'shared-schema', format: 'protobuf' }]);
  });

  it('exact int64 rules out every listed implementation, JSON too, yet still compares with JSON', () => {
    const ranking = rank(ROWS, { network: '4g', served: 'gzip', exactInt64: true });
    expect(ranking.ranked).toEqual([]);
    expect(ranking.excluded).toHaveLength(ROWS.length);
    expect(ranking.reference.name).toBe('json');
  });

  it('changing the network can change the winner, as the figures say', () => {
    // Fewer bytes, slower decode: protobuf saves 2,000 B a response and loses 2.7 ms decoding.
    const rows: RowFacts[] = [
      row('json', 'wirebench', { gzip: 8_000, decodeMs: 0.3 }),
      row('protobuf', 'wirebench', { gzip: 6_000, decodeMs: 3, jsBytes: 11_702 }),
    ];
    // 2,000 B take 40 ms on 3G Slow (400 Kbps) and 0.8 ms on FIOS (20 Mbps).
    expect(rank(rows, { network: '3g-slow', served: 'gzip' }).ranked.map((r) => r.name)).toEqual(['protobuf', 'json']);
    expect(rank(rows, { network: 'fios', served: 'gzip' }).ranked.map((r) => r.name)).toEqual(['json', 'protobuf']);
    // On every preset the winner is the row whose total, computed from the figures alone, is lower.
    for (const network of NETWORK_PRESETS) {
      const totals = rows.map((r) => rowTimeUntilUsable(r.figures as never, network, 'gzip').totalMs);
      const expected = (totals[0] as number) < (totals[1] as number) ? 'json' : 'protobuf';
      expect(rank(rows, { network: network.id, served: 'gzip' }).ranked[0]?.name, network.id).toBe(expected);
    }
    // On FIOS protobuf saves the bytes and loses the time: its JS is repaid by bytes, never by time.
    const fios = rank(rows, { network: 'fios', served: 'gzip' });
    const protobuf = fios.ranked[1]!;
    expect(protobuf.breakEven).toMatchObject({ bytesSavedPerResponse: 2_000, responsesByBytes: 6, responsesByTime: 'never' });
    expect(protobuf.breakEven.msSavedPerResponse).toBeCloseTo(-1.9, 9);
    expect(protobuf.timeUntilUsable.totalMs).toBeCloseTo(9.5, 9);
    expect(protobuf.timeUntilUsable.decodeMs - fios.reference.timeUntilUsable.decodeMs).toBeCloseTo(2.7, 9);
  });

  it('gives each ranked row the figures its reason quotes: its time, its saving over JSON, its break-even', () => {
    const rows = [row('json', 'wirebench', { gzip: 8_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 6_800, decodeMs: 0.5, jsBytes: 12_000 })];
    const ranking = rank(rows, { network: '3g-slow', served: 'gzip' });
    // msgpack: 400 ms RTT + 6,800 B at 400 Kbps (136 ms) + 0.1 + 0.5 = 536.6 ms; JSON: 400 + 160 + 0.1 + 0.3 = 560.4 ms.
    // 12 KB of JS ÷ 1,200 B saved = 10 responses; its 240 ms download ÷ 23.8 ms saved = 10.1, so 11.
    expect(ranking.ranked.map((r) => [r.name, r.timeUntilUsable.totalMs])).toEqual([
      ['msgpack', expect.closeTo(536.6, 9)],
      ['json', expect.closeTo(560.4, 9)],
    ]);
    expect(ranking.reference).toEqual({ name: 'json', timeUntilUsable: ranking.ranked[1]?.timeUntilUsable });
    expect(ranking.ranked[0]?.breakEven).toMatchObject({ bytesSavedPerResponse: 1_200, responsesByBytes: 10, jsDownloadMs: 240, responsesByTime: 11 });
    expect(ranking.ranked[0]?.breakEven.msSavedPerResponse).toBeCloseTo(23.8, 9);
    expect(ranking.ranked[1]?.breakEven).toMatchObject({ jsBytes: 0, bytesSavedPerResponse: 0, msSavedPerResponse: 0, responsesByBytes: 0 });
  });

  it('breaks ties by fewer bytes, then less JS, then the name', () => {
    // On 3G Slow 100 B take exactly 2 ms: 1,000 B + 3 ms decode ties with 1,100 B + 1 ms (423 ms, uncompressed).
    const tie = (format: FormatId, implementation: string, bytes: number, decodeMs: number, jsBytes: number): RowFacts => ({
      ...row(format, implementation),
      figures: { bytes, decodeMs },
      jsBytes,
    });
    const rows = [
      tie('json', 'wirebench', 2_000, 0, 0),
      tie('cbor', 'wirebench', 1_100, 1, 500),
      tie('msgpack', 'msgpackr', 1_000, 3, 900),
      tie('msgpack', 'wirebench', 1_000, 3, 900),
      tie('msgpack', '@msgpack/msgpack', 1_000, 3, 800),
    ];
    const ranked = rank(rows, { network: '3g-slow', served: 'none' }).ranked;
    expect(ranked.slice(0, 4).map((r) => r.timeUntilUsable.totalMs)).toEqual([423, 423, 423, 423]);
    expect(names(ranked)).toEqual(['msgpack (@msgpack/msgpack)', 'msgpack', 'msgpack (msgpackr)', 'cbor', 'json']);
  });

  it('leaves out a row without figures for the served encoding, and one that was not measured', () => {
    const noBrotli: RowFacts = {
      ...row('msgpack', 'wirebench'),
      figures: { bytes: 40_000, compressed: { gzip: 7_000 }, decompressMs: { gzip: 0.1 }, decodeMs: 0.4 },
    };
    const failed: RowFacts = { ...row('cbor', 'wirebench'), figures: undefined, error: 'cbor: refused the payload' };
    const ranking = rank([ROWS[0] as RowFacts, noBrotli, failed], { network: '4g', served: 'brotli' });
    expect(names(ranking.ranked)).toEqual(['json']);
    expect(ranking.excluded.map((e) => [e.name, e.exclusions])).toEqual([
      ['msgpack', [{ code: 'no-figures', served: 'brotli', missing: 'size' }]],
      ['cbor', [{ code: 'not-measured', error: 'cbor: refused the payload' }]],
    ]);
    const noTiming: RowFacts = { ...row('msgpack', 'wirebench'), figures: { bytes: 40_000, compressed: { gzip: 7_000 }, decodeMs: 0.4 } };
    expect(rank([ROWS[0] as RowFacts, noTiming], { network: '4g', served: 'gzip' }).excluded[0]?.exclusions).toEqual([
      { code: 'no-figures', served: 'gzip', missing: 'decompression' },
    ]);
    const bare: RowFacts = { ...row('cbor', 'wirebench'), figures: undefined };
    expect(rank([ROWS[0] as RowFacts, bare], { network: '4g', served: 'gzip' }).excluded[0]?.exclusions).toEqual([{ code: 'not-measured' }]);
  });

  it('refuses a negative or non-finite figure, a mistake upstream, rather than rank or leave out a row on it', () => {
    const negative: RowFacts = {
      ...row('msgpack', 'wirebench'),
      figures: { bytes: 40_000, compressed: { gzip: -1 }, decompressMs: { gzip: 0.1 }, decodeMs: 0.4 },
    };
    expect(() => rank([ROWS[0] as RowFacts, negative], { network: '4g', served: 'gzip' })).toThrow(/gzip bytes must be a finite number ≥ 0, got -1/);
  });

  it('needs a measured JSON row and unique names', () => {
    expect(() => rank(ROWS.slice(1), { network: '4g', served: 'gzip' })).toThrow(/no measured JSON row/);
    expect(() => rank([...ROWS, ROWS[1] as RowFacts], { network: '4g', served: 'gzip' })).toThrow(/two rows named "msgpack"/);
    const jsonNoBrotli = { ...(ROWS[0] as RowFacts), figures: { bytes: 1, compressed: { gzip: 1 }, decompressMs: { gzip: 0 }, decodeMs: 0 } };
    expect(() => rank([jsonNoBrotli], { network: '4g', served: 'brotli' })).toThrow(/no brotli size/);
  });

  it('gives plain JSON data', () => {
    const ranking = rank(ROWS, { network: '4g', served: 'gzip', bundleBudgetBytes: 10_000 });
    expect(JSON.parse(JSON.stringify(ranking))).toEqual(ranking);
  });
});

describe('rank, on any figures and constraints (property)', () => {
  const IMPLS = Object.keys(IMPLEMENTATION_CAPABILITIES).map((key) => {
    const [format, ...rest] = key.split('/');
    return { format: format as FormatId, implementation: rest.join('/') };
  });
  const factsArb = fc
    .tuple(
      fc.subarray(
        IMPLS.filter((i) => i.format !== 'json'),
        { minLength: 0 },
      ),
      fc.array(
        fc.record({
          bytes: fc.integer({ min: 0, max: 200_000 }),
          gzip: fc.integer({ min: 0, max: 50_000 }),
          decompress: fc.double({ min: 0, max: 5, noNaN: true }),
          decode: fc.double({ min: 0, max: 20, noNaN: true }),
          jsBytes: fc.integer({ min: 0, max: 40_000 }),
          ok: fc.boolean(),
          interpreted: fc.boolean(),
        }),
        { minLength: 12, maxLength: 12 },
      ),
    )
    .map(([impls, figures]) =>
      [{ format: 'json' as FormatId, implementation: 'wirebench' }, ...impls].map((i, k): RowFacts => {
        const f = figures[k] as (typeof figures)[number];
        return {
          ...row(i.format, i.implementation),
          fidelity: f.ok || i.format === 'json' ? { ok: true } : { ok: false, firstDiff: { path: '$.x', kind: 'value' } },
          figures: { bytes: f.bytes, compressed: { gzip: f.gzip }, decompressMs: { gzip: f.decompress }, decodeMs: f.decode },
          jsBytes: i.format === 'json' ? 0 : f.jsBytes,
          interpreted: f.interpreted,
        };
      }),
    );
  const constraintsArb: fc.Arbitrary<Constraints> = fc.record(
    {
      network: fc.constantFrom(...NETWORK_PRESETS.map((p) => p.id)),
      served: fc.constantFrom('none' as const, 'gzip' as const),
      bundleBudgetBytes: fc.integer({ min: 0, max: 40_000 }),
      noEval: fc.boolean(),
      exactInt64: fc.boolean(),
      readableTraffic: fc.boolean(),
      sharedSchemaOk: fc.boolean(),
    },
    { requiredKeys: ['network', 'served'] },
  );

  it('never ranks a lossy or ruled-out row; ranks the rest in order; accounts for every row; does not depend on the input order', () => {
    fc.assert(
      fc.property(factsArb, constraintsArb, fc.integer(), (rows, constraints, seed) => {
        const ranking = rank(rows, constraints);
        const resolved = resolveConstraints(constraints);
        for (const r of ranking.ranked) {
          const facts = rows.find((x) => x.name === r.name) as RowFacts;
          expect(facts.fidelity.ok).toBe(true);
          expect(constraintExclusions(facts, resolved)).toEqual([]);
          expect(r.timeUntilUsable.totalMs).toBe(r.timeUntilUsable.transferMs + r.timeUntilUsable.decompressMs + r.timeUntilUsable.decodeMs);
        }
        for (const e of ranking.excluded) expect(e.exclusions.length).toBeGreaterThan(0);
        expect([...names(ranking.ranked), ...names(ranking.excluded)].sort()).toEqual(names(rows).sort());
        const totals = ranking.ranked.map((r) => r.timeUntilUsable.totalMs);
        for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1] as number);
        // Shuffled input, same answer.
        const shuffled = [...rows].sort((a, b) => ((hash(a.name) ^ seed) >>> 0) - ((hash(b.name) ^ seed) >>> 0));
        expect(rank(shuffled, constraints).ranked).toEqual(ranking.ranked);
      }),
      { numRuns: 300 },
    );
  });
});

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
