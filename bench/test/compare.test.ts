import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormatId } from '@wirebench/core';
import { WirebenchError } from '@wirebench/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasureResult, OperationResult, RowResult } from 'wirebench';
import { upgradeResult, validateMeasureResult } from 'wirebench';
import { withAnswers } from 'wirebench/answer';
import { seededRandom } from 'wirebench/samples';
import { answerBoth, defaultConstraints, otherEngines } from '../src/compare/answers.js';
import type { ComparisonReport, TimingChange } from '../src/compare/compare.js';
import { compareResults, fails, formatMarkdown, formatText, NO_CHANGE_LINE, regressions, wholeRunShifts } from '../src/compare/compare.js';
import type { RowSpec } from './support/results.js';
import { lognormal, result, shiftedRuns } from './support/results.js';

const only = (report: ComparisonReport): TimingChange => {
  expect(report.timings).toHaveLength(1);
  return report.timings[0] as TimingChange;
};

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

// ---------------------------------------------------------------------------------------------

describe('compareResults', () => {
  it('finds nothing significant between identical runs', () => {
    const random = seededRandom(7);
    const rows = ['msgpack', 'cbor', 'protobuf'].map((name) => ({ name, bytes: 500, encode: lognormal(random, 11, 1.2), decode: lognormal(random, 11, 0.7) }));
    const run = result({ small: rows, large: rows });
    const report = compareResults(run, structuredClone(run));
    expect(report.timings).toHaveLength(12); // 2 payloads × 3 rows × 2 operations; the json reference row is not compared with itself
    expect(report.timings.filter((t) => t.significant)).toEqual([]);
    expect(report.bytes).toEqual([]);
    expect(report.unmatched).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(lastLine(formatText(report))).toBe(NO_CHANGE_LINE);
    expect(lastLine(formatMarkdown(report))).toBe(NO_CHANGE_LINE);
  });

  it('raises no regression between ~100 rows of two independent runs of unchanged code', () => {
    // The false-alarm budget behind alpha = 0.01: about one significant row per hundred at most, and none beyond the threshold.
    const random = seededRandom(11);
    const specs = (): RowSpec[] =>
      Array.from({ length: 50 }, (_, i) => ({ name: `row${i}`, encode: lognormal(random, 11, 1), decode: lognormal(random, 11, 1) }));
    const report = compareResults(result({ p: specs() }), result({ p: specs() }));
    expect(report.timings).toHaveLength(100);
    expect(report.timings.filter((t) => t.significant).length).toBeLessThanOrEqual(2);
    expect(regressions(report)).toEqual([]);
  });

  it('detects a 25 % slowdown under realistic noise (11 rounds, 8 % lognormal spread)', () => {
    const report = compareResults(...shiftedRuns(1, 1.25));
    const t = only(report);
    expect(t).toMatchObject({
      payload: 'small',
      row: 'msgpack',
      operation: 'decode',
      significant: true,
      regression: true,
      improvement: false,
      underpowered: false,
    });
    expect(t.change).toBeGreaterThan(1.15);
    expect(t.p).toBeLessThan(0.01);
    expect(t.low).toBeGreaterThan(1);
    expect(t.low).toBeLessThanOrEqual(t.change);
    expect(t.high).toBeGreaterThanOrEqual(t.change);
    expect(regressions(report)).toEqual([t]);
    const text = formatText(report);
    expect(text).toContain('▲ slower');
    expect(lastLine(text)).toMatch(/^1 significant change beyond 15 %: 1 regression, no improvements: small \/ msgpack \/ decode \+\d+\.\d %/);
  });

  it('detects a 25 % speed-up as an improvement, not a regression', () => {
    const report = compareResults(...shiftedRuns(1, 1 / 1.25));
    expect(only(report)).toMatchObject({ significant: true, regression: false, improvement: true });
    expect(formatText(report)).toContain('▼ faster');
    expect(regressions(report)).toEqual([]);
  });

  it('does not call a 25 % shift significant from only 3 rounds per run: too few rounds for any p below 0.01', () => {
    // With 3 against 3 values, even fully separated groups give a Mann–Whitney p of about 0.08:
    // the test cannot reach alpha = 0.01 whatever the data, so the row is marked instead.
    const report = compareResults(...shiftedRuns(1, 1.25, 3));
    const t = only(report);
    expect(t).toMatchObject({ rounds: [3, 3], significant: false, regression: false, underpowered: true });
    expect(t.p).toBeGreaterThan(0.05);
    expect(formatText(report)).toContain('too few rounds');
    expect(lastLine(formatText(report))).toBe(NO_CHANGE_LINE);
  });

  it('never counts a 5 % shift as a regression: significant when the noise is low, but within the threshold', () => {
    const report = compareResults(...shiftedRuns(3, 1.05, 11, 0.01));
    expect(only(report)).toMatchObject({ significant: true, regression: false, improvement: false });
    expect(formatText(report)).toMatch(/\nsmall +msgpack +decode .* \+\d\.\d % .* △ slower\n/);
    // A shift inside the threshold is drift: said above the closing line, which reports no change.
    const text = formatText(report);
    expect(text).toContain('1 row moved significantly but by less than 15 %');
    expect(lastLine(text)).toBe('no significant change');
  });

  it('rarely lets 8 % noise inflate a true 5 % shift past the threshold', () => {
    // A limit of the method, pinned: the median of 11 rounds scatters by ~3 %, so a real 5 % shift
    // reads as more than 15 % in about 1 % of rows (seeded: the same count on every run).
    const trials = Array.from({ length: 200 }, (_, seed) => only(compareResults(...shiftedRuns(seed + 1, 1.05))));
    expect(trials.filter((t) => t.regression).length).toBeLessThanOrEqual(4);
    expect(trials.every((t) => !t.regression || t.change > 1.15)).toBe(true);
  });

  it("keys rows by format and implementation: a library slowing down is its row alone, never mixed with wirebench's", () => {
    const random = seededRandom(3);
    const steady = lognormal(random, 11, 0.8, 0.05);
    const library = lognormal(random, 11, 0.6, 0.05);
    const a = result({
      small: [
        { name: 'msgpack', decode: steady },
        { name: 'msgpack (msgpackr)', decode: library },
      ],
    });
    const b = result({
      small: [
        { name: 'msgpack', decode: steady },
        { name: 'msgpack (msgpackr)', decode: library.map((x) => x * 1.3) },
      ],
    });
    const report = compareResults(a, b);
    expect(report.timings.map((t) => [t.row, t.regression])).toEqual([
      ['msgpack', false],
      ['msgpack (msgpackr)', true],
    ]);
  });

  describe('rows that moved together', () => {
    const ROWS = ['simdjson', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'] as const;
    /**
     * A payload's five rows at ratios 0.5–0.9, each row's b moved by its factor (low noise, 9 rounds
     * as the gate's), and JSON's own time in b at `jsonMoved` × a's (default unchanged).
     */
    function moved(
      seed: number,
      payloads: Readonly<Record<string, readonly number[]>>,
      jsonMoved: Readonly<Record<string, number>> = {},
    ): [MeasureResult, MeasureResult] {
      const random = seededRandom(seed);
      const runs: [Record<string, RowSpec[]>, Record<string, RowSpec[]>] = [{}, {}];
      for (const [payload, factors] of Object.entries(payloads)) {
        runs[0][payload] = [];
        runs[1][payload] = [{ name: 'json', medianMs: jsonMoved[payload] ?? 1 }];
        ROWS.forEach((name, i) => {
          const center = 0.5 + i * 0.1;
          runs[0][payload]?.push({ name, encode: lognormal(random, 9, center, 0.02) });
          runs[1][payload]?.push({ name, encode: lognormal(random, 9, center * (factors[i] ?? 1), 0.02) });
        });
      }
      return [result(runs[0], 9), result(runs[1], 9)];
    }
    /** The per-row changes of order_batch's encode in the CI run that failed a124c50, where JSON's own encode took 3.27 ms against the baseline's 2.04. */
    const CI_RUN = [1.022, 1.097, 1.103, 1.258, 1.204];

    it("reads a payload whose rows all moved with JSON's own time as the machine, not as each row's regression", () => {
      const report = compareResults(...moved(21, { order_batch: CI_RUN, order: [1, 1, 1, 1, 1] }, { order_batch: 3.27 / 2.04 }));
      expect(report.shifts).toHaveLength(1);
      const shift = report.shifts[0];
      expect(shift).toMatchObject({ payload: 'order_batch', operation: 'encode', rows: 5 });
      expect(shift?.jsonMoved).toBeCloseTo(1.603, 3);
      expect(shift?.shift).toBeGreaterThan(1.07);
      expect(shift?.shift).toBeLessThan(1.14);
      expect(regressions(report)).toEqual([]);
      expect(fails(report)).toBe(false);
      const flatbuffers = report.timings.find((t) => t.payload === 'order_batch' && t.row === 'flatbuffers');
      // Against the shift, flatbuffers moved about 1.204 / 1.103; `after` stays the ratio b measured.
      expect(flatbuffers?.change).toBeGreaterThan(1.03);
      expect(flatbuffers?.change).toBeLessThan(1.15);
      expect(flatbuffers?.after).toBeCloseTo((flatbuffers?.before ?? 0) * (flatbuffers?.change ?? 0) * (shift?.shift ?? 0), 6);
      const text = formatText(report);
      expect(text).toContain("rows moved together with JSON's own time (shift, taken out of each change above):");
      expect(text).toMatch(/\n {2}encode: order_batch \+1\d\.\d % \(JSON's own time \+60\.\d %\)\n/);
      expect(lastLine(text)).toBe(NO_CHANGE_LINE);
    });

    it("reads the same moves as the code where JSON's own time held: every row that moved beyond 15 % regressed", () => {
      const report = compareResults(...moved(21, { order_batch: CI_RUN, order: [1, 1, 1, 1, 1] }));
      expect(report.shifts).toEqual([]);
      expect(regressions(report).map((t) => t.row)).toEqual(['protobuf', 'flatbuffers']);
    });

    it('still flags one row that regressed among rows that did not move, whatever JSON did', () => {
      const report = compareResults(...moved(22, { order_batch: [1, 1, 1.3, 1, 1] }, { order_batch: 1.5 }));
      expect(report.shifts[0]?.shift).toBeCloseTo(1, 1);
      expect(regressions(report).map((t) => t.row)).toEqual(['cbor']);
    });

    it('blames no unchanged row when the code every codec shares speeds up (JSON unchanged)', () => {
      const report = compareResults(...moved(25, { order_batch: [1, 0.7, 0.7, 0.7, 0.7] }));
      expect(regressions(report)).toEqual([]);
      expect(report.timings.filter((t) => t.improvement).map((t) => t.row)).toEqual(['msgpack', 'cbor', 'protobuf', 'flatbuffers']);
    });

    it('takes no shift out of a payload with fewer than three rows', () => {
      const [a, b] = shiftedRuns(1, 1.25);
      const slowerJson = {
        ...b,
        payloads: b.payloads.map((p) => ({
          ...p,
          rows: p.rows.map((r) => (r.name === 'json' && r.decode ? { ...r, decode: { ...r.decode, median: 2 } } : r)),
        })),
      };
      const report = compareResults(a, slowerJson);
      expect(report.shifts).toEqual([]);
      expect(only(report)).toMatchObject({ shift: 1, regression: true });
    });

    it('fails when most payloads slowed together with JSON: code every row shares, which the shift would otherwise hide', () => {
      const report = compareResults(
        ...moved(23, { a: [1.3, 1.3, 1.3, 1.3, 1.3], b: [1.25, 1.25, 1.25, 1.25, 1.25], c: [1, 1, 1, 1, 1] }, { a: 1.3, b: 1.3, c: 1.3 }),
      );
      expect(regressions(report)).toEqual([]);
      expect(wholeRunShifts(report).map((s) => s.payload)).toEqual(['a', 'b']);
      expect(fails(report)).toBe(true);
      expect(lastLine(formatText(report))).toMatch(
        /^every row slowed together on most payloads, beyond 15 %: a \/ encode \+\d\d\.\d % \(median of 5 rows\); b \/ encode/,
      );
    });

    it('says, without failing, when most payloads sped up together: JSON itself slower looks like this', () => {
      const faster = compareResults(...moved(24, { a: [0.77, 0.77, 0.77, 0.77, 0.77], b: [0.77, 0.77, 0.77, 0.77, 0.77] }, { a: 1.3, b: 1.3 }));
      expect(fails(faster)).toBe(false);
      expect(wholeRunShifts(faster, 'faster')).toHaveLength(2);
      expect(formatText(faster)).toContain('every row sped up together on most payloads: a / encode −');
    });
  });

  it('reports any difference in encoded bytes, exactly', () => {
    const ratios = [1, 1, 1, 1, 1];
    const a = result(
      {
        small: [
          { name: 'cbor', bytes: 400, decode: ratios },
          { name: 'msgpack', bytes: 380, decode: ratios },
        ],
      },
      5,
    );
    const b = result(
      {
        small: [
          { name: 'cbor', bytes: 400, decode: ratios },
          { name: 'msgpack', bytes: 390, decode: ratios },
        ],
      },
      5,
    );
    const report = compareResults(a, b);
    expect(report.bytes).toEqual([{ payload: 'small', row: 'msgpack', before: 380, after: 390, change: 390 / 380 }]);
    expect(formatText(report)).toMatch(/msgpack +380 +390 +\+2\.6 %/);
  });

  it('lists payloads, rows and operations found in one run only', () => {
    const ratios = [1, 1, 1, 1, 1, 1, 1];
    const a = result(
      {
        shared: [
          { name: 'cbor', encode: ratios, decode: ratios },
          { name: 'flatbuffers', encode: ratios, decode: ratios },
        ],
        old: [],
      },
      7,
    );
    // b's cbor row failed on encode only.
    const b = result(
      {
        shared: [
          { name: 'cbor', decode: ratios, error: 'cbor refused the payload' },
          { name: 'protobuf', decode: ratios },
        ],
        fresh: [],
      },
      7,
    );
    const report = compareResults(a, b);
    expect(report.unmatched).toEqual([
      { only: 'a', payload: 'shared', row: 'cbor', operation: 'encode', reason: 'cbor refused the payload' },
      { only: 'a', payload: 'shared', row: 'flatbuffers' },
      { only: 'b', payload: 'shared', row: 'protobuf' },
      { only: 'a', payload: 'old' },
      { only: 'b', payload: 'fresh' },
    ]);
    expect(report.timings.map((t) => `${t.row} ${t.operation}`)).toEqual(['cbor decode']);
    const text = formatText(report);
    expect(text).toContain('only in a:\n  shared / cbor / encode (cbor refused the payload)\n  shared / flatbuffers\n  old\n');
    expect(text).toContain('only in b:\n  shared / protobuf\n  fresh\n');
  });

  it('fails when a row that worked now errors or no longer gives the payload back exactly', () => {
    const ratios = [1, 1, 1, 1, 1, 1, 1];
    const exact = { ok: true, diffs: [], truncated: false };
    const a = result(
      {
        small: [
          { name: 'cbor', encode: ratios, decode: ratios },
          { name: 'msgpack', encode: ratios, decode: ratios },
        ],
      },
      7,
    );
    const b = result(
      {
        small: [
          { name: 'cbor', error: 'encode failed: boom' },
          { name: 'msgpack', encode: ratios, decode: ratios },
        ],
      },
      7,
    );
    const errored = compareResults(a, b);
    expect(errored.breakages).toEqual([{ payload: 'small', row: 'cbor', what: 'now fails: encode failed: boom' }]);
    expect(fails(errored)).toBe(true);
    expect(formatText(errored).trimEnd().split('\n').at(-1)).toBe('1 row broke: small / cbor now fails: encode failed: boom');

    const withFidelity = (run: MeasureResult, fidelity: RowResult['fidelity']): MeasureResult => ({
      ...run,
      payloads: run.payloads.map((p) => ({ ...p, rows: p.rows.map((r) => (r.name === 'msgpack' ? { ...r, fidelity } : r)) })),
    });
    const lossy = { ok: false, diffs: [{ path: '$.id', kind: 'value' as const, expected: 1, actual: 2 }], truncated: false };
    const lost = compareResults(withFidelity(a, exact), withFidelity(a, lossy));
    expect(lost.breakages).toEqual([{ payload: 'small', row: 'msgpack', what: 'no longer exact: 1 diff (first: value at $.id)' }]);
    expect(fails(lost)).toBe(true);
    expect(fails(compareResults(withFidelity(a, lossy), withFidelity(a, lossy)))).toBe(false);
  });

  it('fails when a payload could not be measured at all (its worker crashed), and warns when the runs were isolated differently', () => {
    const ratios = [1, 1, 1, 1, 1, 1, 1];
    const a = result({ small: [{ name: 'msgpack', encode: ratios, decode: ratios }] }, 7);
    const crashed: MeasureResult = {
      ...a,
      payloads: a.payloads.map((p) => ({ ...p, rows: [], rounds: [], error: 'the worker measuring it crashed: out of memory' })),
    };
    const report = compareResults(a, crashed);
    expect(report.breakages).toEqual([{ payload: 'small', row: '(every row)', what: 'not measured: the worker measuring it crashed: out of memory' }]);
    expect(fails(report)).toBe(true);

    const isolated: MeasureResult = { ...a, options: { ...a.options, isolation: 'worker-per-payload' } };
    expect(compareResults(a, isolated).warnings).toEqual([
      "runs differ in isolation (not recorded vs worker-per-payload): in one process a JavaScript codec's ratios to JSON depend on the payloads measured before it, so a change may come from that, not from the code",
    ]);
    expect(compareResults(isolated, structuredClone(isolated)).warnings).toEqual([]);
  });

  it('rejects invalid input with a one-line message that names the run and what is wrong', () => {
    const good = result({ small: [{ name: 'cbor', decode: [1, 1, 1] }] }, 3);
    const [json, cbor] = good.payloads[0]!.rows as [RowResult, RowResult & { decode: OperationResult }];
    /** `good` with its cbor row's `fields` replaced: the rest of the result stays valid, so the check names this field. */
    const withCbor = (fields: Record<string, unknown>): unknown => ({ ...good, payloads: [{ ...good.payloads[0], rows: [json, { ...cbor, ...fields }] }] });
    const cases: [unknown, RegExp][] = [
      [[], /^run a: not a wirebench result: expected a JSON object, got an array$/],
      [{ node: 'v20', results: [] }, /^run a: not a wirebench result: "format" is missing, expected "wirebench-result"/],
      [{ ...good, version: 3 }, /^run a: wirebench result version 3 was written by a newer wirebench: this one reads versions 1 and 2; update wirebench/],
      [{ ...good, payloads: 'none' }, /^run a: malformed wirebench result: payloads must be an array, got "none"$/],
      [
        withCbor({ decode: { ...cbor.decode, vsJson: { ...cbor.decode.vsJson, perRound: ['fast'] } } }),
        /^run a: malformed wirebench result: payloads\[0\]\.rows\[1\]\.decode\.vsJson\.perRound\[0\] must be a finite number ≥ 0 or null, got "fast"$/,
      ],
      [withCbor({ kind: 'row' }), /^run a: malformed wirebench result: payloads\[0\]\.rows\[1\]\.kind must be "codec", "library" or "custom", got "row"$/],
      [
        withCbor({ encode: { ...cbor.decode, median: null } }),
        /^run a: malformed wirebench result: payloads\[0\]\.rows\[1\]\.encode\.median must be a finite number ≥ 0, got null$/,
      ],
      [withCbor({ fidelity: { ok: false } }), /^run a: malformed wirebench result: payloads\[0\]\.rows\[1\]\.fidelity\.diffs is missing$/],
      [{ ...good, environment: { runtime: 'node' } }, /^run a: malformed wirebench result: environment\.runtimeVersion is missing$/],
      [{ ...good, payloads: [...good.payloads, ...good.payloads] }, /^run a: malformed wirebench result: payloads holds "small" twice$/],
    ];
    for (const [bad, message] of cases) {
      expect(() => compareResults(bad as MeasureResult, good)).toThrow(message);
      expect(() => compareResults(bad as MeasureResult, good)).toThrow(WirebenchError);
    }
    expect(() => compareResults(good, { ...good, format: 'x' } as unknown as MeasureResult)).toThrow(/^run b: /);
    expect(() => compareResults(good, good, { alpha: 0 })).toThrow('alpha must be between 0 and 1');
    expect(validateMeasureResult(JSON.parse(JSON.stringify(good)))).toEqual(good);
    // What the engine writes passes: the CI gate's committed baseline.
    const baseline: unknown = JSON.parse(readFileSync(fileURLToPath(new URL('../baselines/node-quick.json', import.meta.url)), 'utf8'));
    // Written as version 1: read as every reader reads a file, through upgradeResult.
    expect(upgradeResult(baseline).payloads.length).toBeGreaterThan(0);
  });

  it('formats GitHub Markdown with the significant changes up front and every row folded', () => {
    const markdown = formatMarkdown(compareResults(...shiftedRuns(1, 1.25)), { labels: { a: 'main.json', b: 'pr.json' } });
    expect(markdown).toContain('**a** = `main.json`, **b** = `pr.json`');
    expect(markdown).toContain('**Significant changes**');
    expect(markdown).toContain('<details><summary>All 1 timed rows</summary>');
    expect(markdown).toMatch(/\| small \| msgpack \| decode \| 0\.\d+× \| \d\.\d+× \| \+\d+\.\d % \| .* \| ▲ slower \|/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('answers for bench:compare', () => {
  const [runA, runB] = shiftedRuns(1, 1.25);
  /** JSON's row with gzip figures, or without in `without` (a run that timed no decompression). */
  const gzipped = (r: MeasureResult, without: readonly string[] = []): MeasureResult => ({
    ...r,
    payloads: r.payloads.map((p) => ({
      ...p,
      rows: p.rows.map((row) => (row.name === 'json' && !without.includes(p.name) ? { ...row, compressed: { gzip: 300 }, decompressMs: { gzip: 0.01 } } : row)),
    })),
  });

  it('answers under 4G with gzip where every payload of both has gzip figures, else uncompressed', () => {
    const two = result({ small: [{ name: 'msgpack' }], large: [{ name: 'msgpack' }] });
    expect(defaultConstraints(gzipped(two), gzipped(two))).toEqual({ network: '4g', served: 'gzip' });
    expect(defaultConstraints(gzipped(two), gzipped(two, ['large']))).toEqual({ network: '4g', served: 'none' });
    expect(defaultConstraints(two)).toEqual({ network: '4g', served: 'none' });
  });

  it("answers the side without answers under the other's constraints, and leaves answered results as they are", () => {
    const answeredA = withAnswers(runA, { network: '3g-slow', served: 'none', minGain: 0.1 });
    const { a, b, note } = answerBoth(answeredA, runB);
    expect(a).toBe(answeredA);
    expect(b.payloads[0]!.answer!.ranking.constraints).toEqual(answeredA.payloads[0]!.answer!.ranking.constraints);
    expect(note).toBe("b carries no answers: answered here under a's constraints (3G Slow uncompressed)");
    expect(answerBoth(runB, answeredA).note).toBe("a carries no answers: answered here under b's constraints (3G Slow uncompressed)");
    const both = answerBoth(answeredA, answeredA);
    expect([both.a, both.b, both.note]).toEqual([answeredA, answeredA, undefined]);
  });

  it('tells two engines apart, but not two versions of one', () => {
    const on = (runtime: MeasureResult['environment']['runtime'], runtimeVersion: string): MeasureResult => ({
      ...runA,
      environment: { ...runA.environment, runtime, runtimeVersion },
    });
    expect(otherEngines(on('node', 'Node v20.19.0'), on('node', 'Node v22.11.0'))).toBeUndefined();
    expect(otherEngines(on('worker', 'Firefox 140'), on('browser', 'Firefox 153'))).toBeUndefined();
    expect(otherEngines(on('node', 'Node v20.19.0'), on('worker', 'Chrome 131'))).toMatch(
      /^a and b ran in different engines: a in Node v20\.19\.0 \(V8\), b in Chrome 131 \(V8\)\./,
    );
    expect(otherEngines(on('worker', 'Firefox 153'), on('worker', 'Chrome 131'))).toBeDefined();
  });
});

describe('bench:compare CLI', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cli = join(root, 'bench/dist/cli/compare.js');
  const scratch = mkdtempSync(join(tmpdir(), 'wirebench-compare-'));
  const file = (name: string, content: unknown): string => {
    const path = join(scratch, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const run = (...args: string[]) => {
    const { status, stdout, stderr } = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
    return { status, stdout, stderr };
  };

  beforeAll(() => {
    // Build only when the CLI is missing or older than its sources (npm test builds first anyway).
    const sources = ['bench/src/cli/compare.ts', 'bench/src/compare/compare.ts'].map((source) => statSync(join(root, source)).mtimeMs);
    const built = ['bench/dist/cli/compare.js', 'bench/dist/compare/compare.js'].map((output) => join(root, output));
    if (built.some((output) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources))) {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'bench'], { cwd: root, stdio: 'pipe' });
    }
  });

  it('exits 0 and ends with exactly "no significant change" for identical runs', () => {
    const [a] = shiftedRuns(1, 1);
    const { status, stdout, stderr } = run(file('a.json', a), file('a-again.json', a));
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout.endsWith('\nno significant change\n')).toBe(true);
  });

  it('exits 1 and names the regression on stderr for a 25 % slowdown', () => {
    const [a, b] = shiftedRuns(1, 1.25);
    const { status, stdout, stderr } = run('--markdown', file('base.json', a), file('slower.json', b));
    expect(status).toBe(1);
    expect(stdout.startsWith('### wirebench compare')).toBe(true);
    expect(stderr).toMatch(
      /^compare: 1 significant change beyond 15 %: 1 regression, no improvements: small \/ msgpack \/ decode \+\d+\.\d % \(p [\d.e-]+\)\n$/,
    );
  });

  // The synthetic rows made codec rows of their formats, round-tripped, as a real run's are.
  const codecRows = (r: MeasureResult): MeasureResult => ({
    ...r,
    payloads: r.payloads.map((p) => ({
      ...p,
      rows: p.rows.map((row) => ({
        ...row,
        format: row.name as FormatId,
        implementation: 'wirebench',
        bytes: row.bytes ?? 600,
        fidelity: { ok: true, diffs: [], truncated: false },
      })),
    })),
  });
  /** As npx wirebench answers them. */
  const answerable = (r: MeasureResult): MeasureResult => withAnswers(codecRows(r), { network: '4g', served: 'none' });

  it('also compares time until usable, device by device, when both results carry answers', () => {
    const [a, b] = shiftedRuns(1, 1.25).map(answerable) as [MeasureResult, MeasureResult];
    const { stdout } = run(file('laptop.json', a), file('phone.json', b));
    const lines = stdout.split('\n');
    const at = lines.indexOf('## small: time until usable on 4G uncompressed, on each device');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 3)).toEqual([`a: ${join(scratch, 'laptop.json')}`, `b: ${join(scratch, 'phone.json')}`]);
    const msgpack = lines.slice(at).find((l) => l.startsWith('msgpack '))!;
    // Rank, total and device part on each: the phone's decode is 25 % slower, its transfer the same.
    const times = [...msgpack.matchAll(/([\d,.]+) (ms|µs|ns)/g)].map(
      ([, n, unit]) => Number.parseFloat(n!.replace(/,/g, '')) / (unit === 'ms' ? 1 : unit === 'µs' ? 1e3 : 1e6),
    );
    expect(times).toHaveLength(4);
    const [aTotal, aDevice, bTotal, bDevice] = times;
    expect(bDevice!).toBeGreaterThan(aDevice!);
    expect(bTotal!).toBeGreaterThanOrEqual(aTotal!);
  });

  it('across engines: says so first, answers both under the default constraints, compares the verdicts, and exits 0', () => {
    // Two bench:browser results of one suite, no answers: Chromium's and WebKit's, WebKit's msgpack decode 25 % slower.
    const engine = (r: MeasureResult, environment: Partial<MeasureResult['environment']>): MeasureResult =>
      codecRows({ ...r, environment: { ...r.environment, runtime: 'worker', ...environment } });
    const [runA, runB] = shiftedRuns(1, 1.25);
    const chromium = engine(runA, {
      runtimeVersion: 'Chromium 156.0.8078.108',
      engine: { name: 'chromium', browser: 'Chromium', version: '156.0.8078.108', javascript: 'V8' },
    });
    const webkit = engine(runB, {
      runtimeVersion: 'WebKitGTK 2.50.6',
      engine: { name: 'webkit', browser: 'WebKitGTK', version: '2.50.6', javascript: 'JavaScriptCore' },
    });
    const { status, stdout, stderr } = run(file('chromium.json', chromium), file('webkit.json', webkit));
    expect(stderr).toBe('');
    expect(status).toBe(0); // the same slowdown exits 1 between two runs of one engine (above)
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(
      "a and b ran in different engines: a in Chromium 156.0.8078.108 (V8), b in WebKitGTK 2.50.6 (JavaScriptCore). The table reads as b's engine against a's, not as a change of code, so no row fails the comparison (exit 0).",
    );
    expect(stdout).toContain('▲ slower'); // the table still shows it
    // No gzip figures in these runs: answered uncompressed.
    expect(lines).toContain(
      'neither result carries answers: both answered here under the default constraints (4G uncompressed, no other constraint; wirebench --help lists them)',
    );
    expect(lines).toContain('## small: time until usable on 4G uncompressed, on each device');
    const verdict = lines.find((l) => l.startsWith('verdict'));
    expect(verdict).toMatch(/^verdict(: the same on| changes: on) a \(Chromium 156\.0\.8078\.108 \(V8\)\),? .*b \(WebKitGTK 2\.50\.6 \(JavaScriptCore\)\)/);
    // The run's verdict stays its last line.
    // The last line says what the table says of the two engines, not "regression".
    expect(lastLine(stdout)).toBe("across the two engines: 1 row differs significantly beyond 15 % relative to JSON (1 slower in b's engine, 0 faster)");
    expect(lines).toContain('the verdict changes on none of the one payload answered on both');
  });

  it('exits 0 for the same slowdown when --threshold puts it within bounds', () => {
    const [a, b] = shiftedRuns(1, 1.25);
    const { status, stdout } = run('--threshold', '0.5', file('base.json', a), file('slower.json', b));
    expect(status).toBe(0);
    expect(stdout).toContain('△ slower');
  });

  it('exits 2 with one line on stderr, never a stack trace, for bad arguments and files', () => {
    const [a] = shiftedRuns(1, 1);
    const good = file('good.json', a);
    const cases: [string[], RegExp][] = [
      [[good], /^compare: expected exactly two result files \(a\.json b\.json\), got 1 \(see --help\)$/],
      [['--alpha', '2', good, good], /^compare: --alpha must be a number between 0 and 1, got "2" \(see --help\)$/],
      [['--threshold', 'x', good, good], /^compare: --threshold must be a number ≥ 0, got "x" \(see --help\)$/],
      [['--bogus', good, good], /^compare: Unknown option '--bogus'.* \(see --help\)$/],
      [[good, join(scratch, 'missing.json')], /^compare: cannot read .*missing\.json: ENOENT$/],
      [[good, file('broken.json', '{"format":')], /^compare: .*broken\.json is not JSON: /],
      [[good, file('old.json', { node: 'v20', results: [] })], /^compare: .*old\.json: not a wirebench result: "format" is missing/],
    ];
    for (const [args, message] of cases) {
      const { status, stdout, stderr } = run(...args);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.split('\n')).toHaveLength(2); // one line and its newline
      expect(stderr.trimEnd()).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('explains every option and the method under --help', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    for (const option of ['--markdown', '--alpha', '--threshold', '--help', 'Mann–Whitney', 'Exit status']) expect(stdout).toContain(option);
  });
});
