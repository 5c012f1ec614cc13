/** answer/constraints.ts: the user's constraints, checked and defaulted, and which rows they rule out, with why. */
import { describe, expect, it } from 'vitest';
import { constraintExclusions, resolveConstraints, rowCapabilities } from '../../src/answer/constraints.js';
import { row } from './fixtures.js';

const ALL = resolveConstraints({
  network: '4G',
  served: 'gzip',
  bundleBudgetBytes: 10_000,
  noEval: true,
  exactInt64: true,
  readableTraffic: true,
  sharedSchemaOk: false,
});
const NONE = resolveConstraints({ network: '4g', served: 'gzip' });
const codes = (r: Parameters<typeof constraintExclusions>[0], c = ALL) => constraintExclusions(r, c).map((e) => e.code);

describe('resolveConstraints', () => {
  it('fills in the defaults: no budget, eval allowed, int64 free, binary fine, a shared schema fine', () => {
    expect(NONE).toEqual({
      network: '4g',
      served: 'gzip',
      bundleBudgetBytes: null,
      noEval: false,
      exactInt64: false,
      readableTraffic: false,
      sharedSchemaOk: true,
    });
    expect(ALL.network).toBe('4g');
  });

  it('refuses an unknown network, an unknown served encoding and a negative budget', () => {
    expect(() => resolveConstraints({ network: '6g', served: 'gzip' })).toThrow(/no network preset "6g"/);
    expect(() => resolveConstraints({ network: '4g', served: 'deflate' as never })).toThrow(/no served encoding "deflate"/);
    expect(() => resolveConstraints({ network: '4g', served: 'gzip', bundleBudgetBytes: -1 })).toThrow(/bundle budget bytes must be a finite number ≥ 0/);
  });
});

describe('constraintExclusions', () => {
  it('rules nothing out without constraints, except a row that lost data or was not measured', () => {
    expect(codes(row('protobuf', 'protobufjs'), NONE)).toEqual([]);
    const lossy = row('cbor', 'cbor-x', { fidelity: { ok: false, firstDiff: { path: '$.orders[3].id', kind: 'value' } } });
    expect(constraintExclusions(lossy, NONE)).toEqual([{ code: 'lost-data', message: 'lost data at $.orders[3].id (value)' }]);
    expect(constraintExclusions(row('cbor', 'cbor-x', { error: 'cbor: too deep' }), NONE)).toEqual([
      { code: 'not-measured', message: 'could not be measured: cbor: too deep' },
    ]);
  });

  it('says why for each constraint a row breaks, every one of them', () => {
    const protobufjs = constraintExclusions(row('protobuf', 'protobufjs', { jsBytes: 18_000 }), ALL);
    expect(protobufjs.map((e) => e.message)).toEqual([
      'needs eval (new Function) under a no-eval CSP: its encode, decode and toObject are code protobufjs generates with Function, with no fallback',
      '18,000 B of JS over a 10,000 B budget',
      'does not keep int64 exactly: reads a 64-bit integer beyond ±(2^53 − 1) as the nearest double (longs: Number); 2^63 − 1 reads as 2^63',
      'not human-readable: protobuf bytes are binary',
      'needs a shared schema: protobuf needs the same schema on both sides',
    ]);
  });

  it('no-eval: rules out what always needs eval, and generated code unless measured interpreted', () => {
    const noEval = resolveConstraints({ network: '4g', served: 'gzip', noEval: true });
    expect(codes(row('protobuf', 'protobufjs'), noEval)).toEqual(['needs-eval']);
    expect(constraintExclusions(row('protobuf', 'wirebench'), noEval)[0]?.message).toMatch(
      /measured with generated code \(new Function\), which a no-eval CSP forbids/,
    );
    expect(codes(row('protobuf', 'wirebench', { interpreted: true }), noEval)).toEqual([]);
    expect(codes(row('flatbuffers', 'wirebench'), noEval)).toEqual(['needs-eval']);
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
    expect(constraintExclusions(row('json', 'wirebench'), int64)[0]?.message).toMatch(/^does not keep int64 exactly: JSON.parse reads the digits/);
    expect(constraintExclusions(row('msgpack', 'wirebench'), int64)[0]?.message).toMatch(/refuses a 64-bit integer beyond/);
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
