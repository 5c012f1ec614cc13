import type { FormatId } from '@wirebench/core';
import { FORMATS } from '@wirebench/core';
/**
 * Synthetic results for the tests of bench:compare and the CI gate: only what compare reads is
 * realistic (per-round ratios to JSON, bytes, errors), the rest is filler of the right type.
 */
import type { MeasureResult, OperationResult, PayloadResult, RowResult } from 'wirebench';
import { median } from 'wirebench';
import { seededRandom } from 'wirebench/samples';

/** A row as the test describes it: per-round ratios to JSON for each operation it has. */
export interface RowSpec {
  readonly name: string;
  readonly encode?: readonly number[];
  readonly decode?: readonly number[];
  readonly bytes?: number;
  readonly error?: string;
  /** The row's own median time per call, for both operations (default: its median ratio), as the engine reports it beside the ratios. */
  readonly medianMs?: number;
}

function operation(perRound: readonly number[], medianMs?: number): OperationResult {
  const estimate = median(perRound);
  return {
    median: medianMs ?? estimate,
    p75: estimate,
    p99: estimate,
    mean: estimate,
    min: estimate,
    rme: 1,
    samples: perRound.length * 20,
    callsPerSample: 10,
    mbPerSecond: 100,
    roundMedians: [...perRound],
    vsJson: { estimate, low: Math.min(...perRound), high: Math.max(...perRound), perRound: [...perRound] },
  };
}

/**
 * A codec row, keyed by format and implementation as every result's rows are: `msgpack` is
 * wirebench's own codec, `msgpack (msgpackr)` a library's, and any other name (`row7`) a JSON codec
 * of that name, so that many rows stay apart.
 */
function row(spec: RowSpec): RowResult {
  const library = /^(\S+) \((.+)\)$/.exec(spec.name);
  const format = library ? library[1] : (FORMATS as readonly string[]).includes(spec.name) ? spec.name : 'json';
  const implementation = library ? (library[2] as string) : format === spec.name ? 'wirebench' : spec.name;
  return {
    name: spec.name,
    kind: 'codec',
    format: format as FormatId,
    implementation,
    ...(spec.bytes === undefined ? {} : { bytes: spec.bytes }),
    ...(spec.error === undefined ? {} : { error: spec.error }),
    ...(spec.encode ? { encode: operation(spec.encode, spec.medianMs) } : {}),
    ...(spec.decode ? { decode: operation(spec.decode, spec.medianMs) } : {}),
  };
}

/**
 * A result whose payloads hold a `json` reference row (ratio 1 every round, 1 ms per call; a spec
 * named `json` replaces it, e.g. to set JSON's own time with `medianMs`) and the given rows.
 */
export function result(payloads: Readonly<Record<string, readonly RowSpec[]>>, rounds = 11): MeasureResult {
  const ones = Array.from({ length: rounds }, () => 1);
  return {
    format: 'wirebench-result',
    version: 2,
    createdAt: '2025-01-01T00:00:00.000Z',
    environment: { runtime: 'node', runtimeVersion: 'v20.19.0', timerResolutionMs: 0.001, libraries: {} },
    options: {
      rounds,
      roundTime: 40,
      warmupTime: 150,
      sampleTime: 0.05,
      budget: null,
      minRounds: 3,
      maxPressure: 0.25,
      retries: 2,
      bootstrapResamples: 2000,
      operations: ['encode', 'decode'],
      compressors: [],
    },
    method: 'synthetic',
    payloads: Object.entries(payloads).map(
      ([name, rows]): PayloadResult => ({
        name,
        jsonBytes: 1000,
        lossyNumbers: [],
        lossyCount: 0,
        reference: 'json',
        rounds: [],
        stoppedByBudget: false,
        suspect: false,
        rows: [
          row({ name: 'json', bytes: 1000, encode: ones, decode: ones, ...rows.find((r) => r.name === 'json') }),
          ...rows.filter((r) => r.name !== 'json').map(row),
        ],
      }),
    ),
  };
}

/** `rounds` per-round ratios around `center`, lognormal with log-sd `spread` (0.08 ≈ 8 %: what one round scatters by). */
export function lognormal(random: () => number, rounds: number, center: number, spread = 0.08): number[] {
  return Array.from({ length: rounds }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()); // Box–Muller
    return center * Math.exp(spread * z);
  });
}

/** Two runs of one row (`msgpack` on payload `small`), b shifted by `shift` relative to a. */
export function shiftedRuns(seed: number, shift: number, rounds = 11, spread = 0.08): [MeasureResult, MeasureResult] {
  const random = seededRandom(seed);
  const a = result({ small: [{ name: 'msgpack', decode: lognormal(random, rounds, 0.8, spread) }] }, rounds);
  const b = result({ small: [{ name: 'msgpack', decode: lognormal(random, rounds, 0.8 * shift, spread) }] }, rounds);
  return [a, b];
}
