import { Bench } from 'tinybench';
import type { Codec, FormatId } from './codec.js';
import type { RoundTripReport } from './fidelity.js';
import { checkRoundTrip } from './fidelity.js';

/**
 * The one measuring engine (Node, browser page, Web Worker): sizes, compressed sizes, encode and
 * decode timings and fidelity of every codec on every payload, with ratios to JSON from the same run.
 */

export interface Payload {
  readonly name: string;
  readonly value: unknown;
}

export interface MeasureTarget {
  readonly payload: Payload;
  /** Codecs to measure on this payload; schema codecs are built for it. Include json for ratios. */
  readonly codecs: readonly Codec[];
}

/** Compresses bytes and returns the compressed size. */
export type Compressor = (bytes: Uint8Array) => Promise<number>;

export interface TimingStats {
  /** Milliseconds per operation. */
  readonly median: number;
  readonly p75: number;
  readonly p99: number;
  /** Relative margin of error of the mean, in percent. */
  readonly rme: number;
  readonly samples: number;
  /** JSON-equivalent megabytes (10^6 bytes of JSON text) per second, at the median. */
  readonly mbPerSecond: number;
}

export interface CodecResult {
  readonly payload: string;
  readonly format: FormatId;
  readonly bytes: number;
  /** Compressed sizes by compressor name (gzip, and brotli where the runtime has it). */
  readonly compressed: Readonly<Record<string, number>>;
  readonly encode: TimingStats;
  readonly decode: TimingStats;
  readonly fidelity: RoundTripReport;
  /** This result divided by JSON's on the same payload in the same run (bytes, encode and decode medians). */
  readonly vsJson: { readonly bytes: number; readonly encode: number; readonly decode: number } | undefined;
}

export interface MeasureProgress {
  readonly done: number;
  readonly total: number;
  readonly payload: string;
  readonly format: FormatId;
}

export interface MeasureOptions {
  /** Milliseconds of timed runs per task (default 500). */
  readonly time?: number;
  /** Milliseconds of warm-up per task, the same for every codec (default 100). */
  readonly warmupTime?: number;
  /** Defaults to gzip through CompressionStream, which Node ≥ 18 and every evergreen browser have. */
  readonly compressors?: Readonly<Record<string, Compressor>>;
  readonly onProgress?: (progress: MeasureProgress) => void;
  readonly signal?: AbortSignal;
}

export const gzipSize: Compressor = async (bytes) => {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
};

// Results land here so the engine cannot discard the work being timed.
let sink: unknown;

export async function measure(targets: readonly MeasureTarget[], options: MeasureOptions = {}): Promise<CodecResult[]> {
  const compressors = options.compressors ?? { gzip: gzipSize };
  const total = targets.reduce((sum, t) => sum + t.codecs.length, 0);
  const results: CodecResult[] = [];
  let done = 0;
  for (const { payload, codecs } of targets) {
    const jsonBytes = new TextEncoder().encode(JSON.stringify(payload.value)).length;
    const measured: Array<Omit<CodecResult, 'vsJson'>> = [];
    for (const codec of codecs) {
      // Inputs are prepared outside the timed region: the value for encode, the bytes for decode.
      const bytes = codec.encode(payload.value);
      const fidelity = checkRoundTrip(payload.value, codec.decode(bytes));
      const compressed: Record<string, number> = {};
      for (const [name, compress] of Object.entries(compressors)) compressed[name] = await compress(bytes);
      const encode = await time(() => (sink = codec.encode(payload.value)), jsonBytes, options);
      const decode = await time(() => (sink = codec.decode(bytes)), jsonBytes, options);
      measured.push({ payload: payload.name, format: codec.format, bytes: bytes.length, compressed, encode, decode, fidelity });
      options.onProgress?.({ done: ++done, total, payload: payload.name, format: codec.format });
    }
    const json = measured.find((r) => r.format === 'json');
    for (const result of measured) {
      results.push({
        ...result,
        vsJson: json && {
          bytes: result.bytes / json.bytes,
          encode: result.encode.median / json.encode.median,
          decode: result.decode.median / json.decode.median,
        },
      });
    }
  }
  return results;
}

async function time(operation: () => unknown, jsonBytes: number, options: MeasureOptions): Promise<TimingStats> {
  const bench = new Bench({
    time: options.time ?? 500,
    warmupTime: options.warmupTime ?? 100,
    throws: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  bench.add('operation', operation);
  await bench.run();
  const result = bench.tasks[0]?.result;
  if (!result || !('latency' in result)) throw new Error(`measurement did not complete (${result?.state ?? 'no result'})`);
  const { latency } = result;
  return {
    median: latency.p50,
    p75: latency.p75,
    p99: latency.p99,
    rme: latency.rme,
    samples: latency.samplesCount,
    mbPerSecond: jsonBytes / 1e6 / (latency.p50 / 1000),
  };
}
