import type { LevelWith } from './level.js';
import type { NetworkPreset } from './networks.js';
import type { RankedRow, Ranking } from './rank.js';
import type { ServedEncoding } from './served.js';

/**
 * The recommendation, first thing a reader sees, as data (report/answer-words.ts words it): the row
 * usable first under the constraints and by how much it beats JSON, or to stay with JSON, or that
 * nothing meets the constraints; with the rows level with the first (level.ts), which these figures
 * cannot tell apart. Derived from a ranking, so a saved answer carries it without storing it.
 */

/** Where the verdict holds: the ranking's network and served encoding. */
export interface VerdictWhere {
  readonly network: NetworkPreset;
  readonly served: ServedEncoding;
}

/** The recommendation under one ranking. */
export type Verdict =
  /** Nothing meets the constraints: every row is left out (`Ranking.excluded` says why). */
  | (VerdictWhere & { readonly kind: 'none-meets' })
  /** JSON is first: no format that meets the constraints is usable sooner. */
  | (VerdictWhere & { readonly kind: 'stay-with-json'; readonly levelWith: readonly LevelWith[] })
  /**
   * `row`, not JSON, is usable first. `jsonMs` is JSON's time until usable and `savedMs` JSON's minus
   * the row's: negative when JSON itself was left out (it lost data) and the row is slower than it.
   */
  | (VerdictWhere & {
      readonly kind: 'format-first';
      readonly row: RankedRow;
      readonly jsonMs: number;
      readonly savedMs: number;
      readonly levelWith: readonly LevelWith[];
    });

/** The verdict of `ranking`. */
export function verdict(ranking: Ranking): Verdict {
  const where = { network: ranking.network, served: ranking.constraints.served };
  const first = ranking.ranked[0];
  if (!first) return { kind: 'none-meets', ...where };
  const levelWith = first.levelWith ?? [];
  if (first.name === ranking.reference.name) return { kind: 'stay-with-json', ...where, levelWith };
  const jsonMs = ranking.reference.timeUntilUsable.totalMs;
  return { kind: 'format-first', ...where, row: first, jsonMs, savedMs: jsonMs - first.timeUntilUsable.totalMs, levelWith };
}
