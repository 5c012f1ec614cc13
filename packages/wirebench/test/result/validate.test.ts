/**
 * measure/result-json.ts: the one check of a result JSON read from elsewhere (a file, another
 * device's download). Its own cases, then the property that matters: a result file changed anywhere
 * is either refused in one line, or every reader of result files reads it without a TypeError.
 * bench/test/compare.test.ts covers the messages as bench:compare prints them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WirebenchError } from '@wirebench/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The readers outside core: bench's compare, versus, pool, gate and figures page, and the playground's device import.
import { closingLine, compareResults, fails, formatMarkdown, formatText } from '../../../../bench/src/compare/compare.js';
import { poolResults } from '../../../../bench/src/compare/pool.js';
import { decide } from '../../../../bench/src/gate/decide.js';
import { renderFigureSections } from '../../../../bench/src/report/readme.js';
import { formatVersusMarkdown, formatVersusText, versusLibraries, versusReport } from '../../../../bench/src/report/versus.js';
import { REPO_ROOT } from '../../../core/test/support/paths.js';
import {
  answersSideBySide,
  comparisonLink,
  deviceName,
  deviceRows,
  readResult,
  theirDecompression,
  theirPayload,
  usableCell,
} from '../../../playground/src/compare-devices.js';
import { withAnswers } from '../../src/answer/with-answers.js';
import { failedPayload } from '../../src/measure/merge.js';
import type { RowResult } from '../../src/measure/types.js';
import { compareAnswers, formatAnswerComparison } from '../../src/report/answer-compare.js';
import { formatEnvironment } from '../../src/report/text.js';
import type { ResultPayload, WirebenchResult } from '../../src/result/types.js';
import { upgradeResult } from '../../src/result/upgrade.js';
import { validateMeasureResult } from '../../src/result/validate.js';
import { answered } from '../report/fixture.js';

type Json = Record<string, unknown>;

/** A result measure() wrote: the committed CI baseline (a real run, never edited by hand; written as version 1, so read through upgradeResult). */
const baseline = (): Json =>
  structuredClone(upgradeResult(JSON.parse(readFileSync(join(REPO_ROOT, 'bench/baselines/node-quick.json'), 'utf8')))) as unknown as Json;

const CONSTRAINTS = { network: '4g', served: 'gzip' } as const;

/**
 * A result as `npx wirebench` and the playground write it, with something of every kind a reader
 * meets: answers (ranked and excluded rows, break-evens), a byte attribution, a lossy row with its
 * diffs, a library's codec beside wirebench's (what bench:versus reads), a raw library row with its
 * wrapper cost, a per-round ratio JSON wrote as null, and a payload whose worker crashed.
 */
function richResult(): WirebenchResult {
  const base = answered(CONSTRAINTS);
  const [orders, ...rest] = base.payloads as [ResultPayload, ...ResultPayload[]];
  const msgpack = orders.rows.find((row) => row.name === 'msgpack') as RowResult;
  const library: RowResult = { ...msgpack, name: 'msgpack (msgpackr)', implementation: 'msgpackr', version: '2.1.4' };
  const payloads = [{ ...orders, rows: [...orders.rows, library] }, ...rest, failedPayload('crashed.json', 'the worker measuring it crashed')];
  // Answered again with the library's row among the rows, then as JSON writes it.
  const result = JSON.parse(JSON.stringify(withAnswers({ ...base, payloads }, CONSTRAINTS))) as WirebenchResult;
  (result.payloads[0]!.rows[1]!.decode!.vsJson!.perRound as unknown[]).push(null);
  return result;
}

const RICH = richResult();

/** A copy of `result` with `value` at `path`, written as the messages write it (`payloads[0].rows[1].encode.p99`). */
function withValue(result: WirebenchResult, path: string, value: unknown): unknown {
  const copy = structuredClone(result) as unknown as Json;
  const keys = Array.from(path.matchAll(/[^.[\]]+/g), ([key]) => (/^\d+$/.test(key) ? Number(key) : key));
  const parent = keys.slice(0, -1).reduce<Json>((node, key) => node[key] as Json, copy);
  parent[keys.at(-1) as Key] = value;
  return copy;
}

const RECORDS = new Set(['libraries', 'compressed', 'decompressMs', 'inflateBytesPerMs']);

/** A copy of `value` with an own `__proto__` key in every object but the records (refused with one): what a hostile file holds once parsed. */
function withProtoKeys(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withProtoKeys(item));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Json = {};
  for (const [k, child] of Object.entries(value)) copy[k] = withProtoKeys(child, k);
  if (key === undefined || !RECORDS.has(key))
    Object.defineProperty(copy, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The one line `validateMeasureResult` refuses `value` with (a WirebenchError), or `accepted`. */
function refusal(value: unknown): string {
  try {
    validateMeasureResult(value);
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    return (error as Error).message;
  }
  return 'accepted';
}

describe('validateMeasureResult', () => {
  it('returns a result measure() wrote, unchanged', () => {
    const result = baseline();
    expect(validateMeasureResult(result)).toBe(result);
    const rich = structuredClone(RICH);
    expect(validateMeasureResult(rich)).toBe(rich);
  });

  it('refuses what is not a wirebench result, or another version, saying which', () => {
    expect(() => validateMeasureResult([])).toThrow(/^not a wirebench result: expected a JSON object, got an? array/);
    expect(() => validateMeasureResult({ ...baseline(), format: 'other' })).toThrow(/^not a wirebench result: "format" is "other"/);
    expect(refusal({ ...baseline(), version: 0 })).toBe('wirebench result version 0 is not supported: this wirebench reads versions 1 and 2');
    expect(refusal({ ...baseline(), version: '2' })).toBe('wirebench result version "2" is not supported: this wirebench reads versions 1 and 2');
    // A newer wirebench wrote it: measuring again with this one would not help, updating does.
    expect(refusal({ ...baseline(), version: 3 })).toBe(
      'wirebench result version 3 was written by a newer wirebench: this one reads versions 1 and 2; update wirebench to read it',
    );
    expect(refusal({ ...baseline(), version: 1 })).toBe('wirebench result version 1 is read through upgradeResult, which brings it to version 2');
  });

  it('refuses with a WirebenchError, the one error type wirebench throws, whatever is wrong', () => {
    for (const value of [null, [], { ...baseline(), format: 'other' }, { ...baseline(), version: 3 }, { ...baseline(), payloads: 'none' }]) {
      expect(() => validateMeasureResult(value)).toThrow(WirebenchError);
    }
  });

  it('names the path of the first field a reader would trip on', () => {
    const result = baseline();
    const payloads = result['payloads'] as Array<{ rows: Json[] }>;
    const row = payloads[0]?.rows[1] as Json;
    row['encode'] = { ...(row['encode'] as object), median: 'fast' };
    expect(() => validateMeasureResult(result)).toThrow(
      /^malformed wirebench result: payloads\[0\]\.rows\[1\]\.encode\.median must be a finite number ≥ 0, got "fast"$/,
    );
  });

  it('refuses a bootstrap count the readers could not resample with (they resample again with it)', () => {
    for (const count of [-1, 0, 0.5, 1e308, 1_000_001]) {
      const result = baseline();
      (result['options'] as Json)['bootstrapResamples'] = count;
      expect(() => validateMeasureResult(result), String(count)).toThrow(
        /^malformed wirebench result: options\.bootstrapResamples must be an integer from 1 to 100000, got /,
      );
    }
    const result = baseline();
    (result['options'] as Json)['bootstrapResamples'] = 100_000;
    expect(validateMeasureResult(result)).toBe(result);
  });

  it('checks the compressed sizes, decompression times and streaming rates time until usable is computed from', () => {
    const withRow = (fields: Json): Json => {
      const result = baseline();
      const payloads = result['payloads'] as Array<{ rows: Json[] }>;
      Object.assign(payloads[0]?.rows[1] as Json, fields);
      return result;
    };
    expect(() => validateMeasureResult(withRow({ decompressMs: { gzip: 0.02 } }))).not.toThrow();
    expect(() => validateMeasureResult(withRow({ decompressMs: { gzip: -1 } }))).toThrow(
      'payloads[0].rows[1].decompressMs.gzip must be a finite number ≥ 0, got -1',
    );
    expect(() => validateMeasureResult(withRow({ decompressMs: [1] }))).toThrow('payloads[0].rows[1].decompressMs must be an object, got an array');
    // The streaming rate, which the answer divides by; a result written before it (the baseline) has none.
    expect(() => validateMeasureResult(withRow({ inflateBytesPerMs: { gzip: 310_000, brotli: 290_500.5 } }))).not.toThrow();
    expect(() => validateMeasureResult(withRow({ inflateBytesPerMs: { gzip: 0 } }))).toThrow(
      'payloads[0].rows[1].inflateBytesPerMs.gzip must be a finite number > 0, got 0',
    );
    expect(() => validateMeasureResult(withRow({ inflateBytesPerMs: { gzip: null } }))).toThrow(
      'payloads[0].rows[1].inflateBytesPerMs.gzip must be a finite number > 0, got null',
    );
    expect(() => validateMeasureResult(withRow({ compressed: { brotli: null } }))).toThrow(
      'payloads[0].rows[1].compressed.brotli must be an integer ≥ 0, got null',
    );
    expect(() => validateMeasureResult(withRow({ compressed: { 'x-gzip': '1' } }))).toThrow(
      'payloads[0].rows[1].compressed["x-gzip"] must be an integer ≥ 0, got "1"',
    );
  });

  it('refuses a count that is not a whole number, a time or size that is not finite and ≥ 0, a ratio that is not finite and > 0', () => {
    // The review's files: JSON.parse reads 1e999 as Infinity, which the text report printed ("JSON Infinity bytes", "-Infinity rounds × 15 ms").
    const text = JSON.stringify(RICH);
    expect(refusal(JSON.parse(text.replace(/"jsonBytes":\d+/, '"jsonBytes":1e999')))).toBe(
      'malformed wirebench result: payloads[0].jsonBytes must be an integer ≥ 0, got Infinity',
    );
    expect(refusal(JSON.parse(text.replace(/"rounds":\d+/, '"rounds":-1e999')))).toBe(
      'malformed wirebench result: options.rounds must be an integer ≥ 0, got -Infinity',
    );
    expect(refusal(withValue(RICH, 'payloads[0].rows[1].encode.roundMedians', [-5, Infinity, 0]))).toBe(
      'malformed wirebench result: payloads[0].rows[1].encode.roundMedians[0] must be a finite number ≥ 0, got -5',
    );
    expect(refusal(withValue(RICH, 'payloads[0].rows[1].encode.roundMedians', [5, Infinity, 0]))).toBe(
      'malformed wirebench result: payloads[0].rows[1].encode.roundMedians[1] must be a finite number ≥ 0, got Infinity',
    );
    const refused: [path: string, value: number, expected: string][] = [
      // Counts.
      ['payloads[0].rows[1].encode.samples', -3.5, 'an integer ≥ 1'],
      ['payloads[0].rows[1].decode.callsPerSample', 0, 'an integer ≥ 1'],
      ['payloads[0].lossyCount', 2.5, 'an integer ≥ 0'],
      ['payloads[0].rows[1].bytes', 10.5, 'an integer ≥ 0'],
      ['payloads[0].rows[1].compressed.gzip', Infinity, 'an integer ≥ 0'],
      ['payloads[0].rounds[0].attempts', 0, 'an integer ≥ 1'],
      ['payloads[0].rounds[0].rotation', -1, 'an integer ≥ 0'],
      ['options.retries', -1, 'an integer ≥ 0'],
      ['environment.cores', 2.5, 'an integer ≥ 1'],
      ['payloads[0].attribution.formats[0].total', -1, 'an integer ≥ 0'],
      ['payloads[0].attribution.formats[1].savedVsJson.saved.total', 1.5, 'an integer'],
      ['payloads[0].answer.ranking.ranked[0].rank', 0, 'an integer ≥ 1'],
      ['payloads[0].answer.rows[1].breakEven[0].responsesByTime', -1, 'an integer ≥ 0 or "never"'],
      ['payloads[0].sourceBytes', 12.5, 'an integer ≥ 0'],
      ['payloads[0].answer.ranking.ranked[0].versusJson.sooner', 2.5, 'an integer ≥ 0'],
      // Times and sizes.
      ['payloads[0].rows[1].encode.p99', -1, 'a finite number ≥ 0'],
      ['payloads[0].rows[1].encode.median', Infinity, 'a finite number ≥ 0'],
      ['payloads[0].rows[1].encode.mbPerSecond', -Infinity, 'a finite number ≥ 0'],
      ['payloads[0].rounds[0].wallMs', -1, 'a finite number ≥ 0'],
      ['options.roundTime', Infinity, 'a finite number ≥ 0'],
      ['environment.timerResolutionMs', -0.001, 'a finite number ≥ 0'],
      ['payloads[0].answer.rows[1].usable[0].totalMs', -1, 'a finite number ≥ 0'],
      ['payloads[0].answer.rows[1].breakEven[0].msSavedPerResponse', Infinity, 'a finite number'],
      ['payloads[0].answer.ranking.constraints.bundleBudgetBytes', -1, 'a finite number ≥ 0 or null'],
      ['options.budget', -Infinity, 'a finite number ≥ 0 or null'],
      ['payloads[0].rows[1].encode.rme', -1, 'a finite number ≥ 0 or null'],
      // Ratios.
      ['payloads[0].rows[1].encode.vsJson.estimate', 0, 'a finite number > 0'],
      ['payloads[0].rows[1].encode.vsJson.low', -0.5, 'a finite number > 0'],
      ['payloads[0].rows[1].encode.vsJson.high', Infinity, 'a finite number > 0'],
      ['payloads[0].rows[1].encode.vsJson.perRound[0]', -0.5, 'a finite number ≥ 0 or null'],
      ['environment.cpuThrottle', 0, 'a finite number > 0'],
      ['payloads[0].answer.slowerCpu[0].factor', -2, 'a finite number > 0'],
      ['payloads[0].answer.ranking.network.downloadBps', 0, 'a finite number > 0'],
      ['payloads[0].answer.ranking.constraints.minGain', -0.05, 'a finite number ≥ 0'],
    ];
    for (const [path, value, expected] of refused) {
      expect(refusal(withValue(RICH, path, value)), path).toBe(`malformed wirebench result: ${path} must be ${expected}, got ${String(value)}`);
    }
  });

  it('takes every figure the engine and the answer can write', () => {
    const accepted: [path: string, value: unknown, why: string][] = [
      ['payloads[0].rows[1].decode.vsJson.perRound[0]', null, "a round of JSON's that read 0 ms: the ratio is Infinity or NaN, which JSON writes as null"],
      ['payloads[0].rows[1].decode.vsJson.perRound[0]', 0, 'a round of this row that read 0 ms'],
      ['payloads[0].rows[1].decode.rme', null, 'samples that all read 0 ms'],
      ['payloads[0].rows[1].bytesVsJson', 0, 'protobuf writes an empty message as 0 bytes'],
      ['payloads[0].rows[1].bytes', 0, 'the same empty message'],
      ['payloads[0].attribution.formats[1].savedVsJson.saved.total', -46, 'a format that spends more bytes than JSON'],
      ['payloads[0].answer.rows[1].breakEven[0].bytesSavedPerResponse', -120, 'a row that sends more than JSON'],
      ['payloads[0].answer.rows[1].breakEven[0].msSavedPerResponse', -3.5, 'a row slower than JSON'],
      ['payloads[0].answer.rows[1].breakEven[0].responsesByTime', 'never', 'a row that never repays its JavaScript'],
      ['payloads[0].answer.ranking.constraints.bundleBudgetBytes', 12_345.5, 'a budget given in bytes, unrounded, through the API'],
      ['payloads[0].lossyNumbers[0].value', null, 'a literal past the largest double, which JSON.parse reads as Infinity'],
      ['options.budget', null, 'a run without a budget'],
      ['environment.memoryGb', 0.5, "a browser's navigator.deviceMemory"],
      ['payloads[0].rows[2].interpreted', true, 'a row measured without its generated code (--no-eval)'],
    ];
    for (const [path, value, why] of accepted) expect(refusal(withValue(RICH, path, value)), `${path}: ${why}`).toBe('accepted');
    expect(refusal(withValue(RICH, 'payloads[0].rows[2].interpreted', 'yes'))).toBe(
      'malformed wirebench result: payloads[0].rows[2].interpreted must be true or false, got "yes"',
    );
  });

  it("refuses a key or a compressor name that JavaScript objects inherit or reserve (valibot's record skips __proto__, constructor and prototype unchecked)", () => {
    // The review's files, as text: JSON.parse makes "__proto__" an own key, as any other.
    const text = JSON.stringify(RICH);
    expect(text).toContain('"libraries":{');
    expect(refusal(JSON.parse(text.replace('"libraries":{', '"libraries":{"constructor":{"a":1},"prototype":42,"__proto__":"x",')))).toBe(
      'malformed wirebench result: environment.libraries holds the key "constructor", a name JavaScript objects inherit or reserve',
    );
    expect(refusal(JSON.parse(text.replace('"libraries":{', '"libraries":{"__proto__":"x",')))).toBe(
      'malformed wirebench result: environment.libraries holds the key "__proto__", a name JavaScript objects inherit or reserve',
    );
    expect(refusal(withValue(RICH, 'payloads[0].rows[1].compressed.constructor', -5))).toBe(
      'malformed wirebench result: payloads[0].rows[1].compressed holds the key "constructor", a name JavaScript objects inherit or reserve',
    );
    expect(refusal(withValue(RICH, 'payloads[0].rows[1].decompressMs.prototype', 1))).toBe(
      'malformed wirebench result: payloads[0].rows[1].decompressMs holds the key "prototype", a name JavaScript objects inherit or reserve',
    );
    // The report read each of these as a size: an inherited function, so a column of NaN.
    expect(refusal(withValue(RICH, 'options.compressors', ['toString', '__proto__']))).toBe(
      'malformed wirebench result: options.compressors[0] must be a name JavaScript objects neither inherit nor reserve, got "toString"',
    );
    expect(refusal(withValue(RICH, 'options.compressors', ['gzip', '__proto__']))).toBe(
      'malformed wirebench result: options.compressors[1] must be a name JavaScript objects neither inherit nor reserve, got "__proto__"',
    );
    // measure() takes compressors of any other name (MeasureOptions.compressors): a result of one reads as before.
    const zstd = withValue(RICH, 'options.compressors', ['gzip', 'brotli', 'zstd']) as WirebenchResult;
    (zstd.payloads[0]?.rows[1]?.compressed as Record<string, number>)['zstd'] = 7_001;
    expect(refusal(zstd)).toBe('accepted');
  });

  it('reads a file with an own "__proto__" key in every other object, and leaves Object.prototype as it was', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype);
    const hostile = (value: unknown): unknown => JSON.parse(JSON.stringify(withProtoKeys(value)));
    const result = validateMeasureResult(hostile(RICH));
    expect(Object.hasOwn(result.payloads[0] as object, '__proto__')).toBe(true);
    for (const [, read] of readers(result, RICH)) await read();
    // A version-1 file is copied field by field on its way to this version.
    const v1 = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/v1/cli-answered-8fb3cc0.json'), 'utf8')) as unknown;
    for (const [, read] of readers(upgradeResult(hostile(v1)), RICH)) await read();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before);
    expect(({} as Json)['polluted']).toBeUndefined();
  });

  it('checks the answer in depth: the ranked rows, the figures until usable, the links', () => {
    const answer = (result: WirebenchResult): Json => result.payloads[0]?.answer as unknown as Json;
    const ranking = (result: WirebenchResult): Json => answer(result)['ranking'] as Json;
    const refused = (change: (result: WirebenchResult) => void): string => {
      const result = structuredClone(RICH);
      change(result);
      return refusal(result);
    };
    // The review's case: bench:compare read `.name` of it, the playground showed nothing.
    expect(refused((r) => ((ranking(r)['ranked'] as unknown[])[0] = null))).toBe(
      'malformed wirebench result: payloads[0].answer.ranking.ranked[0] must be an object, got null',
    );
    expect(refused((r) => delete ranking(r)['network'])).toBe('malformed wirebench result: payloads[0].answer.ranking.network is missing');
    expect(refused((r) => (((answer(r)['rows'] as Json[])[0] as Json)['usable'] = 5))).toBe(
      'malformed wirebench result: payloads[0].answer.rows[0].usable must be an array, got 5',
    );
    expect(refused((r) => (((((answer(r)['rows'] as Json[])[0] as Json)['usable'] as Json[])[0] as Json)['totalMs'] = 'x'))).toBe(
      'malformed wirebench result: payloads[0].answer.rows[0].usable[0].totalMs must be a finite number ≥ 0, got "x"',
    );
    expect(refused((r) => ((ranking(r)['constraints'] as Json)['served'] = 'zstd'))).toBe(
      'malformed wirebench result: payloads[0].answer.ranking.constraints.served must be "none", "gzip" or "brotli", got "zstd"',
    );
    expect(refused((r) => ((r.payloads[0]?.attribution?.formats[1]?.savedVsJson?.paths as unknown[])[0] = []))).toBe(
      'malformed wirebench result: payloads[0].attribution.formats[1].savedVsJson.paths[0] must be an object, got an array',
    );
  });

  it('checks every name in one pass: a result of 200,000 rows, a duplicate at the very end', () => {
    // About 20 MB of JSON, the most the playground imports. The duplicate check used to compare each
    // name with every one before it: 200,000 rows took 37 s on this project's 2-core machine, on the
    // page's main thread. With a Set, the whole check of this file takes 0.35–0.5 s there (a fresh
    // process; docs/api.md). No time is asserted: the old check ran past two minutes on this test's
    // two files, so finishing within the suite's timeout (60 s) is what shows the check is linear.
    const [json] = RICH.payloads[0]!.rows as [RowResult];
    const { encode: _encode, decode: _decode, ...sizes } = json;
    const rows = Array.from({ length: 200_000 }, (_, i): RowResult => ({ ...sizes, name: `row ${i}` }));
    const big: WirebenchResult = { ...RICH, payloads: [{ ...(RICH.payloads[0] as ResultPayload), answer: undefined, rows }] };
    const value = JSON.parse(JSON.stringify(big)) as unknown;
    expect(JSON.stringify(value).length).toBeGreaterThan(19e6);
    expect(validateMeasureResult(value)).toBe(value);
    expect(() => validateMeasureResult({ ...big, payloads: [{ ...big.payloads[0], rows: [...rows, { ...sizes, name: 'row 0' }] }] })).toThrow(
      'malformed wirebench result: payloads[0].rows holds "row 0" twice',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Every reader of result files, on result files changed at random places.

type Key = string | number;
/** How a value is changed. */
const KINDS = ['delete', 'null', 'wrong type', 'array ↔ object', 'emptied', 'another string', 'huge number', 'NaN-ish string', 'zero or negative'] as const;
type Kind = (typeof KINDS)[number];

/** Every path in `value` (the root excluded), depth first. */
function pathsOf(value: unknown, path: Key[] = [], out: Key[][] = []): Key[][] {
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, Array.isArray(value) ? Number(key) : key];
    out.push(childPath);
    pathsOf(child, childPath, out);
  }
  return out;
}

/** A path with its array indices as `[*]`: `payloads[*].answer.ranking.ranked[*].name`. */
const shapeOf = (path: readonly Key[]): string =>
  path
    .map((key) => (typeof key === 'number' ? '[*]' : `.${key}`))
    .join('')
    .replace(/^\./, '');

/** The paths of `RICH` grouped by shape: mutants pick a shape first, so deep, rare fields are picked as often as long arrays of numbers. */
const SHAPES: ReadonlyArray<readonly [string, readonly Key[][]]> = [
  ...pathsOf(RICH).reduce((groups, path) => groups.set(shapeOf(path), [...(groups.get(shapeOf(path)) ?? []), path]), new Map<string, Key[][]>()),
];

// Infinity and -Infinity: what JSON.parse reads 1e999 and -1e999 as.
const HUGE = [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1e21, Infinity, -Infinity];
const NAN_ISH = ['NaN', 'Infinity', '-Infinity', '1e999', '', '0x10'];

function changed(value: unknown, kind: Exclude<Kind, 'delete'>, pick: number): unknown {
  switch (kind) {
    case 'null':
      return null;
    case 'wrong type':
      if (typeof value === 'string') return 7;
      if (typeof value === 'number') return String(value);
      if (typeof value === 'boolean') return 1;
      return Array.isArray(value) || value === null ? 'x' : 7;
    case 'array ↔ object':
      if (Array.isArray(value)) return { ...value };
      return typeof value === 'object' && value !== null ? Object.values(value) : [value];
    case 'emptied':
      if (Array.isArray(value)) return [];
      return typeof value === 'object' && value !== null ? {} : '';
    case 'another string':
      // A name no row has, a network preset or served encoding this wirebench does not know, a path with a line break,
      // names every object inherits or reserves (a row's, an implementation's, a compressor's).
      return ['x', 'brotli', '3g', 'a\nb', '$.orders[0]', 'constructor', '__proto__'][pick % 7];
    case 'huge number':
      return HUGE[pick % HUGE.length];
    case 'NaN-ish string':
      return NAN_ISH[pick % NAN_ISH.length];
    case 'zero or negative':
      return pick % 2 === 0 ? 0 : -1;
  }
}

interface Mutation {
  readonly shape: number;
  readonly member: number;
  readonly kind: Kind;
  readonly pick: number;
}

/** `result` with each mutation applied where its path still leads (an earlier one may have removed it); the shapes and kinds applied. */
function mutate(result: WirebenchResult, mutations: readonly Mutation[]): { mutant: unknown; applied: [string, Kind][] } {
  const mutant = structuredClone(result) as unknown;
  const applied: [string, Kind][] = [];
  for (const { shape, member, kind, pick } of mutations) {
    const [name, paths] = SHAPES[shape % SHAPES.length] as (typeof SHAPES)[number];
    const path = paths[member % paths.length] as Key[];
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Json)[key] : undefined), mutant);
    const key = path.at(-1) as Key;
    if (typeof parent !== 'object' || parent === null || !(key in parent)) continue;
    if (kind === 'delete' && Array.isArray(parent)) parent.splice(Number(key), 1);
    else if (kind === 'delete') delete (parent as Json)[key];
    else (parent as Json)[key] = changed((parent as Json)[key], kind, pick);
    applied.push([name, kind]);
  }
  return { mutant, applied };
}

/**
 * Everything the readers of result files do with one (`result`), as their commands and the page do
 * it, `other` being a valid result; each reader on its own, so that one refusing the file does not
 * hide another crashing on it.
 */
function readers(result: WirebenchResult, other: WirebenchResult): Array<readonly [string, () => unknown]> {
  const both = [
    [other, result],
    [result, other],
  ] as const;
  const versus = (run: () => WirebenchResult) => (): unknown => {
    const read = run();
    const report = versusReport(read);
    return [formatVersusText(report), formatVersusMarkdown(report), versusLibraries(report), formatEnvironment(read)];
  };
  return [
    // bench:compare (and the CI gate's report), both ways round, and its comparison of the answers.
    ...both.map(
      ([a, b]) =>
        [
          'bench:compare',
          () => {
            const report = compareResults(a, b);
            return [formatText(report, { labels: { a: 'a.json', b: 'b.json' } }), formatMarkdown(report), closingLine(report), fails(report)];
          },
        ] as const,
    ),
    ...both.map(([a, b]) => ['compareAnswers', () => formatAnswerComparison(compareAnswers(a, b), { a: 'a.json', b: 'b.json' })] as const),
    // bench:versus, one file and pooled.
    ['bench:versus', versus(() => result)],
    ['bench:versus --pool', versus(() => poolResults([result, result]))],
    // The CI gate: this run against the baseline, re-measured (pooled) when a row regressed.
    ['bench:gate', () => decide(other, result, () => Promise.resolve([result, result]))],
    // bench:readme's figures page, the file as either runtime's.
    ['bench:readme', () => renderFigureSections({ node: result, chromium: other }, { command: 'npm run bench:readme' })],
    ['bench:readme', () => renderFigureSections({ node: other, chromium: result }, { command: 'npm run bench:readme' })],
    // The playground's "Compare devices": the file read as the page reads it, then shown beside this device's result, `other`.
    ['playground readResult', () => readResult(JSON.stringify(result))],
    [
      'playground Compare devices',
      () => {
        const mine = other.payloads[0] as ResultPayload;
        const theirs = theirPayload(mine, result);
        const shown: unknown[] = [deviceName(result)];
        if (!theirs) return shown;
        shown.push(deviceRows(mine, theirs));
        const answers = answersSideBySide(withAnswers, other, mine, result, theirs, CONSTRAINTS);
        if (answers)
          shown.push(
            comparisonLink(answers, theirs),
            answers.rows.flatMap((row) => [usableCell(row.a), usableCell(row.b)]),
            theirDecompression(theirs),
          );
        return shown;
      },
    ],
  ];
}

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  shape: fc.nat({ max: SHAPES.length - 1 }),
  member: fc.nat(),
  kind: fc.constantFrom(...KINDS),
  pick: fc.nat(),
});

describe("the playground's Compare devices, on a file without an answer", () => {
  it("answers both devices here, under this page's constraints, where the other file carries no answer (a version-1 file, a bench result)", () => {
    const v1 = upgradeResult(JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/v1/cli-answered-8fb3cc0.json'), 'utf8')) as unknown);
    const theirs = v1.payloads[0]!;
    expect(theirs.answer).toBeUndefined();
    const mine = RICH.payloads[0]!;
    const page = { network: '3g-slow', served: 'gzip' } as const;
    const side = answersSideBySide(withAnswers, RICH, mine, v1, theirs, page)!;
    expect(side).not.toBeNull();
    expect(side.network).toBe('3g-slow');
    // Their column is their figures answered here under the page's constraints, as withAnswers gives it.
    const there = withAnswers({ ...v1, payloads: [theirs] }, page).payloads[0]!.answer!;
    const ranked = side.rows.filter((r) => there.ranking.ranked.some((t) => t.name === r.name));
    expect(ranked.length).toBeGreaterThan(1);
    for (const row of ranked) expect(row.a?.totalMs, row.name).toBe(there.ranking.ranked.find((r) => r.name === row.name)!.timeUntilUsable.totalMs);
    // A file that carries an answer is compared under its own constraints, whatever the page's.
    const answeredTheirs = answered({ network: 'cable', served: 'gzip' }).payloads[0]!;
    expect(answersSideBySide(withAnswers, RICH, mine, RICH, answeredTheirs, page)!.network).toBe('cable');
  });
});

describe("the playground's Compare devices, on a result measured before the streaming rate", () => {
  it('says when the imported answer does not model decompression from a streaming rate, and only then', () => {
    expect(theirDecompression(RICH.payloads[0]!)).toBeUndefined();
    const older = answered(CONSTRAINTS, { streamed: false }).payloads[0]!;
    expect(theirDecompression(older)).toContain('as this result has no streaming inflate rate');
    // An answer an older wirebench saved: no inflateFrom at all.
    const answer = older.answer!;
    const saved = { ...older, answer: { ...answer, rows: answer.rows.map((r) => ({ ...r, usable: r.usable.map(({ inflateFrom: _f, ...t }) => t) })) } };
    expect(theirDecompression(saved)).toContain('This answer was saved before that model');
  });
});

describe('every reader of result files, on result files changed at random places', () => {
  it('reads the unchanged result', async () => {
    for (const [, read] of readers(RICH, RICH)) await read();
  });

  it('either refuses a changed file in one line, or reads it without a TypeError or RangeError', async () => {
    const seen = { refused: 0, read: 0, kinds: new Set<Kind>(), shapes: new Set<string>() };
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const { mutant, applied } = mutate(RICH, mutations);
        for (const [shape, kind] of applied) {
          seen.shapes.add(shape);
          seen.kinds.add(kind);
        }
        let result: WirebenchResult;
        try {
          result = validateMeasureResult(mutant);
        } catch (error) {
          seen.refused++;
          expect(error).toBeInstanceOf(WirebenchError);
          expect((error as Error).message).toMatch(/^(malformed wirebench result: |not a wirebench result: |wirebench result version )[^\n]+$/);
          return;
        }
        seen.read++;
        for (const [reader, read] of readers(result, RICH)) {
          try {
            await read();
          } catch (error) {
            // A reader may refuse what it cannot use (a network preset this wirebench does not know), in words, never by crashing.
            expect(error, `${reader}: ${String(error)}`).not.toBeInstanceOf(TypeError);
            expect(error, `${reader}: ${String(error)}`).not.toBeInstanceOf(RangeError);
          }
        }
      }),
      // 1,500: the check refuses most mutants (a negative or non-finite figure anywhere), and the readers need about 100 they read.
      { numRuns: 1500 },
    );
    // The mutants were of every kind, and reached the deep fields the readers walk.
    expect([...seen.kinds].sort()).toEqual([...KINDS].sort());
    for (const deep of [
      /^payloads\[\*\]\.answer\.ranking\.ranked\[\*\]\./,
      /^payloads\[\*\]\.answer\.rows\[\*\]\.usable\[\*\]\./,
      /\.vsJson\.perRound\[\*\]$/,
      /^payloads\[\*\]\.attribution\.formats\[\*\]\.savedVsJson\./,
      /\.fidelity\.diffs\[\*\]\./,
    ]) {
      expect(
        [...seen.shapes].some((shape) => deep.test(shape)),
        String(deep),
      ).toBe(true);
    }
    expect(seen.shapes.size).toBeGreaterThan(SHAPES.length / 2);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(seen.refused).toBeGreaterThan(100);
    expect(seen.read).toBeGreaterThan(50);
  }, 180_000);
});
