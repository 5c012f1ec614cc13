import { readFileSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import type { MeasureResult } from 'wirebench';
import { validateMeasureResult } from 'wirebench';

/**
 * What the commands that read result files and print a report share (bench:compare, bench:versus):
 * their arguments, the reading of each file, and how a failure ends the process (exit 2, one line
 * on stderr, never a stack trace).
 */

/** Bad arguments: the message ends with a pointer to --help. */
export class ArgumentError extends Error {}

type ReportOptions = NonNullable<ParseArgsConfig['options']>;

/** `node:util` parseArgs with positionals; a mistake is an ArgumentError. */
export function parseReportArgs<const O extends ReportOptions>(
  args: readonly string[],
  options: O,
): ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: O }>> {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    throw new ArgumentError((error as Error).message);
  }
}

/** A result file (measure()'s result as JSON), validated; a failure is an Error that names the file and what is wrong. */
export function readResultFile(file: string): MeasureResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the text around the mistake, newlines and all: its first line is the message.
    throw new Error(`${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    return validateMeasureResult(value);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** Runs `main` on the process's arguments: its return value is the exit status; a throw is exit 2 with one line on stderr, prefixed `name:`. */
export function runReportCommand(name: string, main: (args: readonly string[]) => number): void {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    const hint = error instanceof ArgumentError ? ' (see --help)' : '';
    process.stderr.write(`${name}: ${message}${hint}\n`);
    process.exitCode = 2;
  }
}
