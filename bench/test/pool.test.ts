import { describe, expect, it } from 'vitest';
import type { MeasureResult, OperationResult, PayloadResult, RowResult } from 'wirebench';
import { poolResults } from '../src/compare/pool.js';

const op = (perRound: number[]): OperationResult => ({
  median: 1,
  p75: 1,
  p99: 1,
  mean: 1,
  min: 1,
  rme: 1,
  samples: 10,
  callsPerSample: 1,
  mbPerSecond: 1,
  roundMedians: perRound,
  vsJson: { estimate: perRound[0] ?? 1, low: 0, high: 2, perRound },
});
const row = (name: string, ops: Partial<Record<'encode' | 'decode', number[]>>): RowResult => ({
  name,
  kind: 'codec',
  format: name as RowResult['format'],
  implementation: 'wirebench',
  ...(ops.encode ? { encode: op(ops.encode) } : {}),
  ...(ops.decode ? { decode: op(ops.decode) } : {}),
});
const payload = (name: string, rows: RowResult[], suspect = false): PayloadResult => ({
  name,
  jsonBytes: 100,
  lossyNumbers: [],
  lossyCount: 0,
  reference: 'json',
  rounds: [{ rotation: 0, wallMs: 1, cpuPressure: undefined, attempts: 1, suspect }],
  stoppedByBudget: false,
  suspect,
  rows,
});
const run = (payloads: PayloadResult[]): MeasureResult => ({
  format: 'wirebench-result',
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  environment: { runtime: 'node', runtimeVersion: 'Node v20', timerResolutionMs: 0.001, libraries: {} },
  options: {
    rounds: 1,
    roundTime: 1,
    warmupTime: 1,
    sampleTime: 1,
    budget: null,
    minRounds: 1,
    maxPressure: 0.25,
    retries: 2,
    bootstrapResamples: 100,
    operations: ['encode', 'decode'],
    compressors: [],
  },
  method: 'test',
  payloads,
});

describe('poolResults', () => {
  it("pools every run's per-round ratios, keeps what only later runs have, and marks contention from any run", () => {
    const a = run([payload('p', [row('msgpack', { decode: [1.1, 1.2] })])]);
    const b = run([
      payload('p', [row('msgpack', { encode: [0.9], decode: [1.3] }), row('cbor', { decode: [2] })], true),
      payload('q', [row('cbor', { decode: [3] })]),
    ]);
    const pooled = poolResults([a, b]);
    expect(pooled.payloads.map((p) => p.name)).toEqual(['p', 'q']);
    const [p] = pooled.payloads;
    expect(p!.suspect).toBe(true);
    expect(p!.rounds).toHaveLength(2);
    const msgpack = p!.rows.find((r) => r.name === 'msgpack')!;
    expect(msgpack.decode!.vsJson!.perRound).toEqual([1.1, 1.2, 1.3]);
    expect(msgpack.decode!.vsJson!.estimate).toBe(1.2);
    expect(msgpack.encode!.vsJson!.perRound).toEqual([0.9]);
    expect(p!.rows.find((r) => r.name === 'cbor')!.decode!.vsJson!.perRound).toEqual([2]);
  });

  it('pools runs that measured no payload into a result of 0 rounds, not -Infinity (JSON would write null)', () => {
    const pooled = poolResults([run([]), run([])]);
    expect(pooled.payloads).toEqual([]);
    expect(pooled.options.rounds).toBe(0);
  });
});
