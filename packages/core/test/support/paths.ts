import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SCHEMAS_DIR = join(REPO_ROOT, 'schemas');
/** The public corpus lives beside the checkout (never copied in); a user's clone may not have it. */
export const CORPUS_DIR = resolve(REPO_ROOT, '../shared/data/corpus');
const CORPUS_PRESENT = existsSync(CORPUS_DIR);

export const canonicalProto = (): string => readFileSync(join(SCHEMAS_DIR, 'canonical.proto'), 'utf8');

/** The corpus's .json files by name, none where it is absent. */
export function corpusFiles(): string[] {
  if (!CORPUS_PRESENT) return [];
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/**
 * Registers the tests `register` makes where the corpus is there; where it is absent, one skipped
 * test named for `what` and the reason, so the run's summary counts what did not run.
 */
export function withCorpus(what: string, register: () => void): void {
  if (CORPUS_PRESENT) register();
  else it.skip(`${what}: ${relative(REPO_ROOT, CORPUS_DIR)} is absent (it sits beside the checkout in development and CI)`, () => {});
}
