import type { RowFacts } from './facts.js';
import type { LevelWith } from './level.js';
import type { NetworkPreset } from './networks.js';
import type { RankedRow, Ranking } from './rank.js';
import { rank } from './rank.js';
import type { ServedEncoding } from './served.js';

/**
 * The recommendation, first thing a reader sees, as data (report/answer-words.ts words it): the row
 * to switch to and by how much it beats JSON, or to stay with JSON (and how near the best row
 * came), or that the rounds are too few to tell, or that nothing meets the constraints; with the
 * rows level with the one it names (level.ts), which these figures cannot tell apart. Derived from
 * a ranking, so a saved answer carries it without storing it.
 *
 * A row beats JSON only when
 * - the rows were measured in at least MIN_ROUNDS paired rounds (fewer: `too-few-rounds`, never a winner);
 * - its gain is out of the noise: paired with JSON round by round (`RankedRow.versusJson`), it was
 *   sooner in so many rounds that a coin would do as well less than once in twenty (a one-sided
 *   sign test at NOISE_ALPHA: 5 of 5, 7 of 7, 8 of 9, 9 of 11 rounds…), so a row level with JSON
 *   never beats it, nor one ahead by its median but behind in most rounds;
 * - its gain is at least the constraints' `minGain` share of JSON's time until usable, by its median
 *   and round by round: sooner by that share in as many rounds as the sign test asks
 *   (`RankedRow.versusJson.byMinGain`), so a gain that sits at the threshold, clearing it in about
 *   half the rounds, gives the same verdict run after run (stay with JSON).
 * The first ranked row that does is chosen (a row ahead of it by its median but not out of the
 * noise does not hide it). Where JSON itself is not ranked (it breaks a constraint, e.g. exact
 * int64), staying with it is no choice: the first row is named whatever its gain, once the rounds
 * are enough.
 *
 * The same rule chooses between the rows that beat JSON, implementations of one format and formats
 * alike: one that is not noticeably later than the chosen row (not out of the noise against it by
 * the same test where they were paired, or later by less than `minGain` of JSON's time) is as good
 * here, and of those the one with the least JavaScript to ship is named (the faster on a tie): a
 * gain nobody notices never costs an app more JS, and two rows level by a hair do not trade the
 * verdict from run to run (canada.json: cbor in four runs of five, msgpack in the fifth).
 */

/** The fewest paired rounds a verdict is drawn from: `--quick`'s 5, and the fewest in which the sign test can clear NOISE_ALPHA at all (5 of 5: p = 1/32). */
export const MIN_ROUNDS = 5;

/** The sign test's level: the chance that a row no faster than JSON wins as many rounds as the verdict asks. */
export const NOISE_ALPHA = 0.05;

/**
 * The fewest of `rounds` paired rounds a row must win outright for its lead to be out of the noise:
 * the least k with P(X ≥ k) < NOISE_ALPHA for X ~ Binomial(rounds, ½); `rounds + 1` when no k is
 * enough (fewer than 5 rounds).
 */
export function roundsToWin(rounds: number): number {
  let tail = 0; // P(X ≥ k), built from k = rounds down
  let choose = 1; // C(rounds, k)
  for (let k = rounds; k >= 0; k--) {
    if (k < rounds) choose = (choose * (k + 1)) / (rounds - k);
    const next = tail + choose / 2 ** rounds;
    if (next >= NOISE_ALPHA) return k + 1;
    tail = next;
  }
  return 0;
}

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
  /** Of those, the rounds in which it was sooner by at least the least gain (`RankedRow.versusJson.byMinGain`). */
  readonly byMinGain?: number;
}

/** Why the best row is not named over JSON: its gain is within the noise, below the threshold, or both. */
export interface NotNoticeable {
  readonly inNoise: boolean;
  readonly belowMinGain: boolean;
}

/** A row sooner than the named one but not noticeably, that beats JSON too: the choice came down to the JS they ship. */
export interface PassedOver {
  readonly name: string;
  readonly jsBytes: number;
  /** Its time until usable minus the named row's: negative, as it is (not noticeably) sooner. */
  readonly laterMs: number;
  /** `laterMs` as a share of JSON's time until usable. */
  readonly share: number;
}

/** The recommendation under one ranking. */
export type Verdict =
  /** Nothing meets the constraints: every row is left out (`Ranking.excluded` says why). */
  | (VerdictWhere & { readonly kind: 'none-meets' })
  /** Fewer paired rounds than MIN_ROUNDS: no row is named over another. `rounds` is how many there were (0: none paired). */
  | (VerdictWhere & { readonly kind: 'too-few-rounds'; readonly rounds: number; readonly minRounds: number })
  /**
   * Stay with JSON: it is first, or no row is noticeably sooner (`why`, of the first row other than
   * JSON). `best` is that row against JSON (absent when JSON is the only row ranked); `minGain` the
   * threshold; `levelWith` the rows level with JSON.
   */
  | (VerdictWhere & {
      readonly kind: 'stay-with-json';
      readonly best?: VersusJson;
      readonly why?: NotNoticeable;
      readonly minGain: number;
      readonly levelWith: readonly LevelWith[];
    })
  /**
   * Switch to `row`: usable sooner than JSON out of the noise and by at least `minGain`. `jsonMs` is
   * JSON's time until usable and `savedMs` JSON's minus the row's: negative when JSON itself was left
   * out (it breaks a constraint) and the row is slower than it. `sooner` of `rounds`: the paired
   * rounds it won; `levelWith` the rows level with it.
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
      /** The rows sooner than `row` but not noticeably, passed over for more JS (empty when none). */
      readonly passedOver: readonly PassedOver[];
    });

/** Whether winning `won` of `rounds` paired rounds outright is out of the noise (`roundsToWin`). */
function outOfNoise(won: number, rounds: number): boolean {
  return rounds > 0 && won >= roundsToWin(rounds);
}

/** The verdict of `ranking`. */
export function verdict(ranking: Ranking): Verdict {
  const where = { network: ranking.network, served: ranking.constraints.served };
  const minGain = ranking.constraints.minGain;
  if (ranking.ranked.length === 0) return { kind: 'none-meets', ...where };
  const jsonName = ranking.reference.name;
  const jsonMs = ranking.reference.timeUntilUsable.totalMs;
  const jsonRow = ranking.ranked.find((r) => r.name === jsonName);
  const jsonLevel = jsonRow?.levelWith ?? [];
  const others = ranking.ranked.filter((r) => r.name !== jsonName);
  const best = others[0];
  if (!best) return { kind: 'stay-with-json', ...where, minGain, levelWith: jsonLevel };
  const rounds = best.versusJson?.rounds ?? 0;
  if (rounds < MIN_ROUNDS) return { kind: 'too-few-rounds', ...where, rounds, minRounds: MIN_ROUNDS };
  /** Why `row` is not noticeably sooner than JSON, or undefined when it is (or JSON is not ranked: then there is no staying). */
  const notNoticeable = (row: RankedRow): NotNoticeable | undefined => {
    const v = versusJson(row, jsonMs);
    // Below the least gain by its median, or in too many rounds: a gain that sits at the threshold clears it in about half of them.
    const belowInRounds = v.byMinGain !== undefined && !outOfNoise(v.byMinGain, v.rounds ?? 0);
    const inNoise = !outOfNoise(v.sooner ?? 0, v.rounds ?? 0);
    // A row in the noise fails the rounds by the least gain too: said once, as the noise.
    const why = { inNoise, belowMinGain: v.share < minGain || (!inNoise && belowInRounds) };
    return jsonRow && (why.inNoise || why.belowMinGain) ? why : undefined;
  };
  const chosen = others.find((r) => !notNoticeable(r));
  if (!chosen) {
    // With JSON first no row is even ahead by its median: nothing to explain.
    const why = ranking.ranked[0] === jsonRow ? undefined : notNoticeable(best);
    return { kind: 'stay-with-json', ...where, best: versusJson(best, jsonMs), ...(why ? { why } : {}), minGain, levelWith: jsonLevel };
  }

  const asGood = others.filter((r) => {
    if (r === chosen || notNoticeable(r)) return false;
    const later = r.timeUntilUsable.totalMs - chosen.timeUntilUsable.totalMs;
    if (later <= 0) return true;
    // Paired with the chosen row (kept for rows of one format); otherwise the medians alone decide.
    const paired = r.versusFormat?.find((p) => p.name === chosen.name);
    const chosenWon = paired ? outOfNoise(paired.rounds - paired.asSoon, paired.rounds) : true;
    return !chosenWon || (jsonMs > 0 && later / jsonMs < minGain);
  });
  // Least JS wins among the as-good; `reduce` keeps the earlier (faster) row on a tie.
  const named = asGood.reduce((least, r) => (r.jsBytes < least.jsBytes ? r : least), chosen);
  // Only the ones ahead of the named row: a reader would ask why they were passed over.
  const passedOver = [chosen, ...asGood]
    .filter((r) => r.timeUntilUsable.totalMs < named.timeUntilUsable.totalMs)
    .map((r): PassedOver => {
      const laterMs = r.timeUntilUsable.totalMs - named.timeUntilUsable.totalMs;
      return { name: r.name, jsBytes: r.jsBytes, laterMs, share: jsonMs > 0 ? laterMs / jsonMs : 0 };
    });
  const v = versusJson(named, jsonMs);
  return {
    kind: 'format-first',
    ...where,
    row: named,
    jsonMs,
    savedMs: v.savedMs,
    share: v.share,
    sooner: v.sooner ?? 0,
    rounds: v.rounds ?? 0,
    levelWith: named.levelWith ?? [],
    passedOver,
  };
}

/** `row` against JSON's `jsonMs`, with its paired rounds where it has them. */
function versusJson(row: RankedRow, jsonMs: number): VersusJson {
  const savedMs = jsonMs - row.timeUntilUsable.totalMs;
  return {
    name: row.name,
    jsonMs,
    savedMs,
    share: jsonMs > 0 ? savedMs / jsonMs : 0,
    ...(row.versusJson ? { sooner: row.versusJson.sooner, rounds: row.versusJson.rounds } : {}),
    ...(row.versusJson?.byMinGain !== undefined ? { byMinGain: row.versusJson.byMinGain } : {}),
  };
}

/** A verdict in brief, as the answer keeps the ones that would change it: its kind, and the row it names. */
export interface VerdictBrief {
  readonly kind: Verdict['kind'];
  /** The row named (`format-first`), and how much sooner than JSON. */
  readonly named?: { readonly name: string; readonly savedMs: number; readonly share: number };
}

/** `v` in brief. */
export function brief(v: Verdict): VerdictBrief {
  return v.kind === 'format-first' ? { kind: v.kind, named: { name: v.row.name, savedMs: v.savedMs, share: v.share } } : { kind: v.kind };
}

/** Whether two verdicts say the same: the same kind, and the same row named where one is. */
export function sameBrief(a: VerdictBrief, b: VerdictBrief): boolean {
  return a.kind === b.kind && a.named?.name === b.named?.name;
}

/** The verdict on another network under the same constraints, in brief: what would change the answer. */
export interface OtherNetwork extends VerdictBrief {
  /** A network preset id. */
  readonly network: string;
}

/** The verdict of `rows` on each of `networks` other than the ranking's, under the ranking's constraints otherwise. */
export function otherNetworks(rows: readonly RowFacts[], ranking: Ranking, networks: readonly string[]): OtherNetwork[] {
  return networks
    .filter((network) => network !== ranking.network.id)
    .map((network): OtherNetwork => ({ network, ...brief(verdict(rank(rows, { ...ranking.constraints, network }))) }));
}
