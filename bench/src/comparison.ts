import { checkRoundTrip } from '@wirebench/core';
import type { TaskTiming } from './interleave.js';

/** The question this suite answers: is wirebench's decode within this factor of the baseline's time? */
export const TARGET_RATIO = 1.3;

export interface Decoder {
  readonly name: string;
  /** The timed call: decodes the comparison's bytes. */
  readonly decode: () => unknown;
  /** Untimed, for the check only: the decoded result as JSON data (default: as is). */
  readonly toJson?: (decoded: unknown) => unknown;
}

/** One format on one payload: wirebench's decoder and the baselines, all decoding the same bytes. */
export interface Comparison {
  readonly format: 'protobuf' | 'flatbuffers';
  /** Size of the bytes every decoder reads (written by wirebench's encoder). */
  readonly bytes: number;
  readonly wirebench: Decoder;
  readonly baselines: readonly Decoder[];
}

export interface DecoderTiming extends TaskTiming {
  readonly name: string;
  /** wirebench's median divided by this decoder's, from the same run (absent on wirebench's own row). */
  readonly ratio: number | undefined;
}

export interface ComparisonResult {
  readonly payload: string;
  readonly format: Comparison['format'];
  readonly bytes: number;
  /** wirebench's row first, then each baseline's. */
  readonly decoders: readonly DecoderTiming[];
}

/**
 * Throws unless every decoder gives back `expected` (key order aside): a baseline that read
 * different data would be timing different work.
 */
export function checkComparison(comparison: Comparison, payload: string, expected: unknown): void {
  for (const decoder of [comparison.wirebench, ...comparison.baselines]) {
    const decoded = decoder.decode();
    const diffs = checkRoundTrip(expected, decoder.toJson ? decoder.toJson(decoded) : decoded).diffs.filter((d) => d.kind !== 'order');
    if (diffs.length > 0) {
      throw new Error(`${comparison.format} ${decoder.name} on ${payload} does not decode the sample: ${JSON.stringify(diffs.slice(0, 3))}`);
    }
  }
}

/** The comparison's rows, with wirebench's median ÷ each baseline's (all from the same run). */
export function comparisonResult(payload: string, comparison: Comparison, timing: (decoder: Decoder) => TaskTiming): ComparisonResult {
  const own = timing(comparison.wirebench);
  const baselines = comparison.baselines.map((decoder) => {
    const other = timing(decoder);
    return { name: decoder.name, ...other, ratio: own.median / other.median };
  });
  return { payload, format: comparison.format, bytes: comparison.bytes, decoders: [{ name: 'wirebench', ...own, ratio: undefined }, ...baselines] };
}
