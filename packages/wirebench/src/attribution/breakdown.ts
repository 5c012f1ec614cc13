import type { FormatId, Schema } from '@wirebench/core';
import { DEFAULT_LIMITS, inferSchema, WirebenchError } from '@wirebench/core';
import type { Attribution, ByteSplit, Comparison, PathBytes, Saving } from '@wirebench/core/attribution';
import { ATTRIBUTED_FORMATS, attribute, compareAttributions, topPaths } from '@wirebench/core/attribution';

/**
 * Where a payload's bytes go, trimmed for a result file: per format its bytes by kind, its top paths
 * and what it saves over JSON path by path. A full attribution lists every path (thousands on a
 * large payload); a result that is read on another device, compared and imported needs the few
 * paths that hold most of the bytes, and what the rest hold together, so the figures still add up.
 */

/** One format's bytes, trimmed: `paths` and `rest` add up to `total`. */
export interface FormatBytes {
  readonly format: FormatId;
  /** wirebench's encoding of the payload in this format, in bytes (a library's may differ a little; its row says its own size). */
  readonly total: number;
  readonly byKind: ByteSplit;
  /** The paths with the most bytes, most first. */
  readonly paths: readonly PathBytes[];
  /** The bytes of every other path, and how many paths that is. */
  readonly rest: Saving & { readonly paths: number };
  /** What this format saves over JSON, by kind and on the paths that save most (absent for JSON itself). */
  readonly savedVsJson?: Comparison;
}

/** A payload's bytes by path for JSON and each format measured, all attributed with one schema. */
export interface BytesBreakdown {
  readonly formats: readonly FormatBytes[];
  /** Paths listed per format. */
  readonly top: number;
  /** Formats that refused the payload (as their codec would), each with why: the others are still attributed. */
  readonly refused?: readonly { readonly format: FormatId; readonly reason: string }[];
}

/**
 * The breakdown of `value` in each of `formats` that can be attributed (simdjson's bytes are JSON's:
 * left out), JSON always among them as the reference. `schema` is the one the schema formats were
 * measured with (inferred once when absent). A format that refuses the value (as its codec would) is
 * listed in `refused` with why, and the others are still attributed; only JSON's own refusal (the
 * reference) throws, a WirebenchError.
 */
export function bytesBreakdown(
  value: unknown,
  formats: readonly FormatId[],
  options: { readonly schema?: Schema; readonly top?: number } = {},
): BytesBreakdown {
  const top = options.top ?? 10;
  const schema = options.schema ?? inferSchema(value);
  const wanted = ATTRIBUTED_FORMATS.filter((format) => format === 'json' || formats.includes(format));
  const attributions: Attribution[] = [];
  const refused: { format: FormatId; reason: string }[] = [];
  for (const format of wanted) {
    try {
      // Refused as the codec would refuse it: what is not JSON data, and what is past its limits (depth, lengths).
      attributions.push(attribute(format, value, { schema, limits: DEFAULT_LIMITS }));
    } catch (error) {
      if (format === 'json' || !(error instanceof WirebenchError)) throw error;
      refused.push({ format, reason: error.message });
    }
  }
  const json = attributions.find((a) => a.format === 'json');
  return {
    top,
    ...(refused.length > 0 ? { refused } : {}),
    formats: attributions.map((attribution) => ({
      format: attribution.format,
      total: attribution.total,
      byKind: attribution.byKind,
      ...topPaths(attribution, top),
      ...(json && attribution.format !== 'json' ? { savedVsJson: compareAttributions(json, attribution, { top }) } : {}),
    })),
  };
}
