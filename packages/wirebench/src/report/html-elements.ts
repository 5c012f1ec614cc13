/**
 * What the HTML report's sections share: escaping (every string taken from a result goes through
 * `escapeHtml`: payload names are file names), the bar geometry, and the error and fidelity badges.
 */
import type { RoundTripReport } from '@wirebench/core';
import { failingDiffs, formatDiffCount, formatValue } from './format.js';

/** Diff paths and lossy numbers listed before "and N more". */
export const LISTED_ITEMS = 5;
/** Internal width of every bar's SVG viewBox; the SVG itself stretches to its box. */
export const BAR_UNITS = 1000;
/** Characters of a diff's expected or actual value shown on its line. */
const VALUE_CHARS = 60;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** An error badge and the message, where a figure would have been. */
export function renderError(message: string): string {
  return `<div class="error"><span class="badge err">error</span> <span class="error-text">${escapeHtml(message)}</span></div>`;
}

/** `exact` (noting a key order that differs), or the diff count badge opening onto the first paths. */
export function renderFidelity(fidelity: RoundTripReport): string {
  const failing = failingDiffs(fidelity);
  if (fidelity.ok) {
    const orderNote = fidelity.diffs.length > 0 ? ' <span class="h-note">(key order differs)</span>' : '';
    return `<span class="badge ok">exact</span>${orderNote}`;
  }
  const listed = failing
    .slice(0, LISTED_ITEMS)
    .map(
      (diff) =>
        `<li><code>${escapeHtml(diff.path)}</code> ${escapeHtml(diff.kind)}: expected <code>${escapeHtml(formatValue(diff.expected, VALUE_CHARS))}</code>, got <code>${escapeHtml(formatValue(diff.actual, VALUE_CHARS))}</code></li>`,
    );
  const hidden = failing.length - listed.length;
  const more = fidelity.truncated ? '<li>and more: the check stopped counting</li>' : hidden > 0 ? `<li>and ${hidden} more</li>` : '';
  return `<details class="diffs"><summary><span class="badge bad">${formatDiffCount(fidelity)}</span></summary><ul>${listed.join('')}${more}</ul></details>`;
}
