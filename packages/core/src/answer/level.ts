import type { TimeUntilUsable } from './time-until-usable.js';

/**
 * Whether two ranked rows are level: measured in the same interleaved rounds, their totals in
 * order of their medians most of the time but not always. A ranking by medians puts one first even
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

/** A row another is level with: its name, and in how many of the shared rounds their order flipped. */
export interface LevelWith {
  readonly name: string;
  readonly flipped: number;
  readonly rounds: number;
}

/** The least share of rounds in which the order must flip for two rows to be called level. */
export const LEVEL_SHARE = 0.25;

/**
 * For `ahead`, ranked before `behind` (its total is not larger): the rounds in which `behind` was
 * as fast or faster, or undefined when the two were not measured in the same rounds.
 */
export function flippedRounds(ahead: LevelInput, behind: LevelInput): { flipped: number; rounds: number } | undefined {
  const a = ahead.decodeRoundsMs;
  const b = behind.decodeRoundsMs;
  if (!a || !b || a.length !== b.length || a.length === 0) return undefined;
  const fixedA = ahead.time.transferMs + ahead.time.decompressMs;
  const fixedB = behind.time.transferMs + behind.time.decompressMs;
  let flipped = 0;
  for (let i = 0; i < a.length; i++) if (fixedB + (b[i] as number) <= fixedA + (a[i] as number)) flipped++;
  return { flipped, rounds: a.length };
}

/** Each row's level partners, in ranking order: `rows` sorted fastest first. */
export function levelPartners(rows: readonly LevelInput[]): LevelWith[][] {
  const partners: LevelWith[][] = rows.map(() => []);
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const flips = flippedRounds(rows[i] as LevelInput, rows[j] as LevelInput);
      if (!flips || flips.flipped < LEVEL_SHARE * flips.rounds) continue;
      partners[i]?.push({ name: (rows[j] as LevelInput).name, ...flips });
      partners[j]?.push({ name: (rows[i] as LevelInput).name, ...flips });
    }
  }
  return partners;
}
