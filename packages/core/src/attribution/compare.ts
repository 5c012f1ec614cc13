import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { byTotal } from './path-tree.js';
import type { Attribution, ByteSplit, PathBytes } from './result.js';

/** Bytes one encoding saves over another, by kind (negative: it spends more). */
export interface Saving extends ByteSplit {
  /** `keys + values + framing`. */
  readonly total: number;
}

/** What `other` saves over `base` on one path. */
export interface PathSaving extends Saving {
  readonly path: string;
  /** The path's own bytes in `base` and in `other` (0 where a format spends nothing there). */
  readonly baseBytes: number;
  readonly otherBytes: number;
}

/** What one format saves over another, path by path. */
export interface Comparison {
  /** The format compared against (usually JSON). */
  readonly base: FormatId;
  readonly other: FormatId;
  /** `base.byKind - other.byKind`; `saved.total === base.total - other.total`. */
  readonly saved: Saving;
  /** The `top` paths by bytes saved, most first (paths where `other` spends more come last, if at all). */
  readonly paths: readonly PathSaving[];
  /** Everything saved on the paths not listed, so that `paths` and `rest` add up to `saved`. */
  readonly rest: Saving & { readonly paths: number };
}

/**
 * What the `other` format saves over the `base` on each path: bytes saved on keys, values and
 * framing, the `top` paths (default 10; `Infinity` for all) by total saved. Both attributions must be of the same value
 * with the same schema (`attributeFormats` makes them so), else their paths do not line up.
 */
export function compareAttributions(base: Attribution, other: Attribution, options: { readonly top?: number } = {}): Comparison {
  const top = options.top ?? 10;
  if (!(top >= 0 && (Number.isInteger(top) || top === Infinity))) throw new WirebenchError(`top must be a whole number ≥ 0 (or Infinity), got ${top}`);
  const byPath = new Map<string, { base?: PathBytes; other?: PathBytes }>();
  for (const row of base.paths) byPath.set(row.path, { base: row });
  for (const row of other.paths) {
    const entry = byPath.get(row.path);
    if (entry) entry.other = row;
    else byPath.set(row.path, { other: row });
  }
  const savings: PathSaving[] = [];
  for (const [path, { base: b, other: o }] of byPath) {
    const keys = (b?.keys ?? 0) - (o?.keys ?? 0);
    const values = (b?.values ?? 0) - (o?.values ?? 0);
    const framing = (b?.framing ?? 0) - (o?.framing ?? 0);
    savings.push({ path, keys, values, framing, total: keys + values + framing, baseBytes: b?.total ?? 0, otherBytes: o?.total ?? 0 });
  }
  savings.sort(byTotal);
  const listed = savings.slice(0, top);
  const rest = { keys: 0, values: 0, framing: 0, total: 0, paths: savings.length - listed.length };
  for (const row of savings.slice(top)) {
    rest.keys += row.keys;
    rest.values += row.values;
    rest.framing += row.framing;
    rest.total += row.total;
  }
  const keys = base.byKind.keys - other.byKind.keys;
  const values = base.byKind.values - other.byKind.values;
  const framing = base.byKind.framing - other.byKind.framing;
  return { base: base.format, other: other.format, saved: { keys, values, framing, total: keys + values + framing }, paths: listed, rest };
}

/** The `count` paths of an attribution with the most bytes, and what the others hold together. */
export function topPaths(attribution: Attribution, count = 10): { readonly paths: readonly PathBytes[]; readonly rest: Saving & { readonly paths: number } } {
  // `paths` is sorted largest first already.
  const paths = attribution.paths.slice(0, count);
  const rest = { keys: 0, values: 0, framing: 0, total: 0, paths: attribution.paths.length - paths.length };
  for (const row of attribution.paths.slice(count)) {
    rest.keys += row.keys;
    rest.values += row.values;
    rest.framing += row.framing;
    rest.total += row.total;
  }
  return { paths, rest };
}
