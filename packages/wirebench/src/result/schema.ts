/**
 * The saved result (types.ts: `measure`'s result as JSON, with the answer and the byte attribution the
 * CLI and the playground add) defined once, as valibot schemas: `validateMeasureResult` checks a file against
 * them, and the type checks at the end hold the hand-written interfaces (measure's and this folder's types.ts, the answer's and
 * the attribution's, kept for their docs) equal to what the schemas infer, so the check and the types
 * cannot drift: a field added to an interface and not here, or the other way round, fails to compile.
 *
 * Why valibot: one schema of the result's shape, bundled for a page (rolldown, minified, gzip -9),
 * took 2.5 kB with valibot, 7.5 kB with @zod/mini (whose core also probes `new Function`, which a
 * strict CSP reports) and 2.2 kB with superstruct, which then took 2.4–3.3 s on 200,000 rows where
 * valibot and @zod/mini took 0.55–0.9 s (fresh Node processes). ajv and arktype compile validators
 * to JavaScript at run time, which a page whose CSP forbids eval cannot do. valibot builds no code,
 * and a page bundles only the functions it calls (the whole check: 4.5 kB gzipped, README's table).
 *
 * Pure and browser-safe, like everything a page imports from `wirebench`.
 */

import type { LossyNumber, RoundTripReport } from '@wirebench/core';
import { FORMATS } from '@wirebench/core';
import * as v from 'valibot';
import type { BreakEven, Responses } from '../answer/break-even.js';
import type { Exclusion, ResolvedConstraints } from '../answer/constraints.js';
import type { FirstDiff } from '../answer/facts.js';
import type { NetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer, RowAnswer } from '../answer/payload-answer.js';
import type { Ranking } from '../answer/rank.js';
import type { TimeUntilUsable } from '../answer/time-until-usable.js';
import type { BytesBreakdown } from '../attribution/breakdown.js';
import { MAX_BOOTSTRAP_RESAMPLES } from '../measure/stats.js';
import type { Environment, OperationResult, ResolvedMeasureOptions, RowResult } from '../measure/types.js';
import { ENGINE_NAMES, ISOLATIONS, RESULT_FORMAT, RESULT_VERSION } from '../measure/types.js';
import type { ResultPayload, WirebenchResult } from './types.js';

// ---------------------------------------------------------------------------------------------
// Building blocks. Each message says what the value must be: validateMeasureResult writes
// `<path> must be <message>, got <what was there>`.

const string = v.string('a string');
const boolean = v.boolean('true or false');

/**
 * A number `accepts` takes, `what` saying which in the message. One check per value rather than a
 * pipe of actions: a result holds millions of numbers (the round medians of 200,000 rows).
 */
const isNumber = (accepts: (value: number) => boolean) => (value: unknown) => typeof value === 'number' && accepts(value);
const figure = (what: string, accepts: (value: number) => boolean) => v.custom<number>(isNumber(accepts), what);
const orNull = <T = number>(what: string, accepts: (value: number) => boolean) => {
  const number = isNumber(accepts);
  return v.custom<T>((value) => value === null || number(value), `${what} or null`);
};

// Finite throughout: JSON.parse reads a literal such as 1e999 as Infinity, and no figure is that.
const isCount = (min: number) => (value: number) => Number.isInteger(value) && value >= min;
const isNonNegative = (value: number) => Number.isFinite(value) && value >= 0;
/** Rounds, samples, calls, bytes. */
const integerFrom = (min: number) => figure(`an integer ≥ ${min}`, isCount(min));
const count = integerFrom(0);
/** Bytes one encoding saves over another: negative where it spends more. */
const signedCount = figure('an integer', Number.isInteger);
/** Milliseconds, a share, a size that need not be whole (a budget). */
const nonNegative = figure('a finite number ≥ 0', isNonNegative);
const nonNegativeOrNull = orNull<number | null>('a finite number ≥ 0', isNonNegative);
/** A difference of times: negative where a row is slower. */
const finite = figure('a finite number', Number.isFinite);
/** What readers divide by or take the logarithm of: a ratio of times, a slowdown, a bandwidth. */
const positive = figure('a finite number > 0', (value) => Number.isFinite(value) && value > 0);
/**
 * A figure ≥ 0 that the engine computes as NaN or Infinity when a timer read 0 ms (the margin of
 * error of samples that all read 0, a per-round ratio to JSON's round that read 0), which JSON writes
 * as null. Typed `number`, as the engine holds it: its readers check `Number.isFinite`.
 */
const zeroTimerFigure = orNull('a finite number ≥ 0', isNonNegative);
/** What `JSON.parse` read a literal it could not keep as: any double, null where JSON wrote Infinity. */
const jsonFigure = orNull('a number', () => true);

/**
 * Whether `name` can be a key a reader looks up: not `__proto__`, `prototype` or a member every
 * object inherits (`constructor`, `toString`…), which a lookup of a key the object lacks returns.
 */
const isOwnName = (name: string): boolean => !(name in Object.prototype) && name !== 'prototype';
/** A name readers look up as a key (a compressor's). */
const keyName = v.pipe(string, v.check(isOwnName, 'a name JavaScript objects neither inherit nor reserve'));

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
// valibot's object and record take an array for an object: refused here first, so an array where an object belongs is named as such.
const objectGuard = v.custom<Record<string, unknown>>(isObject, 'an object');
const object = <const E extends v.ObjectEntries>(entries: E) => v.pipe(objectGuard, v.object(entries, 'an object'));
// valibot's record skips the keys __proto__, constructor and prototype, their values unchecked: refused here first.
const ownKeys = v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const key = Object.keys(dataset.value).find((name) => !isOwnName(name));
  if (key !== undefined) addIssue({ message: `holds the key ${JSON.stringify(key)}, a name JavaScript objects inherit or reserve` });
});
const record = <const S extends v.GenericSchema<unknown, unknown>>(value: S) => v.pipe(objectGuard, ownKeys, v.record(string, value, 'an object'));
const array = <const S extends v.GenericSchema<unknown, unknown>>(item: S) => v.array(item, 'an array');
const optional = v.optional;

/** `"a", "b" or "c"`. */
const listed = (options: readonly string[]): string =>
  options
    .map((o) => JSON.stringify(o))
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
const oneOf = <const T extends readonly string[]>(options: T) => v.picklist(options, listed(options));

/**
 * `items`, no two of which share a name: each reader finds a payload or a row by its name. A Set, so
 * a result of 200,000 rows is checked in linear time.
 */
const uniquelyNamed = <const S extends v.GenericSchema<unknown, { readonly name: string }>>(item: S) =>
  v.pipe(
    array(item),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<string>();
      for (const { name } of dataset.value) {
        if (seen.has(name)) return addIssue({ message: `holds ${JSON.stringify(name)} twice` });
        seen.add(name);
      }
    }),
  );

const format = oneOf(FORMATS);
// The answer's and the measure's small enumerations, written out: the type checks below keep each equal to its type.
const served = oneOf(['none', 'gzip', 'brotli']);
const operation = oneOf(['encode', 'decode']);

// ---------------------------------------------------------------------------------------------
// The measurement (types.ts).

const environmentSchema = object({
  runtime: oneOf(['node', 'browser', 'worker', 'other']),
  runtimeVersion: string,
  userAgent: optional(string),
  platform: optional(string),
  arch: optional(string),
  cpuModel: optional(string),
  cores: optional(integerFrom(1)),
  memoryGb: optional(nonNegative),
  timerResolutionMs: nonNegative,
  crossOriginIsolated: optional(boolean),
  cpuThrottle: optional(positive),
  engine: optional(
    object({
      name: oneOf(ENGINE_NAMES),
      browser: string,
      version: string,
      javascript: oneOf(['V8', 'SpiderMonkey', 'JavaScriptCore']),
    }),
  ),
  libraries: record(string),
});

const optionsSchema = object({
  // 0 where bench's pooled result had no payload measured (poolResults writes the most rounds a payload has).
  rounds: count,
  roundTime: nonNegative,
  warmupTime: nonNegative,
  sampleTime: nonNegative,
  budget: nonNegativeOrNull,
  minRounds: integerFrom(1),
  maxPressure: nonNegative,
  retries: count,
  // Readers resample again with this count (bench:versus, bench:readme): a count, and a bounded one.
  bootstrapResamples: figure(`an integer from 1 to ${MAX_BOOTSTRAP_RESAMPLES}`, (value) => isCount(1)(value) && value <= MAX_BOOTSTRAP_RESAMPLES),
  operations: array(operation),
  compressors: array(keyName),
  timeDecompression: optional(boolean),
  isolation: optional(oneOf(ISOLATIONS)),
});

const lossyNumberSchema = object({ path: string, text: string, value: jsonFigure, reason: oneOf(['rounded', 'overflow', 'underflow']) });

const roundSchema = object({ rotation: count, wallMs: nonNegative, cpuPressure: optional(nonNegative), attempts: integerFrom(1), suspect: boolean });

const DIFF_KINDS = ['missing', 'extra', 'type', 'value', 'order'] as const;
const fidelitySchema = object({
  ok: boolean,
  diffs: array(object({ path: string, kind: oneOf(DIFF_KINDS), expected: optional(v.unknown()), actual: optional(v.unknown()) })),
  truncated: boolean,
  counts: optional(object({ missing: count, extra: count, type: count, value: count, order: count })),
});

const ratioSchema = object({ estimate: positive, low: positive, high: positive, perRound: array(zeroTimerFigure) });

const operationSchema = object({
  median: nonNegative,
  p75: nonNegative,
  p99: nonNegative,
  mean: nonNegative,
  min: nonNegative,
  rme: zeroTimerFigure,
  samples: integerFrom(1),
  callsPerSample: integerFrom(1),
  mbPerSecond: nonNegative,
  roundMedians: array(nonNegative),
  vsJson: optional(ratioSchema),
  wrapperCost: optional(ratioSchema),
});

const rowSchema = v.pipe(
  object({
    name: string,
    kind: oneOf(['codec', 'library', 'custom']),
    format: optional(format),
    implementation: optional(string),
    version: optional(string),
    interpreted: optional(boolean),
    wraps: optional(string),
    bytes: optional(count),
    // 0 where a format writes the payload in no bytes (protobuf's empty message).
    bytesVsJson: optional(nonNegative),
    compressed: optional(record(count)),
    decompressMs: optional(record(nonNegative)),
    // A rate: the answer divides by it.
    inflateBytesPerMs: optional(record(positive)),
    fidelity: optional(fidelitySchema),
    error: optional(string),
    encode: optional(operationSchema),
    decode: optional(operationSchema),
  }),
  // Codec rows are keyed by format and implementation (absent only on a codec made outside wirebench):
  // readers never parse a row's name.
  v.check((row) => row.kind !== 'codec' || row.format !== undefined, 'a codec row with its format'),
);

// ---------------------------------------------------------------------------------------------
// The byte attribution (attribution/breakdown.ts).

const byteSplit = { keys: count, values: count, framing: count };
const restSchema = object({ ...byteSplit, total: count, paths: count });
const saved = { keys: signedCount, values: signedCount, framing: signedCount, total: signedCount };

const breakdownSchema = object({
  formats: array(
    object({
      format,
      total: count,
      byKind: object(byteSplit),
      paths: array(object({ ...byteSplit, path: string, total: count, subtree: count })),
      rest: restSchema,
      savedVsJson: optional(
        object({
          base: format,
          other: format,
          saved: object(saved),
          paths: array(object({ ...saved, path: string, baseBytes: count, otherBytes: count })),
          rest: object({ ...saved, paths: count }),
        }),
      ),
    }),
  ),
  top: count,
  refused: optional(array(object({ format, reason: string }))),
});

// ---------------------------------------------------------------------------------------------
// The answer (answer/payload-answer.ts, rank.ts and the figures they hold).

const usableSchema = object({
  latencyMs: nonNegative,
  downloadMs: nonNegative,
  transferMs: nonNegative,
  network: string,
  served,
  bytes: count,
  decompressMs: nonNegative,
  // Absent in answers saved before the streaming model, and for bytes served as they are.
  inflateMs: optional(nonNegative),
  inflateFrom: optional(oneOf(['stream', 'per-call'])),
  decodeMs: nonNegative,
  totalMs: nonNegative,
});

const isResponseCount = isNumber(isCount(0));
const responses = v.custom<Responses>((value) => value === 'never' || isResponseCount(value), 'an integer ≥ 0 or "never"');
const breakEvenSchema = object({
  network: string,
  served,
  jsBytes: nonNegative,
  bytesSavedPerResponse: signedCount,
  responsesByBytes: responses,
  jsDownloadMs: nonNegative,
  msSavedPerResponse: finite,
  responsesByTime: responses,
});

const firstDiffSchema = object({ path: string, kind: oneOf(DIFF_KINDS) });

const rowAnswerSchema = object({
  name: string,
  format,
  implementation: string,
  jsBytes: nonNegativeOrNull,
  usable: array(usableSchema),
  breakEven: array(breakEvenSchema),
  error: optional(string),
  bundleSizeUnknown: optional(boolean),
  lostData: optional(object({ firstDiff: optional(firstDiffSchema) })),
});

const constraintsSchema = object({
  network: string,
  served,
  bundleBudgetBytes: nonNegativeOrNull,
  noEval: boolean,
  exactInt64: boolean,
  readableTraffic: boolean,
  sharedSchemaOk: boolean,
  // A share of JSON's time until usable (resolveConstraints takes it below 1).
  minGain: nonNegative,
  // How many times slower the users' CPUs are (resolveConstraints takes it above 1); absent where none was stated.
  cpuSlowdown: optional(positive),
});

const networkSchema = object({
  id: string,
  source: string,
  label: string,
  name: string,
  kind: oneOf(['mobile', 'fixed']),
  downloadBps: positive,
  uploadBps: nonNegative,
  rttMs: nonNegative,
});

// Why a row is not ranked (answer/constraints.ts), one shape per code: the rest of its fields are what its sentence is made of.
const EXCLUSIONS = [
  v.object({ code: v.literal('not-measured'), error: optional(string) }),
  v.object({ code: v.literal('no-bundle-size') }),
  v.object({ code: v.literal('node-only') }),
  v.object({ code: v.literal('lost-data'), firstDiff: optional(firstDiffSchema) }),
  v.object({ code: v.literal('no-figures'), served: oneOf(['gzip', 'brotli']), missing: oneOf(['size', 'decompression']) }),
  v.object({ code: v.literal('needs-eval'), eval: oneOf(['generated', 'always']), why: optional(string) }),
  v.object({ code: v.literal('over-budget'), jsBytes: nonNegative, budgetBytes: nonNegative }),
  v.object({ code: v.literal('int64'), int64: oneOf(['nearest-double', 'refused']), why: optional(string) }),
  v.object({ code: v.literal('not-readable'), format }),
  v.object({ code: v.literal('shared-schema'), format }),
] as const;
const exclusionSchema = v.pipe(objectGuard, v.variant('code', EXCLUSIONS, listed(EXCLUSIONS.map((e) => e.entries.code.literal))));
const rankingSchema = object({
  constraints: constraintsSchema,
  network: networkSchema,
  reference: object({ name: string, timeUntilUsable: usableSchema }),
  ranked: array(
    object({
      rank: integerFrom(1),
      name: string,
      format,
      implementation: string,
      jsBytes: nonNegative,
      timeUntilUsable: usableSchema,
      breakEven: breakEvenSchema,
      levelWith: optional(array(object({ name: string, flipped: count, rounds: count }))),
      versusJson: optional(object({ sooner: count, rounds: count, byMinGain: optional(count) })),
      versusFormat: optional(array(object({ name: string, asSoon: count, rounds: count }))),
    }),
  ),
  excluded: array(
    object({
      name: string,
      format,
      implementation: string,
      exclusions: array(exclusionSchema),
    }),
  ),
});

const VERDICT_KINDS = ['none-meets', 'too-few-rounds', 'stay-with-json', 'format-first'] as const;
const verdictBrief = {
  kind: oneOf(VERDICT_KINDS),
  named: optional(object({ name: string, savedMs: finite, share: finite })),
};
const otherNetworkSchema = object({ network: string, ...verdictBrief });
const slowerCpuSchema = object({ factor: positive, ...verdictBrief });
const answerSchema = object({
  networks: array(string),
  served: array(served),
  rows: array(rowAnswerSchema),
  ranking: rankingSchema,
  otherNetworks: optional(array(otherNetworkSchema)),
  slowerCpu: optional(array(slowerCpuSchema)),
});

// ---------------------------------------------------------------------------------------------
// The whole result.

const payloadSchema = object({
  name: string,
  jsonBytes: count,
  sourceBytes: optional(count),
  lossyNumbers: array(lossyNumberSchema),
  lossyCount: count,
  reference: string,
  rounds: array(roundSchema),
  stoppedByBudget: boolean,
  suspect: boolean,
  rows: uniquelyNamed(rowSchema),
  error: optional(string),
  attribution: optional(breakdownSchema),
  attributionError: optional(string),
  answer: optional(answerSchema),
  answerError: optional(string),
});

/** A saved result, every field any reader uses checked in depth. */
export const measureResultSchema = object({
  format: v.literal(RESULT_FORMAT, `"${RESULT_FORMAT}"`),
  version: v.literal(RESULT_VERSION, String(RESULT_VERSION)),
  createdAt: string,
  environment: environmentSchema,
  options: optionsSchema,
  method: string,
  payloads: uniquelyNamed(payloadSchema),
});

/** What a result that passes `measureResultSchema` holds: `WirebenchResult`, as the checks below prove. */
export type SavedResult = v.InferOutput<typeof measureResultSchema>;

// ---------------------------------------------------------------------------------------------
// The interfaces and the schemas describe the same data. Compared after normalizing what JSON cannot
// tell apart (readonly or not; a key that is optional or may hold undefined), with every key made
// required and tagged, so a key one side lacks fails too. A failure here reads "Type 'false' does
// not satisfy the constraint 'true'": compare the interface named on that line with its schema above.

type Normalized<T> = T extends readonly (infer U)[]
  ? Normalized<U>[]
  : T extends object
    ? {
        -readonly [K in keyof T]-?: [
          Normalized<Exclude<T[K], undefined>>,
          Record<never, never> extends Pick<T, K> ? 'optional' : undefined extends T[K] ? 'optional' : 'required',
        ];
      }
    : T;
type Equivalent<A, B> = [Normalized<A>] extends [Normalized<B>] ? ([Normalized<B>] extends [Normalized<A>] ? true : false) : false;
type Holds<T extends true> = T;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** The interfaces each schema stands for (a compile-time check only: nothing of it is emitted). */
export type SchemaMatchesTypes = [
  Holds<Equivalent<Environment, Out<typeof environmentSchema>>>,
  Holds<Equivalent<ResolvedMeasureOptions, Out<typeof optionsSchema>>>,
  Holds<Equivalent<LossyNumber, Out<typeof lossyNumberSchema>>>,
  Holds<Equivalent<RoundTripReport, Out<typeof fidelitySchema>>>,
  Holds<Equivalent<OperationResult, Out<typeof operationSchema>>>,
  Holds<Equivalent<RowResult, Out<typeof rowSchema>>>,
  Holds<Equivalent<BytesBreakdown, Out<typeof breakdownSchema>>>,
  Holds<Equivalent<TimeUntilUsable, Out<typeof usableSchema>>>,
  Holds<Equivalent<BreakEven, Out<typeof breakEvenSchema>>>,
  Holds<Equivalent<FirstDiff, Out<typeof firstDiffSchema>>>,
  Holds<Equivalent<RowAnswer, Out<typeof rowAnswerSchema>>>,
  Holds<Equivalent<Exclusion, Out<typeof exclusionSchema>>>,
  Holds<Equivalent<ResolvedConstraints, Out<typeof constraintsSchema>>>,
  Holds<Equivalent<NetworkPreset, Out<typeof networkSchema>>>,
  Holds<Equivalent<Ranking, Out<typeof rankingSchema>>>,
  Holds<Equivalent<PayloadAnswer, Out<typeof answerSchema>>>,
  Holds<Equivalent<ResultPayload, Out<typeof payloadSchema>>>,
  Holds<Equivalent<WirebenchResult, SavedResult>>,
];
