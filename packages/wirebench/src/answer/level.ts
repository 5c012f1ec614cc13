import type { TimeUntilUsable } from './time-until-usable.js';

/**
 * Whether two ranked rows are level: measured in the same interleaved rounds, each was as fast as
 * the other in many of them. A ranking by medians puts one first even
 * when the other was as fast in many rounds (github_events.json on 3G Slow: protobuf 586 ms and
 * protobuf (protobufjs) 585 ms); the reason then says they are level and how often the order
 * flipped, rather than letting one millisecond decide.
 *
 * Only the decode time varies by round: the transfer is the network model's, the decompression a
 * median of its own, so a round's total is transfer + decompression + that round's decode median.
 */

/** A row's time until usable and its decode's median ms in each round (`OperationResult.roundMedians`). */
export interface LevelInput {
  readonly name: string;
  readonly time: TimeUntilUsable;
  readonly decodeRoundsMs?: readonly number[];
}

/** A row another is level with: its name, and in how many of the shared rounds the row ranked behind was as fast or faster. */
export interface LevelWith {
  readonly name: string;
  readonly flipped: number;
  readonly rounds: number;
}

/** The least share of rounds in which the order must flip for two rows to be called level. */
export const LEVEL_SHARE = 0.25;

/** Two rows' totals round by round (fixed transfer and decompression, each round's decode), or undefined when they were not measured in the same rounds. */
function pairedTotals(a: LevelInput, b: LevelInput): { a: number[]; b: number[] } | undefined {
  const ra = a.decodeRoundsMs;
  const rb = b.decodeRoundsMs;
  if (!ra || !rb || ra.length !== rb.length || ra.length === 0) return undefined;
  const fixedA = a.time.transferMs + a.time.decompressMs;
  const fixedB = b.time.transferMs + b.time.decompressMs;
  return { a: ra.map((ms) => fixedA + ms), b: rb.map((ms) => fixedB + ms) };
}

/**
 * For `ahead`, ranked before `behind` (its total is not larger): in how many rounds each was as fast
 * as the other or faster (a tie counts for both), or undefined when the two were not measured in
 * the same rounds.
 */
export function roundWins(ahead: LevelInput, behind: LevelInput): { ahead: number; behind: number; rounds: number } | undefined {
  const totals = pairedTotals(ahead, behind);
  if (!totals) return undefined;
  const rounds = totals.a.length;
  const aheadWins = totals.a.filter((total, i) => total <= (totals.b[i] as number)).length;
  const behindWins = totals.b.filter((total, i) => total <= (totals.a[i] as number)).length;
  return { ahead: aheadWins, behind: behindWins, rounds };
}

/**
 * In how many of their shared rounds `row` was sooner than `json` by at least `share` of JSON's
 * total in that round (and sooner at all), or undefined when the two were not measured in the same
 * rounds: the rounds in which its gain was one worth a switch.
 */
export function roundsSoonerBy(row: LevelInput, json: LevelInput, share: number): { count: number; rounds: number } | undefined {
  const totals = pairedTotals(row, json);
  if (!totals) return undefined;
  const count = totals.b.filter((jsonTotal, i) => {
    const saved = jsonTotal - (totals.a[i] as number);
    return saved > 0 && saved >= share * jsonTotal;
  }).length;
  return { count, rounds: totals.a.length };
}

/**
 * Each row's level partners, in ranking order (`rows` sorted fastest first): two rows are level when
 * each was as fast as the other in at least LEVEL_SHARE of the rounds. Both ways, not only "the one
 * behind won some": the ranking's decode figure is the median of every sample, which can lean
 * towards a round that ran fast, so the row ranked first may be the one that lost most rounds;
 * such a pair is left to its medians rather than called level.
 */
export function levelPartners(rows: readonly LevelInput[]): LevelWith[][] {
  const partners: LevelWith[][] = rows.map(() => []);
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const wins = roundWins(rows[i] as LevelInput, rows[j] as LevelInput);
      if (!wins || Math.min(wins.ahead, wins.behind) < LEVEL_SHARE * wins.rounds) continue;
      const flips = { flipped: wins.behind, rounds: wins.rounds };
      partners[i]?.push({ name: (rows[j] as LevelInput).name, ...flips });
      partners[j]?.push({ name: (rows[i] as LevelInput).name, ...flips });
    }
  }
  return partners;
}
