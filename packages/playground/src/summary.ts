/**
 * The playground's words around the shared figures (wirebench/report): a ratio to JSON as the
 * results table writes it, how much faster or slower than JSON, and one plain sentence per format.
 */
import { formatDiffCount, formatInterval, formatPercent, formatRatio, isWithinNoise } from 'wirebench/report';
import type { OperationResult, ResultPayload, RowResult } from './protocol.js';

/** `0.62× JSON (0.58–0.66)`, or '' without a ratio. */
export function ratioToJson(op: OperationResult | undefined): string {
  const ratio = op?.vsJson;
  return ratio ? `${formatRatio(ratio.estimate)} JSON (${formatInterval(ratio)})` : '';
}

/** `34 %` of JSON's bytes, or '' for a row without a size. */
export function shareOfJson(row: RowResult): string {
  return row.bytesVsJson === undefined ? '' : formatPercent(row.bytesVsJson);
}

/**
 * "decodes 2.50× slower than JSON" / "encodes 4.0 % faster than JSON" / "about as fast as JSON"
 * (interval includes 1). Near 1 a percentage: a factor would say "1.04× slower".
 */
export function speedWords(verb: string, op: OperationResult | undefined): string | null {
  const ratio = op?.vsJson;
  if (!ratio) return null;
  if (isWithinNoise(ratio)) return `${verb} about as fast as JSON`;
  const slower = ratio.estimate > 1;
  const factor = slower ? ratio.estimate : 1 / ratio.estimate;
  const amount = factor < 1.5 ? formatPercent(factor - 1) : formatRatio(factor);
  return `${verb} ${amount} ${slower ? 'slower' : 'faster'} than JSON`;
}

/** One sentence per format, computed from the figures of this run. */
export function summarize(payload: ResultPayload): string[] {
  const lines: string[] = [];
  // The reference row gets no sentence of its own, except when it too lost data.
  const reference = payload.rows.find((r) => r.name === payload.reference);
  if (reference?.fidelity && !reference.fidelity.ok)
    lines.push(`${reference.name} itself did not give the data back exactly (${formatDiffCount(reference.fidelity)}).`);
  for (const row of payload.rows) {
    if (row.name === payload.reference || row.kind !== 'codec') continue;
    if (row.error) {
      lines.push(`${row.name} could not be measured: ${row.error}`);
      continue;
    }
    const parts = [`${row.name} is ${shareOfJson(row)} of JSON's bytes`];
    const enc = speedWords('encodes', row.encode);
    const dec = speedWords('decodes', row.decode);
    if (enc) parts.push(enc);
    if (dec) parts.push(dec);
    let sentence = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]} here` : `${parts[0]}`;
    if (row.fidelity && !row.fidelity.ok) sentence += `, but it did not give the data back exactly (${formatDiffCount(row.fidelity)})`;
    lines.push(`${sentence}.`);
  }
  return lines;
}
