import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SCHEMAS_DIR = join(REPO_ROOT, 'schemas');
/** The public corpus lives beside the checkout (never copied in); a user's clone may not have it. */
export const CORPUS_DIR = resolve(REPO_ROOT, '../shared/data/corpus');

export const canonicalProto = (): string => readFileSync(join(SCHEMAS_DIR, 'canonical.proto'), 'utf8');

export function corpusFiles(): string[] {
  if (!existsSync(CORPUS_DIR)) {
    console.warn(`corpus tests skipped: ${CORPUS_DIR} is absent (it sits beside the checkout in development and CI)`);
    return [];
  }
  return readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.json')).sort();
}
