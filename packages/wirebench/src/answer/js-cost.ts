import type { FormatId } from '@wirebench/core';
import { IMPLEMENTATIONS } from '@wirebench/core';

/**
 * What choosing a row costs in JavaScript: the gzipped bytes of the entry an app imports for it, as
 * `npm run bundle:budget` measured them (each implementation's `bundleGzipBytes` in the registry,
 * shipped with @wirebench/core, so the page and the CLI give the same figure). A library row's entry
 * is the library with wirebench's adapter that drives it by the schema; an app calling the library
 * itself ships a little less.
 */

/**
 * The gzipped JavaScript bytes of `implementation` of `format`: 0 for JSON (the platform's
 * `JSON.parse`), undefined for what no page can load (simdjson, a Node native addon) or an entry
 * that was not weighed.
 */
export function jsBytesOf(format: FormatId, implementation: string): number | undefined {
  if (format === 'json' && implementation === 'wirebench') return 0;
  const found = IMPLEMENTATIONS[format]?.find((i) => i.id === implementation);
  return found?.runtimes.includes('browser') ? found.bundleGzipBytes : undefined;
}

/** Whether `format` runs only in Node (a native addon): no page or app can load it. */
export function isNodeOnly(format: FormatId): boolean {
  return IMPLEMENTATIONS[format]?.every((i) => !i.runtimes.includes('browser')) ?? false;
}
