import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LossyNumber } from '../parse-json.js';
import { parseJson } from '../parse-json.js';

/** A payload file that cannot be measured (missing, unreadable, invalid JSON), with the one line that says why. */
export class PayloadFileError extends Error {
  override readonly name = 'PayloadFileError';
}

/** One payload file as `parseJson` read it, named by its path relative to the working folder. */
export interface PayloadFile {
  readonly name: string;
  /** The path as given (or found inside a folder given). */
  readonly path: string;
  readonly value: unknown;
  readonly lossyNumbers: readonly LossyNumber[];
  readonly lossyCount: number;
}

/** The .json files named, and those inside the folders named (recursively, in name order). */
export function findPayloadFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new PayloadFileError(`${path}: no such file or folder`);
    }
    if (stats.isFile()) {
      files.push(path);
      continue;
    }
    if (!stats.isDirectory()) throw new PayloadFileError(`${path}: neither a file nor a folder`);
    const isFile = (file: string): boolean => {
      try {
        return statSync(file).isFile();
      } catch {
        throw new PayloadFileError(`${file}: cannot be read (a broken link?)`);
      }
    };
    const inside = readdirSync(path, { recursive: true, encoding: 'utf8' })
      .filter((entry) => entry.endsWith('.json'))
      .sort()
      .map((entry) => join(path, entry))
      .filter(isFile);
    if (inside.length === 0) throw new PayloadFileError(`${path}: the folder holds no .json file`);
    files.push(...inside);
  }
  // A file named twice (or inside a folder also named) is measured once: payload names must be unique.
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(resolve(file)) && seen.add(resolve(file)));
}

/**
 * Reads and parses every file before anything is measured, so a bad file stops the run at once.
 * Invalid JSON is a PayloadFileError that names the file, the line and the column.
 */
export function readPayloadFiles(paths: readonly string[]): PayloadFile[] {
  return findPayloadFiles(paths).map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new PayloadFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    try {
      const { value, lossyNumbers, lossyCount } = parseJson(text);
      return { name: relative(process.cwd(), file) || file, path: file, value, lossyNumbers, lossyCount };
    } catch (error) {
      throw new PayloadFileError(`${file}: ${(error as Error).message}`);
    }
  });
}
