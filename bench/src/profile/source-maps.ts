/**
 * Frames of a profile taken in Chromium point into the Vite bundle the runner serves, where
 * wirebench's code and a library's can share a chunk. The bundle's source maps (Vite writes them
 * beside each chunk) give each frame's original file, hence its package: the owner table needs it.
 */
import { readFileSync } from 'node:fs';
import type { SourceMapping } from 'node:module';
import { SourceMap } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Locate } from './summarize.js';
import { locateByUrl, ownerOfPath } from './summarize.js';

function readMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    return undefined; // no map: the frame keeps the chunk's own path
  }
}

/** Locates frames of scripts served from `origin` (files of `bundleDir`) at their original sources; any other frame by its URL. */
export function bundleLocator(origin: string, bundleDir: string): Locate {
  const maps = new Map<string, SourceMap | undefined>();
  return (frame, scriptLine) => {
    if (!frame.url.startsWith(`${origin}/`)) return locateByUrl(frame, scriptLine);
    const chunk = join(bundleDir, decodeURIComponent(new URL(frame.url).pathname));
    if (!maps.has(chunk)) maps.set(chunk, readMap(`${chunk}.map`));
    // A function by where it starts; a line of ticks by its last mapped position (its first may be
    // indentation, which maps to nothing). findEntry answers {} where the position maps to nothing.
    const [line, column] = scriptLine === undefined ? [frame.lineNumber, frame.columnNumber] : [scriptLine - 1, Number.MAX_SAFE_INTEGER];
    const entry = (line >= 0 ? maps.get(chunk)?.findEntry(line, column) : undefined) as Partial<SourceMapping> | undefined;
    if (entry?.generatedLine !== line || entry.originalSource === undefined || entry.originalLine === undefined)
      return { ...ownerOfPath(chunk), line: line >= 0 ? line + 1 : undefined };
    // The sources are relative to the map, which sits beside its chunk.
    return { ...ownerOfPath(resolve(dirname(chunk), entry.originalSource)), line: entry.originalLine + 1 };
  };
}
