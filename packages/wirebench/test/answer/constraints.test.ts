/**
 * answer/constraints.ts: the user's constraints, checked and defaulted, and which rows they rule
 * out, with why as data (the sentences: test/report/answer-words.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { IMPLEMENTATION_CAPABILITIES } from '../../src/answer/capabilities.js';
import { constraintExclusions, cpuSlowdownFactor, minGainShare, resolveConstraints, rowCapabilities } from '../../src/answer/constraints.js';
import { EVERY_CONSTRAINT, row } from './fixtures.js';

const ALL = resolveConstraints(EVERY_CONSTRAINT);
const NONE = resolveConstraints({ network: '4g', served: 'gzip' });
const codes = (r: Parameters<typeof constraintExclusions>[0], c = ALL) => constraintExclusions(r, c).map((e) => e.code);

describe('resolveConstraints', () => {
  it('fills in the defaults: no budget, eval allowed, int64 free, binary fine, a shared schema fine, a 5 % least gain', () => {
    expect(NONE).toEqual({
      network: '4g',
      served: 'gzip',
      bundleBudgetBytes: null,
      noEval: false,
      exactInt64: false,
      readableTraffic: false,
      sharedSchemaOk: true,
      minGain: 0.05,
    });
    expect(ALL.network).toBe('4g');
    expect(resolveConstraints({ network: '4g', served: 'gzip', minGain: 0 }).minGain).toBe(0);
  });

  it('refuses an unknown network, an unknown served encoding and a negative budget', () => {
    expect(() => resolveConstraints({ network: '6g', served: 'gzip' })).toThrow(/no network preset "6g"/);
    expect(() => resolveConstraints({ network: '4g', served: 'deflate' as never })).toThrow(/no served encoding "deflate"/);
    expect(() => resolveConstraints({ network: '4g', served: 'gzip', bundleBudgetBytes: -1 })).toThrow(/bundle budget bytes must be a finite number ≥ 0/);
  });

  it('refuses a least gain that is not a share from 0 up to, not including, 1', () => {
    for (const minGain of [-0.01, 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolveConstraints({ network: '4g', served: 'gzip', minGain }), String(minGain)).toThrow(/min gain must be a share of JSON's time/);
    }
    expect(resolveConstraints({ network: '4g', served: 'gzip', minGain: 0.99 }).minGain).toBe(0.99);
  });

  it('keeps a CPU slowdown above 1 and at most 20, and refuses any other', () => {
    expect(resolveConstraints({ network: '4g', served: 'gzip', cpuSlowdown: 6 }).cpuSlowdown).toBe(6);
    expect(resolveConstraints({ network: '4g', served: 'gzip', cpuSlowdown: 20 }).cpuSlowdown).toBe(20);
    for (const cpuSlowdown of [1, 0.5, 0, -2, 20.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolveConstraints({ network: '4g', served: 'gzip', cpuSlowdown }), String(cpuSlowdown)).toThrow(
        /the CPU slowdown must be a factor above 1 and at most 20/,
      );
    }
  });
});

describe('cpuSlowdownFactor', () => {
  it('reads a factor as typed, with or without its ×, above 1 and at most 20; anything else is undefined', () => {
    expect(['6', ' 2.5 ', '4x', '4X', '3×', '20'].map(cpuSlowdownFactor)).toEqual([6, 2.5, 4, 4, 3, 20]);
    expect(['1', '0', '-4', '20.01', '', 'x', 'six', '1e3'].map(cpuSlowdownFactor)).toEqual(Array(8).fill(undefined));
  });
});

describe('minGainShare', () => {
  it('reads a percent as typed, 0 to 99, as a share; anything else is undefined', () => {
    expect(['5', '0', ' 2.5 ', '99'].map(minGainShare)).toEqual([0.05, 0, 0.025, 0.99]);
    expect(['99.5', '100', '-1', '', 'five', '1e3'].map(minGainShare)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('constraintExclusions', () => {
  it('rules nothing out without constraints, except a row that lost data or was not measured', () => {
    expect(codes(row('protobuf', 'protobufjs'), NONE)).toEqual([]);
    const lossy = row('cbor', 'cbor-x', { fidelity: { ok: false, firstDiff: { path: '$.orders[3].id', kind: 'value' } } });
    expect(constraintExclusions(lossy, NONE)).toEqual([{ code: 'lost-data', firstDiff: { path: '$.orders[3].id', kind: 'value' } }]);
    expect(constraintExclusions(row('cbor', 'cbor-x', { error: 'cbor: too deep' }), NONE)).toEqual([{ code: 'not-measured', error: 'cbor: too deep' }]);
    // Its JS unknown, or Node only: left out for that, whatever the figures.
    expect(constraintExclusions(row('cbor', 'cbor-x', { bundleSizeUnknown: true, jsBytes: 0 }), NONE)).toEqual([{ code: 'no-bundle-size' }]);
    expect(constraintExclusions(row('simdjson', 'wirebench', { nodeOnly: true }), NONE)).toEqual([{ code: 'node-only' }]);
  });

  it('says why for each constraint a row breaks, every one of them, with what the sentence quotes', () => {
    const protobufjs = constraintExclusions(row('protobuf', 'protobufjs', { jsBytes: 18_000 }), ALL);
    const table = IMPLEMENTATION_CAPABILITIES['protobuf/protobufjs']!;
    expect(protobufjs).toEqual([
      { code: 'needs-eval', eval: 'always', why: table.evalWhy },
      { code: 'over-budget', jsBytes: 18_000, budgetBytes: 10_000 },
      { code: 'int64', int64: 'nearest-double', why: table.int64Why },
      { code: 'not-readable', format: 'protobuf' },
      { code: 'shared-schema', format: 'protobuf' },
    ]);
  });

  it('no-eval: rules out what cannot run without eval, and generated code unless measured interpreted', () => {
    const noEval = resolveConstraints({ network: '4g', served: 'gzip', noEval: true });
    expect(codes(row('protobuf', 'protobufjs'), noEval)).toEqual(['needs-eval']);
    expect(codes(row('protobuf', 'protobufjs', { interpreted: true }), noEval)).toEqual(['needs-eval']);
    expect(constraintExclusions(row('protobuf', 'wirebench'), noEval)).toEqual([{ code: 'needs-eval', eval: 'generated' }]);
    expect(codes(row('protobuf', 'wirebench', { interpreted: true }), noEval)).toEqual([]);
    expect(codes(row('flatbuffers', 'wirebench'), noEval)).toEqual(['needs-eval']);
    expect(codes(row('flatbuffers', 'wirebench', { interpreted: true }), noEval)).toEqual([]);
    expect(codes(row('flatbuffers', 'flatbuffers', { interpreted: true }), noEval)).toEqual([]);
    expect(codes(row('msgpack', 'msgpackr'), noEval)).toEqual([]);
    expect(codes(row('json', 'wirebench'), noEval)).toEqual([]);
  });

  it('budget: more JS than the budget is out, exactly the budget is in; JSON costs nothing', () => {
    const budget = resolveConstraints({ network: '4g', served: 'gzip', bundleBudgetBytes: 10_000 });
    expect(codes(row('msgpack', 'wirebench', { jsBytes: 10_001 }), budget)).toEqual(['over-budget']);
    expect(codes(row('msgpack', 'wirebench', { jsBytes: 10_000 }), budget)).toEqual([]);
    expect(codes(row('json', 'wirebench'), resolveConstraints({ network: '4g', served: 'gzip', bundleBudgetBytes: 0 }))).toEqual([]);
  });

  it('int64: every listed implementation rounds or refuses; a row that says it keeps them stays', () => {
    const int64 = resolveConstraints({ network: '4g', served: 'gzip', exactInt64: true });
    expect(constraintExclusions(row('json', 'wirebench'), int64)).toEqual([
      { code: 'int64', int64: 'nearest-double', why: IMPLEMENTATION_CAPABILITIES['json/wirebench']?.int64Why },
    ]);
    expect(constraintExclusions(row('msgpack', 'wirebench'), int64)).toEqual([
      { code: 'int64', int64: 'refused', why: IMPLEMENTATION_CAPABILITIES['msgpack/wirebench']?.int64Why },
    ]);
    // A row that says how it reads int64 has no note from the table.
    expect(constraintExclusions(row('msgpack', 'msgpack-lite', { eval: 'never', int64: 'refused' }), int64)).toEqual([{ code: 'int64', int64: 'refused' }]);
    expect(codes(row('msgpack', 'wirebench', { int64: 'exact' }), int64)).toEqual([]);
  });

  it('a codec the table does not list is judged by what its row says', () => {
    const custom = row('msgpack', 'msgpack-lite', { eval: 'never', int64: 'nearest-double' });
    expect(rowCapabilities(custom)).toEqual({ eval: 'never', int64: 'nearest-double' });
    expect(codes(custom, resolveConstraints({ network: '4g', served: 'gzip', noEval: true, exactInt64: true }))).toEqual(['int64']);
    expect(codes(row('msgpack', 'msgpack-lite'), NONE)).toEqual([]);
    expect(() => codes(row('msgpack', 'msgpack-lite'), resolveConstraints({ network: '4g', served: 'gzip', noEval: true }))).toThrow(
      /no capabilities listed for msgpack\/msgpack-lite/,
    );
  });
});
