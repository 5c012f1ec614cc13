/**
 * The HTML report's size chart: per codec row, a bar for its encoded bytes and one per compressor,
 * each labelled with its bytes and its share of JSON's size under the same compression, with JSON's
 * uncompressed size as a dashed line; then the row's fidelity and error.
 */
import type { PayloadResult, RowResult } from '../measure/types.js';
import { formatBytes, formatPercent } from './format.js';
import { BAR_UNITS, escapeHtml, renderError, renderFidelity } from './html-elements.js';

/** Compressor names in a stable order: gzip, brotli, then any other alphabetically. */
function compressorNames(rows: readonly RowResult[]): string[] {
  const names = new Set(rows.flatMap((row) => Object.keys(row.compressed ?? {})));
  const known = ['gzip', 'brotli'].filter((name) => names.has(name));
  const others = [...names].filter((name) => !known.includes(name)).sort();
  return [...known, ...others];
}

/** The row's own size under `compressor`: the names come from every row, and a row lacking one must not find a member every object inherits. */
const compressedSize = (row: RowResult, compressor: string): number | undefined =>
  row.compressed && Object.hasOwn(row.compressed, compressor) ? row.compressed[compressor] : undefined;

export function renderSizeChart(payload: PayloadResult): string {
  const rows = payload.rows.filter((row) => row.kind === 'codec');
  if (rows.length === 0) return '<p class="note">No codec rows.</p>';
  const compressors = compressorNames(rows);
  const reference = rows.find((row) => row.name === payload.reference) ?? rows.find((row) => row.format === 'json');
  const largest = Math.max(payload.jsonBytes, ...rows.flatMap((row) => [row.bytes ?? 0, ...Object.values(row.compressed ?? {})]));
  return `<div class="chart size-chart">
${rows.map((row) => renderSizeRow(row, compressors, reference, payload.jsonBytes, largest)).join('\n')}
</div>`;
}

function renderSizeRow(row: RowResult, compressors: readonly string[], reference: RowResult | undefined, jsonBytes: number, largest: number): string {
  const lines: string[] = [];
  if (row.bytes !== undefined) {
    lines.push(renderSizeLine('raw', 'raw', row.bytes, row.bytesVsJson ?? row.bytes / jsonBytes, jsonBytes, largest));
    compressors.forEach((name, index) => {
      const size = compressedSize(row, name);
      if (size === undefined) return;
      const jsonSize = reference && compressedSize(reference, name);
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
