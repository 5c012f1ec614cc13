/**
 * renderHtmlReport: a `MeasureResult` as one self-contained HTML page, made to be looked at: per
 * payload, size bars and time-ratio bars with their intervals, fidelity and errors, then the
 * environment the figures came from.
 *
 * The charts are hand-written inline SVG, not a chart library: the report must be one file that
 * opens anywhere with no network and no script (a chart library means either a script or a
 * bundle inlined into every report). Inline CSS, inline SVG, system fonts, nothing else.
 *
 * Browser-safe (no `node:` imports): the browser runner renders its results with it too.
 * Every string taken from the result goes through `escapeHtml` (payload names are file names).
 */
import type {
  Environment,
  MeasureResult,
  Operation,
  OperationResult,
  PayloadResult,
  Ratio,
  ResolvedMeasureOptions,
  RowResult,
} from '../measure/types.js';

type RoundTripReport = NonNullable<RowResult['fidelity']>;
type LossyNumber = PayloadResult['lossyNumbers'][number];

/** Diff paths and lossy numbers listed before "and N more". */
const LISTED_ITEMS = 5;
/** Internal width of every bar's SVG viewBox; the SVG itself stretches to its box. */
const BAR_UNITS = 1000;

// ---------------------------------------------------------------------------------------------
// Escaping and number formatting
// ---------------------------------------------------------------------------------------------

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Digits grouped by thousands, the same on every locale. */
function groupDigits(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Exact bytes while they stay readable, decimal kB/MB (like MB/s) beyond. */
export function formatBytes(bytes: number): string {
  if (bytes < 100_000) return `${groupDigits(bytes)} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(0)} kB`;
  if (bytes < 1e9) return `${threeDigits(bytes / 1e6)} MB`;
  return `${threeDigits(bytes / 1e9)} GB`;
}

/** About three significant digits without exponent notation. */
function threeDigits(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** A share as a percentage: `34 %`, `4.2 %`. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)} %`;
}

/** A ratio: two decimals in the usual range, fewer for large values, two significant digits for tiny ones. */
export function formatRatio(value: number): string {
  if (value >= 100) return `${value.toFixed(0)}×`;
  if (value >= 10) return `${value.toFixed(1)}×`;
  if (value >= 0.1) return `${value.toFixed(2)}×`;
  return `${value.toPrecision(2)}×`;
}

/** `0.62× (0.58–0.66)`: the estimate and its 95 % interval. */
export function formatRatioInterval(ratio: Ratio): string {
  return `${formatRatio(ratio.estimate)} (${formatRatio(ratio.low).slice(0, -1)}–${formatRatio(ratio.high).slice(0, -1)})`;
}

/** Milliseconds per call in the unit that keeps about three significant digits. */
export function formatDuration(ms: number): string {
  if (ms < 0.001) return `${threeDigits(ms * 1e6)} ns`;
  if (ms < 1) return `${threeDigits(ms * 1e3)} µs`;
  if (ms < 1000) return `${threeDigits(ms)} ms`;
  return `${threeDigits(ms / 1000)} s`;
}

/** Megabytes per second with about three significant digits: `186 MB/s`. */
export function formatThroughput(mbPerSecond: number): string {
  return `${threeDigits(mbPerSecond)} MB/s`;
}

/** Whether a ratio's interval contains 1: the row cannot be told apart from the reference. */
function includesOne(ratio: Ratio): boolean {
  return ratio.low <= 1 && ratio.high >= 1;
}

/** A diff's expected/actual value in one short line. */
function describeValue(value: unknown): string {
  const text = valueText(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A decoded value may be what JSON cannot spell (a codec's BigInt, a Map, a cycle): never throw while reporting it. */
function valueText(value: unknown): string {
  if (value === undefined) return '(nothing)';
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

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
    ...result.payloads.map((payload, index) => renderPayload(payload, index, result.options)),
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
    `${environment.runtime} ${environment.runtimeVersion}`,
    ...(environment.cpuModel ? [environment.cpuModel] : []),
    result.createdAt,
  ];
  return `<header class="top">
<h1>wirebench report</h1>
<p class="sub">${facts.map((fact) => `<span>${escapeHtml(fact)}</span>`).join(' · ')}</p>
<nav class="toc">${result.payloads.map((payload, index) => `<a href="#payload-${index}">${escapeHtml(payload.name)}</a>`).join('')}</nav>
</header>`;
}

// ---------------------------------------------------------------------------------------------
// Legend
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// One payload
// ---------------------------------------------------------------------------------------------

function renderPayload(payload: PayloadResult, index: number, options: ResolvedMeasureOptions): string {
  const scale = ratioScale(payload);
  const operations = (['encode', 'decode'] as const).filter((op) => payload.rows.some((row) => row[op] !== undefined));
  return `<section class="payload" aria-labelledby="payload-${index}">
<h2 id="payload-${index}">${escapeHtml(payload.name)}</h2>
${renderPayloadFacts(payload, options)}
${renderLossyWarning(payload.lossyNumbers, payload.lossyCount)}
${renderContentionWarning(payload)}
${renderHighlights(payload)}
<h3>Size</h3>
${renderSizeChart(payload)}
${operations.map((op) => `<h3>${op === 'encode' ? 'Encode' : 'Decode'} time <span class="h-note">vs ${escapeHtml(payload.reference)}</span></h3>\n${renderTimeChart(payload, op, scale)}`).join('\n')}
</section>`;
}

function renderPayloadFacts(payload: PayloadResult, options: ResolvedMeasureOptions): string {
  const rounds = payload.rounds.length;
  const retried = payload.rounds.filter((round) => round.attempts > 1).length;
  const facts = [
    `JSON <strong>${escapeHtml(formatBytes(payload.jsonBytes))}</strong>${payload.jsonBytes >= 100_000 ? ` (${escapeHtml(groupDigits(payload.jsonBytes))} B)` : ''}`,
    `<strong>${rounds}</strong> ${rounds === 1 ? 'round' : 'rounds'}${rounds < options.rounds ? ` of ${options.rounds} planned` : ''}`,
    ...(payload.stoppedByBudget ? ['stopped by the time budget'] : []),
    ...(retried > 0 ? [`${retried} ${retried === 1 ? 'round' : 'rounds'} retried for CPU contention`] : []),
    `ratios to <strong>${escapeHtml(payload.reference)}</strong>`,
  ];
  return `<p class="facts">${facts.map((fact) => `<span>${fact}</span>`).join('')}</p>`;
}

/** Numbers JSON.parse rounded: the loss is in the input, before any codec, so no row can be blamed for it. */
function renderLossyWarning(lossyNumbers: readonly LossyNumber[], count: number): string {
  if (count === 0) return '';
  const listed = lossyNumbers.slice(0, LISTED_ITEMS).map(
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

// ---------------------------------------------------------------------------------------------
// Size chart
// ---------------------------------------------------------------------------------------------

/** Compressor names in a stable order: gzip, brotli, then any other alphabetically. */
function compressorNames(rows: readonly RowResult[]): string[] {
  const names = new Set(rows.flatMap((row) => Object.keys(row.compressed ?? {})));
  const known = ['gzip', 'brotli'].filter((name) => names.has(name));
  const others = [...names].filter((name) => !known.includes(name)).sort();
  return [...known, ...others];
}

function renderSizeChart(payload: PayloadResult): string {
  const rows = payload.rows.filter((row) => row.kind === 'codec');
  if (rows.length === 0) return '<p class="note">No codec rows.</p>';
  const compressors = compressorNames(rows);
  const reference = rows.find((row) => row.name === payload.reference) ?? rows.find((row) => row.format === 'json');
  const largest = Math.max(
    payload.jsonBytes,
    ...rows.flatMap((row) => [row.bytes ?? 0, ...Object.values(row.compressed ?? {})]),
  );
  return `<div class="chart size-chart">
${rows.map((row) => renderSizeRow(row, compressors, reference, payload.jsonBytes, largest)).join('\n')}
</div>`;
}

function renderSizeRow(row: RowResult, compressors: readonly string[], reference: RowResult | undefined, jsonBytes: number, largest: number): string {
  const lines: string[] = [];
  if (row.bytes !== undefined) {
    lines.push(renderSizeLine('raw', 'raw', row.bytes, row.bytesVsJson ?? row.bytes / jsonBytes, jsonBytes, largest));
    compressors.forEach((name, index) => {
      const size = row.compressed?.[name];
      if (size === undefined) return;
      const jsonSize = reference?.compressed?.[name];
      // Compressed sizes compare with JSON compressed the same way, the choice a reader actually has.
      const share = jsonSize ? size / jsonSize : size / jsonBytes;
      const kind = name === 'gzip' || name === 'brotli' ? name : index % 2 === 0 ? 'gzip' : 'brotli';
      lines.push(renderSizeLine(kind, name, size, share, jsonBytes, largest));
    });
  }
  // Without a size the error itself takes the bar's place, where there is room to read it.
  const unsized = lines.length === 0;
  const bars = unsized ? (row.error !== undefined ? renderError(row.error) : '<p class="note">no size</p>') : `<div class="size-lines">${lines.join('')}</div>`;
  const status = row.fidelity ? renderFidelity(row.fidelity) : '';
  const error = !unsized && row.error !== undefined ? renderError(row.error) : '';
  return `<div class="row size-row">
<div class="name">${escapeHtml(row.name)}</div>
<div class="bar">${bars}</div>
<div class="status">${status}${error}</div>
</div>`;
}

function renderSizeLine(kind: string, label: string, size: number, share: number, jsonBytes: number, largest: number): string {
  const width = (size / largest) * BAR_UNITS;
  const jsonLine = (jsonBytes / largest) * BAR_UNITS;
  const svg = `<svg class="size-svg" viewBox="0 0 ${BAR_UNITS} 16" preserveAspectRatio="none" aria-hidden="true">
<rect class="size-${kind}" x="0" y="2" width="${width.toFixed(1)}" height="12"/>
<line class="json-mark" x1="${jsonLine.toFixed(1)}" x2="${jsonLine.toFixed(1)}" y1="0" y2="16" vector-effect="non-scaling-stroke"/>
</svg>`;
  return `<span class="size-kind">${escapeHtml(label)}</span>${svg}<span class="value">${escapeHtml(`${formatBytes(size)} · ${formatPercent(share)}`)}</span>`;
}

function renderError(message: string): string {
  return `<div class="error"><span class="badge err">error</span> <span class="error-text">${escapeHtml(message)}</span></div>`;
}

function renderFidelity(fidelity: RoundTripReport): string {
  const failing = fidelity.diffs.filter((diff) => diff.kind !== 'order');
  if (fidelity.ok) {
    const orderNote = fidelity.diffs.length > 0 ? ' <span class="h-note">(key order differs)</span>' : '';
    return `<span class="badge ok">exact</span>${orderNote}`;
  }
  const count = `${failing.length}${fidelity.truncated ? '+' : ''}`;
  const listed = failing.slice(0, LISTED_ITEMS).map(
    (diff) =>
      `<li><code>${escapeHtml(diff.path)}</code> ${escapeHtml(diff.kind)}: expected <code>${escapeHtml(describeValue(diff.expected))}</code>, got <code>${escapeHtml(describeValue(diff.actual))}</code></li>`,
  );
  const hidden = failing.length - listed.length;
  const more = fidelity.truncated ? '<li>and more: the check stopped counting</li>' : hidden > 0 ? `<li>and ${hidden} more</li>` : '';
  return `<details class="diffs"><summary><span class="badge bad">${count} ${failing.length === 1 && !fidelity.truncated ? 'diff' : 'diffs'}</span></summary><ul>${listed.join('')}${more}</ul></details>`;
}

// ---------------------------------------------------------------------------------------------
// Time charts
// ---------------------------------------------------------------------------------------------

/** A log scale symmetric around 1×, wide enough for every estimate and interval of a payload. */
interface RatioScale {
  /** The scale runs from 1/span to span. */
  readonly span: number;
  readonly ticks: readonly number[];
}

const SPANS = [1.5, 2, 4, 10] as const;

function ratioScale(payload: PayloadResult): RatioScale {
  let spread = 1;
  for (const row of payload.rows) {
    for (const op of ['encode', 'decode'] as const) {
      const ratio = row[op]?.vsJson;
      if (!ratio) continue;
      for (const value of [ratio.estimate, ratio.low, ratio.high]) {
        if (value > 0 && Number.isFinite(value)) spread = Math.max(spread, value, 1 / value);
      }
    }
  }
  // A little room so that no whisker ends exactly on the edge.
  const needed = spread * 1.08;
  const span = SPANS.find((candidate) => candidate >= needed) ?? 10 ** Math.ceil(Math.log10(needed));
  return ratioScaleForSpan(span);
}

function ratioScaleForSpan(span: number): RatioScale {
  const upper = (() => {
    if (span === 1.5) return [1.5];
    if (span === 2) return [2];
    if (span === 4) return [2, 4];
    if (span === 10) return [2, 5, 10];
    const decades = Math.round(Math.log10(span));
    const step = Math.ceil(decades / 3);
    const ticks: number[] = [];
    for (let power = step; power <= decades; power += step) ticks.push(10 ** power);
    return ticks;
  })();
  return { span, ticks: [...upper.map((value) => 1 / value).reverse(), 1, ...upper] };
}

/** Where a ratio sits on the bar, in viewBox units (clamped to the scale). */
function ratioPosition(value: number, scale: RatioScale): number {
  const clamped = Math.min(scale.span, Math.max(1 / scale.span, value > 0 ? value : 1 / scale.span));
  return (0.5 + Math.log(clamped) / (2 * Math.log(scale.span))) * BAR_UNITS;
}

function formatTick(value: number): string {
  return `${Number(value.toPrecision(2))}×`;
}

/** Library rows right after the codec row they wrap, so the pair reads together. */
function orderRows(rows: readonly RowResult[]): RowResult[] {
  const names = new Set(rows.map((row) => row.name));
  const attached = (row: RowResult): boolean => row.wraps !== undefined && names.has(row.wraps) && row.wraps !== row.name;
  const ordered: RowResult[] = [];
  for (const row of rows) {
    if (attached(row)) continue;
    ordered.push(row, ...rows.filter((other) => attached(other) && other.wraps === row.name));
  }
  return ordered;
}

function renderTimeChart(payload: PayloadResult, op: Operation, scale: RatioScale): string {
  const rows = orderRows(payload.rows).filter((row) => row[op] !== undefined || row.error !== undefined);
  return `<div class="chart time-chart">
${renderAxis(scale)}
${rows.map((row) => renderTimeRow(row, row[op], payload.reference, scale)).join('\n')}
</div>`;
}

function renderAxis(scale: RatioScale): string {
  const ticks = scale.ticks.map((tick, index) => {
    const edge = index === 0 ? ' first' : index === scale.ticks.length - 1 ? ' last' : '';
    const left = (ratioPosition(tick, scale) / BAR_UNITS) * 100;
    return `<span class="tick${edge}${tick === 1 ? ' one' : ''}" style="left:${left.toFixed(2)}%">${formatTick(tick)}</span>`;
  });
  return `<div class="row axis" aria-hidden="true">
<div class="bar"><div class="ticks">${ticks.join('')}</div><div class="directions"><span>← faster</span><span>slower →</span></div></div>
</div>`;
}

function renderTimeRow(row: RowResult, timing: OperationResult | undefined, reference: string, scale: RatioScale): string {
  const variant = row.kind === 'library' ? 'library' : 'codec';
  const name = `<div class="name"><span class="row-name">${escapeHtml(row.name)}</span>${renderRowKind(row)}${timing ? renderTimingFacts(timing) : ''}</div>`;
  if (!timing) {
    // A codec's error is spelled out under Size already; other rows appear only here.
    const why = row.kind === 'codec' && row.error !== undefined ? '<span class="badge err">error</span> <span class="note">not measured, see Size</span>' : renderError(row.error ?? 'not measured');
    return `<div class="row time-row ${variant}">
${name}
<div class="label">${why}</div>
</div>`;
  }
  const isReference = row.name === reference;
  const ratio = timing.vsJson;
  const bar = ratio ? renderRatioSvg(isReference ? { ...ratio, estimate: 1, low: 1, high: 1 } : ratio, scale, variant) : '<p class="note">no ratio</p>';
  return `<div class="row time-row ${variant}" title="${escapeHtml(describeTiming(timing))}">
${name}
<div class="bar">${bar}</div>
<div class="label">${renderRatioLabel(ratio, isReference)}${renderWrapperCost(timing.wrapperCost)}${row.error !== undefined ? renderError(row.error) : ''}</div>
</div>`;
}

/** What a non-codec row is, in a few muted words: `library call in msgpack`, `custom`. */
function renderRowKind(row: RowResult): string {
  if (row.kind === 'codec') return '';
  const kind = row.kind === 'library' ? 'library call' : 'custom';
  const wraps = row.wraps !== undefined ? ` in ${escapeHtml(row.wraps)}` : '';
  return `<span class="kind">${kind}${wraps}</span>`;
}

function renderTimingFacts(timing: OperationResult): string {
  return `<span class="timing">${escapeHtml(`${formatDuration(timing.median)} · ${formatThroughput(timing.mbPerSecond)}`)}</span>`;
}

/** The full distribution, for a hover tooltip on desktop. */
function describeTiming(timing: OperationResult): string {
  return [
    `median ${formatDuration(timing.median)}`,
    `p75 ${formatDuration(timing.p75)}`,
    `p99 ${formatDuration(timing.p99)}`,
    `mean ${formatDuration(timing.mean)}`,
    `${groupDigits(timing.samples)} samples of ${groupDigits(timing.callsPerSample)} calls`,
  ].join(' · ');
}

function renderRatioLabel(ratio: Ratio | undefined, isReference: boolean): string {
  if (isReference) return '<span class="ratio">1× <span class="verdict">the reference</span></span>';
  if (!ratio) return '';
  const verdict = includesOne(ratio) ? ' <span class="verdict">same as JSON within the noise</span>' : '';
  return `<span class="ratio"><strong>${escapeHtml(formatRatioInterval(ratio))}</strong>${verdict}</span>`;
}

function renderWrapperCost(cost: Ratio | undefined): string {
  if (!cost) return '';
  const verdict = includesOne(cost) ? ' <span class="verdict">no cost within the noise</span>' : '';
  return `<span class="wrapper-cost">wrapper cost ${escapeHtml(formatRatioInterval(cost))}${verdict}</span>`;
}

/** One ratio bar: from 1× to the estimate, the 95 % interval as a whisker, the 1× line on top. */
function renderRatioSvg(ratio: Ratio, scale: RatioScale, variant: 'codec' | 'library'): string {
  const height = variant === 'library' ? 16 : 24;
  const middle = height / 2;
  const barHeight = variant === 'library' ? 8 : 14;
  const one = ratioPosition(1, scale);
  const estimate = ratioPosition(ratio.estimate, scale);
  const low = ratioPosition(ratio.low, scale);
  const high = ratioPosition(ratio.high, scale);
  const tone = includesOne(ratio) ? 'same' : ratio.estimate < 1 ? 'faster' : 'slower';
  const grid = scale.ticks
    .filter((tick) => tick !== 1)
    .map((tick) => {
      const x = ratioPosition(tick, scale).toFixed(1);
      return `<line class="grid" x1="${x}" x2="${x}" y1="0" y2="${height}" vector-effect="non-scaling-stroke"/>`;
    });
  const capTop = middle - barHeight / 2 - 2;
  const capBottom = middle + barHeight / 2 + 2;
  const whisker =
    high - low > 0
      ? `<line class="whisker" x1="${low.toFixed(1)}" x2="${high.toFixed(1)}" y1="${middle}" y2="${middle}" vector-effect="non-scaling-stroke"/>` +
        `<line class="whisker" x1="${low.toFixed(1)}" x2="${low.toFixed(1)}" y1="${capTop}" y2="${capBottom}" vector-effect="non-scaling-stroke"/>` +
        `<line class="whisker" x1="${high.toFixed(1)}" x2="${high.toFixed(1)}" y1="${capTop}" y2="${capBottom}" vector-effect="non-scaling-stroke"/>`
      : '';
  // A bar of (almost) zero length still shows where the estimate is.
  const barLeft = Math.abs(estimate - one) < 3 ? estimate - 1.5 : Math.min(one, estimate);
  const barWidth = Math.max(Math.abs(estimate - one), 3);
  return `<svg class="ratio-svg ${variant}" viewBox="0 0 ${BAR_UNITS} ${height}" preserveAspectRatio="none" aria-hidden="true">
${grid.join('')}
<rect class="bar-${tone}" x="${barLeft.toFixed(1)}" y="${middle - barHeight / 2}" width="${barWidth.toFixed(1)}" height="${barHeight}"/>
${whisker}
<line class="one" x1="${one}" x2="${one}" y1="0" y2="${height}" vector-effect="non-scaling-stroke"/>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Footer
// ---------------------------------------------------------------------------------------------

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

function environmentFacts(environment: Environment): Array<[string, string]> {
  const facts: Array<[string, string]> = [['runtime', `${environment.runtime} ${environment.runtimeVersion}`]];
  if (environment.platform !== undefined || environment.arch !== undefined) {
    facts.push(['platform', [environment.platform, environment.arch].filter((part) => part !== undefined).join(' ')]);
  }
  if (environment.cpuModel !== undefined) facts.push(['CPU', environment.cpuModel]);
  if (environment.cores !== undefined) facts.push(['cores', String(environment.cores)]);
  if (environment.memoryGb !== undefined) facts.push(['memory', `${threeDigits(environment.memoryGb)} GB`]);
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
    ['budget', options.budget === null ? 'none' : `${groupDigits(options.budget)} ms`],
    ['max CPU pressure', formatPercent(options.maxPressure)],
    ['retries', String(options.retries)],
    ['bootstrap resamples', groupDigits(options.bootstrapResamples)],
    ['operations', options.operations.join(', ')],
    ['compressors', options.compressors.join(', ') || 'none'],
  ];
}

// ---------------------------------------------------------------------------------------------
// Style
// ---------------------------------------------------------------------------------------------

const STYLE = `
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --card: #ffffff; --fg: #1c1e22; --muted: #5b626d; --line: #dfe1e5; --grid: #eceef1;
  --raw: #3563c9; --gzip: #6f93e0; --brotli: #aec4f0; --json-mark: #1c1e22;
  --faster: #2f7bd0; --slower: #d66a17; --same: #8d949e; --one: #1c1e22; --whisker: #1c1e22;
  --ok-fg: #17693a; --ok-bg: #dff3e6; --bad-fg: #a3200f; --bad-bg: #fde6e2; --err-fg: #ffffff; --err-bg: #b42318;
  --warn-bg: #fff4d6; --warn-line: #e0a526; --accent: #3563c9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #131518; --card: #1c1f23; --fg: #e7e9ec; --muted: #a3aab4; --line: #343940; --grid: #2a2e34;
    --raw: #6f98f0; --gzip: #4d72c2; --brotli: #33508c; --json-mark: #e7e9ec;
    --faster: #5aa0ee; --slower: #f0893a; --same: #858d98; --one: #e7e9ec; --whisker: #e7e9ec;
    --ok-fg: #8fe0ac; --ok-bg: #173b25; --bad-fg: #ffb4a6; --bad-bg: #4a1d16; --err-fg: #ffffff; --err-bg: #b42318;
    --warn-bg: #3a2f12; --warn-line: #c9922a; --accent: #8fb0f5;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  overflow-wrap: anywhere;
}
main { max-width: 1080px; margin: 0 auto; padding: 16px 14px 32px; }
h1 { font-size: 1.6rem; margin: 8px 0 4px; }
h2 { font-size: 1.3rem; margin: 0 0 6px; }
h3 { font-size: 1rem; margin: 18px 0 6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; }
a { color: var(--accent); }
.sub, .note, .h-note, .facts, .timing, .kind, .verdict, .wrapper-cost, .tick, .directions, .size-kind, dl { font-size: 14px; }
.sub, .note, .h-note, .timing, .kind, .verdict, .directions, .size-kind { color: var(--muted); }
.h-note { font-weight: normal; }
.note { margin: 4px 0; }
.toc { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 6px 0 0; }
section, footer { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 14px; margin: 16px 0; }
.legend p { margin: 6px 0; }
.better { font-size: 1.05rem; }
.legend-grid { display: grid; gap: 4px 24px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 820px) { .legend-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.legend-bars { display: grid; grid-template-columns: minmax(0, 9rem) minmax(0, 1fr); gap: 4px 10px; align-items: center; font-size: 14px; }
svg.swatch { display: inline-block; width: 22px; height: 12px; vertical-align: -1px; }
.lib-sample { color: var(--muted); font-style: italic; }
.method summary { cursor: pointer; color: var(--accent); }
blockquote { margin: 8px 0 0; padding: 4px 12px; border-left: 3px solid var(--line); color: var(--muted); font-size: 14px; }
.facts { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 8px; }
.highlights { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.highlights span { background: var(--bg); border: 1px solid var(--line); border-radius: 999px; padding: 2px 10px; font-size: 14px; }
.warning { background: var(--warn-bg); border-left: 4px solid var(--warn-line); border-radius: 6px; padding: 6px 12px; margin: 8px 0; font-size: 15px; }
.warning p { margin: 4px 0; }
.warning ul { margin: 4px 0; padding-left: 20px; }
.badge { display: inline-block; font-size: 14px; font-weight: 600; line-height: 1.3; border-radius: 999px; padding: 1px 9px; white-space: nowrap; }
.badge.ok { color: var(--ok-fg); background: var(--ok-bg); }
.badge.bad { color: var(--bad-fg); background: var(--bad-bg); }
.badge.err { color: var(--err-fg); background: var(--err-bg); }
.diffs summary { cursor: pointer; }
.diffs ul { margin: 4px 0; padding-left: 20px; font-size: 14px; }
.error { margin: 2px 0; font-size: 14px; }
.error-text { color: var(--bad-fg); }

/* Chart rows: stacked on a phone (name, bar, label), three columns on a wider screen. */
.chart { margin: 4px 0 8px; }
.row {
  display: grid; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "name" "bar" "label";
  gap: 2px 14px; padding: 7px 0; border-top: 1px solid var(--line);
}
.row > .name { grid-area: name; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 8px; }
.row > .bar { grid-area: bar; min-width: 0; }
.row > .label { grid-area: label; }
.row-name, .size-row .name { font-weight: 600; }
.kind { font-size: 14px; color: var(--muted); font-style: italic; }
.timing { margin-left: auto; }
.axis { border-top: 0; padding: 0 0 2px; }
.axis > .bar { grid-row: 1; }
.ticks { position: relative; height: 22px; }
.tick { position: absolute; top: 0; transform: translateX(-50%); color: var(--muted); white-space: nowrap; }
.tick.first { transform: none; }
.tick.last { transform: translateX(-100%); }
.tick.one { color: var(--fg); font-weight: 600; }
.directions { display: flex; justify-content: space-between; }
svg { display: block; overflow: visible; }
.ratio-svg { width: 100%; height: 24px; }
.ratio-svg.library { height: 16px; }
.size-svg { width: 100%; height: 16px; }
.grid { stroke: var(--grid); stroke-width: 1; }
.one { stroke: var(--one); stroke-width: 2; }
.whisker { stroke: var(--whisker); stroke-width: 1.5; }
.json-mark { stroke: var(--json-mark); stroke-width: 1; stroke-dasharray: 3 3; opacity: 0.7; }
.bar-faster { fill: var(--faster); }
.bar-slower { fill: var(--slower); }
.bar-same { fill: var(--same); }
.size-raw { fill: var(--raw); }
.size-gzip { fill: var(--gzip); }
.size-brotli { fill: var(--brotli); }
.ratio { display: block; }
.ratio strong { font-variant-numeric: tabular-nums; }
.verdict { white-space: nowrap; }
.wrapper-cost { display: block; color: var(--muted); }
/* Library rows: the raw call a codec wraps, context for that codec rather than a choice of its own. */
.time-row.library { padding: 3px 0 6px; border-top-style: dashed; color: var(--muted); }
.time-row.library > .name { padding-left: 14px; }
.time-row.library .row-name { font-weight: normal; font-style: italic; }
.time-row.library .ratio-svg rect { opacity: 0.55; }
.time-row.library .ratio { font-size: 14px; }
.size-lines { display: grid; grid-template-columns: 3rem minmax(0, 1fr) 8.4rem; gap: 1px 8px; align-items: center; }
.size-lines .value { font-size: 14px; font-variant-numeric: tabular-nums; white-space: nowrap; }
.size-row { grid-template-areas: "name" "bar" "status"; }
.size-row > .status { grid-area: status; }
.size-row .diffs[open] { margin-top: 2px; }
@media (min-width: 720px) {
  main { padding: 24px 24px 40px; }
  section, footer { padding: 18px 22px; }
  .row { grid-template-columns: 12rem minmax(0, 1fr) 15.5rem; grid-template-areas: "name bar label"; align-items: center; }
  .row > .name { flex-direction: column; gap: 0; }
  .timing { margin-left: 0; }
  .axis > .bar { grid-row: auto; }
  .size-row { grid-template-columns: 12rem minmax(0, 1fr); grid-template-areas: "name bar" "status bar"; align-items: start; }
  .size-row > .name { align-self: end; }
  .size-row > .status:has(.diffs[open]) { grid-column: 1 / -1; grid-row: 3; }
}
footer h3 { margin-top: 8px; }
.footer-grid { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 24px; }
@media (min-width: 820px) { .footer-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px 12px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
`;
