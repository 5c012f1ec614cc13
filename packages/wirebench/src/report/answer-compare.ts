/**
 * Two results' answers side by side (two devices, or the same device on two days): for each payload
 * both answered, every row's time until usable on the first result's ranking link, as each device
 * measured its decompression and decode. The transfer is the same on both (same bytes, same preset);
 * the device part is what differs, so that is what the lines show beside the totals.
 */

import { findNetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer } from '../answer/payload-answer.js';
import type { WirebenchResult } from '../result/types.js';
import { formatMs, servedWords } from './answer-words.js';
import { table } from './text-table.js';

/** One row on one device: its total, the device's part of it (decompression + decode), and its rank there. */
export interface DeviceUsable {
  readonly totalMs: number;
  readonly deviceMs: number;
  /** Its rank in that result's ranking, when that ranking was on the same link and encoding. */
  readonly rank?: number;
}

/** One row of a payload across the two results (absent where a result has no figures for it). */
export interface AnswerComparisonRow {
  readonly name: string;
  readonly a?: DeviceUsable;
  readonly b?: DeviceUsable;
}

/** A payload both results answered, compared on one link and served encoding. */
export interface AnswerComparison {
  readonly payload: string;
  /** The preset id (the first result's ranking link). */
  readonly network: string;
  readonly served: PayloadAnswer['served'][number];
  readonly rows: readonly AnswerComparisonRow[];
}

function onLink(answer: PayloadAnswer, name: string, network: string, served: string): DeviceUsable | undefined {
  const t = answer.rows.find((r) => r.name === name)?.usable.find((u) => u.network === network && u.served === served);
  if (!t) return undefined;
  const sameRanking = answer.ranking.network.id === network && answer.ranking.constraints.served === served;
  const rank = sameRanking ? answer.ranking.ranked.find((r) => r.name === name)?.rank : undefined;
  return { totalMs: t.totalMs, deviceMs: t.decompressMs + t.decodeMs, ...(rank !== undefined ? { rank } : {}) };
}

/** The payloads both results answered, by name, each on the first result's ranking link and encoding. */
export function compareAnswers(a: WirebenchResult, b: WirebenchResult): AnswerComparison[] {
  return a.payloads.flatMap((payloadA) => {
    const answerA = payloadA.answer;
    const answerB = b.payloads.find((p) => p.name === payloadA.name)?.answer;
    if (!answerA || !answerB) return [];
    const network = answerA.ranking.network.id;
    const served = answerA.ranking.constraints.served;
    const names = [...new Set([...answerA.rows.map((r) => r.name), ...answerB.rows.map((r) => r.name)])];
    const rows = names.map((name): AnswerComparisonRow => {
      const inA = onLink(answerA, name, network, served);
      const inB = onLink(answerB, name, network, served);
      return { name, ...(inA ? { a: inA } : {}), ...(inB ? { b: inB } : {}) };
    });
    return [{ payload: payloadA.name, network, served, rows }];
  });
}

/** The comparison as text: per payload, each row's total and device part on both results, and its rank where ranked. */
export function formatAnswerComparison(comparisons: readonly AnswerComparison[], labels: { readonly a: string; readonly b: string }): string[] {
  const lines: string[] = [];
  const cell = (d: DeviceUsable | undefined): string[] =>
    d ? [d.rank !== undefined ? String(d.rank) : '—', formatMs(d.totalMs), formatMs(d.deviceMs)] : ['—', '—', '—'];
  for (const c of comparisons) {
    if (lines.length > 0) lines.push('');
    lines.push(`## ${c.payload}: time until usable on ${findNetworkPreset(c.network).name} ${servedWords(c.served)}, on each device`);
    lines.push(
      `a: ${labels.a}`,
      `b: ${labels.b}`,
      "device = decompression after the last byte + decode, from that device's figures; the transfer is the same on both",
    );
    lines.push(
      ...table(
        ['row', 'a rank', 'a total', 'a device', 'b rank', 'b total', 'b device'],
        c.rows.map((r) => [r.name, ...cell(r.a), ...cell(r.b)]),
      ),
    );
  }
  return lines;
}
