/**
 * The command line's number options at their edges (src/cli/args.ts): every value is either taken
 * as a finite number within the option's bounds, or a UsageError before anything is measured.
 * How the process exits on one (exit 2, one line) is in main.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BUNDLE_BUDGET_KB, MAX_CPU_SLOWDOWN, MAX_MIN_GAIN_PERCENT } from '../../src/answer/constraints.js';
import { parseCliArgs } from '../../src/cli/args.js';
import { MAX_ROUND_TIME_MS, MAX_ROUNDS, UsageError } from '../../src/node/usage.js';

const EDGES = ['0', '-0', '1', '3', '1e3', '1e306', '1e308', '1e309', 'NaN', 'Infinity', '-1', '0x10', '', ' ', '2.5', '.5', '5.', '1e-400'];

/** Each number option: what it sets, and its bounds in that unit. */
const OPTIONS = [
  { option: '--rounds', read: (args: ReturnType<typeof parseCliArgs>) => args.rounds, min: 3, max: MAX_ROUNDS },
  { option: '--time', read: (args: ReturnType<typeof parseCliArgs>) => args.roundTime, min: 1, max: MAX_ROUND_TIME_MS },
  {
    option: '--bundle-budget',
    read: (args: ReturnType<typeof parseCliArgs>) => args.constraints.bundleBudgetBytes ?? undefined,
    min: 0,
    max: MAX_BUNDLE_BUDGET_KB * 1000,
  },
  { option: '--min-gain', read: (args: ReturnType<typeof parseCliArgs>) => args.constraints.minGain, min: 0, max: MAX_MIN_GAIN_PERCENT / 100 },
  { option: '--cpu-slowdown', read: (args: ReturnType<typeof parseCliArgs>) => args.constraints.cpuSlowdown, min: Number.MIN_VALUE + 1, max: MAX_CPU_SLOWDOWN },
] as const;

describe.each(OPTIONS)('$option', ({ option, read, min, max }) => {
  /** The option's value, or the UsageError it raised (anything else fails the test). */
  const parse = (text: string): number | UsageError => {
    try {
      const value = read(parseCliArgs(['payload.json', option, text]));
      if (value === undefined) throw new Error(`${option} ${text}: no value`);
      return value;
    } catch (error) {
      if (error instanceof UsageError) return error;
      throw error;
    }
  };
  const check = (text: string): void => {
    const result = parse(text);
    if (result instanceof UsageError) {
      expect(result.message).toContain(option);
      return;
    }
    expect(Number.isFinite(result), `${option} ${text} gave ${result}`).toBe(true);
    expect(result).toBeGreaterThanOrEqual(min);
    expect(result).toBeLessThanOrEqual(max);
  };

  it('takes an edge value within bounds or refuses it as a usage error', () => {
    for (const text of EDGES) check(text);
    expect(parse('1e306')).toBeInstanceOf(UsageError);
    expect(parse('1e308')).toBeInstanceOf(UsageError);
    expect(parse('NaN')).toBeInstanceOf(UsageError);
    expect(parse('-0')).toBeInstanceOf(UsageError);
  });

  it('takes any decimal text within bounds or refuses it as a usage error', () => {
    const decimal = fc.oneof(
      fc.double({ noNaN: false }).map(String),
      fc.tuple(fc.nat(999), fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(decimal, (text) => check(text)),
      { numRuns: 1000 },
    );
  });
});

describe('--bundle-budget', () => {
  it('is kB of 1,000 B, rounded to whole bytes; 0 is a budget, not none', () => {
    expect(parseCliArgs(['p.json', '--bundle-budget', '0']).constraints.bundleBudgetBytes).toBe(0);
    expect(parseCliArgs(['p.json', '--bundle-budget', '10.0004']).constraints.bundleBudgetBytes).toBe(10_000);
    expect(parseCliArgs(['p.json', '--bundle-budget', '1e9']).constraints.bundleBudgetBytes).toBe(1e12);
    expect(parseCliArgs(['p.json']).constraints.bundleBudgetBytes).toBeUndefined();
  });
});

describe('--min-gain', () => {
  it("is a percent of JSON's time until usable, as a share; absent, the ranking's default applies", () => {
    expect(parseCliArgs(['p.json', '--min-gain', '5']).constraints.minGain).toBe(0.05);
    expect(parseCliArgs(['p.json', '--min-gain', '0']).constraints.minGain).toBe(0);
    expect(parseCliArgs(['p.json', '--min-gain', '99']).constraints.minGain).toBe(0.99);
    expect(() => parseCliArgs(['p.json', '--min-gain', '100'])).toThrow(/--min-gain must be a number of percent from 0 to 99, got "100"/);
    expect(parseCliArgs(['p.json']).constraints.minGain).toBeUndefined();
  });
});

describe('--cpu-slowdown', () => {
  it('is a factor above 1, with or without its ×; absent, only 2× and 4× are checked', () => {
    expect(parseCliArgs(['p.json', '--cpu-slowdown', '6']).constraints.cpuSlowdown).toBe(6);
    expect(parseCliArgs(['p.json', '--cpu-slowdown', '2.5x']).constraints.cpuSlowdown).toBe(2.5);
    expect(parseCliArgs(['p.json', '--cpu-slowdown', '20×']).constraints.cpuSlowdown).toBe(20);
    for (const text of ['1', '0.5', '21', 'x', 'fast']) {
      expect(() => parseCliArgs(['p.json', '--cpu-slowdown', text]), text).toThrow(
        `--cpu-slowdown must be a factor above 1 and at most ${MAX_CPU_SLOWDOWN} (6 or 6x), got "${text}"`,
      );
    }
    expect(parseCliArgs(['p.json']).constraints.cpuSlowdown).toBeUndefined();
  });
});
