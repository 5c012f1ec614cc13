/** "Copy as Markdown": a run's figures as a Markdown table per payload, for an issue or a chat. */
import { formatBytes, formatDiffCount, formatDuration } from 'wirebench/report';
import type { WirebenchResult } from './protocol.js';
import { ratioToJson, shareOfJson } from './summary.js';

export function toMarkdown(result: WirebenchResult): string {
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
      const reference = row.name === payload.reference;
      const enc = row.encode ? `${formatDuration(row.encode.median)} ${reference ? '' : ratioToJson(row.encode)}` : '';
      const dec = row.decode ? `${formatDuration(row.decode.median)} ${reference ? '' : ratioToJson(row.decode)}` : '';
      const fidelity = row.fidelity ? (row.fidelity.ok ? 'exact' : formatDiffCount(row.fidelity)) : '';
      const bytes = row.bytes === undefined ? '' : formatBytes(row.bytes);
      const gzip = row.compressed?.['gzip'];
      out.push(
        `| ${row.name} | ${bytes} (${shareOfJson(row)}) | ${gzip === undefined ? '' : formatBytes(gzip)} | ${enc.trim()} | ${dec.trim()} | ${fidelity} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
