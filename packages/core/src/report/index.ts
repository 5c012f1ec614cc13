/**
 * `@wirebench/core/report`: a measure result as plain-text tables (a terminal, a CI log) and as one
 * self-contained HTML page. Browser-safe (no Node API): the CLI, the bench's Node and Chromium
 * runners and a page can all render with it. A subpath of its own, so a codec-only app never bundles it.
 */
export { LEGEND, fidelitySummary, fidelityText, formatEnvironment, formatPayload, formatResult, ratioText } from './text.js';
export type { HtmlReportOptions } from './html.js';
export {
  escapeHtml,
  formatBytes,
  formatDuration,
  formatPercent,
  formatRatio,
  formatRatioInterval,
  formatThroughput,
  renderHtmlReport,
} from './html.js';
