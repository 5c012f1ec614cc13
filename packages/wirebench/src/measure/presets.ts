/**
 * How long the engine measures, in one place: `measure`'s defaults and the presets both front ends
 * (`wirebench` and `npm run bench`) offer under the same flags.
 */
export interface MeasurePreset {
  /** Interleaved rounds per payload. */
  readonly rounds: number;
  /** Milliseconds per task per round. */
  readonly roundTime: number;
  /** Milliseconds of warm-up per task. */
  readonly warmupTime: number;
}

export const MEASURE_PRESETS = {
  /** What `measure` and `npm run bench` do unless told otherwise: narrow intervals (the CLI's every implementation on a file takes 17–19 s). */
  standard: { rounds: 11, roundTime: 40, warmupTime: 150 },
  /** What `wirebench <file>` does unless told otherwise: the rounds a verdict is drawn from (8 of 9 won outright clear the noise), quick enough to wait for. */
  answer: { rounds: 9, roundTime: 15, warmupTime: 60 },
  /** `--quick`: a fast look, in a few seconds; the intervals are wider. */
  quick: { rounds: 5, roundTime: 10, warmupTime: 30 },
  /** `npm run bench -- --ci` (the CI gate, its baseline and docs/figures.md): enough rounds for the gate's test, about 2 minutes for the canonical suite on 2 cores. */
  ci: { rounds: 9, roundTime: 15, warmupTime: 60 },
} as const satisfies Readonly<Record<string, MeasurePreset>>;
