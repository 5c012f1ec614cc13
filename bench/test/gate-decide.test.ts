/**
 * The CI gate's decision (bench/src/gate/decide.ts), with a fake re-measure standing in for the
 * fresh processes: it re-measures only when this run flagged a regression, only the flagged
 * payloads, and fails only on rows the re-measure flags again; a row that broke fails without one.
 */

import { describe, expect, it } from 'vitest';
import type { MeasureResult } from 'wirebench';
import { seededRandom } from 'wirebench/samples';
import { decide, describeRow } from '../src/gate/decide.js';
import type { RowSpec } from './support/results.js';
import { lognormal, result } from './support/results.js';

/** A run of payloads `small` and `large`, msgpack's decode at `small` × and `large` × the baseline's ratio (0.8). */
function run(seed: number, small: number, large: number): MeasureResult {
  const random = seededRandom(seed);
  const rows = (shift: number): RowSpec[] => [
    { name: 'msgpack', bytes: 500, decode: lognormal(random, 11, 0.8 * shift) },
    { name: 'cbor', bytes: 520, decode: lognormal(random, 11, 0.9) },
  ];
  return result({ small: rows(small), large: rows(large) });
}

/** A re-measure that records which payloads it was asked for and returns `runs`. */
function fakeRemeasure(runs: MeasureResult[]) {
  const asked: string[][] = [];
  const remeasure = async (payloads: string[]): Promise<MeasureResult[]> => {
    asked.push(payloads);
    return runs;
  };
  return { asked, remeasure };
}

describe('decide', () => {
  const baseline = run(1, 1, 1);

  it('passes an unchanged run without re-measuring', async () => {
    const fake = fakeRemeasure([]);
    const verdict = await decide(baseline, run(2, 1, 1), fake.remeasure);
    expect(verdict).toMatchObject({ flagged: [], confirmed: [], broken: false });
    expect(verdict.remeasured).toBeUndefined();
    expect(fake.asked).toEqual([]);
  });

  it('re-measures only the payload that regressed, and passes when the re-measure does not flag it again', async () => {
    const fake = fakeRemeasure([run(3, 1, 1), run(4, 1, 1), run(5, 1, 1)]);
    const verdict = await decide(baseline, run(6, 1.3, 1), fake.remeasure);
    expect(verdict.flagged.map(describeRow)).toEqual(['small / msgpack / decode']);
    expect(fake.asked).toEqual([['small']]);
    expect(verdict.remeasured).toBeDefined();
    expect(verdict.confirmed).toEqual([]);
  });

  it('fails on a regression the re-measure flags again, and only on that row', async () => {
    const slow = (seed: number): MeasureResult => run(seed, 1.3, 1.3);
    const fake = fakeRemeasure([slow(7), slow(8), slow(9)]);
    // This run flags small only; the re-measure (asked for small) is slow on both, but large was never flagged.
    const verdict = await decide(baseline, run(10, 1.3, 1), fake.remeasure);
    expect(fake.asked).toEqual([['small']]);
    expect(verdict.confirmed.map(describeRow)).toEqual(['small / msgpack / decode']);
  });

  it('calls a row that now errors broken, without a re-measure', async () => {
    const broken = result({
      small: [
        { name: 'msgpack', error: 'decode threw', bytes: 500 },
        { name: 'cbor', bytes: 520, decode: lognormal(seededRandom(11), 11, 0.9) },
      ],
      large: [
        { name: 'msgpack', bytes: 500, decode: lognormal(seededRandom(12), 11, 0.8) },
        { name: 'cbor', bytes: 520, decode: lognormal(seededRandom(13), 11, 0.9) },
      ],
    });
    const fake = fakeRemeasure([]);
    const verdict = await decide(baseline, broken, fake.remeasure);
    expect(verdict.broken).toBe(true);
    expect(fake.asked).toEqual([]);
  });

  it('calls a payload the run lacks broken (its worker crashed, say)', async () => {
    const full = run(14, 1, 1);
    const missing: MeasureResult = { ...full, payloads: full.payloads.filter((p) => p.name !== 'large') };
    const verdict = await decide(baseline, missing, fakeRemeasure([]).remeasure);
    expect(verdict.broken).toBe(true);
  });

  describe('rows that slowed together', () => {
    /** Payloads p0…p2 of four rows each; every row of the payloads in `slowed` at `factor` × the baseline, and JSON's own time with them. */
    function together(seed: number, slowed: readonly string[], factor: number): MeasureResult {
      const random = seededRandom(seed);
      const payloads: Record<string, RowSpec[]> = {};
      for (const payload of ['p0', 'p1', 'p2']) {
        const f = slowed.includes(payload) ? factor : 1;
        payloads[payload] = [
          { name: 'json', medianMs: f },
          ...['msgpack', 'cbor', 'protobuf', 'flatbuffers'].map((name, i) => ({ name, decode: lognormal(random, 11, (0.5 + 0.1 * i) * f, 0.03) })),
        ];
      }
      return result(payloads);
    }
    const base = together(31, [], 1);

    it('passes one payload whose rows all slowed (the machine), without a re-measure', async () => {
      const fake = fakeRemeasure([]);
      const verdict = await decide(base, together(32, ['p2'], 1.3), fake.remeasure);
      expect(verdict).toMatchObject({ flagged: [], flaggedShifts: [], confirmedShifts: [] });
      expect(fake.asked).toEqual([]);
    });

    it('re-measures most payloads slowing together and fails when the re-measure finds it again', async () => {
      const slow = (seed: number): MeasureResult => together(seed, ['p0', 'p1'], 1.3);
      const fake = fakeRemeasure([slow(33), slow(34), slow(35)]);
      const verdict = await decide(base, slow(36), fake.remeasure);
      expect(verdict.flagged).toEqual([]);
      expect(fake.asked).toEqual([['p0', 'p1']]);
      expect(verdict.confirmedShifts.map((s) => `${s.payload} / ${s.operation}`)).toEqual(['p0 / decode', 'p1 / decode']);
    });

    it('passes when the re-measure of such a run is back to the baseline', async () => {
      const fake = fakeRemeasure([together(37, [], 1), together(38, [], 1), together(39, [], 1)]);
      const verdict = await decide(base, together(40, ['p0', 'p1'], 1.3), fake.remeasure);
      expect(verdict.flaggedShifts).toHaveLength(2);
      expect(verdict.confirmedShifts).toEqual([]);
    });

    it('counts "most payloads" over the whole run, not over the few re-measured', async () => {
      // The run moved p0 and p1 (2 of 3); the re-measure finds p0 again and not p1: 1 of 3 is not most.
      const fake = fakeRemeasure([together(41, ['p0'], 1.3), together(42, ['p0'], 1.3), together(43, ['p0'], 1.3)]);
      const verdict = await decide(base, together(44, ['p0', 'p1'], 1.3), fake.remeasure);
      expect(verdict.flaggedShifts).toHaveLength(2);
      expect(verdict.confirmedShifts).toEqual([]);
    });
  });
});
