import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inferSchema, parseJson } from '@wirebench/core';
import type { Suite } from './suite.js';
import { targetFor } from './suite.js';

/** A payload file that cannot be benched, with the one line that says why. */
export class PayloadFileError extends Error {
  override readonly name = 'PayloadFileError';
}

interface PayloadFile {
  readonly name: string;
  readonly value: unknown;
  readonly lossyNumbers: ReturnType<typeof parseJson>['lossyNumbers'];
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
    const inside = readdirSync(path, { recursive: true, encoding: 'utf8' })
      .filter((entry) => entry.endsWith('.json'))
      .sort()
      .map((entry) => join(path, entry))
      .filter((file) => statSync(file).isFile());
    if (inside.length === 0) throw new PayloadFileError(`${path}: the folder holds no .json file`);
    files.push(...inside);
  }
  return files;
}

/** Reads and parses every file before anything is measured, so a bad file stops the run at once. */
export function readPayloadFiles(paths: readonly string[]): PayloadFile[] {
  return findPayloadFiles(paths).map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new PayloadFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    try {
      const { value, lossyNumbers } = parseJson(text);
      return { name: relative(process.cwd(), file) || file, value, lossyNumbers };
    } catch (error) {
      throw new PayloadFileError(`${file}: ${(error as Error).message}`);
    }
  });
}

/** The user's own payloads: each file with a schema inferred from it for protobuf and FlatBuffers. */
export function filesSuite(paths: readonly string[]): Suite {
  const payloads = readPayloadFiles(paths);
  return {
    name: 'files',
    summary: `your payloads: ${payloads.map((p) => p.name).join(', ')}`,
    async plan(context) {
      const notes: string[] = [];
      const targets = [];
      for (const { name, value, lossyNumbers } of payloads) {
        const target = await targetFor(name, value, inferSchema(value), context, notes);
        targets.push({ ...target, payload: { ...target.payload, lossyNumbers } });
      }
      return { targets, notes };
    },
  };
}
