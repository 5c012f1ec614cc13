/**
 * Compare devices' logic (src/compare-devices.ts), apart from React: each device named by its
 * runtime and engine, and each device's verdict on one payload, whether it changes between them,
 * from two results answered as the page answers them (answersSideBySide with the answer's withAnswers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Environment, OperationResult, RowResult } from 'wirebench';
import { resolveMeasureOptions } from 'wirebench';
import { withAnswers } from 'wirebench/answer';
import { answersSideBySide, deviceName, devicesVerdict } from '../src/compare-devices.js';
import type { WirebenchResult } from '../src/protocol.js';

const ROUNDS = 11;

/** `median` ms per decode in each of the rounds (the rest filler of the right type). */
function decode(median: number): OperationResult {
  return {
    median,
    p75: median,
    p99: median,
    mean: median,
    min: median,
    rme: 1,
    samples: 100,
    callsPerSample: 1,
    mbPerSecond: 100,
    roundMedians: Array.from({ length: ROUNDS }, (_, i) => median * (1 + (i % 3) * 0.001)),
  };
}

const codec = (name: 'json' | 'msgpack', bytes: number, decodeMs: number): RowResult => ({
  name,
  kind: 'codec',
  format: name,
  implementation: 'wirebench',
  bytes,
  fidelity: { ok: true, diffs: [], truncated: false },
  decode: decode(decodeMs),
});

/** One payload measured on a device whose msgpack decode takes `msgpackMs` (JSON's 1 ms; msgpack's bytes are a third fewer). */
function device(environment: Partial<Environment>, msgpackMs: number): WirebenchResult {
  return {
    format: 'wirebench-result',
    version: 2,
    createdAt: '2026-11-28T00:00:00.000Z',
    environment: { runtime: 'worker', runtimeVersion: 'Chrome 131', timerResolutionMs: 0.1, libraries: {}, ...environment },
    // The options as measure() records them, defaults filled in.
    options: resolveMeasureOptions({ rounds: ROUNDS, operations: ['decode'], isolation: 'worker-per-payload' }, { timerResolutionMs: 0.1 }, []),
    method: 'synthetic',
    payloads: [
      {
        name: 'orders.json',
        jsonBytes: 60_000,
        lossyNumbers: [],
        lossyCount: 0,
        reference: 'json',
        rounds: Array.from({ length: ROUNDS }, (_, i) => ({ rotation: i, wallMs: 100, cpuPressure: 0, attempts: 1, suspect: false })),
        stoppedByBudget: false,
        suspect: false,
        rows: [codec('json', 60_000, 1), codec('msgpack', 40_000, msgpackMs)],
      },
    ],
  };
}

const WEBKIT: Partial<Environment> = {
  runtimeVersion: 'WebKitGTK 2.50.6',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  platform: 'Linux x86_64',
  cores: 8,
  engine: { name: 'webkit', browser: 'WebKitGTK', version: '2.50.6', javascript: 'JavaScriptCore' },
};
const CHROME: Partial<Environment> = { runtimeVersion: 'Chrome 131', platform: 'Linux x86_64', cores: 4 };

/** The other device's file (no answer, as bench:browser writes it) beside this run, both answered on 4G uncompressed. */
function sideBySide(there: WirebenchResult, here: WirebenchResult) {
  const theirs = there.payloads[0]!;
  const mine = here.payloads[0]!;
  const answers = answersSideBySide(withAnswers, here, mine, there, theirs, { network: '4g', served: 'none' });
  expect(answers).not.toBeNull();
  return answers!;
}

describe('deviceName', () => {
  it('names the runtime and its engine, not the user agent', () => {
    expect(deviceName(device(WEBKIT, 1))).toBe('WebKitGTK 2.50.6 (JavaScriptCore) on Linux x86_64, 8 cores');
    expect(deviceName(device(CHROME, 1))).toBe('Chrome 131 (V8) on Linux x86_64, 4 cores');
    expect(deviceName(device({ runtime: 'node', runtimeVersion: 'Node v20.19.0' }, 1))).toBe('Node v20.19.0 (V8)');
  });
});

describe('devicesVerdict', () => {
  it('says in one line that both devices give the same verdict, each named', () => {
    const verdict = devicesVerdict(sideBySide(device(WEBKIT, 1), device(CHROME, 1.2)));
    expect(verdict.changes).toBe(false);
    expect(verdict.lines).toHaveLength(1);
    expect(verdict.lines[0]).toMatch(
      /^verdict: the same on the other device \(WebKitGTK 2\.50\.6 \(JavaScriptCore\)\) and this device \(Chrome 131 \(V8\)\): msgpack is sooner than JSON, [\d.]+ ms \([\d.]+ %\) on the other device, [\d.]+ ms \([\d.]+ %\) on this device$/,
    );
  });

  it("says where it changes: one device's msgpack decode slow enough to give back what its bytes saved", () => {
    const verdict = devicesVerdict(sideBySide(device(WEBKIT, 1), device(CHROME, 200)));
    expect(verdict.changes).toBe(true);
    expect(verdict.lines).toEqual([
      expect.stringMatching(
        /^verdict changes: on the other device \(WebKitGTK 2\.50\.6 \(JavaScriptCore\)\), msgpack is [\d.]+ ms \([\d.]+ %\) sooner than JSON; on this device \(Chrome 131 \(V8\)\), stay with JSON$/,
      ),
      'rank order flips: msgpack ahead of json on the other device, behind it on this device',
    ]);
  });

  it('changes exactly when the two devices name different verdicts (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 300, noNaN: true }), fc.double({ min: 0.1, max: 300, noNaN: true }), (thereMs, hereMs) => {
        const answers = sideBySide(device(WEBKIT, thereMs), device(CHROME, hereMs));
        const { a, b } = answers.verdicts;
        const verdict = devicesVerdict(answers);
        expect(verdict.changes).toBe(a.kind !== b.kind || a.named?.name !== b.named?.name);
        expect(verdict.lines[0]?.startsWith(verdict.changes ? 'verdict changes:' : 'verdict: the same')).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
