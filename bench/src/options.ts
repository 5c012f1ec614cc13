import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Milliseconds of timed runs per task. */
  readonly time: number;
  /** Seed of the canonical payloads. */
  readonly seed: number;
  /** Where the JSON results go. */
  readonly out: string;
}

/** The runners' shared command line: --time=<ms per task> (default 300), --seed=<n> (default 1), --out=<file>. */
export function benchOptions(script: string, defaultOut: string): BenchOptions {
  const { values } = parseArgs({
    options: {
      time: { type: 'string', default: '300' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: defaultOut },
    },
  });
  const time = Number(values.time);
  const seed = Number(values.seed);
  if (!(time > 0) || !Number.isInteger(seed)) {
    console.error(`usage: npm run ${script} -- [--time=<ms per task, > 0>] [--seed=<integer>] [--out=<file>]`);
    process.exit(2);
  }
  return { time, seed, out: values.out };
}
