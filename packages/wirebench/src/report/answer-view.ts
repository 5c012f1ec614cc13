/**
 * What the text and HTML renderings of a payload's answer (`ResultPayload.answer`) share: its rows in
 * rank order, a row's figures on one preset, a ranked row's reason without the figures its own
 * columns show, the constraints in words, and which format's bytes are set against JSON's.
 * Pure: plain data in, plain data out; no layout.
 */

import type { Saving } from '@wirebench/core/attribution';
import type { BreakEven, Responses } from '../answer/break-even.js';
import type { ResolvedConstraints } from '../answer/constraints.js';
import { DEFAULT_MIN_GAIN } from '../answer/constraints.js';
import type { NetworkPreset } from '../answer/networks.js';
import { findNetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer, RowAnswer } from '../answer/payload-answer.js';
import type { RankedRow } from '../answer/rank.js';
import type { ServedEncoding } from '../answer/served.js';
import type { TimeUntilUsable } from '../answer/time-until-usable.js';
import type { FormatBytes } from '../attribution/breakdown.js';
import type { ResultPayload } from '../result/types.js';
import { formatShare, servedWords } from './answer-words.js';
import { formatBytes, formatCount, formatNumber } from './format.js';

/** A row of the answer with its place in the ranking (undefined: not ranked). */
export interface AnswerRowView {
  readonly row: RowAnswer;
  readonly rank: number | undefined;
}

/** The answer's rows that have figures: the ranked ones in rank order, then the others in the result's order. */
export function rowsInRankOrder(answer: PayloadAnswer): AnswerRowView[] {
  const rankOf = new Map(answer.ranking.ranked.map((r) => [r.name, r.rank]));
  const withFigures = answer.rows.filter((row) => row.usable.length > 0);
  const ranked = withFigures.filter((row) => rankOf.has(row.name)).sort((a, b) => (rankOf.get(a.name) as number) - (rankOf.get(b.name) as number));
  const others = withFigures.filter((row) => !rankOf.has(row.name));
  return [...ranked, ...others].map((row) => ({ row, rank: rankOf.get(row.name) }));
}

/** The presets the answer gives figures on, in its order (the default roles, then the ranking's own when it is not among them). */
export function answerPresets(answer: PayloadAnswer): NetworkPreset[] {
  return answer.networks.map((id) => findNetworkPreset(id));
}

/** `row`'s time until usable on `network` served as `served`, where it was measured. */
export function usableOn(row: RowAnswer, network: string, served: ServedEncoding): TimeUntilUsable | undefined {
  return row.usable.find((t) => t.network === network && t.served === served);
}

/** `row`'s break-even against JSON on `network` served as `served` (none for JSON itself, or a row whose JS is unknown). */
export function breakEvenOn(row: RowAnswer, network: string, served: ServedEncoding): BreakEven | undefined {
  return row.breakEven.find((b) => b.network === network && b.served === served);
}

/** Milliseconds, the parts and their sum: `213 (211 + 0.41 + 2.42)`, in the unit a column's header names. */
export function usableParts(t: TimeUntilUsable): string {
  return `${formatNumber(t.totalMs)} (${formatNumber(t.transferMs)} + ${formatNumber(t.decompressMs)} + ${formatNumber(t.decodeMs)})`;
}

/** A count of responses for a table cell: `6`, `1,200`, `never`. */
export function responsesCell(responses: Responses): string {
  return responses === 'never' ? 'never' : formatCount(responses);
}

/** The ranking's link and served encoding in words: `4G (9 Mbps, 170ms RTT) with gzip`. */
export function rankingLink(answer: PayloadAnswer): string {
  return `${answer.ranking.network.label} ${servedWords(answer.ranking.constraints.served)}`;
}

/** The constraints the user stated, in words (empty when none was). */
export function constraintWords(constraints: ResolvedConstraints): string[] {
  return [
    ...(constraints.bundleBudgetBytes !== null ? [`at most ${formatBytes(constraints.bundleBudgetBytes)} of gzipped JS`] : []),
    ...(constraints.noEval ? ['no eval (CSP without unsafe-eval)'] : []),
    ...(constraints.exactInt64 ? ['int64 kept exactly'] : []),
    ...(constraints.readableTraffic ? ['human-readable traffic'] : []),
    ...(constraints.sharedSchemaOk ? [] : ['no shared schema']),
    ...(constraints.minGain !== DEFAULT_MIN_GAIN ? [`a switch worth at least ${formatShare(constraints.minGain)} of JSON's time`] : []),
    ...(constraints.cpuSlowdown !== undefined ? [`users' CPUs ${constraints.cpuSlowdown}× slower`] : []),
  ];
}

/** The ranking's constraints on one line, the link first: `4G with gzip`, `3G Slow with brotli, no eval (CSP without unsafe-eval)`. */
export function constraintsSummary(answer: PayloadAnswer): string {
  const { network, constraints } = answer.ranking;
  return [`${network.name} ${servedWords(constraints.served)}`, ...constraintWords(constraints)].join(', ');
}

/** One line of the byte table: a path's bytes in JSON and in the format, and what the format saves there by kind. */
export interface PathLine {
  /** `path`: one JSON path; `rest`: every path not listed; `total`: the whole payload. */
  readonly kind: 'path' | 'rest' | 'total';
  /** The JSON path, or the line's name: `272 other paths`, `the whole payload`. */
  readonly label: string;
  readonly jsonBytes: number;
  readonly formatBytes: number;
  readonly saved: Saving;
}

/** What the byte table sets against JSON: the best-ranked format other than JSON, and its lines. */
export interface BytesVersusJson {
  readonly row: RankedRow;
  readonly bytes: FormatBytes;
  /** The paths that save most, most first; then the other paths together; then the whole payload. */
  readonly lines: readonly PathLine[];
}

/** The best-ranked row of a format other than JSON and where its bytes differ from JSON's, or why there is nothing to show. */
export function bytesVersusJson(payload: ResultPayload): BytesVersusJson | { readonly why: string } {
  const answer = payload.answer;
  if (!answer) return { why: 'the payload has no answer' };
  const row = answer.ranking.ranked.find((r) => r.format !== 'json' && r.format !== 'simdjson');
  if (!row) return { why: 'no format other than JSON is ranked' };
  if (!payload.attribution) return { why: `its bytes were not attributed${payload.attributionError !== undefined ? `: ${payload.attributionError}` : ''}` };
  const bytes = payload.attribution.formats.find((f) => f.format === row.format);
  const refused = payload.attribution.refused?.find((r) => r.format === row.format);
  if (!bytes?.savedVsJson) return { why: `${row.format}'s bytes were not attributed${refused ? `: ${refused.reason}` : ''}` };
  const { paths, rest, saved } = bytes.savedVsJson;
  // Every path's own bytes add up to the encoding's size, so the paths not listed hold what the listed ones do not.
  const jsonTotal = bytes.total + saved.total;
  const restJson = jsonTotal - paths.reduce((sum, p) => sum + p.baseBytes, 0);
  const restFormat = bytes.total - paths.reduce((sum, p) => sum + p.otherBytes, 0);
  return {
    row,
    bytes,
    lines: [
      ...paths.map((p): PathLine => ({ kind: 'path', label: p.path, jsonBytes: p.baseBytes, formatBytes: p.otherBytes, saved: p })),
      ...(rest.paths > 0
        ? [{ kind: 'rest', label: `${formatCount(rest.paths)} other paths`, jsonBytes: restJson, formatBytes: restFormat, saved: rest } as const]
        : []),
      { kind: 'total', label: 'the whole payload', jsonBytes: jsonTotal, formatBytes: bytes.total, saved },
    ],
  };
}

/** A byte-table line's figures, in its columns' order: JSON, the format, saved, keys, values, framing. */
export function pathLineFigures(line: PathLine): string[] {
  return [line.jsonBytes, line.formatBytes, line.saved.total, line.saved.keys, line.saved.values, line.saved.framing].map(formatCount);
}
