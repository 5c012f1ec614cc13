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

/**
 * "decodes 1.32× slower than JSON" / "encodes 4 % faster than JSON" / "about as fast as JSON"
 * (interval includes 1). Near 1 a percentage: one decimal of × would say "1.0× slower".
 */
export function speedWords(verb: string, op: OperationResult | undefined): string | null {
  const r = op?.vsJson;
  if (!r) return null;
  if (r.low <= 1 && r.high >= 1) return `${verb} about as fast as JSON`;
  const slower = r.estimate > 1;
  const factor = slower ? r.estimate : 1 / r.estimate;
  const amount = factor < 1.5 ? `${((factor - 1) * 100).toFixed(factor < 1.01 ? 1 : 0)} %` : `${factor.toFixed(2)}×`;
  return `${verb} ${amount} ${slower ? 'slower' : 'faster'} than JSON`;
}

type Fidelity = NonNullable<RowResult['fidelity']>;

/** "3 diffs" / "1000+ diffs": key-order entries never make a row inexact, so they are not counted. */
export function diffCount(fidelity: Fidelity): string {
  const n = fidelity.diffs.filter((d) => d.kind !== 'order').length;
  return `${n}${fidelity.truncated ? '+' : ''} diff${n === 1 && !fidelity.truncated ? '' : 's'}`;
}

/**
 * A value in a diff list. Not JSON.stringify, which writes Infinity and NaN as null and drops
 * undefined: those are exactly the values a lossy format produces.
 */
export function formatValue(value: unknown, depth = 0): string {
  if (value === undefined) return '(absent)';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  if (depth > 2) return Array.isArray(value) ? '[…]' : '{…}';
  const cut = (items: string[]): string => (items.length > 8 ? `${items.slice(0, 8).join(', ')}, …` : items.join(', '));
  if (Array.isArray(value)) return `[${cut(value.map((v) => formatValue(v, depth + 1)))}]`;
  if (value instanceof Uint8Array) return `bytes(${value.length})`;
  return `{${cut(Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${formatValue(v, depth + 1)}`))}}`;
}

/** One sentence per format, computed from the figures of this run. */
export function summarize(payload: PayloadResult): string[] {
  const lines: string[] = [];
  // The reference row gets no sentence of its own, except when it too lost data.
  const reference = payload.rows.find((r) => r.name === payload.reference);
  if (reference?.fidelity && !reference.fidelity.ok) lines.push(`${reference.name} itself did not give the data back exactly (${diffCount(reference.fidelity)}).`);
  for (const row of payload.rows) {
    if (row.name === payload.reference || row.kind !== 'codec') continue;
    if (row.error) {
      lines.push(`${row.name} could not be measured: ${row.error}`);
      continue;
    }
    const parts = [`${row.name} is ${percentOfJson(row)} of JSON's bytes`];
    const enc = speedWords('encodes', row.encode);
    const dec = speedWords('decodes', row.decode);
    if (enc) parts.push(enc);
    if (dec) parts.push(dec);
    let sentence = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]} here` : `${parts[0]}`;
    if (row.fidelity && !row.fidelity.ok) sentence += `, but it did not give the data back exactly (${diffCount(row.fidelity)})`;
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
      const fid = row.fidelity ? (row.fidelity.ok ? 'exact' : diffCount(row.fidelity)) : '';
      out.push(`| ${row.name} | ${row.bytes ?? ''} (${percentOfJson(row)}) | ${row.compressed?.['gzip'] ?? ''} | ${enc.trim()} | ${dec.trim()} | ${fid} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
