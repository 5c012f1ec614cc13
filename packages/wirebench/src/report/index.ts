/**
 * `wirebench/report`: a measure result as plain-text tables (a terminal, a CI log) and as one
 * self-contained HTML page, the figure formats both use (which the bench and the playground use
 * too), and the answer's sentences (answer-words.ts: the verdict, the reasons, why a row is not
 * ranked), which the playground prints as well. Browser-safe (no Node API): the CLI, the bench's Node and Chromium runners and a page can
 * all render with it. A subpath of its own, so a codec-only app never bundles it.
 */

export type { AnswerComparison, AnswerComparisonRow, AnswerGap, DeviceUsable, RankFlip, SideLabels, VerdictComparison } from './answer-compare.js';
export { answerGaps, compareAnswers, formatAnswerComparison, formatAnswerGaps, verdictLines } from './answer-compare.js';
export { formatAnswer } from './answer-text.js';
export { constraintsSummary } from './answer-view.js';
export type { ReasonContext } from './answer-words.js';
export {
  answerVerdict,
  decompressionWords,
  deviceWords,
  excludedReason,
  exclusionsText,
  exclusionWords,
  formatMs,
  formatResponses,
  formatShare,
  formatSignedMs,
  formatSize,
  JS_COST_SOURCE,
  rankedDetail,
  rankedReason,
  repaidByTime,
  rowAnswerNote,
  runtimeWords,
  servedWords,
  verdictBriefWords,
  verdictSentence,
} from './answer-words.js';
export {
  describeDiffs,
  failingDiffs,
  fidelityText,
  formatBytes,
  formatChange,
  formatCount,
  formatDiffCount,
  formatDuration,
  formatInterval,
  formatNumber,
  formatPercent,
  formatRatio,
  formatRatioInterval,
  formatRatioNumber,
  formatThroughput,
  formatValue,
  isolationText,
  isWithinNoise,
} from './format.js';
export type { HtmlReportOptions } from './html.js';
export { renderHtmlReport } from './html.js';
export { escapeHtml } from './html-elements.js';
export { interpretedNote } from './interpreted.js';
export { fidelitySummary, formatEnvironment, formatPayload, formatResult, LEGEND, ratioText } from './text.js';
