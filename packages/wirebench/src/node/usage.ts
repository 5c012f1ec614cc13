import { closeSync, existsSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import type { FormatId } from '@wirebench/core';
import { FORMATS } from '@wirebench/core';
import { parseDecimal } from '../decimal.js';

/** What the command lines (the CLI, the bench's runners) share: usage errors, argument values, output files. */

/** A command-line mistake (a bad option, a missing file, invalid JSON): printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The options a command accepts, as `node:util`'s parseArgs takes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;
/** A parsed command line: its option values and positionals. */
export type CommandLine<O extends CommandOptions> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: O }>>;

/** `node:util` parseArgs, strict, with positionals; a mistake is a UsageError of one line. */
export function parseCommandLine<const O extends CommandOptions>(argv: readonly string[], options: O): CommandLine<O> {
  try {
    return parseArgs({ args: attachNegativeNumbers(argv, options), allowPositionals: true, strict: true, options });
  } catch (error) {
    // Node's "Unknown option '--x'. To specify a positional argument starting with a '-', …": the first sentence says it.
    const line = (error as Error).message.split('\n')[0] ?? 'bad arguments';
    throw new UsageError(line.replace(/\. To specify a positional argument.*$/, ''));
  }
}

/** `-5`, `-0.5`, `-.5`: read as a value, never as an option (options are never named by a digit or a dot). */
const NEGATIVE_NUMBER = /^-\.?\d/;

/**
 * The command line with each negative number that follows an option taking a value joined to it
 * (`--time -5` as `--time=-5`): parseArgs reads `-5` as an option and calls the value "ambiguous",
 * where the option's own check says what is wrong with it. Nothing after `--` is touched.
 */
function attachNegativeNumbers(argv: readonly string[], options: CommandOptions): string[] {
  const takesValue = new Set<string>();
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (option.short !== undefined) takesValue.add(`-${option.short}`);
  }
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return [...args, ...argv.slice(i)];
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      // `-t-5` is parseArgs's form for a short option's value that starts with a dash.
      args.push(arg.startsWith('--') ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else {
      args.push(arg);
    }
  }
  return args;
}

/** A comma-separated list of format ids, each checked; `json` first when `withJson` (every ratio is to JSON). */
export function parseFormats(text: string, option = '--formats', withJson = true): FormatId[] {
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(FORMATS as readonly string[]).includes(name)) {
      throw new UsageError(`${option}: unknown format "${name}"; choose from ${FORMATS.join(', ')}`);
    }
  }
  const formats = [...new Set(names)] as FormatId[];
  if (withJson && !formats.includes('json')) formats.unshift('json');
  return formats;
}

/** The most rounds and milliseconds per task and round a command takes: past them one run would last days (the defaults are 11 rounds of 40 ms). */
export const MAX_ROUNDS = 1000;
export const MAX_ROUND_TIME_MS = 60_000;

/** A number argument from `min` to `max` (each option states its most: a number past it would make a run that never ends). */
export function parseNumber(text: string, option: string, min: number, max: number): number {
  return parseQuantity(text, option, min, max, 'a number');
}

/** A number of milliseconds from `min` to `max`: the message names the unit, which an option such as `--time` does not. */
export function parseMilliseconds(text: string, option: string, min: number, max: number): number {
  return parseQuantity(text, option, min, max, 'a number of milliseconds');
}

function parseQuantity(text: string, option: string, min: number, max: number, what: string): number {
  const value = parseDecimal(text);
  if (value === undefined || value < min) throw new UsageError(`${option} must be ${what} ≥ ${min}, got "${text}"`);
  if (value > max) throw new UsageError(`${option} must be ${what} ≤ ${max}, got "${text}"`);
  return value;
}

const code = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Fails before any measuring when an output file cannot be written, so no run's results are lost at the end. */
export function checkOutput(path: string | undefined, option: string): void {
  if (path === undefined) return;
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new UsageError(`${option} ${path}: its folder cannot be created (${code(error)})`);
  }
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`${option} ${path}: is a folder, not a file`);
  try {
    // Opened for appending: proves the file can be written without touching what it holds.
    closeSync(openSync(path, 'a'));
  } catch (error) {
    throw new UsageError(`${option} ${path}: cannot be written (${code(error)})`);
  }
}

/** Fails before any measuring when an output folder cannot be made. */
export function checkOutputFolder(path: string, option: string): void {
  if (existsSync(path) && !statSync(path).isDirectory()) throw new UsageError(`${option} ${path}: is a file, not a folder`);
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw new UsageError(`${option} ${path}: the folder cannot be created (${code(error)})`);
  }
}

/** Writes an output file; a failure (a full disk, say) is one line and exit code 2, not a stack trace. */
export function writeOutput(path: string, text: string, option: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`${option} ${path}: cannot be written (${code(error)})`);
  }
}
