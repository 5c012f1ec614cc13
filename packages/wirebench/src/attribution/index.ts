/**
 * Where a payload's bytes go, as a result holds it: `bytesBreakdown` summarises the exact per-format
 * attribution of `@wirebench/core/attribution` (`attribute`) into each format's top paths, its bytes
 * by kind and what it saves over JSON; `withCompressedTotals` puts the compressed sizes beside an
 * attribution (compressed bytes are never split by path).
 */

export type { BytesBreakdown, FormatBytes } from './breakdown.js';
export { bytesBreakdown } from './breakdown.js';
export { withCompressedTotals } from './compressed.js';
