import type { FormatId } from '../codec.js';
import type { Schema } from '../schema/types.js';
import { ATTRIBUTED_FORMATS, attributeFormats } from './attribute.js';
import type { Comparison, Saving } from './compare.js';
import { compareAttributions, topPaths } from './compare.js';
import type { ByteSplit, PathBytes } from './result.js';

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
}

/**
 * The breakdown of `value` in each of `formats` that can be attributed (simdjson's bytes are JSON's:
 * left out), JSON always among them as the reference. `schema` is the one the schema formats were
 * measured with. Throws a WirebenchError where an attribution does (what the codec would refuse).
 */
export function bytesBreakdown(value: unknown, formats: readonly FormatId[], options: { readonly schema?: Schema; readonly top?: number } = {}): BytesBreakdown {
  const top = options.top ?? 10;
  const wanted = ATTRIBUTED_FORMATS.filter((format) => format === 'json' || formats.includes(format));
  const attributions = attributeFormats(value, wanted, options.schema ? { schema: options.schema } : {});
  const json = attributions.find((a) => a.format === 'json');
  return {
    top,
    formats: attributions.map((attribution) => ({
      format: attribution.format,
      total: attribution.total,
      byKind: attribution.byKind,
      ...topPaths(attribution, top),
      ...(json && attribution.format !== 'json' ? { savedVsJson: compareAttributions(json, attribution, { top }) } : {}),
    })),
  };
}
