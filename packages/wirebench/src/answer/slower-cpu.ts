import type { ResolvedConstraints } from './constraints.js';
import type { RowFacts } from './facts.js';
import type { Ranking } from './rank.js';
import { rank } from './rank.js';
import type { ServedFigures } from './served.js';
import type { VerdictBrief } from './verdict.js';
import { brief, verdict } from './verdict.js';

/**
 * Whether the verdict holds on a slower CPU than the one that measured. The device's part of time
 * until usable (decompression and decode) is CPU work; the transfer is the network's. A phone's CPU
 * is often several times slower than the desktop or laptop a developer measures on: Lighthouse's
 * mobile profile simulates a 4× slowdown of the machine running it
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md). So the answer ranks the
 * same rows again with their device times scaled by each factor, as a first-order model: every row's
 * CPU work slows by the same factor (real CPUs differ in cache and memory, which this does not model).
 */

/** The slowdowns every answer is checked against: 2×, and 4× as Lighthouse's mobile profile. */
export const CPU_SLOWDOWNS: readonly number[] = Object.freeze([2, 4]);

/** The slowdowns an answer under `constraints` is checked against: CPU_SLOWDOWNS and the user's, in order. */
export function slowdowns(constraints: Pick<ResolvedConstraints, 'cpuSlowdown'>): number[] {
  const stated = constraints.cpuSlowdown;
  return [...new Set([...CPU_SLOWDOWNS, ...(stated !== undefined ? [stated] : [])])].sort((a, b) => a - b);
}

/** The verdict on a CPU `factor` times slower, in brief. */
export interface SlowerCpu extends VerdictBrief {
  readonly factor: number;
}

/** Each figure of `record` mapped by `scale`, by the same names. */
const scaled = (record: Readonly<Record<string, number>>, scale: (value: number) => number): Record<string, number> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, scale(value)]));

/** `figures` on a CPU `factor` times slower: decode and decompression times scaled, the inflate rate divided, bytes as they were. */
function slowed(figures: ServedFigures, factor: number): ServedFigures {
  const { decompressMs, inflateBytesPerMs, decodeRoundsMs, ...rest } = figures;
  return {
    ...rest,
    decodeMs: figures.decodeMs * factor,
    ...(decompressMs ? { decompressMs: scaled(decompressMs, (ms) => ms * factor) } : {}),
    ...(inflateBytesPerMs ? { inflateBytesPerMs: scaled(inflateBytesPerMs, (rate) => rate / factor) } : {}),
    ...(decodeRoundsMs ? { decodeRoundsMs: decodeRoundsMs.map((ms) => ms * factor) } : {}),
  };
}

/** The verdict of `rows` under the ranking's constraints on CPUs each of `factors` times slower. */
export function onSlowerCpu(rows: readonly RowFacts[], ranking: Ranking, factors: readonly number[] = CPU_SLOWDOWNS): SlowerCpu[] {
  return factors.map((factor) => {
    const scaled = rows.map((row) => (row.figures ? { ...row, figures: slowed(row.figures, factor) } : row));
    return { factor, ...brief(verdict(rank(scaled, ranking.constraints))) };
  });
}
