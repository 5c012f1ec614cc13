/**
 * The HTML report's answer section (`ResultPayload.answer`): the ranking with each row's reason and
 * the rows left out with why; per preset, a stacked bar per row for its time until usable (transfer,
 * decompression, decode, each labelled) with its break-even; then where the best-ranked format other
 * than JSON saves bytes over JSON, path by path. Bars are plain HTML boxes sized in percent (no
 * script, no chart library), like the report's other charts.
 */

import type { BreakEven } from '../answer/break-even.js';
import type { NetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer, RowAnswer } from '../answer/payload-answer.js';
import type { ServedEncoding } from '../answer/served.js';
import type { TimeUntilUsable } from '../answer/time-until-usable.js';
import type { Environment } from '../measure/types.js';
import type { ResultPayload } from '../result/types.js';
import type { AnswerRowView } from './answer-view.js';
import { answerPresets, breakEvenOn, bytesVersusJson, constraintWords, pathLineFigures, rankingLink, rowsInRankOrder, usableOn } from './answer-view.js';
import { answerVerdict, decompressionWords, exclusionsText, formatMs, rankedDetail, repaidByTime, servedWords } from './answer-words.js';
import { formatNumber } from './format.js';
import { escapeHtml } from './html-elements.js';

/** The parts of a time until usable, in the order they happen, with the class each bar segment takes. */
const PARTS = [
  { key: 'transferMs', label: 'transfer', className: 'part-transfer' },
  { key: 'decompressMs', label: 'decompression', className: 'part-decompress' },
  { key: 'decodeMs', label: 'decode', className: 'part-decode' },
] as const;

/** The answer's HTML for `payload`: nothing when it has none (a bench run), a warning when it could not be given. */
export function renderAnswer(payload: ResultPayload, environment?: Environment): string {
  if (payload.answerError !== undefined) {
    return `<div class="warning" role="note"><p><strong>No answer.</strong> ${escapeHtml(payload.answerError)}</p></div>`;
  }
  const answer = payload.answer;
  if (!answer) return '';
  return [renderRanking(answer, environment), renderUsable(answer), renderBytesByPath(payload)].join('\n');
}

/** A row's name, escaped, that a narrow column may break after a `/` (`msgpack (@msgpack/msgpack)`) rather than inside a word. */
function rowNameHtml(name: string): string {
  return escapeHtml(name).replaceAll('/', '/<wbr>');
}

function renderRanking(answer: PayloadAnswer, environment: Environment | undefined): string {
  const { ranking } = answer;
  const constraints = constraintWords(ranking.constraints);
  const ranked = ranking.ranked.map(
    (r) => `<li class="ranked">
<span class="rank">${r.rank}</span><span class="ranked-name">${rowNameHtml(r.name)}</span><strong class="ranked-total">${escapeHtml(formatMs(r.timeUntilUsable.totalMs))}</strong>
<span class="why">${escapeHtml(rankedDetail(r, ranking))}</span>
</li>`,
  );
  const excluded =
    ranking.excluded.length === 0
      ? ''
      : `<h4>Not ranked</h4>
<ul class="excluded">${ranking.excluded.map((r) => `<li><strong>${escapeHtml(r.name)}</strong>: ${escapeHtml(exclusionsText(r))}</li>`).join('')}</ul>`;
  return `<p class="answer-verdict"><strong>${escapeHtml(answerVerdict(answer, environment))}</strong></p>
<h3>Ranking <span class="h-note">time until usable on ${escapeHtml(rankingLink(answer))}, fastest first</span></h3>
${constraints.length > 0 ? `<p class="note">Constraints: ${escapeHtml(constraints.join('; '))}.</p>` : ''}
${ranked.length > 0 ? `<ol class="ranking">\n${ranked.join('\n')}\n</ol>` : '<p class="note">No row meets the constraints.</p>'}
${excluded}`;
}

function renderUsable(answer: PayloadAnswer): string {
  const served = answer.ranking.constraints.served;
  const rows = rowsInRankOrder(answer);
  const swatch = (className: string): string => `<span class="swatch-box ${className}"></span>`;
  const key = PARTS.map((p) => `${swatch(p.className)} ${p.label}`).join(' + ');
  return `<h3>Time until usable <span class="h-note">${escapeHtml(servedWords(served))}, on each link</span></h3>
<p class="note">${key}, in ms: one round trip and the bytes at the link's bandwidth, then what decompression adds after the last byte (it overlaps the transfer, so it depends on the link), then this machine's decode (the same on every link).
Bars of one link share a scale; rows in rank order. Each row says after how many responses the time it saves over JSON repays the download of its JavaScript.</p>
${served === 'none' ? '' : `<p class="note">${escapeHtml(decompressionWords(answer))}</p>`}
${answerPresets(answer)
  .map((preset) => renderPresetChart(preset, rows, served))
  .join('\n')}`;
}

function renderPresetChart(preset: NetworkPreset, rows: readonly AnswerRowView[], served: ServedEncoding): string {
  const figures = rows.map((view) => ({ view, t: usableOn(view.row, preset.id, served) }));
  const largest = Math.max(0, ...figures.map(({ t }) => t?.totalMs ?? 0));
  return `<h4>${escapeHtml(preset.label)}</h4>
<div class="chart usable-chart">
${figures.map(({ view, t }) => renderUsableRow(view, t, breakEvenOn(view.row, preset.id, served), largest)).join('\n')}
</div>`;
}

function renderUsableRow(view: AnswerRowView, t: TimeUntilUsable | undefined, be: BreakEven | undefined, largest: number): string {
  // Rows come in rank order: only the ones outside the ranking need saying.
  const place = view.rank === undefined ? '<span class="kind">not ranked</span>' : '';
  const name = `<div class="name"><span class="row-name">${rowNameHtml(view.row.name)}</span>${place}</div>`;
  if (!t) {
    return `<div class="row usable-row">
${name}
<div class="label"><span class="note">no figures for this served encoding</span></div>
</div>`;
  }
  // A part of 0 ms (no decompression of bytes served as they are) gets no segment, not a sliver.
  const segments = PARTS.filter((p) => t[p.key] > 0).map((p) => {
    const width = largest > 0 ? (t[p.key] / largest) * 100 : 0;
    return `<span class="part ${p.className}" style="width:${width.toFixed(2)}%" title="${escapeHtml(`${p.label} ${formatMs(t[p.key])}`)}"></span>`;
  });
  const parts = PARTS.map((p) => `${formatNumber(t[p.key])} ${p.label}`).join(' + ');
  // Each figure behind its part's swatch: the label names the parts as the bar's colours do.
  const labelled = PARTS.map((p) => `<span class="swatch-box ${p.className}"></span>${escapeHtml(formatNumber(t[p.key]))}`).join(' + ');
  return `<div class="row usable-row">
${name}
<div class="bar"><div class="stack" role="img" aria-label="${escapeHtml(`${formatMs(t.totalMs)}: ${parts} ms`)}">${segments.join('')}</div></div>
<div class="label"><strong>${escapeHtml(formatMs(t.totalMs))}</strong> <span class="usable-parts">= ${labelled} ms</span>${renderRepaid(view.row, be)}</div>
</div>`;
}

/** When the row's JavaScript pays for itself on this link, by time; nothing for a row with no JS to weigh. */
function renderRepaid(row: RowAnswer, be: BreakEven | undefined): string {
  if (row.format === 'json' && row.jsBytes === 0) return '<span class="repaid">no JS to ship</span>';
  if (!be) return '';
  return `<span class="repaid${be.responsesByTime === 'never' ? ' never' : ''}">${escapeHtml(repaidByTime(be))}</span>`;
}

function renderBytesByPath(payload: ResultPayload): string {
  const shown = bytesVersusJson(payload);
  if ('why' in shown) return `<h3>Bytes by path</h3>\n<p class="note">Not shown, as ${escapeHtml(shown.why)}.</p>`;
  const { row, lines } = shown;
  const format = escapeHtml(row.format);
  const body = lines.map((l) => {
    const label = l.kind === 'path' ? `<code>${escapeHtml(l.label)}</code>` : escapeHtml(l.label);
    return `<tr${l.kind === 'path' ? '' : ` class="${l.kind}"`}><th scope="row">${label}</th>${pathLineFigures(l)
      .map((n) => `<td>${n}</td>`)
      .join('')}</tr>`;
  });
  const header = ['path', 'JSON', row.format, 'saved', 'keys', 'values', 'framing'].map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  return `<h3>Bytes by path <span class="h-note">JSON vs ${format}, the best-ranked format other than JSON (${escapeHtml(row.name)})</span></h3>
<p class="note">The paths where ${format}, as wirebench encodes it, saves most over JSON; saved = keys + values + framing, the bytes of each kind saved there.</p>
<div class="table-scroll"><table class="paths">
<thead><tr>${header}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table></div>`;
}
