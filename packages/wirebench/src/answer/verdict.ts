import type { LevelWith } from './level.js';
import { LEVEL_SHARE } from './level.js';
import type { NetworkPreset } from './networks.js';
import type { RankedRow, Ranking } from './rank.js';
import type { ServedEncoding } from './served.js';

/**
 * The recommendation, first thing a reader sees, as data (report/answer-words.ts words it): the row
 * usable first under the constraints and by how much it beats JSON, or to stay with JSON (and how
 * near the best row came), or that the rounds are too few to tell, or that nothing meets the
 * constraints; with the rows level with the first (level.ts), which these figures cannot tell apart.
 * Derived from a ranking, so a saved answer carries it without storing it.
 *
 * A row beats JSON only when it is first in the ranking and
 * - the rows were measured in at least MIN_ROUNDS paired rounds (fewer: `too-few-rounds`, never a winner);
 * - its gain is out of the noise: JSON was as fast as it or faster in fewer than LEVEL_SHARE of those
 *   rounds (`RankedRow.versusJson`), the line the level rule draws, so a row level with JSON never
 *   beats it, nor one ahead by its median but behind in most rounds;
 * - its gain is at least the constraints' `minGain` share of JSON's time until usable.
 * Where JSON itself is not ranked (it lost data, or breaks a constraint), staying with it is no
 * choice: the first row is named whatever its gain, once the rounds are enough.
 */

/** The fewest paired rounds a verdict is drawn from: `--quick`'s 5, and the least in which LEVEL_SHARE leaves JSON one round. */
export const MIN_ROUNDS = 5;

/** Where the verdict holds: the ranking's network and served encoding. */
export interface VerdictWhere {
  readonly network: NetworkPreset;
  readonly served: ServedEncoding;
}

/**
 * The best row other than JSON, against JSON: `savedMs` is JSON's time until usable minus the row's
 * (negative when it is later), `share` that as a share of JSON's time; `sooner` and `rounds` as in
 * `RankedRow.versusJson`, absent when the two were not measured in the same rounds.
 */
export interface VersusJson {
  readonly name: string;
  readonly jsonMs: number;
  readonly savedMs: number;
  readonly share: number;
  readonly sooner?: number;
  readonly rounds?: number;
}

/** Why a row first in the ranking is not named over JSON: its gain is within the noise, below the threshold, or both. */
export interface NotNoticeable {
  readonly inNoise: boolean;
  readonly belowMinGain: boolean;
}

/** The recommendation under one ranking. */
export type Verdict =
  /** Nothing meets the constraints: every row is left out (`Ranking.excluded` says why). */
  | (VerdictWhere & { readonly kind: 'none-meets' })
  /** Fewer paired rounds than MIN_ROUNDS: no row is named over another. `rounds` is how many there were (0: none paired). */
  | (VerdictWhere & { readonly kind: 'too-few-rounds'; readonly rounds: number; readonly minRounds: number })
  /**
   * Stay with JSON: it is first, or the row first is not noticeably sooner (`why`). `best` is the
   * best other row against JSON (absent when JSON is the only row ranked); `minGain` the threshold.
   */
  | (VerdictWhere & {
      readonly kind: 'stay-with-json';
      readonly best?: VersusJson;
      readonly why?: NotNoticeable;
      readonly minGain: number;
      readonly levelWith: readonly LevelWith[];
    })
  /**
   * `row`, not JSON, is usable first, out of the noise and by at least `minGain`. `jsonMs` is JSON's
   * time until usable and `savedMs` JSON's minus the row's: negative when JSON itself was left out
   * (it lost data) and the row is slower than it. `sooner` of `rounds`: the paired rounds it won.
   */
  | (VerdictWhere & {
      readonly kind: 'format-first';
      readonly row: RankedRow;
      readonly jsonMs: number;
      readonly savedMs: number;
      readonly share: number;
      readonly sooner: number;
      readonly rounds: number;
      readonly levelWith: readonly LevelWith[];
    });

/** Whether JSON was as fast as the row or faster in fewer than LEVEL_SHARE of the paired rounds. */
function outOfNoise(sooner: number, rounds: number): boolean {
  return rounds - sooner < LEVEL_SHARE * rounds;
}

/** The verdict of `ranking`. */
export function verdict(ranking: Ranking): Verdict {
  const where = { network: ranking.network, served: ranking.constraints.served };
  const minGain = ranking.constraints.minGain;
  const first = ranking.ranked[0];
  if (!first) return { kind: 'none-meets', ...where };
  const levelWith = first.levelWith ?? [];
  const jsonName = ranking.reference.name;
  const best = ranking.ranked.find((r) => r.name !== jsonName);
  if (!best) return { kind: 'stay-with-json', ...where, minGain, levelWith };
  const rounds = best.versusJson?.rounds ?? 0;
  if (rounds < MIN_ROUNDS) return { kind: 'too-few-rounds', ...where, rounds, minRounds: MIN_ROUNDS };
  const jsonMs = ranking.reference.timeUntilUsable.totalMs;
  const savedMs = jsonMs - best.timeUntilUsable.totalMs;
  const share = jsonMs > 0 ? savedMs / jsonMs : 0;
  const sooner = best.versusJson?.sooner ?? 0;
  const versus: VersusJson = { name: best.name, jsonMs, savedMs, share, sooner, rounds };
  if (first.name === jsonName) return { kind: 'stay-with-json', ...where, best: versus, minGain, levelWith };
  const jsonRanked = ranking.ranked.some((r) => r.name === jsonName);
  const why: NotNoticeable = { inNoise: !outOfNoise(sooner, rounds), belowMinGain: share < minGain };
  if (jsonRanked && (why.inNoise || why.belowMinGain)) return { kind: 'stay-with-json', ...where, best: versus, why, minGain, levelWith };
  return { kind: 'format-first', ...where, row: first, jsonMs, savedMs, share, sooner, rounds, levelWith };
}
