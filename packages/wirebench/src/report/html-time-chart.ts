/**
 * The HTML report's time charts: per row, its time ÷ the reference's as a bar on a log scale centred
 * on 1×, the 95 % interval as a whisker, the verdict and the wrapper cost beside it. Library rows
 * follow the codec row they wrap, drawn thinner.
 */
import type { Operation, OperationResult, PayloadResult, Ratio, RowResult } from '../measure/types.js';
import { formatCount, formatDuration, formatRatioInterval, formatThroughput, isWithinNoise } from './format.js';
import { BAR_UNITS, escapeHtml, renderError } from './html-elements.js';

/** A log scale symmetric around 1×, wide enough for every estimate and interval of a payload. */
export interface RatioScale {
  /** The scale runs from 1/span to span. */
  readonly span: number;
  readonly ticks: readonly number[];
}

const SPANS = [1.5, 2, 4, 10] as const;

/** The scale of a payload's time charts: the narrowest of 1.5×, 2×, 4×, 10× (then powers of ten) that holds every ratio. */
export function ratioScale(payload: PayloadResult): RatioScale {
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

/** The ticks of a scale from 1/span to span: 1× and a few round ratios either side. */
export function ratioScaleForSpan(span: number): RatioScale {
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

/** An axis label: the shortest form of a round ratio (`0.1×`, `2×`, `100×`), not a measured figure. */
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

export function renderTimeChart(payload: PayloadResult, op: Operation, scale: RatioScale): string {
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
    const why =
      row.kind === 'codec' && row.error !== undefined
        ? '<span class="badge err">error</span> <span class="note">not measured, see Size</span>'
        : renderError(row.error ?? 'not measured');
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
    `${formatCount(timing.samples)} samples of ${formatCount(timing.callsPerSample)} calls`,
  ].join(' · ');
}

function renderRatioLabel(ratio: Ratio | undefined, isReference: boolean): string {
  if (isReference) return '<span class="ratio">1× <span class="verdict">the reference</span></span>';
  if (!ratio) return '';
  const verdict = isWithinNoise(ratio) ? ' <span class="verdict">same as JSON within the noise</span>' : '';
  return `<span class="ratio"><strong>${escapeHtml(formatRatioInterval(ratio))}</strong>${verdict}</span>`;
}

function renderWrapperCost(cost: Ratio | undefined): string {
  if (!cost) return '';
  const verdict = isWithinNoise(cost) ? ' <span class="verdict">no cost within the noise</span>' : '';
  return `<span class="wrapper-cost">wrapper cost ${escapeHtml(formatRatioInterval(cost))}${verdict}</span>`;
}

/** One ratio bar: from 1× to the estimate, the 95 % interval as a whisker, the 1× line on top. */
export function renderRatioSvg(ratio: Ratio, scale: RatioScale, variant: 'codec' | 'library'): string {
  const height = variant === 'library' ? 16 : 24;
  const middle = height / 2;
  const barHeight = variant === 'library' ? 8 : 14;
  const one = ratioPosition(1, scale);
  const estimate = ratioPosition(ratio.estimate, scale);
  const low = ratioPosition(ratio.low, scale);
  const high = ratioPosition(ratio.high, scale);
  const tone = isWithinNoise(ratio) ? 'same' : ratio.estimate < 1 ? 'faster' : 'slower';
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
