import type { Codec, FormatId, LossyNumber, RoundTripReport } from '@wirebench/core';

/**
 * The measuring engine's inputs and its result: one typed, versioned, JSON-serializable shape shared
 * by the Node bench, the browser runner, the playground and the CLI.
 */

/** The operations the engine times. */
export type Operation = 'encode' | 'decode';

/** One payload to measure: a name and its JSON data, with the lossy number literals `parseJson` found. */
export interface Payload {
  readonly name: string;
  /** JSON data (what `JSON.parse` or `parseJson` returned). */
  readonly value: unknown;
  /** Number literals the JSON text held that `JSON.parse` could not keep (from `parseJson`), reported beside the results. */
  readonly lossyNumbers?: readonly LossyNumber[];
  /** How many lossy literals the text held in all (`parseJson` lists at most 1,000). */
  readonly lossyCount?: number;
  /** UTF-8 bytes of the JSON text as its source holds it (a file's size, a pasted text's length): reported beside `jsonBytes`. */
  readonly sourceBytes?: number;
}

/**
 * A timed row that is not a codec: a raw library call a codec wraps (so wirebench's own cost is a
 * measured figure), or another operation such as "decode, then read one field". Inputs are
 * prepared by the caller outside the functions; whatever they return is consumed by the engine.
 */
export interface ExtraRow {
  /** Unique within the target, e.g. `@msgpack/msgpack decode`. */
  readonly name: string;
  readonly format?: FormatId;
  /** `library`: a raw library call; `custom`: any other operation. */
  readonly kind: 'library' | 'custom';
  /** The codec row whose work this row is a part of, e.g. `msgpack`. */
  readonly wraps?: string;
  readonly encode?: () => unknown;
  readonly decode?: () => unknown;
}

/** One payload and the rows to time on it: its codecs (json among them) and any extra rows. */
export interface MeasureTarget {
  readonly payload: Payload;
  /** Codecs to measure on this payload (schema codecs built for it). Include json: ratios are to its row. */
  readonly codecs: readonly Codec[];
  /**
   * Extra rows, or a function that builds them right before this payload is timed, as the codecs'
   * inputs are. Use the function when building them runs the code under test (encoding the payload
   * to check a library reads it, say): done up front for every payload, that warms the JIT on the
   * largest payloads first, which left the codecs' encoders 2–3× slower for the rest of a process.
   */
  readonly extras?: readonly ExtraRow[] | (() => readonly ExtraRow[]);
  /** The row every ratio is taken against (default `json`). */
  readonly reference?: string;
  /** Operations measured on this payload (default: the call's `operations`). */
  readonly operations?: readonly Operation[];
}

/**
 * How the payloads of a result were kept from one another, as the result records it:
 * - `worker-per-payload`: each payload measured in a fresh worker (Node `worker_threads`, a browser's
 *   dedicated Web Worker), one after another: its own V8 isolate, heap and JIT state;
 * - `page-per-payload`: each payload measured in a fresh browser page (a new renderer process);
 * - `none`: every payload measured in one realm, one after another, so the JavaScript codecs carry
 *   the JIT state (call sites that have seen many shapes) and grown buffers of the payloads before
 *   it; JSON's native code does not. Kept for debugging and profiling (`--same-process`).
 */
export type Isolation = 'worker-per-payload' | 'page-per-payload' | 'none';

/** Every `Isolation`, for readers that check a result. */
export const ISOLATIONS: readonly Isolation[] = ['worker-per-payload', 'page-per-payload', 'none'];

/** A browser engine a page can be measured in: Chromium (V8), Firefox (SpiderMonkey), WebKit (JavaScriptCore). */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Every `EngineName`, in the order runners take them. */
export const ENGINE_NAMES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/**
 * The browser engine a result's figures come from, as the runner that started the browser read it
 * (the page's user agent can be wrong: WebKitGTK's names a Safari that does not exist).
 */
export interface BrowserEngine {
  readonly name: EngineName;
  /** The browser build that ran: `Chromium`, `Firefox`, `WebKitGTK`. */
  readonly browser: string;
  /** Its version as the browser reports it: `156.0.8078.108`, `153.8.0esr`, `2.50.6`. */
  readonly version: string;
  /** The JavaScript engine inside it. */
  readonly javascript: 'V8' | 'SpiderMonkey' | 'JavaScriptCore';
}

/** A content encoding as a server applies it and the receiving device undoes it. */
export interface Compressor {
  /** The compressed bytes: their length is the row's compressed size. */
  compress(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * The bytes back, one call as an app that decompresses a body itself makes it: the engine times it
   * on the row's body (`RowResult.decompressMs`, per-call overhead included).
   */
  decompress(bytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /**
   * The bytes back through one decompressor fed directly, with the least per-call work the runtime
   * allows (a DecompressionStream written and read, no Blob or Response): the engine times it on a
   * long body for the streaming rate (`RowResult.inflateBytesPerMs`). Absent where `decompress` has no
   * per-call overhead worth leaving out (zlib's synchronous calls, a few µs): the rate is then the
   * row's bytes over its `decompressMs`, and no long body is compressed or timed.
   */
  decompressStreaming?(bytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** Options of `measure`; every one has a default. */
export interface MeasureOptions {
  /** Interleaved rounds per payload (default 11). One round proves nothing on a noisy machine; the median of many does. */
  readonly rounds?: number;
  /** Milliseconds each task is timed in each round (default 40). */
  readonly roundTime?: number;
  /** Milliseconds of warm-up per task, interleaved and the same for every task (default 150). */
  readonly warmupTime?: number;
  /** Target milliseconds per sample; each sample is a batch of calls (default: 0.05 ms, or 100× the timer's resolution if coarser). */
  readonly sampleTime?: number;
  /** Milliseconds the whole call may take: rounds stop early (at least `minRounds` per payload) once it is spent. */
  readonly budget?: number;
  /** Rounds kept per payload even when the budget is spent (default 3). */
  readonly minRounds?: number;
  /** Defaults to gzip (CompressionStream) and brotli where CompressionStream has it. */
  readonly compressors?: Readonly<Record<string, Compressor>>;
  /**
   * Time each compressor's decompression of each row's compressed bytes, after the payload's rounds
   * (default true): one call at a time (`RowResult.decompressMs`) and as one long stream
   * (`RowResult.inflateBytesPerMs`, the rate the decompression part of time until usable is modelled with).
   */
  readonly timeDecompression?: boolean;
  /**
   * Cumulative microseconds during which some runnable task waited for a CPU (Linux
   * `/proc/pressure/cpu`, "some total"), or undefined where the OS does not tell.
   */
  readonly cpuPressure?: () => number | undefined;
  /** A round whose CPU pressure exceeds this share of its wall time is retried (default 0.25). */
  readonly maxPressure?: number;
  /** Retries of a contended round before it is kept and marked suspect (default 2). */
  readonly retries?: number;
  /** Resamples of the bootstrap over rounds behind every interval (default 2000, seed 1). */
  readonly bootstrapResamples?: number;
  /** What the runtime alone cannot tell: library versions, CPU model, throttling… merged into the result. */
  readonly environment?: Partial<Environment>;
  /** Measure these operations only (default both). */
  readonly operations?: readonly Operation[];
  readonly onProgress?: (progress: MeasureProgress) => void;
  /** Called with each payload's sizes and fidelity before it is timed (`final: false`), then with its full result. */
  readonly onPayload?: (result: PayloadResult, final: boolean) => void;
  /** Cancels the run: `measure` rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * How the caller kept these payloads apart, written into the result (default `none`: `measure`
   * itself runs every target in this realm). A caller that gives each `measure` call one payload in
   * a fresh worker or page says so here; the runners of `wirebench/node` and the bench do.
   */
  readonly isolation?: Isolation;
}

/** What `onProgress` receives: the phase, the payload, the round, and task-rounds done of the total. */
export interface MeasureProgress {
  readonly phase: 'prepare' | 'warmup' | 'measure';
  readonly payload: string;
  /** Zero-based round being measured (measure phase). */
  readonly round: number;
  readonly rounds: number;
  /** Timed task-rounds done and planned, over the whole call: `done / total` drives a progress bar. */
  readonly done: number;
  readonly total: number;
}

/** The runtime and device a result was measured on. */
export interface Environment {
  readonly runtime: 'node' | 'browser' | 'worker' | 'other';
  /** `process.version` in Node, the browser's name and version elsewhere. */
  readonly runtimeVersion: string;
  readonly userAgent?: string;
  readonly platform?: string;
  readonly arch?: string;
  readonly cpuModel?: string;
  readonly cores?: number;
  readonly memoryGb?: number;
  /** Smallest step of `performance.now()` seen, in milliseconds (browsers coarsen it without cross-origin isolation). */
  readonly timerResolutionMs: number;
  readonly crossOriginIsolated?: boolean;
  /** CPU slow-down factor applied by the runner (Chromium DevTools throttling), 1 when none. */
  readonly cpuThrottle?: number;
  /** The browser engine, where a runner started one (bench:browser); absent in Node and where nobody told the page. */
  readonly engine?: BrowserEngine;
  /** Versions of the format libraries and of the measuring engine. */
  readonly libraries: Readonly<Record<string, string>>;
}

/** The options a run used, defaults filled in (`budget` null when there was none), as written into its result. */
export interface ResolvedMeasureOptions {
  readonly rounds: number;
  readonly roundTime: number;
  readonly warmupTime: number;
  readonly sampleTime: number;
  readonly budget: number | null;
  readonly minRounds: number;
  readonly maxPressure: number;
  readonly retries: number;
  readonly bootstrapResamples: number;
  readonly operations: readonly Operation[];
  readonly compressors: readonly string[];
  /** Whether the rows' decompression was timed (absent in results written before it was). */
  readonly timeDecompression?: boolean;
  /** How the payloads were kept apart; every result written since it was recorded says it (absent in older ones). */
  readonly isolation?: Isolation;
}

/** The `format` of every result: `wirebench-result`. */
export const RESULT_FORMAT = 'wirebench-result';
/** The `version` of the result format this engine writes. */
export const RESULT_VERSION = 2;

/** What `measure` resolves to: the typed, versioned, JSON-serializable result. */
export interface MeasureResult {
  readonly format: typeof RESULT_FORMAT;
  /** Bumped whenever a field changes meaning; readers check it. */
  readonly version: typeof RESULT_VERSION;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly environment: Environment;
  readonly options: ResolvedMeasureOptions;
  /** How intervals are computed, in words, for whoever reads the file later. */
  readonly method: string;
  readonly payloads: PayloadResult[];
}

/** One payload's result: its JSON size, lossy numbers, rounds and rows. */
export interface PayloadResult {
  readonly name: string;
  /** UTF-8 bytes of `JSON.stringify(value)`: the basis of every MB/s figure (0 when JSON cannot write the value). */
  readonly jsonBytes: number;
  /** UTF-8 bytes of the JSON text as its source holds it (`Payload.sourceBytes`), where the source said: a file is often larger than `jsonBytes` (indented). */
  readonly sourceBytes?: number;
  readonly lossyNumbers: readonly LossyNumber[];
  readonly lossyCount: number;
  /** The row ratios are taken against. */
  readonly reference: string;
  readonly rounds: RoundInfo[];
  /** Rounds were cut short by the time budget. */
  readonly stoppedByBudget: boolean;
  /** Some rounds stayed under heavy CPU contention after their retries: read the figures with care. */
  readonly suspect: boolean;
  readonly rows: RowResult[];
  /** Why the payload could not be measured at all (its worker or page crashed, say): then it has no rows. */
  readonly error?: string;
}

/** One round of a payload: its task order, wall time, CPU pressure and retries. */
export interface RoundInfo {
  /** The task order of this round started at this position (and ran backwards on odd rounds). */
  readonly rotation: number;
  readonly wallMs: number;
  /** Share of the round's wall time some task waited for a CPU, where the OS tells. */
  readonly cpuPressure: number | undefined;
  /** 1 + retries this round needed. */
  readonly attempts: number;
  readonly suspect: boolean;
}

/** One row of a payload (a codec or an extra row): sizes, fidelity, or the error, and its encode and decode figures. */
export interface RowResult {
  /** The format id for codec rows, the given name for extra rows. */
  readonly name: string;
  readonly kind: 'codec' | ExtraRow['kind'];
  readonly format?: FormatId;
  /** Codec rows: who runs the format (`'wirebench'`, or a library's npm name); the row's name says it too. */
  readonly implementation?: string;
  /** Codec rows: the version of the implementation's package, from `environment.libraries`, where it is listed. */
  readonly version?: string;
  /**
   * Codec rows: measured without the code its implementation compiles per schema (`Codec.interpreted`),
   * as a page whose Content-Security-Policy forbids `new Function` runs it. Absent: as the codec runs
   * where eval is allowed (and in results written before rows said it).
   */
  readonly interpreted?: boolean;
  readonly wraps?: string;
  /** Encoded size (codec rows). */
  readonly bytes?: number;
  readonly bytesVsJson?: number;
  /** Compressed sizes by compressor name. */
  readonly compressed?: Readonly<Record<string, number>>;
  /**
   * Milliseconds per decompression of the compressed bytes on this runtime, one call at a time, by
   * compressor name (median; see `timeDecompression`): what an app that decompresses bodies itself
   * pays, per-call overhead included.
   */
  readonly decompressMs?: Readonly<Record<string, number>>;
  /**
   * Decompressed bytes per millisecond of one long stream of this row's bytes, by compressor name
   * (median of passes over at least 256 KiB, no per-call overhead): the rate at which a browser
   * inflates `Content-Encoding` as the bytes arrive. Absent in results written before it was measured,
   * and for a row of no bytes.
   */
  readonly inflateBytesPerMs?: Readonly<Record<string, number>>;
  readonly fidelity?: RoundTripReport;
  /** Why the row could not be measured (e.g. the codec refused the payload). */
  readonly error?: string;
  readonly encode?: OperationResult;
  readonly decode?: OperationResult;
}

/** The figures of one operation of one row. */
export interface OperationResult {
  /** Milliseconds per call, over every sample of every round. Each sample is the mean of a batch of calls. */
  readonly median: number;
  readonly p75: number;
  readonly p99: number;
  /** Mean of the samples: unlike the median it carries the cost of garbage collection. */
  readonly mean: number;
  readonly min: number;
  /** Relative margin of error of the mean at 95 %, in percent. */
  readonly rme: number;
  readonly samples: number;
  readonly callsPerSample: number;
  /** JSON-equivalent megabytes (10^6 bytes of JSON text) per second, at the median. */
  readonly mbPerSecond: number;
  /** Median milliseconds per call in each round. */
  readonly roundMedians: number[];
  /** Time ÷ the reference row's time for the same operation (below 1 is faster). */
  readonly vsJson?: Ratio;
  /** On a row that `wraps` a codec: the codec's time ÷ this row's, i.e. what the wrapper costs (1.10 = 10 % over the raw call). */
  readonly wrapperCost?: Ratio;
}

/** A ratio of times taken in the same rounds: its estimate, 95 % interval and the per-round values. */
export interface Ratio {
  /** Median over rounds of the per-round ratio. */
  readonly estimate: number;
  /** 95 % percentile-bootstrap interval of that median, resampling rounds. */
  readonly low: number;
  readonly high: number;
  readonly perRound: number[];
}
