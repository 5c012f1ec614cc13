/**
 * Result figures as text: the one set of conventions every surface prints with (the text tables,
 * the HTML report, the CLI, the bench commands and the playground), so a figure reads the same
 * wherever it appears. Browser-safe and pure: the playground's main thread imports it.
 *
 * - Counts: digits grouped by thousands with commas on every locale: `48,213`.
 * - Bytes: decimal units, as MB/s already is (the engine's megabyte is 10^6 bytes of JSON text), so
 *   a size and a speed share one megabyte: exact below 100 kB (`48,213 B`), then about three
 *   significant digits (`598 kB`, `1.27 MB`).
 * - Other figures: about three significant digits, grouped: `0.500`, `74.7`, `645`, `1,234`.
 * - Durations in the unit that keeps them readable: `500 ns`, `74.7 µs`, `2.30 ms`, `1.20 s`.
 * - Shares: `34 %`, `4.2 %` (a space before `%`, as everywhere in wirebench's text).
 * - Ratios: `0.62×`, `25.7×`, `120×`, two significant digits when tiny (`0.041×`); with their 95 %
 *   interval `0.62× (0.58–0.66)`; a change between two runs `+25.0 %` / `−4.0 %`.
 * - Fidelity: `exact`, `1 diff`, `2+ diffs` (key order never counts: it is not data), `error: …`.
 */
import type { Diff, RoundTripReport } from '@wirebench/core';
import type { Isolation, Ratio, RowResult } from '../measure/types.js';

/** A whole number with its digits grouped by thousands: `48,213`. The same on every locale. */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The source's own size beside JSON's, where they differ: every ratio is taken against
 * `JSON.stringify`'s bytes, which an indented file exceeds. `minified from 26,102 B as the file holds
 * it`; `written out from 980 B as the file holds it` where JSON's are more (`1e3` is `1000`); undefined
 * when they are equal or the source's size is not known.
 */
export function sourceBytesNote(jsonBytes: number, sourceBytes: number | undefined): string | undefined {
  if (sourceBytes === undefined || sourceBytes === jsonBytes || jsonBytes <= 0) return undefined;
  return `${sourceBytes > jsonBytes ? 'minified' : 'written out'} from ${formatCount(sourceBytes)} B as the file holds it`;
}

/** About three significant digits, never in exponent notation: `0.500`, `74.7`, `645`, `1,234`. */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return formatCount(value);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Exact bytes while they stay readable, then decimal kB, MB and GB (1 kB = 1,000 B, like MB/s). */
export function formatBytes(bytes: number): string {
  if (bytes < 100_000) return `${formatCount(bytes)} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(0)} kB`;
  if (bytes < 1e9) return `${formatNumber(bytes / 1e6)} MB`;
  return `${formatNumber(bytes / 1e9)} GB`;
}

/** A share as a percentage: `34 %`, `4.2 %`, `0 %`. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  return `${Math.abs(percent) >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)} %`;
}

/** How much `ratio` is above or below 1, signed: `+25.0 %`, `−4.0 %` (a true minus sign). */
export function formatChange(ratio: number): string {
  const change = (ratio - 1) * 100;
  return `${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} %`;
}

/** A ratio's digits without the `×`, for a column headed `× JSON`: `0.62`, `25.7`, `120`, `0.041`. */
export function formatRatioNumber(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 0.1 || value === 0) return value.toFixed(2);
  return value.toPrecision(2);
}

/** A ratio: `0.62×`. */
export function formatRatio(value: number): string {
  return `${formatRatioNumber(value)}×`;
}

/** A ratio's 95 % interval: `0.58–0.66`. */
export function formatInterval(ratio: Ratio): string {
  return `${formatRatioNumber(ratio.low)}–${formatRatioNumber(ratio.high)}`;
}

/** `0.62× (0.58–0.66)`: the estimate and its 95 % interval. */
export function formatRatioInterval(ratio: Ratio): string {
  return `${formatRatio(ratio.estimate)} (${formatInterval(ratio)})`;
}

/** Whether a ratio's interval contains 1: the row cannot be told apart from the reference within the noise. */
export function isWithinNoise(ratio: Ratio): boolean {
  return ratio.low <= 1 && ratio.high >= 1;
}

/** Milliseconds in the unit that keeps about three significant digits: `500 ns`, `74.7 µs`, `2.30 ms`, `1.20 s`. */
export function formatDuration(ms: number): string {
  if (ms < 0.001) return `${formatNumber(ms * 1e6)} ns`;
  if (ms < 1) return `${formatNumber(ms * 1e3)} µs`;
  if (ms < 1000) return `${formatNumber(ms)} ms`;
  return `${formatNumber(ms / 1000)} s`;
}

/** Megabytes of JSON text per second: `186 MB/s`. */
export function formatThroughput(mbPerSecond: number): string {
  return `${formatNumber(mbPerSecond)} MB/s`;
}

/** The diffs that make a round trip inexact: every one but key-order notes. */
export function failingDiffs(fidelity: RoundTripReport): Diff[] {
  return fidelity.diffs.filter((diff) => diff.kind !== 'order');
}

/** `1 diff`, `3 diffs`, `2+ diffs` when the check stopped counting. */
export function formatDiffCount(fidelity: RoundTripReport): string {
  const count = failingDiffs(fidelity).length;
  return `${count}${fidelity.truncated ? '+' : ''} ${count === 1 && !fidelity.truncated ? 'diff' : 'diffs'}`;
}

/** `2 diffs (first: value at $.total)`: the count and where the first one is. */
export function describeDiffs(fidelity: RoundTripReport): string {
  const first = failingDiffs(fidelity)[0];
  return `${formatDiffCount(fidelity)}${first ? ` (first: ${first.kind} at ${first.path})` : ''}`;
}

/** A row's fidelity in words: `exact`, `2 diffs (first: value at $.total)`, `error: …`, or '' when not checked. */
export function fidelityText(row: RowResult): string {
  if (row.error) return `error: ${row.error}`;
  if (!row.fidelity) return '';
  return row.fidelity.ok ? 'exact' : describeDiffs(row.fidelity);
}

/** Entries `formatValue` lists per array or object, and the nesting it shows, before `…`. */
const LISTED_ENTRIES = 8;
const NESTED_LEVELS = 2;

/**
 * A decoded or expected value in one line, for a diff list. Not `JSON.stringify` alone, which writes
 * Infinity and NaN as null and drops undefined (exactly the values a lossy format produces) and
 * throws on a BigInt or a cycle: this never throws. Cut to `maxChars` with `…` when given.
 */
export function formatValue(value: unknown, maxChars = Infinity): string {
  const text = valueText(value, 0);
  return text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 1))}…` : text;
}

function valueText(value: unknown, depth: number): string {
  if (value === undefined) return '(absent)';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  if (depth > NESTED_LEVELS) return Array.isArray(value) ? '[…]' : '{…}';
  if (value instanceof Uint8Array) return `bytes(${value.length})`;
  const entries: ReadonlyArray<readonly [string | undefined, unknown]> = Array.isArray(value)
    ? value.slice(0, LISTED_ENTRIES + 1).map((item) => [undefined, item] as const)
    : Object.entries(value).slice(0, LISTED_ENTRIES + 1);
  const shown = entries.slice(0, LISTED_ENTRIES).map(([key, item]) => `${key === undefined ? '' : `${JSON.stringify(key)}: `}${valueText(item, depth + 1)}`);
  const list = `${shown.join(', ')}${entries.length > LISTED_ENTRIES ? ', …' : ''}`;
  return Array.isArray(value) ? `[${list}]` : `{${list}}`;
}

/** How a result's payloads were kept apart, in words: `worker-per-payload (each payload in a fresh worker: …)`. */
export function isolationText(isolation: Isolation | undefined): string {
  switch (isolation) {
    case 'worker-per-payload':
      return 'worker-per-payload (each payload in a fresh worker, one after another: its own JavaScript heap and JIT state)';
    case 'page-per-payload':
      return 'page-per-payload (each payload in a fresh page, one after another: its own content process, heap and JIT state)';
    case 'none':
      return "none (every payload in one process, one after another: a JavaScript codec's figures can depend on the payloads before it)";
    default:
      return 'not recorded (a result written before wirebench recorded it)';
  }
}
