/** Number formatting for the results, plus the plain-language summary and Markdown export. */
import type { MeasureResult, OperationResult, PayloadResult, RowResult } from './protocol.js';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 2 : 1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

export function formatMs(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}

export function formatRatio(op: OperationResult | undefined): string {
  const r = op?.vsJson;
  if (!r) return '';
  return `${r.estimate.toFixed(2)}× JSON (${r.low.toFixed(2)}–${r.high.toFixed(2)})`;
}

export function opsPerSecond(op: OperationResult): string {
  const ops = 1000 / op.median;
  return ops >= 100 ? Math.round(ops).toLocaleString('en-US') : ops.toFixed(1);
}

export function percentOfJson(row: RowResult): string {
  return row.bytesVsJson === undefined ? '' : `${Math.round(row.bytesVsJson * 100)} %`;
}

/** "decodes 1.3× slower than JSON" / "about as fast as JSON (interval includes 1)". */
function speedWords(verb: string, op: OperationResult | undefined): string | null {
  const r = op?.vsJson;
  if (!r) return null;
  if (r.low <= 1 && r.high >= 1) return `${verb} about as fast as JSON`;
  return r.estimate > 1 ? `${verb} ${r.estimate.toFixed(1)}× slower than JSON` : `${verb} ${(1 / r.estimate).toFixed(1)}× faster than JSON`;
}

/** One sentence per format, computed from the figures of this run. */
export function summarize(payload: PayloadResult): string[] {
  const lines: string[] = [];
  for (const row of payload.rows) {
    if (row.name === payload.reference || row.kind !== 'codec') continue;
    if (row.error) {
      lines.push(`${row.name} could not encode this payload: ${row.error}`);
      continue;
    }
    const parts = [`${row.name} is ${percentOfJson(row)} of JSON's bytes`];
    const enc = speedWords('encodes', row.encode);
    const dec = speedWords('decodes', row.decode);
    if (enc) parts.push(enc);
    if (dec) parts.push(dec);
    let sentence = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]} here` : `${parts[0]}`;
    if (row.fidelity && !row.fidelity.ok) sentence += `, but it did not give the data back exactly (${row.fidelity.diffs.length} diffs)`;
    lines.push(`${sentence}.`);
  }
  return lines;
}

export function toMarkdown(result: MeasureResult): string {
  const env = result.environment;
  const out = [`wirebench playground — ${env.userAgent ?? env.runtimeVersion}, ${env.cores ?? '?'} cores, ${result.createdAt}`, ''];
  for (const payload of result.payloads) {
    out.push(`**${payload.name}** (${formatBytes(payload.jsonBytes)} of JSON, ${payload.rounds.length} rounds)`, '');
    out.push('| format | bytes (% JSON) | gzip | encode median (× JSON) | decode median (× JSON) | fidelity |', '| --- | --- | --- | --- | --- | --- |');
    for (const row of payload.rows) {
      if (row.error) {
        out.push(`| ${row.name} | error: ${row.error} | | | | |`);
        continue;
      }
      const enc = row.encode ? `${formatMs(row.encode.median)} ${row.name === payload.reference ? '' : formatRatio(row.encode)}` : '';
      const dec = row.decode ? `${formatMs(row.decode.median)} ${row.name === payload.reference ? '' : formatRatio(row.decode)}` : '';
      const fid = row.fidelity ? (row.fidelity.ok ? 'exact' : `${row.fidelity.diffs.length} diffs`) : '';
      out.push(`| ${row.name} | ${row.bytes ?? ''} (${percentOfJson(row)}) | ${row.compressed?.['gzip'] ?? ''} | ${enc.trim()} | ${dec.trim()} | ${fid} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
