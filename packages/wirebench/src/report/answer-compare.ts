/**
 * Two results' answers side by side (two devices, two engines, or the same device on two days): for
 * each payload both answered, every row's time until usable on the first result's ranking link, as
 * each device measured its decompression and decode. The transfer is the same on both (same bytes,
 * same preset); the device part is what differs, so that is what the lines show beside the totals.
 * Then what each side's own ranking recommends, named by its runtime and engine, whether that
 * changes between the two, and the ranked rows whose order flips.
 */

import type { ResolvedConstraints } from '../answer/constraints.js';
import { findNetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer } from '../answer/payload-answer.js';
import type { Ranking } from '../answer/rank.js';
import type { VerdictBrief } from '../answer/verdict.js';
import { brief, sameBrief, verdict } from '../answer/verdict.js';
import type { ResultPayload, WirebenchResult } from '../result/types.js';
import { formatMs, formatShare, runtimeWords, servedWords, verdictBriefWords } from './answer-words.js';
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

/** Two ranked rows whose order differs between the results: `ahead` is ahead of `behind` in a, behind it in b. */
export interface RankFlip {
  readonly ahead: string;
  readonly behind: string;
}

/** What each result's own ranking of a payload recommends, and whether the two say the same. */
export interface VerdictComparison {
  readonly a: VerdictBrief;
  readonly b: VerdictBrief;
  /** Another kind of verdict, or another row named. */
  readonly changes: boolean;
  /** Whether the two rankings were under the same constraints: where not, a verdict may change by them, not by the device. */
  readonly sameConstraints: boolean;
  /** Every pair of rows both rankings ranked in the opposite order, in a's order. */
  readonly flips: readonly RankFlip[];
}

/** A payload both results answered, compared on one link and served encoding. */
export interface AnswerComparison {
  readonly payload: string;
  /** The preset id (the first result's ranking link). */
  readonly network: string;
  readonly served: PayloadAnswer['served'][number];
  readonly rows: readonly AnswerComparisonRow[];
  readonly verdicts: VerdictComparison;
  /** Each result's runtime and engine in words (runtimeWords): `Node v20.20.2 (V8)`, `WebKitGTK 2.50.6 (JavaScriptCore)`. */
  readonly runtimes: { readonly a: string; readonly b: string };
}

/** A payload both results measured that only one of them, or neither, answered (`why`: its answerError), so no verdicts to compare. */
export interface AnswerGap {
  readonly payload: string;
  readonly unanswered: 'a' | 'b' | 'both';
  readonly why?: string;
}

function onLink(answer: PayloadAnswer, name: string, network: string, served: string): DeviceUsable | undefined {
  const t = answer.rows.find((r) => r.name === name)?.usable.find((u) => u.network === network && u.served === served);
  if (!t) return undefined;
  const sameRanking = answer.ranking.network.id === network && answer.ranking.constraints.served === served;
  const rank = sameRanking ? answer.ranking.ranked.find((r) => r.name === name)?.rank : undefined;
  return { totalMs: t.totalMs, deviceMs: t.decompressMs + t.decodeMs, ...(rank !== undefined ? { rank } : {}) };
}

/** Pairs ranked in both, ahead in `a` and behind in `b` (strictly: a tie flips nothing). */
function rankFlips(a: Ranking, b: Ranking): RankFlip[] {
  const inB = new Map(b.ranked.map((r) => [r.name, r.rank]));
  const both = a.ranked.filter((r) => inB.has(r.name));
  return both.flatMap((x, i) =>
    both
      .slice(i + 1)
      .filter((y) => x.rank < y.rank && (inB.get(x.name) as number) > (inB.get(y.name) as number))
      .map((y) => ({ ahead: x.name, behind: y.name })),
  );
}

function sameConstraints(a: ResolvedConstraints, b: ResolvedConstraints): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ResolvedConstraints)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** Each answer's own verdict, side by side. */
function compareVerdicts(a: PayloadAnswer, b: PayloadAnswer): VerdictComparison {
  const [va, vb] = [brief(verdict(a.ranking)), brief(verdict(b.ranking))];
  return {
    a: va,
    b: vb,
    changes: !sameBrief(va, vb),
    sameConstraints: sameConstraints(a.ranking.constraints, b.ranking.constraints),
    flips: rankFlips(a.ranking, b.ranking),
  };
}

/** The payloads both results answered, by name, each on the first result's ranking link and encoding. */
export function compareAnswers(a: WirebenchResult, b: WirebenchResult): AnswerComparison[] {
  const runtimes = { a: runtimeWords(a.environment), b: runtimeWords(b.environment) };
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
    return [{ payload: payloadA.name, network, served, rows, verdicts: compareVerdicts(answerA, answerB), runtimes }];
  });
}

/** The payloads both results measured but not both answered (one answered, or one says why not): no verdicts to set side by side. */
export function answerGaps(a: WirebenchResult, b: WirebenchResult): AnswerGap[] {
  return a.payloads.flatMap((payloadA) => {
    const payloadB = b.payloads.find((p) => p.name === payloadA.name);
    if (!payloadB || (payloadA.answer && payloadB.answer)) return [];
    const unanswered = payloadA.answer ? 'b' : payloadB.answer ? 'a' : 'both';
    const why = [payloadA, payloadB]
      .map((p: ResultPayload, i) => (p.answerError !== undefined ? `${i === 0 ? 'a' : 'b'}: ${p.answerError}` : undefined))
      .filter((w) => w !== undefined);
    // Neither answered and neither says why (a payload that could not be measured): the timing comparison says so already.
    if (unanswered === 'both' && why.length === 0) return [];
    return [{ payload: payloadA.name, unanswered, ...(why.length > 0 ? { why: why.join('; ') } : {}) }];
  });
}

/** What each side is called: `a`, `there`… */
export interface SideLabels {
  readonly a: string;
  readonly b: string;
}

/**
 * The verdicts in words: one line when both say the same, else a line per side, each named by its
 * label and runtime; then the rows whose order flips, and a warning where the constraints differ.
 * E.g. `verdict: the same on a (Node v20.20.2 (V8)) and b (Chromium 156.0.8078.108 (V8)): stay with JSON`.
 */
export function verdictLines(c: AnswerComparison, labels: SideLabels): string[] {
  const v = c.verdicts;
  const side = (s: 'a' | 'b'): string => `${labels[s]} (${c.runtimes[s]})`;
  const lines: string[] = [];
  if (!v.changes && v.a.named && v.b.named) {
    // The same row named: both gains, as they differ by device.
    const gain = (named: NonNullable<VerdictBrief['named']>): string => `${formatMs(named.savedMs)} (${formatShare(named.share)})`;
    lines.push(
      `verdict: the same on ${side('a')} and ${side('b')}: ${v.a.named.name} is sooner than JSON, ${gain(v.a.named)} on ${labels.a}, ${gain(v.b.named)} on ${labels.b}`,
    );
  } else if (!v.changes) {
    lines.push(`verdict: the same on ${side('a')} and ${side('b')}: ${verdictBriefWords(v.a)}`);
  } else {
    lines.push(`verdict changes: on ${side('a')}, ${verdictBriefWords(v.a)}; on ${side('b')}, ${verdictBriefWords(v.b)}`);
  }
  if (v.flips.length > 0) {
    const flips = v.flips.map((f) => `${f.ahead} ahead of ${f.behind} on ${labels.a}, behind it on ${labels.b}`);
    lines.push(`rank order flips: ${flips.join('; ')}`);
  }
  if (!v.sameConstraints) lines.push('the two answers were ranked under different constraints: a verdict may differ by them, not by the device');
  return lines;
}

/** The payloads not both answered, a line each: `orders.json: no verdict to compare: b has no answer (b: no JSON row)`. */
export function formatAnswerGaps(gaps: readonly AnswerGap[]): string[] {
  return gaps.map(
    (g) =>
      `${g.payload}: no verdict to compare: ${g.unanswered === 'both' ? 'neither has an answer' : `${g.unanswered} has no answer`}${g.why ? ` (${g.why})` : ''}`,
  );
}

/** The comparison as text: per payload, each row's total and device part on both results, its rank where ranked, then the verdicts. */
export function formatAnswerComparison(comparisons: readonly AnswerComparison[], labels: SideLabels): string[] {
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
      ...verdictLines(c, { a: 'a', b: 'b' }),
    );
  }
  return lines;
}
