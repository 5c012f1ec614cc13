import type { Attribution, PathBytes } from '../../src/attribution/index.js';

/** The row of `path`, as `{ keys, values, framing }` (zeros where the attribution has no such path). */
export function split(a: Attribution, path: string): { keys: number; values: number; framing: number } {
  const row: PathBytes | undefined = a.paths.find((p) => p.path === path);
  return { keys: row?.keys ?? 0, values: row?.values ?? 0, framing: row?.framing ?? 0 };
}

/** Every path's split, by path. */
export function splits(a: Attribution): Record<string, { keys: number; values: number; framing: number }> {
  return Object.fromEntries(a.paths.map((row) => [row.path, { keys: row.keys, values: row.values, framing: row.framing }]));
}
