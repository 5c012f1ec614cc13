/**
 * node/isolated.ts: payloads measured each in a fresh worker thread, merged into one result. Run on
 * the built package (the worker is dist/node/isolated-worker.js, as a user's install runs it), with a
 * planner module (fixtures/planner.mjs) whose `kind` makes a worker plan, throw, crash, exit, hang
 * or vanish.
 */

import { describe, expect, it } from 'vitest';
import type { MeasureProgress } from 'wirebench';
import type { IsolatedJob, IsolatedOptions } from 'wirebench/node';
import { measureIsolated } from 'wirebench/node';

const PLANNER = new URL('./fixtures/planner.mjs', import.meta.url).href;
const TINY: IsolatedOptions = { rounds: 3, roundTime: 1, warmupTime: 1, compressors: 'none', cpuPressure: false };

const job = (kind: string, ...names: string[]): IsolatedJob => ({ planner: PLANNER, data: { kind, names }, payloads: names });

describe('measureIsolated', () => {
  it('measures each payload in a fresh worker, in the order given, and merges them into one result', async () => {
    const progress: MeasureProgress[] = [];
    const { result, notes } = await measureIsolated([job('ok', 'first'), job('ok', 'second'), job('ok', 'third')], {
      ...TINY,
      environment: { cpuModel: 'told by the caller', libraries: { tinybench: '6.2.3' } },
      onProgress: (p) => progress.push(p),
    });
    expect(result.format).toBe('wirebench-result');
    expect(result.payloads.map((p) => p.name)).toEqual(['first', 'second', 'third']);
    expect(result.options).toMatchObject({ rounds: 3, roundTime: 1, warmupTime: 1, compressors: [], isolation: 'worker-per-payload' });
    expect(result.environment).toMatchObject({ runtime: 'node', cpuModel: 'told by the caller', libraries: { tinybench: '6.2.3' } });
    for (const payload of result.payloads) {
      expect(payload.error).toBeUndefined();
      expect(payload.rounds).toHaveLength(3);
      expect(payload.rows.map((row) => row.name)).toEqual(['json']);
      expect(payload.rows[0]?.encode?.vsJson?.estimate).toBe(1);
    }
    // A fresh isolate each: every planner ran once in its worker. Notes come once each, in the order met.
    expect(notes).toEqual([
      'planned first in a worker that planned 1 time(s)',
      'a note every worker leaves',
      'planned second in a worker that planned 1 time(s)',
      'planned third in a worker that planned 1 time(s)',
    ]);
    // One progress bar over the three workers: it ends at its total and never goes back.
    const shares = progress.map((p) => p.done / p.total);
    expect(progress.map((p) => p.payload)).toEqual(expect.arrayContaining(['first', 'second', 'third']));
    expect(shares.at(-1)).toBeGreaterThan(0.9);
    expect(shares.every((share, i) => i === 0 || share >= (shares[i - 1] as number) - 0.01)).toBe(true);
  });

  it("turns a worker that throws, crashes, exits, vanishes or plans other payloads into that payload's error, and measures the rest", async () => {
    const { result } = await measureIsolated(
      [
        job('ok', 'before'),
        job('throw', 'throws'),
        job('crash', 'crashes'),
        job('exit', 'exits'),
        job('vanish', 'vanishes'),
        job('other-name', 'renamed'),
        job('ok', 'after'),
      ],
      TINY,
    );
    expect(result.payloads.map((p) => p.name)).toEqual(['before', 'throws', 'crashes', 'exits', 'vanishes', 'renamed', 'after']);
    const errors = Object.fromEntries(result.payloads.map((p) => [p.name, p.error]));
    expect(errors['before']).toBeUndefined();
    expect(errors['after']).toBeUndefined();
    expect(errors['throws']).toBe('planning failed on purpose');
    expect(errors['crashes']).toMatch(/^the worker measuring it crashed: crashed on purpose/);
    expect(errors['exits']).toMatch(/^the worker measuring it ended \(exit code 3\) before giving a result/);
    expect(errors['vanishes']).toMatch(/^the worker measuring it ended \(exit code \d+\) before giving a result/);
    expect(errors['renamed']).toMatch(/^the worker planned other payloads than asked/);
    for (const name of ['throws', 'crashes', 'exits', 'vanishes', 'renamed']) {
      expect(result.payloads.find((p) => p.name === name)).toMatchObject({ rows: [], rounds: [], jsonBytes: 0 });
    }
  });

  it("ends a worker that stalls, after the stall timeout, as that payload's error", async () => {
    const started = Date.now();
    const { result } = await measureIsolated([job('hang', 'stuck'), job('ok', 'next')], { ...TINY, stallTimeout: 1500 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.payloads[0]?.error).toMatch(/sent nothing for 2 s and was stopped/);
    expect(result.payloads[1]?.error).toBeUndefined();
  });

  it('a job of several payloads measures them in one worker, and the result says the payloads were not isolated', async () => {
    const { result, notes } = await measureIsolated([job('ok', 'a', 'b'), job('ok', 'c')], { ...TINY, budget: 60_000 });
    expect(result.payloads.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(result.options.isolation).toBe('none');
    expect(result.options.budget).toBe(60_000);
    expect(notes[0]).toBe('planned a, b in a worker that planned 1 time(s)');
  });

  it('never runs two workers at once', async () => {
    const running = new Int32Array(new SharedArrayBuffer(8));
    const jobs = ['p1', 'p2', 'p3', 'p4'].map((name): IsolatedJob => ({ planner: PLANNER, data: { kind: 'ok', names: [name], running }, payloads: [name] }));
    const { result } = await measureIsolated(jobs, TINY);
    expect(result.payloads.map((p) => p.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(Array.from(running)).toEqual([0, 1]);
  });

  it('refuses bad options before starting any worker, and an abort ends the running one', async () => {
    await expect(measureIsolated([job('ok', 'x')], { ...TINY, rounds: 0 })).rejects.toThrow(/rounds must be an integer/);
    const controller = new AbortController();
    const running = measureIsolated([job('hang', 'stuck'), job('ok', 'never')], { ...TINY, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the test')), 300);
    await expect(running).rejects.toThrow('stopped by the test');
  });
});
