/**
 * The result as bar charts: bytes as a share of JSON's, and encode and decode time ÷ JSON's with the
 * 95 % interval as a whisker. Hand-drawn SVG (no chart library in the page's bundle).
 */

import type { ReactNode } from 'react';
import { formatDuration, formatPercent, formatRatio } from 'wirebench/report';
import { Collapsible } from './Collapsible.js';
import type { ResultPayload, RowResult } from './protocol.js';
import { isLibraryRow } from './ResultsTable.js';

function codecRows(payload: ResultPayload): RowResult[] {
  return payload.rows.filter((r) => r.kind === 'codec' && !r.error);
}

interface Bar {
  readonly label: string;
  readonly value: number;
  readonly low?: number;
  readonly high?: number;
  readonly text: string;
}

/** Horizontal bars with optional interval whiskers and a reference line at `reference`. */
function BarChart({ title, bars, reference }: { title: string; bars: readonly Bar[]; reference?: number }): ReactNode {
  const max = Math.max(reference ?? 0, ...bars.map((b) => b.high ?? b.value)) * 1.05 || 1;
  // Each label on a line of its own above its bar: a row name never shares a line with a bar or a
  // figure, so nothing collides at 360 px whatever the name's length (the e2e measures the boxes).
  const row = 32;
  const width = 320;
  const plotW = width - 56; // room on the right for the value
  const height = bars.length * row + 4;
  const x = (v: number): number => (plotW * v) / max;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.text}`).join(', ')}`}>
        {bars.map((b, i) => {
          const y = 2 + i * row;
          return (
            <g key={b.label}>
              <text x={0} y={y + 11} className="chart-label">
                {b.label}
              </text>
              <rect x={0} y={y + 15} width={Math.max(1, x(b.value))} height={12} className="chart-bar" />
              {b.low !== undefined && b.high !== undefined && <line x1={x(b.low)} x2={x(b.high)} y1={y + 21} y2={y + 21} className="chart-whisker" />}
              <text x={Math.max(x(b.high ?? b.value), x(b.value)) + 4} y={y + 25} className="chart-value">
                {b.text}
              </text>
            </g>
          );
        })}
        {reference !== undefined && <line x1={x(reference)} x2={x(reference)} y1={0} y2={height} className="chart-reference" />}
      </svg>
    </figure>
  );
}

/** The three charts of a finished run (a time chart only when there is more than the reference to draw). */
export function Charts({ payload, libraries }: { payload: ResultPayload; libraries: boolean }): ReactNode {
  const rows = codecRows(payload).filter((r) => libraries || !isLibraryRow(r));
  const sizeBars: Bar[] = rows
    .filter((r) => r.bytesVsJson !== undefined)
    .map((r) => ({ label: r.name, value: r.bytesVsJson! * 100, text: formatPercent(r.bytesVsJson!) }));
  const timeBars = (op: 'encode' | 'decode'): Bar[] =>
    rows.flatMap((r) => {
      if (r.name === payload.reference) return r[op] ? [{ label: r.name, value: 1, text: '1×' }] : [];
      const ratio = r[op]?.vsJson;
      return ratio ? [{ label: r.name, value: ratio.estimate, low: ratio.low, high: ratio.high, text: formatRatio(ratio.estimate) }] : [];
    });
  const enc = timeBars('encode');
  const dec = timeBars('decode');
  const reference = rows.find((r) => r.name === payload.reference);
  const jsonTime = (op: 'encode' | 'decode'): string => (reference?.[op] ? ` (JSON: ${formatDuration(reference[op].median)})` : '');
  return (
    <Collapsible id="charts" title="Charts">
      <div className="charts">
        <BarChart title="Bytes, % of JSON" bars={sizeBars} reference={100} />
        {enc.length > 1 && <BarChart title={`Encode time ÷ JSON's${jsonTime('encode')}; line: 95 % interval`} bars={enc} reference={1} />}
        {dec.length > 1 && <BarChart title={`Decode time ÷ JSON's${jsonTime('decode')}; line: 95 % interval`} bars={dec} reference={1} />}
      </div>
    </Collapsible>
  );
}
