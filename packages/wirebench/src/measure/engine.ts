import type { Codec } from '@wirebench/core';
import { checkRoundTrip, IMPLEMENTATIONS, WirebenchError } from '@wirebench/core';
import { defaultCompressors } from './compress.js';
import type { DecompressionTask } from './decompression.js';
import {
  byRowAndCompressor,
  DECOMPRESSION_ROUNDS,
  MIN_STREAM_BYTES,
  STREAM_BYTES,
  STREAM_COMPRESS_BUDGET_MS,
  streamBody,
  timeDecompressions,
} from './decompression.js';
import { detectEnvironment } from './environment.js';
import { MEASURE_PRESETS } from './presets.js';
import { rowName } from './row-name.js';
import { ascending, bootstrapInterval, MAX_BOOTSTRAP_RESAMPLES, mean, median, quantile, relativeMarginOfError } from './stats.js';
import type { TimedTask } from './timing.js';
import { callsPerSample, MIN_SAMPLES, runRound } from './timing.js';
import type {
  Compressor,
  Environment,
  ExtraRow,
  MeasureOptions,
  MeasureResult,
  MeasureTarget,
  Operation,
  OperationResult,
  PayloadResult,
  Ratio,
  ResolvedMeasureOptions,
  RoundInfo,
  RowResult,
} from './types.js';
import { ISOLATIONS, RESULT_FORMAT, RESULT_VERSION } from './types.js';

const WARMUP_ROUNDS = 3;

/** The method in words, written into every result's `method`. */
export const METHOD =
  "Per payload, every row's encode and decode are timed interleaved in rounds, the task order rotating (and reversing) " +
  'every round, after the same interleaved warm-up for all. A sample is the mean of a batch of calls sized after warm-up; ' +
  `a task gets at least ${MIN_SAMPLES} samples per round. ` +
  'median/p75/p99/mean are over all samples of all rounds. A ratio to JSON is taken per round (row median ÷ JSON median ' +
  'of that round); its estimate is the median over rounds and its 95 % interval a percentile bootstrap over rounds. ' +
  `Decompression (where timed) runs after a payload's rounds: each row's compressed bytes through each compressor's decompressor, ${DECOMPRESSION_ROUNDS} ` +
  "rounds in rotating order, batches sized like the codecs' samples; decompressMs is the median per call, per-call overhead included (what an app " +
  "that decompresses bodies itself pays). Then, the same way, one long stream per row and compressor: the row's bytes, or copies of them each " +
  `relabelled by its own byte permutation, to at least ${STREAM_BYTES} bytes, compressed once and decompressed in one pass with the least ` +
  'per-call work the runtime allows; inflateBytesPerMs is those bytes over the median pass (the rate a network stack inflates at). ' +
  `Where compressing that long body would take more than about ${STREAM_COMPRESS_BUDGET_MS} ms (judged from its first ${MIN_STREAM_BYTES} bytes, or the row's own when longer; ` +
  `Firefox's brotli, quality 11, takes seconds) the body is shorter, at least ${MIN_STREAM_BYTES} bytes: a pass's fixed cost then weighs more, so its rate is lower.`;

interface PreparedRow {
  result: RowResult;
  operations: Partial<Record<Operation, () => unknown>>;
  /** The encoded bytes compressed, by compressor name, for the decompression timing. */
  compressed?: Record<string, Uint8Array>;
  /** Milliseconds each compressor took on the encoded bytes: what compressing the long body would cost, per byte. */
  compressMs?: Record<string, number>;
  /** The encoded bytes, kept with `compressed` for the streaming rate. */
  encoded?: Uint8Array;
}

/**
 * The one measuring engine (Node, browser page, Web Worker): sizes, compressed sizes, fidelity, and
 * encode/decode timings of every row on every payload, with ratios to JSON from the same rounds.
 */
export async function measure(targets: readonly MeasureTarget[], options: MeasureOptions = {}): Promise<MeasureResult> {
  const started = performance.now();
  const environment = detectEnvironment(options.environment);
  const compressors = options.compressors ?? defaultCompressors();
  const resolved = resolveMeasureOptions(options, environment, Object.keys(compressors));
  return measureAll(targets, options, resolved, environment, compressors, options.signal, started);
}

/**
 * The options as a result records them, defaults filled in and each checked (a RangeError says
 * which is wrong): what `measure` writes, and what a runner that spreads payloads over workers
 * writes into the result it merges. `compressors` are the names of those that run.
 */
export function resolveMeasureOptions(
  options: Omit<MeasureOptions, 'compressors'>,
  environment: Pick<Environment, 'timerResolutionMs'>,
  compressors: readonly string[],
): ResolvedMeasureOptions {
  const isolation = options.isolation ?? 'none';
  if (!ISOLATIONS.includes(isolation)) throw new RangeError(`measure: isolation must be one of ${ISOLATIONS.join(', ')}, got ${String(isolation)}`);
  return {
    rounds: count(options.rounds ?? MEASURE_PRESETS.standard.rounds, 'rounds', 1),
    roundTime: positive(options.roundTime ?? MEASURE_PRESETS.standard.roundTime, 'roundTime'),
    warmupTime: positive(options.warmupTime ?? MEASURE_PRESETS.standard.warmupTime, 'warmupTime'),
    sampleTime: positive(options.sampleTime ?? Math.max(0.05, 100 * environment.timerResolutionMs), 'sampleTime'),
    budget: options.budget === undefined ? null : positive(options.budget, 'budget'),
    minRounds: count(options.minRounds ?? 3, 'minRounds', 1),
    maxPressure: positive(options.maxPressure ?? 0.25, 'maxPressure'),
    retries: count(options.retries ?? 2, 'retries', 0),
    bootstrapResamples: count(options.bootstrapResamples ?? 2000, 'bootstrapResamples', 1, MAX_BOOTSTRAP_RESAMPLES),
    operations: options.operations ?? ['encode', 'decode'],
    compressors: [...compressors],
    timeDecompression: compressors.length > 0 && options.timeDecompression !== false,
    isolation,
  };
}

async function measureAll(
  targets: readonly MeasureTarget[],
  options: MeasureOptions,
  resolved: ResolvedMeasureOptions,
  environment: Environment,
  compressors: Readonly<Record<string, Compressor>>,
  signal: AbortSignal | undefined,
  started: number,
): Promise<MeasureResult> {
  // Planned task-rounds, known before anything runs so a progress bar starts right; rows that turn
  // out unmeasurable are taken off as they are found, and extras built late are added then.
  const ops = (target: MeasureTarget): readonly Operation[] => target.operations ?? resolved.operations;
  // Each compressor's calls, then the long stream of each that decompresses a stream apart (`streamTasks`).
  const decompressionTasks = resolved.timeDecompression
    ? resolved.compressors.reduce((sum, name) => sum + (compressors[name]?.decompressStreaming ? 2 : 1), 0)
    : 0;
  /** Task-rounds of one row: its operations' rounds, then its decompressions'. */
  const codecRowRounds = (operations: number): number => resolved.rounds * operations + DECOMPRESSION_ROUNDS * decompressionTasks;
  const plannedRounds = (target: MeasureTarget): number => {
    const known = typeof target.extras === 'function' ? [] : (target.extras ?? []);
    const extras = known.reduce((sum, extra) => sum + ops(target).filter((op) => extra[op]).length, 0);
    return target.codecs.length * codecRowRounds(ops(target).length) + resolved.rounds * extras;
  };
  const total = { done: 0, planned: targets.reduce((sum, target) => sum + plannedRounds(target), 0) };

  const payloads: PayloadResult[] = [];
  // Each payload is prepared right before it is timed, never all up front: a library's shared state
  // (cbor-x's module-wide output buffer, say) must not carry the largest payload into the others.
  for (const [index, target] of targets.entries()) {
    signal?.throwIfAborted();
    options.onProgress?.({ phase: 'prepare', payload: target.payload.name, round: 0, rounds: resolved.rounds, done: total.done, total: total.planned });
    const rows = await prepareRows(target, compressors, ops(target), (codec) => implementationVersion(environment, codec), resolved.timeDecompression === true);
    const jsonBytes = jsonSize(target.payload.value);
    const preview = payloadResult(target, jsonBytes, rows, [], false);
    options.onPayload?.(preview, false);
    const preparedRounds = rows.reduce(
      (sum, row) => sum + resolved.rounds * Object.keys(row.operations).length + (row.compressed ? DECOMPRESSION_ROUNDS * decompressionTasks : 0),
      0,
    );
    total.planned -= plannedRounds(target) - preparedRounds;

    const tasks: TimedTask[] = rows.flatMap((row) =>
      ops(target).flatMap((op) => {
        const fn = row.operations[op];
        return fn ? [{ id: `${row.result.name} ${op}`, fn, callsPerSample: 1 }] : [];
      }),
    );
    if (tasks.length === 0) {
      total.planned -= preparedRounds;
      // Said, so a bar whose last payload had nothing to time still ends full.
      options.onProgress?.({ phase: 'measure', payload: target.payload.name, round: 0, rounds: resolved.rounds, done: total.done, total: total.planned });
      payloads.push(preview);
      continue;
    }
    const report = (phase: 'warmup' | 'measure', round: number, done: number): void =>
      options.onProgress?.({ phase, payload: target.payload.name, round, rounds: resolved.rounds, done, total: total.planned });

    // The same interleaved warm-up for every task, then batches sized on warm code.
    for (let w = 0; w < WARMUP_ROUNDS; w++) {
      report('warmup', 0, total.done);
      await runRound(tasks, rotation(tasks.length, w), resolved.warmupTime / WARMUP_ROUNDS, signal, () => {});
    }
    for (const task of tasks) task.callsPerSample = callsPerSample(task.fn, resolved.sampleTime);

    const samples = new Map<string, number[][]>(tasks.map((task) => [task.id, []]));
    const rounds: RoundInfo[] = [];
    let stoppedByBudget = false;
    for (let round = 0; round < resolved.rounds; round++) {
      const order = rotation(tasks.length, round);
      let attempts = 0;
      for (;;) {
        attempts++;
        // A retried attempt's tasks are counted as extra work, so `done` never goes backwards.
        if (attempts > 1) total.planned += tasks.length;
        report('measure', round, total.done);
        const pressureBefore = options.cpuPressure?.();
        const roundStart = performance.now();
        const roundSamples = await runRound(tasks, order, resolved.roundTime, signal, () => report('measure', round, ++total.done));
        const wallMs = performance.now() - roundStart;
        const pressureAfter = options.cpuPressure?.();
        const pressure = pressureBefore === undefined || pressureAfter === undefined ? undefined : (pressureAfter - pressureBefore) / 1000 / wallMs;
        const contended = pressure !== undefined && pressure > resolved.maxPressure;
        if (contended && attempts <= resolved.retries) continue;
        for (const [id, values] of roundSamples) samples.get(id)?.push(values);
        rounds.push({ rotation: order[0] ?? 0, wallMs, cpuPressure: pressure, attempts, suspect: contended });
        break;
      }
      const share = resolved.budget === null ? Infinity : (resolved.budget * (index + 1)) / targets.length;
      if (round + 1 >= resolved.minRounds && round + 1 < resolved.rounds && performance.now() - started > share) {
        stoppedByBudget = true;
        total.planned -= (resolved.rounds - round - 1) * tasks.length;
        report('measure', round, total.done);
        break;
      }
    }

    const timing = {
      rounds: DECOMPRESSION_ROUNDS,
      time: resolved.roundTime / 2,
      sampleTime: resolved.sampleTime,
      ...(signal ? { signal } : {}),
      onTaskDone: () => report('measure', resolved.rounds - 1, ++total.done),
    };
    const perCall = rows.flatMap((row) =>
      Object.entries(row.compressed ?? {}).map(([compressor, compressed]) => ({
        row: row.result.name,
        compressor,
        compressed,
        // Called on its compressor: a class's method may need its `this`.
        decompress: (bytes: Uint8Array) => (compressors[compressor] as Compressor).decompress(bytes),
      })),
    );
    const perCallMs = await timeDecompressions(perCall, timing);
    const decompressMs = byRowAndCompressor(perCall, perCallMs);
    const streams = await streamTasks(rows, compressors, signal);
    const passMs = await timeDecompressions(
      streams.map((s) => s.task),
      timing,
    );
    // A decompressor without a streaming call of its own has no per-call overhead to leave out (zlib's
    // synchronous calls in Node, a few µs): its calls on the row's body give the rate too.
    const rated = [
      ...perCall.flatMap((task, i) =>
        compressors[task.compressor]?.decompressStreaming ? [] : [{ task, bytes: encodedBytes(rows, task.row), ms: perCallMs[i] as number }],
      ),
      ...streams.map((s, i) => ({ task: s.task, bytes: s.bytes, ms: passMs[i] as number })),
    ];
    // A row of no bytes has no rate (0 bytes over any time): the answer needs none for it.
    const measured = rated.filter(({ bytes, ms }) => bytes > 0 && ms > 0 && Number.isFinite(bytes / ms));
    const inflateRates = byRowAndCompressor(
      measured.map((r) => r.task),
      measured.map((r) => r.bytes / r.ms),
    );
    const timed = rows.map((row) => {
      const result = timedRow(row, samples, tasks, target.reference ?? 'json', preview.jsonBytes, resolved);
      const decompress = decompressMs.get(row.result.name);
      const inflate = inflateRates.get(row.result.name);
      return { ...result, ...(decompress ? { decompressMs: decompress } : {}), ...(inflate ? { inflateBytesPerMs: inflate } : {}) };
    });
    const result = payloadResult(target, preview.jsonBytes, timed, rounds, stoppedByBudget);
    options.onPayload?.(result, true);
    payloads.push(result);
  }

  signal?.throwIfAborted();
  return {
    format: RESULT_FORMAT,
    version: RESULT_VERSION,
    createdAt: new Date().toISOString(),
    environment,
    options: resolved,
    method: METHOD,
    payloads,
  };
}

/** UTF-8 bytes of the value as JSON text, or 0 when JSON.stringify cannot write it (nested too deeply). */
function jsonSize(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length;
  } catch {
    return 0;
  }
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`measure: ${name} must be a positive number, got ${value}`);
  return value;
}

function count(value: number, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new RangeError(`measure: ${name} must be an integer ${range}, got ${value}`);
  }
  return value;
}

/** Task order of a round: rotated by one every round and reversed on odd rounds, so no task always follows the same one. */
function rotation(count: number, round: number): number[] {
  const order = Array.from({ length: count }, (_, i) => (i + round) % count);
  return round % 2 === 1 ? order.reverse() : order;
}

/** The installed version of the package behind a codec, as the environment lists it (`libraries`). */
function implementationVersion(environment: Environment, codec: Codec): string | undefined {
  if (codec.implementation === undefined) return undefined;
  const implementation = IMPLEMENTATIONS[codec.format]?.find((i) => i.id === codec.implementation);
  return implementation ? environment.libraries[implementation.package] : undefined;
}

/** A target's extra rows, built now when they are given as a function. */
export function extraRows(target: MeasureTarget): readonly ExtraRow[] {
  return typeof target.extras === 'function' ? target.extras() : (target.extras ?? []);
}

/** Encodes once, decodes once, checks fidelity and compresses: everything the timed calls need, outside the timed region. */
async function prepareRows(
  target: MeasureTarget,
  compressors: Readonly<Record<string, Compressor>>,
  operations: readonly Operation[],
  version: (codec: Codec) => string | undefined,
  timeDecompression: boolean,
): Promise<PreparedRow[]> {
  const { value } = target.payload;
  const rows: PreparedRow[] = [];
  for (const codec of target.codecs) {
    const base = {
      name: rowName(codec.format, codec.implementation),
      kind: 'codec',
      format: codec.format,
      ...(codec.implementation === undefined ? {} : { implementation: codec.implementation }),
      ...(version(codec) === undefined ? {} : { version: version(codec) }),
      ...(codec.interpreted === true ? { interpreted: true } : {}),
    } as const;
    let bytes: Uint8Array;
    try {
      bytes = codec.encode(value);
    } catch (error) {
      rows.push({ result: { ...base, error: failure('encode', error) }, operations: {} });
      continue;
    }
    const { compressed: compressedBytes, compressMs } = await compressAll(bytes, compressors, timeDecompression);
    const compressed = Object.fromEntries(Object.entries(compressedBytes).map(([name, c]) => [name, c.length]));
    const kept = timeDecompression && Object.keys(compressedBytes).length > 0 ? { compressed: compressedBytes, compressMs, encoded: bytes } : {};
    const encode = (): unknown => codec.encode(value);
    let decoded: unknown;
    try {
      decoded = codec.decode(bytes);
    } catch (error) {
      const result = { ...base, bytes: bytes.length, compressed, error: failure('decode', error) };
      rows.push({ result, operations: only(operations, { encode }), ...kept });
      continue;
    }
    const decode = (): unknown => codec.decode(bytes);
    const result = { ...base, bytes: bytes.length, compressed, fidelity: checkRoundTrip(value, decoded) };
    rows.push({ result, operations: only(operations, { encode, decode }), ...kept });
  }
  let extras: readonly ExtraRow[];
  try {
    extras = extraRows(target);
  } catch (error) {
    // Like an extra row that throws: said in the result, and the other rows and payloads still measured.
    extras = [
      {
        name: 'extra rows',
        kind: 'custom',
        encode: () => {
          throw error;
        },
      },
    ];
  }
  for (const extra of extras) {
    const result: RowResult = {
      name: extra.name,
      kind: extra.kind,
      ...(extra.format ? { format: extra.format } : {}),
      ...(extra.wraps ? { wraps: extra.wraps } : {}),
    };
    const fns = { ...(extra.encode ? { encode: extra.encode } : {}), ...(extra.decode ? { decode: extra.decode } : {}) };
    try {
      for (const fn of Object.values(fns)) fn();
      rows.push({ result, operations: only(operations, fns) });
    } catch (error) {
      rows.push({ result: { ...result, error: messageOf(error) }, operations: {} });
    }
  }
  const names = new Set<string>();
  for (const { result } of rows) {
    if (names.has(result.name)) throw new RangeError(`measure: two rows named ${JSON.stringify(result.name)} on payload ${target.payload.name}`);
    names.add(result.name);
  }
  return rows;
}

function only(operations: readonly Operation[], fns: Partial<Record<Operation, () => unknown>>): Partial<Record<Operation, () => unknown>> {
  return Object.fromEntries(operations.flatMap((op) => (fns[op] ? [[op, fns[op]]] : [])));
}

/**
 * `bytes` compressed by each compressor; when they are to be timed, each also decompressed once and
 * checked to give `bytes` back (a decompressor that returns something else would be timed for nothing).
 */
async function compressAll(
  bytes: Uint8Array,
  compressors: Readonly<Record<string, Compressor>>,
  check: boolean,
): Promise<{ compressed: Record<string, Uint8Array>; compressMs: Record<string, number> }> {
  const out: Record<string, Uint8Array> = {};
  const compressMs: Record<string, number> = {};
  for (const [name, compressor] of Object.entries(compressors)) {
    const start = performance.now();
    const compressed = await compressor.compress(bytes);
    compressMs[name] = performance.now() - start;
    if (check && !sameBytes(await compressor.decompress(compressed), bytes)) {
      throw new RangeError(`measure: compressor ${JSON.stringify(name)} does not decompress its own output back to the bytes it compressed`);
    }
    out[name] = compressed;
  }
  return { compressed: out, compressMs };
}

/** The encoded length of the row named `name`. */
function encodedBytes(rows: readonly PreparedRow[], name: string): number {
  return rows.find((row) => row.result.name === name)?.encoded?.length ?? 0;
}

/**
 * For each row and each compressor with a streaming call (`decompressStreaming`), the long body of the
 * streaming rate (`streamBody`), compressed here, outside any timing, and checked to come back whole.
 */
async function streamTasks(
  rows: readonly PreparedRow[],
  compressors: Readonly<Record<string, Compressor>>,
  signal: AbortSignal | undefined,
): Promise<{ task: DecompressionTask; bytes: number }[]> {
  const out: { task: DecompressionTask; bytes: number }[] = [];
  for (const row of rows) {
    const encoded = row.encoded;
    if (!row.compressed || !encoded) continue;
    for (const [name, ownCompressed] of Object.entries(row.compressed)) {
      signal?.throwIfAborted();
      const compressor = compressors[name] as Compressor;
      const streaming = compressor.decompressStreaming;
      if (!streaming) continue;
      // Called on its compressor: a class's method may need its `this`.
      const decompress = (bytes: Uint8Array): Uint8Array | Promise<Uint8Array> => streaming.call(compressor, bytes);
      const { body, compressed } = await longBody(encoded, ownCompressed, compressor, row.compressMs?.[name]);
      if (!sameBytes(await decompress(compressed), body)) {
        throw new RangeError(`measure: compressor ${JSON.stringify(name)} does not decompress a long stream back to the bytes it compressed`);
      }
      out.push({ task: { row: row.result.name, compressor: name, compressed, decompress }, bytes: body.length });
    }
  }
  return out;
}

/**
 * A row's long body for one compressor, compressed. Its length comes from the pace the compressor
 * kept on at least MIN_STREAM_BYTES: the row's own bytes where they are that long, else a first
 * MIN_STREAM_BYTES of the long body, compressed here (one call on a small row is mostly the call's
 * fixed cost: CompressionStream gzip takes 1–2 ms on 600 bytes and about 5 ms on 256 KiB).
 */
async function longBody(
  encoded: Uint8Array,
  ownCompressed: Uint8Array,
  compressor: Compressor,
  ownMs: number | undefined,
): Promise<{ body: Uint8Array; compressed: Uint8Array }> {
  let paced = { body: encoded, compressed: ownCompressed, ms: ownMs };
  if (encoded.length > 0 && (encoded.length < MIN_STREAM_BYTES || ownMs === undefined)) {
    const probe = streamBody(encoded, MIN_STREAM_BYTES);
    const start = performance.now();
    const compressed = await compressor.compress(probe);
    paced = { body: probe, compressed, ms: performance.now() - start };
  }
  const length = streamLength(paced.body.length, paced.ms);
  if (length <= paced.body.length) return { body: paced.body, compressed: paced.compressed };
  const body = streamBody(encoded, length);
  return { body, compressed: body === encoded ? ownCompressed : await compressor.compress(body) };
}

/**
 * How long a row's long body may be for one compressor: STREAM_BYTES, unless compressing that much
 * would take past STREAM_COMPRESS_BUDGET_MS at the pace `bytes` were compressed in `compressMs`;
 * never below MIN_STREAM_BYTES. Firefox's CompressionStream brotli (quality 11) takes about 6 s for
 * 256 KiB of a 592-byte row's copies, which made a small payload's run in Firefox last over a minute.
 */
function streamLength(bytes: number, compressMs: number | undefined): number {
  if (compressMs === undefined || compressMs <= 0 || bytes === 0) return STREAM_BYTES;
  const affordable = Math.floor((bytes * STREAM_COMPRESS_BUDGET_MS) / compressMs);
  return Math.max(MIN_STREAM_BYTES, Math.min(STREAM_BYTES, affordable));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A codec's failure in words: wirebench's own errors already name the format and the operation. */
const failure = (operation: Operation, error: unknown): string =>
  error instanceof WirebenchError ? error.message : `${operation} failed: ${messageOf(error)}`;

function timedRow(
  row: PreparedRow,
  samples: ReadonlyMap<string, number[][]>,
  tasks: readonly TimedTask[],
  reference: string,
  jsonBytes: number,
  options: ResolvedMeasureOptions,
): RowResult {
  const result: { -readonly [K in keyof RowResult]: RowResult[K] } = { ...row.result };
  for (const op of Object.keys(row.operations) as Operation[]) {
    const id = `${row.result.name} ${op}`;
    const rounds = samples.get(id);
    const task = tasks.find((t) => t.id === id);
    if (!rounds || !task || rounds.length === 0) continue;
    const all = ascending(rounds.flat());
    const roundMedians = rounds.map((values) => median(values));
    const ratioTo = (other: string, inverse: boolean): Ratio | undefined => {
      const otherRounds = samples.get(`${other} ${op}`);
      if (!otherRounds || otherRounds.length !== rounds.length) return undefined;
      const perRound = roundMedians.map((m, r) => {
        const theirs = median(otherRounds[r] as number[]);
        return inverse ? theirs / m : m / theirs;
      });
      const interval = bootstrapInterval(perRound, median, { resamples: options.bootstrapResamples });
      return { estimate: median(perRound), low: interval.low, high: interval.high, perRound };
    };
    const vsJson = ratioTo(reference, false);
    const wrapperCost = row.result.wraps === undefined ? undefined : ratioTo(row.result.wraps, true);
    result[op] = {
      median: quantile(all, 0.5),
      p75: quantile(all, 0.75),
      p99: quantile(all, 0.99),
      mean: mean(all),
      min: all[0] as number,
      rme: relativeMarginOfError(all),
      samples: all.length,
      callsPerSample: task.callsPerSample,
      mbPerSecond: jsonBytes / 1e6 / (quantile(all, 0.5) / 1000),
      roundMedians,
      ...(vsJson ? { vsJson } : {}),
      ...(wrapperCost ? { wrapperCost } : {}),
    } satisfies OperationResult;
  }
  return result;
}

function payloadResult(
  target: MeasureTarget,
  jsonBytes: number,
  rows: readonly (PreparedRow | RowResult)[],
  rounds: RoundInfo[],
  stoppedByBudget: boolean,
): PayloadResult {
  const results = rows.map((row) => ('result' in row ? row.result : row));
  const reference = target.reference ?? 'json';
  const jsonRow = results.find((row) => row.format === 'json' && row.kind === 'codec');
  return {
    name: target.payload.name,
    jsonBytes,
    ...(target.payload.sourceBytes !== undefined ? { sourceBytes: target.payload.sourceBytes } : {}),
    lossyNumbers: target.payload.lossyNumbers ?? [],
    lossyCount: target.payload.lossyCount ?? target.payload.lossyNumbers?.length ?? 0,
    reference,
    rounds,
    stoppedByBudget,
    suspect: rounds.some((round) => round.suspect),
    rows: results.map((row) => (row.bytes !== undefined && jsonRow?.bytes ? { ...row, bytesVsJson: row.bytes / jsonRow.bytes } : row)),
  };
}
