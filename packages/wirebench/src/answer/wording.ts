import { formatDuration, formatBytes as formatReportBytes } from '../report/format.js';
import type { Responses } from './break-even.js';
import type { ServedEncoding } from './served.js';

/**
 * Figures as the answer's sentences quote them, in the one style of every wirebench report
 * (report/format.ts: decimal kB, µs below a millisecond); a saving or a loss is quoted by its size.
 */

/** A duration's size: `850 µs`, `41.2 ms`. */
export function formatMs(ms: number): string {
  return formatDuration(Math.abs(ms));
}

/** A size's magnitude: `48,213 B`, `598 kB`. */
export function formatBytes(bytes: number): string {
  return formatReportBytes(Math.abs(bytes));
}

/** `1 response`, `9 responses`, `never`. */
export function formatResponses(responses: Responses): string {
  return responses === 'never' ? 'never' : `${responses} response${responses === 1 ? '' : 's'}`;
}

/** How a served encoding reads after "on 4G": `with gzip`, `with brotli`, `uncompressed`. */
export function servedWords(served: ServedEncoding): string {
  return served === 'none' ? 'uncompressed' : `with ${served}`;
}
