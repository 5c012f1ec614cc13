/** node/usage.ts: the command-line parsing the CLI and the bench's runners share. */
import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseMilliseconds, parseNumber, UsageError } from '../../src/node/usage.js';

const OPTIONS = {
  time: { type: 'string', short: 't' },
  json: { type: 'boolean', default: false },
} as const;

describe('parseCommandLine', () => {
  it.each(['--time -5', '--time=-5', '-t -5', '-t-5'])('reads a negative number after an option taking a value as that value: %s', (line) => {
    expect(parseCommandLine(line.split(' '), OPTIONS).values.time).toBe('-5');
  });

  it('reads -0.5 and -.5 as values too, and leaves the positionals around them alone', () => {
    expect(parseCommandLine(['a.json', '--time', '-0.5', 'b.json'], OPTIONS)).toMatchObject({ values: { time: '-0.5' }, positionals: ['a.json', 'b.json'] });
    expect(parseCommandLine(['--time', '-.5'], OPTIONS).values.time).toBe('-.5');
  });

  it('leaves everything after -- as positionals', () => {
    expect(parseCommandLine(['--json', '--', '--time', '-5'], OPTIONS)).toMatchObject({ values: { json: true }, positionals: ['--time', '-5'] });
  });

  it('still refuses a value that starts with a dash and is no number, and a number after a flag', () => {
    expect(() => parseCommandLine(['--time', '-x'], OPTIONS)).toThrow(new UsageError("Option '--time' argument is ambiguous."));
    expect(() => parseCommandLine(['--json', '-5'], OPTIONS)).toThrow(new UsageError("Unknown option '-5'"));
  });
});

describe('parseNumber, parseMilliseconds', () => {
  it('refuse what is no number or less than the least value, saying what the number counts', () => {
    expect(parseMilliseconds('40', '--time', 1, 100)).toBe(40);
    expect(() => parseMilliseconds('-5', '--time', 1, 100)).toThrow(new UsageError('--time must be a number of milliseconds ≥ 1, got "-5"'));
    expect(parseNumber('3', '--rounds', 3, 1000)).toBe(3);
    expect(() => parseNumber('2', '--rounds', 3, 1000)).toThrow(new UsageError('--rounds must be a number ≥ 3, got "2"'));
    expect(() => parseNumber(' ', '--rounds', 3, 1000)).toThrow(UsageError);
    expect(() => parseNumber('Infinity', '--rounds', 3, 1000)).toThrow(UsageError);
    expect(() => parseNumber('1001', '--rounds', 3, 1000)).toThrow(new UsageError('--rounds must be a number ≤ 1000, got "1001"'));
  });

  it('take decimal quantities only, as a user types them (not hex, binary or octal literals)', () => {
    expect(parseNumber('0.5', '--bundle-budget', 0, 1e9)).toBe(0.5);
    expect(parseNumber('.5', '--bundle-budget', 0, 1e9)).toBe(0.5);
    expect(parseNumber(' 12 ', '--bundle-budget', 0, 1e9)).toBe(12);
    expect(parseNumber('5.', '--bundle-budget', 0, 1e9)).toBe(5);
    expect(parseNumber('1e3', '--bundle-budget', 0, 1e9)).toBe(1000);
    for (const text of ['0x10', '0b1', '0o7', '1_000', '']) {
      expect(() => parseNumber(text, '--bundle-budget', 0, 1e9), text).toThrow(new UsageError(`--bundle-budget must be a number ≥ 0, got "${text}"`));
    }
  });
});
