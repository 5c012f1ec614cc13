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

/**
 * For `ahead`, ranked before `behind` (its total is not larger): in how many rounds each was as fast
 * as the other or faster (a tie counts for both), or undefined when the two were not measured in
 * the same rounds.
 */
export function roundWins(ahead: LevelInput, behind: LevelInput): { ahead: number; behind: number; rounds: number } | undefined {
  const a = ahead.decodeRoundsMs;
  const b = behind.decodeRoundsMs;
  if (!a || !b || a.length !== b.length || a.length === 0) return undefined;
  const fixedA = ahead.time.transferMs + ahead.time.decompressMs;
  const fixedB = behind.time.transferMs + behind.time.decompressMs;
  let aheadWins = 0;
  let behindWins = 0;
  for (let i = 0; i < a.length; i++) {
    const totalA = fixedA + (a[i] as number);
    const totalB = fixedB + (b[i] as number);
    if (totalA <= totalB) aheadWins++;
    if (totalB <= totalA) behindWins++;
  }
  return { ahead: aheadWins, behind: behindWins, rounds: a.length };
}

/**
 * In how many of their shared rounds `row` was sooner than `json` by at least `share` of JSON's
 * total in that round (and sooner at all), or undefined when the two were not measured in the same
 * rounds: the rounds in which its gain was one worth a switch.
 */
export function roundsSoonerBy(row: LevelInput, json: LevelInput, share: number): { count: number; rounds: number } | undefined {
  const r = row.decodeRoundsMs;
  const j = json.decodeRoundsMs;
  if (!r || !j || r.length !== j.length || r.length === 0) return undefined;
  const fixedRow = row.time.transferMs + row.time.decompressMs;
  const fixedJson = json.time.transferMs + json.time.decompressMs;
  let count = 0;
  for (let i = 0; i < r.length; i++) {
    const jsonTotal = fixedJson + (j[i] as number);
    const saved = jsonTotal - (fixedRow + (r[i] as number));
    if (saved > 0 && saved >= share * jsonTotal) count++;
  }
  return { count, rounds: r.length };
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
