/**
 * renderHtmlReport: a `MeasureResult` as one self-contained HTML page, made to be looked at: per
 * payload, its answer where it has one (ranking, time until usable, bytes by path), size bars and
 * time-ratio bars with their intervals, fidelity and errors, then the environment the figures came
 * from. This file holds the page and its sections; the answer is in `html-answer.ts`, the charts in
 * `html-size-chart.ts` and `html-time-chart.ts`, the stylesheet in `html-style.ts`.
 *
 * The charts are hand-written inline SVG, not a chart library: the report must be one file that
 * opens anywhere with no network and no script (a chart library means either a script or a
 * bundle inlined into every report). Inline CSS, inline SVG, system fonts, nothing else.
 *
 * Browser-safe (no `node:` imports): the browser runner renders its results with it too.
 * Every string taken from the result goes through `escapeHtml` (payload names are file names).
 */
import type { Environment, MeasureResult, PayloadResult, Ratio, ResolvedMeasureOptions, RowResult } from '../measure/types.js';
import { formatBytes, formatCount, formatDuration, formatNumber, formatPercent, formatRatio, isolationText, sourceBytesNote } from './format.js';
import { renderAnswer } from './html-answer.js';
import { escapeHtml, LISTED_ITEMS } from './html-elements.js';
import { renderSizeChart } from './html-size-chart.js';
import { STYLE } from './html-style.js';
import { ratioScale, ratioScaleForSpan, renderRatioSvg, renderTimeChart } from './html-time-chart.js';
import { interpretedNote } from './interpreted.js';

type LossyNumber = PayloadResult['lossyNumbers'][number];

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  /** What the reader should know beside the figures: formats that could not run here, rows left out. */
  readonly notes?: readonly string[];
}

/** The whole report: one HTML document with everything inline. */
export function renderHtmlReport(result: MeasureResult, options: HtmlReportOptions = {}): string {
  const title = `wirebench report: ${result.payloads.map((payload) => payload.name).join(', ') || 'no payloads'}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    // Defence in depth: even a string that slipped past escaping could not run or fetch anything.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    renderTitle(result),
    renderLegend(result.method),
    renderNotes(options.notes ?? []),
    result.payloads.length === 0 ? '<p class="note">No payloads were measured.</p>' : '',
    ...result.payloads.map((payload, index) => renderPayload(payload, index, result.options, result.environment)),
    renderFooter(result),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function renderNotes(notes: readonly string[]): string {
  if (notes.length === 0) return '';
  return `<section class="notes" aria-labelledby="notes-title">
<h2 id="notes-title">Notes</h2>
<ul>${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>
</section>`;
}

function renderTitle(result: MeasureResult): string {
  const { environment } = result;
  const count = result.payloads.length;
  const facts = [
    `${count} payload${count === 1 ? '' : 's'}`,
    runtimeName(environment),
    ...(environment.cpuModel ? [environment.cpuModel] : []),
    `isolation: ${result.options.isolation ?? 'not recorded'}`,
    result.createdAt,
  ];
  return `<header class="top">
<h1>wirebench report</h1>
<p class="sub">${facts.map((fact) => `<span>${escapeHtml(fact)}</span>`).join(' · ')}</p>
<nav class="toc">${result.payloads.map((payload, index) => `<a href="#payload-${index}">${escapeHtml(payload.name)}</a>`).join('')}</nav>
</header>`;
}

function renderLegend(method: string): string {
  const sizeSwatch = (kind: string): string =>
    `<svg class="swatch" viewBox="0 0 24 12" aria-hidden="true"><rect class="size-${kind}" x="0" y="1" width="24" height="10" rx="2"/></svg>`;
  const exampleScale = ratioScaleForSpan(4);
  const example = (ratio: Ratio): string => renderRatioSvg(ratio, exampleScale, 'codec');
  return `<section class="legend" aria-labelledby="legend-title">
<h2 id="legend-title">How to read this</h2>
<p class="better"><strong>Lower is better everywhere:</strong> shorter size bars, time bars further left.</p>
<div class="legend-grid">
<div class="legend-item">
<h3>Size</h3>
<p>${sizeSwatch('raw')} raw: the encoded bytes; ${sizeSwatch('gzip')} gzip and ${sizeSwatch('brotli')} brotli: those bytes compressed.
Each bar is labelled with its bytes and its share of JSON’s size under the same compression.
The dashed line marks JSON’s uncompressed size.</p>
</div>
<div class="legend-item">
<h3>Time</h3>
<div class="legend-bars">
${example({ estimate: 0.62, low: 0.58, high: 0.66, perRound: [] })}<span>faster than JSON</span>
${example({ estimate: 1.03, low: 0.95, high: 1.12, perRound: [] })}<span>same as JSON within the noise</span>
${example({ estimate: 2.1, low: 1.9, high: 2.3, perRound: [] })}<span>slower than JSON</span>
</div>
<p>Time per call ÷ JSON’s time per call on the same payload, on a log scale centred on 1× (the vertical line):
0.5× takes half JSON’s time, 2× twice. The whisker is the 95 % interval, a percentile bootstrap over rounds,
as in <code>0.62× (0.58–0.66)</code>. When it includes 1× the row is <em>same as JSON within the noise</em>.</p>
</div>
<div class="legend-item">
<h3>Rows</h3>
<p><span class="badge ok">exact</span> decoding the encoded payload gives back the same JSON data;
<span class="badge bad">N diffs</span> it does not (open it for the first paths).
<span class="badge err">error</span> the codec could not handle the payload.
<span class="lib-sample">Grey, thinner rows</span> time the raw library call a codec wraps; their
<em>wrapper cost</em> is the codec’s time ÷ that call’s (1.10× = the codec adds 10 %).</p>
</div>
</div>
<details class="method"><summary>How the intervals are computed</summary><blockquote>${escapeHtml(method)}</blockquote></details>
</section>`;
}

function renderPayload(payload: PayloadResult, index: number, options: ResolvedMeasureOptions, environment: Environment): string {
  const scale = ratioScale(payload);
  const operations = (['encode', 'decode'] as const).filter((op) => payload.rows.some((row) => row[op] !== undefined));
  return `<section class="payload" aria-labelledby="payload-${index}">
<h2 id="payload-${index}">${escapeHtml(payload.name)}</h2>
${renderPayloadFacts(payload, options)}
${renderInterpretedNote(payload)}
${renderLossyWarning(payload.lossyNumbers, payload.lossyCount)}
${renderContentionWarning(payload)}
${renderPayloadError(payload)}
${renderAnswer(payload, environment)}
${renderHighlights(payload)}
<h3>Size</h3>
${renderSizeChart(payload)}
${operations.map((op) => `<h3>${op === 'encode' ? 'Encode' : 'Decode'} time <span class="h-note">vs ${escapeHtml(payload.reference)}</span></h3>\n${renderTimeChart(payload, op, scale)}`).join('\n')}
</section>`;
}

/** After JSON's size: its exact bytes where the size is rounded, and the file's own size where it differs. */
function jsonBytesDetail(payload: PayloadResult): string {
  const source = sourceBytesNote(payload.jsonBytes, payload.sourceBytes);
  const details = [...(payload.jsonBytes >= 100_000 ? [`${formatCount(payload.jsonBytes)} B`] : []), ...(source === undefined ? [] : [source])];
  return details.length === 0 ? '' : ` (${escapeHtml(details.join(', '))})`;
}

function renderPayloadFacts(payload: PayloadResult, options: ResolvedMeasureOptions): string {
  const rounds = payload.rounds.length;
  const retried = payload.rounds.filter((round) => round.attempts > 1).length;
  const facts = [
    `JSON <strong>${escapeHtml(formatBytes(payload.jsonBytes))}</strong>${jsonBytesDetail(payload)}`,
    `<strong>${rounds}</strong> ${rounds === 1 ? 'round' : 'rounds'}${rounds < options.rounds ? ` of ${options.rounds} planned` : ''}`,
    ...(payload.stoppedByBudget ? ['stopped by the time budget'] : []),
    ...(retried > 0 ? [`${retried} ${retried === 1 ? 'round' : 'rounds'} retried for CPU contention`] : []),
    `ratios to <strong>${escapeHtml(payload.reference)}</strong>`,
  ];
  return `<p class="facts">${facts.map((fact) => `<span>${fact}</span>`).join('')}</p>`;
}

/** The rows measured without their generated code: their figures are not the generated code's. */
function renderInterpretedNote(payload: PayloadResult): string {
  const note = interpretedNote(payload);
  return note === undefined ? '' : `<p class="note">${escapeHtml(note)}.</p>`;
}

/** Numbers JSON.parse rounded: the loss is in the input, before any codec, so no row can be blamed for it. */
function renderLossyWarning(lossyNumbers: readonly LossyNumber[], count: number): string {
  if (count === 0) return '';
  const listed = lossyNumbers
    .slice(0, LISTED_ITEMS)
    .map(
      (lossy) =>
        `<li><code>${escapeHtml(lossy.path)}</code>: <code>${escapeHtml(lossy.text)}</code> became <code>${escapeHtml(String(lossy.value))}</code> (${escapeHtml(lossy.reason)})</li>`,
    );
  const more = count > LISTED_ITEMS ? `<li>and ${count - LISTED_ITEMS} more</li>` : '';
  return `<div class="warning" role="note">
<p><strong>${count} ${count === 1 ? 'number' : 'numbers'} in this JSON lost precision when it was parsed.</strong>
The loss happens before any codec runs: <code>JSON.parse</code> rounded ${count === 1 ? 'it' : 'them'}, so every row
(JSON included) encodes the rounded ${count === 1 ? 'value' : 'values'} and fidelity is checked against ${count === 1 ? 'it' : 'them'}.
Send such numbers as strings to keep them.</p>
<ul>${listed.join('')}${more}</ul>
</div>`;
}

function renderPayloadError(payload: PayloadResult): string {
  if (payload.error === undefined) return '';
  return `<div class="warning" role="alert">
<p><strong>Not measured.</strong> ${escapeHtml(payload.error)}</p>
</div>`;
}

function renderContentionWarning(payload: PayloadResult): string {
  if (!payload.suspect) return '';
  const suspect = payload.rounds.filter((round) => round.suspect);
  const pressures = suspect.flatMap((round) => (round.cpuPressure === undefined ? [] : [round.cpuPressure]));
  const worst = pressures.length > 0 ? ` (in the worst, some task waited for a CPU ${formatPercent(Math.max(...pressures))} of the time)` : '';
  return `<div class="warning" role="note">
<p><strong>CPU contention: ${suspect.length} of ${payload.rounds.length} rounds</strong> stayed contended after their retries${worst}.
Something else was competing for the CPU while these rounds ran: read the times with care, or measure again on a quieter machine.</p>
</div>`;
}

/** The answers most readers came for, in one line: smallest, and fastest per operation. */
function renderHighlights(payload: PayloadResult): string {
  const codecs = payload.rows.filter((row) => row.kind === 'codec');
  const sized = codecs.filter((row): row is RowResult & { bytes: number } => row.bytes !== undefined);
  const items: string[] = [];
  const smallest = minimumBy(sized, (row) => row.bytes);
  if (smallest) items.push(`Smallest: <strong>${escapeHtml(smallest.name)}</strong> ${escapeHtml(formatPercent(smallest.bytes / payload.jsonBytes))} of JSON`);
  for (const op of ['encode', 'decode'] as const) {
    const timed = codecs.filter((row) => row[op]?.vsJson !== undefined);
    const fastest = minimumBy(timed, (row) => row[op]?.vsJson?.estimate ?? Infinity);
    const ratio = fastest?.[op]?.vsJson;
    if (fastest && ratio) items.push(`Fastest ${op}: <strong>${escapeHtml(fastest.name)}</strong> ${escapeHtml(formatRatio(ratio.estimate))}`);
  }
  return items.length === 0 ? '' : `<p class="highlights">${items.map((item) => `<span>${item}</span>`).join('')}</p>`;
}

function minimumBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || key(item) < key(best)) best = item;
  return best;
}

function renderFooter(result: MeasureResult): string {
  return `<footer>
<h2>Where these figures come from</h2>
<div class="footer-grid">
<div><h3>Environment</h3>${renderFacts(environmentFacts(result.environment))}</div>
<div><h3>Libraries</h3>${renderFacts(Object.entries(result.environment.libraries).sort(([a], [b]) => a.localeCompare(b)))}</div>
<div><h3>Options</h3>${renderFacts(optionFacts(result.options))}</div>
</div>
<p class="note">${escapeHtml(`${result.format} v${result.version}, created ${result.createdAt}`)}</p>
</footer>`;
}

function renderFacts(facts: ReadonlyArray<readonly [string, string]>): string {
  if (facts.length === 0) return '<p class="note">none recorded</p>';
  return `<dl>${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

/** The runtime as detectEnvironment names it (`Node v22.11.0`, `Chrome 131`), and whether a Web Worker measured. */
const runtimeName = (environment: Environment): string => `${environment.runtimeVersion}${environment.runtime === 'worker' ? ' (Web Worker)' : ''}`;

function environmentFacts(environment: Environment): Array<[string, string]> {
  const facts: Array<[string, string]> = [['runtime', runtimeName(environment)]];
  if (environment.platform !== undefined || environment.arch !== undefined) {
    facts.push(['platform', [environment.platform, environment.arch].filter((part) => part !== undefined).join(' ')]);
  }
  if (environment.cpuModel !== undefined) facts.push(['CPU', environment.cpuModel]);
  if (environment.cores !== undefined) facts.push(['cores', String(environment.cores)]);
  if (environment.memoryGb !== undefined) facts.push(['memory', `${formatNumber(environment.memoryGb)} GB`]);
  facts.push(['timer resolution', formatDuration(environment.timerResolutionMs)]);
  if (environment.crossOriginIsolated !== undefined) facts.push(['cross-origin isolated', environment.crossOriginIsolated ? 'yes' : 'no']);
  const throttle = environment.cpuThrottle;
  facts.push(['CPU throttle', throttle === undefined || throttle === 1 ? 'none' : `${throttle}× slow-down`]);
  if (environment.userAgent !== undefined) facts.push(['user agent', environment.userAgent]);
  return facts;
}

function optionFacts(options: ResolvedMeasureOptions): Array<[string, string]> {
  return [
    ['rounds', String(options.rounds)],
    ['min rounds', String(options.minRounds)],
    ['round time', `${options.roundTime} ms`],
    ['warm-up', `${options.warmupTime} ms`],
    ['sample time', `${options.sampleTime} ms`],
    ['budget', options.budget === null ? 'none' : `${formatCount(options.budget)} ms`],
    ['max CPU pressure', formatPercent(options.maxPressure)],
    ['retries', String(options.retries)],
    ['bootstrap resamples', formatCount(options.bootstrapResamples)],
    ['operations', options.operations.join(', ')],
    ['compressors', options.compressors.join(', ') || 'none'],
    ['isolation', isolationText(options.isolation)],
  ];
}
