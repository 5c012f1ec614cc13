import type { CodecResult } from '@wirebench/core';
import type { ComparisonResult } from './comparison.js';
import { TARGET_RATIO } from './comparison.js';

const pad = (text: string, width: number): string => text.padStart(width);
const ratio = (value: number | undefined): string => (value === undefined ? '—' : `${value.toFixed(2)}×`);
const micros = (ms: number): string => (ms * 1000 >= 100 ? (ms * 1000).toFixed(0) : (ms * 1000).toFixed(2));

/** A plain-text table per payload: sizes, medians with rme, throughput, ratios to JSON, fidelity. */
export function formatResults(results: readonly CodecResult[]): string {
  const lines: string[] = [];
  const columns = ['format', 'bytes', 'gzip', 'brotli', 'vs json', 'encode µs', '±%', 'MB/s', 'vs json', 'decode µs', '±%', 'MB/s', 'vs json', 'fidelity'];
  const widths = [12, 9, 8, 8, 8, 11, 6, 8, 8, 11, 6, 8, 8, 10];
  let payload = '';
  for (const r of results) {
    if (r.payload !== payload) {
      payload = r.payload;
      lines.push('', `## ${payload}`, columns.map((c, i) => pad(c, widths[i]!)).join(' '));
    }
    const fidelity = r.fidelity.ok ? 'exact' : `${r.fidelity.diffs.filter((d) => d.kind !== 'order').length} diffs`;
    const cells = [
      r.format,
      String(r.bytes),
      String(r.compressed['gzip'] ?? '—'),
      String(r.compressed['brotli'] ?? '—'),
      ratio(r.vsJson?.bytes),
      micros(r.encode.median),
      r.encode.rme.toFixed(1),
      r.encode.mbPerSecond.toFixed(0),
      ratio(r.vsJson?.encode),
      micros(r.decode.median),
      r.decode.rme.toFixed(1),
      r.decode.mbPerSecond.toFixed(0),
      ratio(r.vsJson?.decode),
      fidelity,
    ];
    lines.push(cells.map((c, i) => pad(c, widths[i]!)).join(' '));
  }
  return lines.join('\n');
}

/** A plain-text table per payload: each format's wirebench decode, its baselines, and wirebench ÷ baseline. */
export function formatBaselines(results: readonly ComparisonResult[]): string {
  const lines: string[] = [];
  const columns = ['format', 'decoder', 'bytes', 'decode µs', '±%', 'samples', 'wirebench ÷', `≤ ${TARGET_RATIO}×`];
  const widths = [12, 27, 8, 11, 6, 8, 12, 6];
  const row = (cells: string[]): string => cells.map((c, i) => (i === 1 ? c.padEnd(widths[i]!) : pad(c, widths[i]!))).join(' ');
  let payload = '';
  for (const r of results) {
    if (r.payload !== payload) {
      payload = r.payload;
      lines.push('', `## ${payload}`, row(columns));
    }
    for (const d of r.decoders) {
      const verdict = d.ratio === undefined ? '' : d.ratio <= TARGET_RATIO ? 'yes' : 'NO';
      lines.push(row([r.format, d.name, String(r.bytes), micros(d.median), d.rme.toFixed(1), String(d.samples), ratio(d.ratio), verdict]));
    }
  }
  return lines.join('\n');
}
