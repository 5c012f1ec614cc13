/**
 * A small measure result for the report tests: two payloads, one with codec rows of every outcome
 * (exact, lossy with diffs, refused) and a library row, the other named like an HTML tag and cut
 * short by the budget under CPU contention. `answeredResult` is the same result as the CLI writes it:
 * decompression timed, bytes attributed and every payload answered by `withAnswers`.
 */

import type { FormatId, RoundTripReport } from '@wirebench/core';
import { BUNDLE_GZIP_BYTES, inferSchema } from '@wirebench/core';
import type { Constraints } from '../../src/answer/constraints.js';
import { withAnswers } from '../../src/answer/with-answers.js';
import { bytesBreakdown } from '../../src/attribution/breakdown.js';
import type { OperationResult, Ratio, RowResult } from '../../src/measure/types.js';
import { formatBytes } from '../../src/report/format.js';
import type { ResultPayload, WirebenchResult } from '../../src/result/types.js';
import { orderBatch, seededRandom } from '../../src/samples.js';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
export const METHOD =
  'Per payload, every row is timed interleaved in rounds; a ratio to JSON is taken per round, its 95 % interval a percentile bootstrap over rounds.';

export function ratio(estimate: number, low: number, high: number): Ratio {
  return { estimate, low, high, perRound: [low, estimate, high] };
}

/** One timed operation: `median` ms per call on a payload of `jsonBytes`. */
export function operation(median: number, jsonBytes: number, vsJson: Ratio, wrapperCost?: Ratio): OperationResult {
  return {
    median,
    p75: median * 1.05,
    p99: median * 1.4,
    mean: median * 1.08,
    min: median * 0.95,
    rme: 1.2,
    samples: 880,
    callsPerSample: 16,
    mbPerSecond: jsonBytes / 1e6 / (median / 1000),
    roundMedians: [median, median * 1.01, median * 0.99],
    vsJson,
    ...(wrapperCost ? { wrapperCost } : {}),
  };
}

const EXACT: RoundTripReport = { ok: true, diffs: [], truncated: false };

/** A codec row of a payload of `jsonBytes`, with its sizes and its encode and decode medians and ratios. */
function codecRow(
  format: FormatId,
  jsonBytes: number,
  sizes: { readonly bytes: number; readonly compressed: Readonly<Record<string, number>> },
  encode: readonly [number, Ratio],
  decode: readonly [number, Ratio],
  fidelity: RoundTripReport = EXACT,
): RowResult {
  return {
    name: format,
    kind: 'codec',
    format,
    bytes: sizes.bytes,
    bytesVsJson: sizes.bytes / jsonBytes,
    compressed: sizes.compressed,
    fidelity,
    encode: operation(encode[0], jsonBytes, encode[1]),
    decode: operation(decode[0], jsonBytes, decode[1]),
  };
}

export const ORDERS_BYTES = 48_213;
const SAME = ratio(1, 1, 1);
const ordersRows: RowResult[] = [
  codecRow('json', ORDERS_BYTES, { bytes: ORDERS_BYTES, compressed: { gzip: 9_870, brotli: 8_012 } }, [0.1205, SAME], [0.2104, SAME]),
  codecRow(
    'msgpack',
    ORDERS_BYTES,
    { bytes: 35_120, compressed: { gzip: 9_012, brotli: 7_655 } },
    [0.0747, ratio(0.62, 0.58, 0.66)],
    [0.2167, ratio(1.03, 0.97, 1.1)],
  ),
  codecRow(
    'protobuf',
    ORDERS_BYTES,
    { bytes: 16_430, compressed: { gzip: 7_310, brotli: 6_544 } },
    [0.2531, ratio(2.1, 1.93, 2.28)],
    [0.0862, ratio(0.41, 0.39, 0.44)],
    {
      ok: false,
      diffs: [
        { path: '$.orders[3].total', kind: 'value', expected: 19.99, actual: 19.989999771118164 },
        { path: '$.orders[7]["unit-price"]', kind: 'value', expected: 0.1, actual: 0.10000000149011612 },
        { path: '$.meta', kind: 'order' },
      ],
      truncated: false,
    },
  ),
  { name: 'flatbuffers', kind: 'codec', format: 'flatbuffers', error: 'encode failed: field "orders[0].tags" mixes strings and numbers' },
  {
    name: '@msgpack/msgpack decode',
    kind: 'library',
    format: 'msgpack',
    wraps: 'msgpack',
    decode: operation(0.2007, ORDERS_BYTES, ratio(0.95, 0.9, 1.01), ratio(1.08, 1.02, 1.15)),
  },
];

const EVENTS_BYTES = 1_268_400;
const eventsRows: RowResult[] = [
  codecRow('json', EVENTS_BYTES, { bytes: EVENTS_BYTES, compressed: { gzip: 201_332 } }, [4.81, SAME], [7.92, SAME]),
  codecRow('msgpack', EVENTS_BYTES, { bytes: 1_002_112, compressed: { gzip: 188_004 } }, [5.5, ratio(1.14, 1.09, 1.2)], [12.1, ratio(1.53, 1.41, 1.62)]),
  codecRow('protobuf', EVENTS_BYTES, { bytes: 598_230, compressed: { gzip: 160_876 } }, [3.02, ratio(0.63, 0.6, 0.67)], [2.3, ratio(0.29, 0.27, 0.31)]),
];

const rounds = (count: number, suspectRounds: number): ResultPayload['rounds'] =>
  Array.from({ length: count }, (_, i) => ({
    rotation: i,
    wallMs: 410 + i,
    cpuPressure: i < suspectRounds ? 0.41 : 0.02,
    attempts: i < suspectRounds ? 3 : 1,
    suspect: i < suspectRounds,
  }));

export const result: WirebenchResult = {
  format: 'wirebench-result',
  version: 2,
  createdAt: '2025-11-23T07:30:00.000Z',
  environment: {
    runtime: 'node',
    runtimeVersion: 'Node v22.11.0',
    platform: 'linux',
    arch: 'x64',
    cpuModel: 'AMD EPYC 7B13',
    cores: 8,
    memoryGb: 31.4,
    timerResolutionMs: 0.0005,
    cpuThrottle: 4,
    libraries: { '@msgpack/msgpack': '3.1.3', protobufjs: '8.8.1', '@wirebench/core': '0.1.0' },
  },
  options: {
    rounds: 11,
    roundTime: 40,
    warmupTime: 150,
    sampleTime: 0.05,
    budget: 60_000,
    minRounds: 3,
    maxPressure: 0.25,
    retries: 2,
    bootstrapResamples: 2000,
    operations: ['encode', 'decode'],
    compressors: ['gzip', 'brotli'],
    isolation: 'worker-per-payload',
  },
  method: METHOD,
  payloads: [
    {
      name: 'orders.json',
      jsonBytes: ORDERS_BYTES,
      lossyNumbers: [{ path: '$.orders[0].id', text: '12345678901234567891', value: 12345678901234567000, reason: 'rounded' }],
      lossyCount: 1,
      reference: 'json',
      rounds: rounds(11, 0),
      stoppedByBudget: false,
      suspect: false,
      rows: ordersRows,
    },
    {
      name: HOSTILE_NAME,
      jsonBytes: EVENTS_BYTES,
      lossyNumbers: [],
      lossyCount: 0,
      reference: 'json',
      rounds: rounds(7, 2),
      stoppedByBudget: true,
      suspect: true,
      rows: eventsRows,
    },
  ],
};

/** An orders payload's value, for its byte attribution (the rows above are figures, not an encoding of it). */
const ordersValue = orderBatch(seededRandom(7), 20);

/**
 * `result` as `npx wirebench` leaves it: each row's decompression timed, one call at a time (at 100 MB/s
 * of compressed bytes, about what zlib and brotli inflate at) and as one long stream (at 150 MB/s of
 * compressed bytes, written as decompressed bytes per ms: no per-call overhead), the orders payload's
 * bytes attributed by `bytesBreakdown` of a generated orders batch, then every payload answered under
 * `constraints`. `{ streamed: false }`: as a wirebench that did not measure the streaming rate left it.
 */
export function answered(constraints: Constraints = { network: '4g', served: 'gzip' }, { streamed = true } = {}): WirebenchResult {
  const timed = result.payloads.map((payload) => ({
    ...payload,
    rows: payload.rows.map((row) => {
      if (!row.compressed) return row;
      const each = (figure: (bytes: number) => number) =>
        Object.fromEntries(Object.entries(row.compressed ?? {}).map(([name, bytes]) => [name, figure(bytes)]));
      const rates = streamed ? { inflateBytesPerMs: each((bytes) => ((row.bytes as number) * 150_000) / bytes) } : {};
      return { ...row, decompressMs: each((bytes) => bytes / 100_000), ...rates };
    }),
  }));
  const attribution = bytesBreakdown(ordersValue, ['msgpack', 'protobuf'], { schema: inferSchema(ordersValue), top: 5 });
  const [orders, ...rest] = timed;
  return withAnswers({ ...result, payloads: [{ ...(orders as ResultPayload), attribution }, ...rest] }, constraints);
}

export const answeredResult = answered();

/** msgpack's gzipped JS as the reasons quote it (answer/bundle-sizes.ts, rewritten by npm run bundle:budget -- --update). */
export const MSGPACK_JS = formatBytes(BUNDLE_GZIP_BYTES['@wirebench/core/msgpack'] as number);
