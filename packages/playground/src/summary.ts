/**
 * The playground's words around the shared figures (wirebench/report): a ratio to JSON as the
 * results table writes it, and the "In plain words" section, one sentence per format. That section
 * states every comparison one way, as the table does: a ratio to JSON's figure (`0.94× JSON's bytes`,
 * `1.45× JSON's time`), with sizes as the server sends them (the constraints' `served`), the
 * encoding named as the answer names it (`servedWords`).
 */
import type { ServedEncoding } from 'wirebench/answer';
import { formatBytes, formatDiffCount, formatInterval, formatPercent, formatRatio, isWithinNoise, servedWords } from 'wirebench/report';
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

/** A row's sizes: encoded, and compressed by compressor name. */
type Sizes = Pick<RowResult, 'bytes' | 'compressed'>;

/** The bytes a row puts on the wire when the server sends `served`, or undefined where the run has no such size. */
function servedBytes(row: Sizes, served: ServedEncoding): number | undefined {
  return served === 'none' ? row.bytes : row.compressed?.[served];
}

/** `is 7,387 B with gzip against JSON's 7,850 B (0.94× JSON's bytes)`, with `note` in the parentheses too. */
function sizeAgainst(own: number, reference: number, served: ServedEncoding, note?: string): string {
  const notes = [...(reference > 0 ? [`${formatRatio(own / reference)} JSON's bytes`] : []), ...(note === undefined ? [] : [note])];
  return `is ${formatBytes(own)} ${servedWords(served)} against JSON's ${formatBytes(reference)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

/**
 * A row's size against JSON's as the server sends both: `is 7,387 B with gzip against JSON's 7,850 B
 * (0.94× JSON's bytes)`; where the run has no such size for either, the encoded sizes, saying so.
 */
export function sizeWords(row: Sizes, json: Sizes, served: ServedEncoding): string {
  const own = servedBytes(row, served);
  const reference = servedBytes(json, served);
  if (own !== undefined && reference !== undefined) return sizeAgainst(own, reference, served);
  if (served !== 'none' && row.bytes !== undefined && json.bytes !== undefined)
    return sizeAgainst(row.bytes, json.bytes, 'none', `no ${served} size was measured`);
  return 'has no size';
}

/**
 * "decodes in 0.40× JSON's time", "encodes in 1.04× JSON's time", or "decodes in about JSON's time"
 * where the interval includes 1; null without a ratio.
 */
export function speedWords(verb: string, op: OperationResult | undefined): string | null {
  const ratio = op?.vsJson;
  if (!ratio) return null;
  return `${verb} in ${isWithinNoise(ratio) ? 'about' : formatRatio(ratio.estimate)} JSON's time`;
}

/** One sentence per format, computed from the figures of this run, with sizes as the server sends them (`served`). */
export function summarize(payload: ResultPayload, served: ServedEncoding): string[] {
  const lines: string[] = [];
  // The reference row gets no sentence of its own, except when it too lost data.
  const reference = payload.rows.find((r) => r.name === payload.reference);
  if (reference?.fidelity && !reference.fidelity.ok)
    lines.push(`${reference.name} itself did not give the data back exactly (${formatDiffCount(reference.fidelity)}).`);
  const json: Sizes = reference ?? { bytes: payload.jsonBytes };
  for (const row of payload.rows) {
    if (row.name === payload.reference || row.kind !== 'codec') continue;
    if (row.error) {
      lines.push(`${row.name} could not be measured: ${row.error}`);
      continue;
    }
    const parts = [`${row.name} ${sizeWords(row, json, served)}`];
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
