/**
 * measure/merge.ts: payloads measured apart (each in its own worker or page) merged into one result,
 * and one progress bar over the parts.
 */

import { jsonCodec } from '@wirebench/core/json';
import { describe, expect, it } from 'vitest';
import { METHOD, measure, resolveMeasureOptions } from '../../src/measure/engine.js';
import { failedPayload, mergePayloadResults, progressAcross } from '../../src/measure/merge.js';
import type { MeasureProgress, MeasureResult } from '../../src/measure/types.js';
import { validateMeasureResult } from '../../src/result/validate.js';

const TINY = { rounds: 3, roundTime: 1, warmupTime: 1, compressors: {} } as const;

/** One payload measured on its own, as a worker would. */
const alone = (name: string): Promise<MeasureResult> => measure([{ payload: { name, value: { name, list: [1, 2, 3] } }, codecs: [jsonCodec()] }], TINY);

describe('mergePayloadResults', () => {
  it('gives one result: the environment and options of the run, every payload in the order given, failed ones included', async () => {
    const [a, b] = await Promise.all([alone('a'), alone('b')]);
    const options = { ...a.options, isolation: 'worker-per-payload' as const, budget: 9000 };
    const merged = mergePayloadResults([...a.payloads, failedPayload('crashed', 'the worker measuring it crashed'), ...b.payloads], {
      environment: a.environment,
      options,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(merged).toMatchObject({
      format: 'wirebench-result',
      version: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      method: METHOD,
      options,
      environment: a.environment,
    });
    expect(merged.payloads.map((p) => [p.name, p.error])).toEqual([
      ['a', undefined],
      ['crashed', 'the worker measuring it crashed'],
      ['b', undefined],
    ]);
    expect(merged.payloads[0]).toBe(a.payloads[0]);
    // What compare, the gate and the playground read it with accepts it, through JSON.
    expect(validateMeasureResult(JSON.parse(JSON.stringify(merged)))).toMatchObject({
      payloads: [{ name: 'a' }, { name: 'crashed', rows: [] }, { name: 'b' }],
    });
  });

  it('refuses two payloads of one name', async () => {
    const a = await alone('a');
    expect(() => mergePayloadResults([...a.payloads, ...a.payloads], a)).toThrow(/two payloads named "a"/);
  });
});

describe('failedPayload', () => {
  it('has no rows and no rounds, and says why', () => {
    expect(failedPayload('x.json', 'why')).toEqual({
      name: 'x.json',
      jsonBytes: 0,
      lossyNumbers: [],
      lossyCount: 0,
      reference: 'json',
      rounds: [],
      stoppedByBudget: false,
      suspect: false,
      rows: [],
      error: 'why',
    });
  });
});

describe('resolveMeasureOptions', () => {
  it('fills the defaults, says the isolation (none unless told), and checks each option', () => {
    expect(resolveMeasureOptions({}, { timerResolutionMs: 0.001 }, ['gzip'])).toMatchObject({
      rounds: 11,
      sampleTime: 0.1,
      budget: null,
      compressors: ['gzip'],
      isolation: 'none',
    });
    expect(resolveMeasureOptions({ isolation: 'worker-per-payload' }, { timerResolutionMs: 0.001 }, []).isolation).toBe('worker-per-payload');
    expect(() => resolveMeasureOptions({ isolation: 'sometimes' as never }, { timerResolutionMs: 0.001 }, [])).toThrow(/isolation must be one of/);
    expect(() => resolveMeasureOptions({ roundTime: -1 }, { timerResolutionMs: 0.001 }, [])).toThrow(/roundTime must be a positive number/);
  });
});

describe('progressAcross', () => {
  const step = (payload: string, done: number, total: number): MeasureProgress => ({ phase: 'measure', payload, round: 0, rounds: 3, done, total });

  it('counts a part not started yet as the task-rounds per payload seen so far, and a finished part as whole', () => {
    const seen: MeasureProgress[] = [];
    const bar = progressAcross([1, 2, 1], (p) => seen.push(p));
    bar.report(0, step('a', 0, 30));
    expect(seen.at(-1)).toMatchObject({ payload: 'a', done: 0, total: 120 }); // 30 per payload × 4 payloads
    bar.report(0, step('a', 15, 30));
    bar.finish(0);
    bar.report(1, step('b', 0, 80));
    expect(seen.at(-1)).toMatchObject({ payload: 'b', done: 30, total: Math.round(30 + 80 + 110 / 3) }); // part 2 at (30 + 80) ÷ 3 payloads
    bar.report(1, step('b', 80, 80));
    bar.finish(1);
    bar.report(2, step('d', 40, 40));
    expect(seen.at(-1)).toMatchObject({ done: 150, total: 150 });
  });

  it('counts a part that failed before reporting at the estimate, so the bar does not go back', () => {
    const seen: MeasureProgress[] = [];
    const bar = progressAcross([1, 1, 1], (p) => seen.push(p));
    bar.report(0, step('a', 10, 10));
    bar.finish(0);
    bar.finish(1); // its worker crashed before it said anything
    bar.report(2, step('c', 0, 10));
    expect(seen.at(-1)).toMatchObject({ done: 20, total: 30 });
  });
});
