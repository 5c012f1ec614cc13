/**
 * bench/src/cli/options.ts against the user's command: a flag both front ends take means the same
 * in both, from the engine's one set of presets (MEASURE_PRESETS).
 */
import { describe, expect, it } from 'vitest';
import { MEASURE_PRESETS } from 'wirebench';
import { parseCliArgs } from '../../packages/wirebench/src/cli/args.js';
import { parseBenchArgs } from '../src/cli/options.js';
import { BenchError } from '../src/errors.js';

const settings = (args: { rounds: number; roundTime: number; warmupTime: number }) => ({
  rounds: args.rounds,
  roundTime: args.roundTime,
  warmupTime: args.warmupTime,
});

describe('npm run bench and wirebench', () => {
  it('measure from the engine presets: the bench at its default, the CLI at the answer, both alike under --quick', () => {
    expect(settings(parseBenchArgs([]))).toEqual(MEASURE_PRESETS.standard);
    expect(settings(parseCliArgs(['p.json']))).toEqual(MEASURE_PRESETS.answer);
    expect(settings(parseBenchArgs(['--quick']))).toEqual(MEASURE_PRESETS.quick);
    expect(settings(parseCliArgs(['p.json', '--quick']))).toEqual(MEASURE_PRESETS.quick);
  });

  it('--ci is the gate preset, and one preset at a time', () => {
    expect(settings(parseBenchArgs(['--ci']))).toEqual(MEASURE_PRESETS.ci);
    expect(() => parseBenchArgs(['--ci', '--quick'])).toThrow(BenchError);
    // A preset is a starting point: a number given beside it wins.
    expect(parseBenchArgs(['--ci', '--rounds', '4']).rounds).toBe(4);
  });
});
