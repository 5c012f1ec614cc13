import { readFileSync } from 'node:fs';
import type { MeasureResult } from 'wirebench';
import { upgradeResult } from 'wirebench';
import { BenchError } from '../errors.js';

/**
 * A result file (measure()'s result as JSON) named by the user, validated, for the commands that read
 * results and print a report (bench:compare, bench:versus); a failure names the file and what is
 * wrong with it (exit 2).
 */
export function readResultFile(file: string): MeasureResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BenchError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'input');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the text around the mistake, newlines and all: its first line is the message.
    throw new BenchError(`${file} is not JSON: ${(error as Error).message.split('\n')[0]}`, 'input');
  }
  try {
    return upgradeResult(value);
  } catch (error) {
    throw new BenchError(`${file}: ${(error as Error).message}`, 'input');
  }
}
