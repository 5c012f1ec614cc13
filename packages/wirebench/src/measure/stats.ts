import { seededRandom } from '../random.js';

/** Statistics for the measuring engine and for comparing runs: small, exact, dependency-free. */

/** The q-quantile (0 ≤ q ≤ 1) of ascending `sorted`, linearly interpolated (type 7, as R and NumPy default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (position - below);
}

export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The median of `values` (any order). */
export const median = (values: readonly number[]): number => quantile(ascending(values), 0.5);

export const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Relative margin of error of the mean at 95 % (normal approximation), in percent. */
export function relativeMarginOfError(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const m = mean(values);
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
  return ((1.96 * Math.sqrt(variance / values.length)) / m) * 100;
}

/** A confidence interval. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Options of the bootstrap intervals. */
export interface BootstrapOptions {
  /** Resamples drawn (default 2000). */
  readonly resamples?: number;
  /** Seed of the resampling, so the same data always gives the same interval (default 1). */
  readonly seed?: number;
  /** Coverage (default 0.95). */
  readonly level?: number;
}

/** The most resamples a bootstrap takes: readers of a result file resample again with its count, so a file cannot ask for more. */
export const MAX_BOOTSTRAP_RESAMPLES = 100_000;

/**
 * Percentile-bootstrap interval of `statistic` over `values`: resample the values with replacement,
 * recompute, and take the central `level` of the results. Seeded, so it is reproducible.
 */
export function bootstrapInterval(values: readonly number[], statistic: (sample: number[]) => number = median, options: BootstrapOptions = {}): Interval {
  if (values.length === 0) return { low: Number.NaN, high: Number.NaN };
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 1);
  const estimates: number[] = new Array<number>(resamples);
  const sample: number[] = new Array<number>(values.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(random() * values.length)] as number;
    estimates[r] = statistic(sample);
  }
  estimates.sort((a, b) => a - b);
  return { low: quantile(estimates, (1 - level) / 2), high: quantile(estimates, 1 - (1 - level) / 2) };
}

/** Interval of the ratio of medians of two independent groups (b ÷ a), bootstrapping each group. */
export function bootstrapRatioInterval(a: readonly number[], b: readonly number[], options: BootstrapOptions = {}): Interval {
  if (a.length === 0 || b.length === 0) return { low: Number.NaN, high: Number.NaN };
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 1);
  const draw = (values: readonly number[]): number => median(Array.from(values, () => values[Math.floor(random() * values.length)] as number));
  const estimates = Array.from({ length: resamples }, () => draw(b) / draw(a)).sort((x, y) => x - y);
  return { low: quantile(estimates, (1 - level) / 2), high: quantile(estimates, 1 - (1 - level) / 2) };
}

/**
 * Two-sided Mann–Whitney U test of "a and b come from the same distribution": the p-value by the
 * normal approximation with tie and continuity corrections (fine from about 5 values per group).
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): { readonly u: number; readonly p: number } {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { u: Number.NaN, p: 1 };
  const pooled = [...a.map((value) => ({ value, group: 0 })), ...b.map((value) => ({ value, group: 1 }))].sort((x, y) => x.value - y.value);
  // Mid-ranks for ties, and the tie term of the variance.
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < pooled.length; ) {
    let j = i;
    while (j + 1 < pooled.length && (pooled[j + 1] as { value: number }).value === (pooled[i] as { value: number }).value) j++;
    const rank = (i + j) / 2 + 1;
    const tied = j - i + 1;
    tieTerm += tied ** 3 - tied;
    for (let k = i; k <= j; k++) if ((pooled[k] as { group: number }).group === 0) rankSumA += rank;
    i = j + 1;
  }
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, p: 1 };
  const z = Math.max(0, Math.abs(u - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return { u, p: Math.min(1, 2 * (1 - normalCdf(z))) };
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
