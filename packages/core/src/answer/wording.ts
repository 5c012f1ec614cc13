import type { Responses } from './break-even.js';
import type { ServedEncoding } from './served.js';

/**
 * Figures as the answer's sentences quote them: few digits, units a reader knows. KB are 1,000
 * bytes, as the bundle budgets and the figures count them.
 */

/** Milliseconds: whole above 10, one decimal above 1, two significant digits below. */
export function formatMs(ms: number): string {
  const a = Math.abs(ms);
  if (a === 0) return '0 ms';
  if (a < 0.001) return '<0.001 ms';
  if (a >= 10) return `${Math.round(a)} ms`;
  if (a >= 1) return `${trimZero(a.toFixed(1))} ms`;
  return `${a.toPrecision(2)} ms`;
}

/** Bytes: `850 B`, `7.9 KB`, `120 KB`, `1.4 MB`. */
export function formatBytes(bytes: number): string {
  const a = Math.abs(bytes);
  if (a < 1000) return `${Math.round(a)} B`;
  if (a < 100_000) return `${trimZero((a / 1000).toFixed(1))} KB`;
  if (a < 1_000_000) return `${Math.round(a / 1000)} KB`;
  return `${trimZero((a / 1_000_000).toFixed(1))} MB`;
}

/** `1 response`, `9 responses`, `never`. */
export function formatResponses(responses: Responses): string {
  return responses === 'never' ? 'never' : `${responses} response${responses === 1 ? '' : 's'}`;
}

/** How a served encoding reads after "on 4G": `with gzip`, `with brotli`, `uncompressed`. */
export function servedWords(served: ServedEncoding): string {
  return served === 'none' ? 'uncompressed' : `with ${served}`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}
