import { WirebenchError } from '@wirebench/core';
import type { MeasureResult, Operation, PayloadResult, Ratio, RowResult } from 'wirebench';
import { bootstrapRatioInterval, mannWhitneyU, median, validateMeasureResult } from 'wirebench';
import { describeDiffs, failingDiffs, formatChange, formatCount, formatPercent, formatRatio } from 'wirebench/report';

/**
 * benchstat for wirebench: compares two `MeasureResult`s row by row. Times from different runs are
 * never compared directly (the machine may be faster one day than the next); what is compared is
 * each row's time ÷ JSON's time measured in the same interleaved round, across the rounds of each run.
 * Pure and browser-safe: no Node imports, so the playground can compare runs too.
 */

/**
 * Significance level of the per-row test. A quick run compares about 100 rows at once (payloads ×
 * rows × encode/decode). When nothing changed, the expected number of rows with p < alpha is at most
 * 100 × 0.01 = 1 false alarm per comparison (linearity of expectation: it holds however correlated
 * the rows are, since they share JSON's rounds). Such a chance hit is noise-sized, inside the
 * run-to-run band below, so the threshold removes it: a regression must be significant AND large.
 */
export const DEFAULT_ALPHA = 0.01;

/**
 * Smallest change that counts as a regression (or improvement). On this host the median over many
 * interleaved rounds of a row's ratio to JSON stays within about ±10 % from one run to the next with
 * no code change at all (clock boost, thermal state, neighbours, JIT and GC luck move a whole run).
 * A shift inside that band may be real but cannot be told from another day, so only changes beyond
 * 15 % that are also significant count.
 */
export const DEFAULT_THRESHOLD = 0.15;

/**
 * When a payload's rows all moved together, and why that is taken out. A ratio to JSON cancels a
 * machine that is uniformly slower, not one slower in one way (memory bandwidth on a large payload,
 * say), which moves every row of that payload by other amounts than JSON's native code. Such a
 * machine shows in JSON's own time: the shift (the median change of the payload's rows, SHIFT_MIN_ROWS
 * or more, so one row's regression does not move it) is taken out only where JSON's own median time
 * moved beyond the threshold between the runs. Where JSON's time held, every row is read as it is,
 * so code every codec shares (the UTF-8 writer, say) regressing or improving shows in full.
 */
export const SHIFT_MIN_ROWS = 3;

export interface CompareOptions {
  /** Significance level of the Mann–Whitney test (default {@link DEFAULT_ALPHA}). */
  readonly alpha?: number;
  /** Relative change a significant shift must exceed to be a regression or improvement (default {@link DEFAULT_THRESHOLD}). */
  readonly threshold?: number;
}

/** One row's operation, timed relative to JSON in both runs. */
export interface TimingChange {
  readonly payload: string;
  readonly row: string;
  readonly operation: Operation;
  /** Run a's time ÷ JSON's (median over rounds). */
  readonly before: number;
  /** Run b's time ÷ JSON's (median over rounds). */
  readonly after: number;
  /** after ÷ before ÷ shift: 1.10 = 10 % slower relative to JSON than the payload's rows moved together, 0.90 = 10 % faster. */
  readonly change: number;
  /** The payload's common shift for this operation that `change` is read against (1 where none was taken out: JSON's own time held, or too few rows). */
  readonly shift: number;
  /** 95 % bootstrap interval of `change`, resampling each run's rounds. */
  readonly low: number;
  readonly high: number;
  /** Two-sided Mann–Whitney p-value of the two runs' per-round ratios. */
  readonly p: number;
  /** Rounds behind each run's figure: [a, b]. */
  readonly rounds: readonly [number, number];
  /** p < alpha and the interval excludes 1. */
  readonly significant: boolean;
  /** Significant and change > 1 + threshold. */
  readonly regression: boolean;
  /** Significant and change < 1 / (1 + threshold). */
  readonly improvement: boolean;
  /** So few rounds that no p-value could fall below alpha: this row could not show any change. */
  readonly underpowered: boolean;
}

/** An encoded size that differs between the runs: exact, so no test is needed. */
export interface BytesChange {
  readonly payload: string;
  readonly row: string;
  readonly before: number;
  readonly after: number;
  /** after ÷ before. */
  readonly change: number;
}

/** A payload, row or timed operation present in one run only. */
export interface Unmatched {
  /** The run that has it. */
  readonly only: 'a' | 'b';
  readonly payload: string;
  readonly row?: string;
  readonly operation?: Operation;
  /** Why the other run lacks it, when that run says (e.g. the row's error). */
  readonly reason?: string;
}

/** Every row of a payload's operation moving together, with JSON's own time: taken out of each row's change. */
export interface SharedShift {
  readonly payload: string;
  readonly operation: Operation;
  /** Median of the rows' after ÷ before. */
  readonly shift: number;
  /** Rows it is the median of. */
  readonly rows: number;
  /** JSON's own median time in b ÷ in a: beyond the threshold, the sign that the machine moved. */
  readonly jsonMoved: number;
}

/** A row that worked in a and fails in b: it now errors, or no longer gives the payload back exactly. */
export interface Breakage {
  readonly payload: string;
  readonly row: string;
  /** In words, e.g. `now fails: encode failed: …` or `no longer exact: 3 diffs (first: value at $.id)`. */
  readonly what: string;
}

export interface ComparisonReport {
  readonly alpha: number;
  readonly threshold: number;
  readonly timings: readonly TimingChange[];
  /** Per payload and operation, how far all rows moved together; each timing's change is read against it. */
  readonly shifts: readonly SharedShift[];
  /** Rows broken in b: deterministic, so no test is needed, and each fails the comparison. */
  readonly breakages: readonly Breakage[];
  readonly bytes: readonly BytesChange[];
  readonly unmatched: readonly Unmatched[];
  /** What makes this comparison less telling (other machine, contended rounds…), in words. */
  readonly warnings: readonly string[];
}

const OPERATIONS: readonly Operation[] = ['encode', 'decode'];

// ---------------------------------------------------------------------------------------------
// Comparison.

/**
 * Compares run `b` against run `a`: every payload × row × operation with a ratio to JSON in both,
 * every encoded size that differs, and whatever only one run has. Throws (one line, naming the run)
 * if either input is not a valid wirebench result or the options are out of range.
 */
export function compareResults(a: MeasureResult, b: MeasureResult, options: CompareOptions = {}): ComparisonReport {
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  if (!(alpha > 0 && alpha < 1)) throw new Error(`alpha must be between 0 and 1 (exclusive), got ${alpha}`);
  if (!(threshold >= 0 && Number.isFinite(threshold))) throw new Error(`threshold must be a finite number ≥ 0, got ${threshold}`);
  validateLabelled(a, 'run a');
  validateLabelled(b, 'run b');

  const report = {
    alpha,
    threshold,
    timings: [] as TimingChange[],
    shifts: [] as SharedShift[],
    breakages: [] as Breakage[],
    bytes: [] as BytesChange[],
    unmatched: [] as Unmatched[],
    warnings: environmentWarnings(a, b),
  };
  const payloadsOfB = new Map(b.payloads.map((payload) => [payload.name, payload]));
  for (const before of a.payloads) {
    const after = payloadsOfB.get(before.name);
    if (after) comparePayload(before, after, report);
    else report.unmatched.push({ only: 'a', payload: before.name });
  }
  const payloadsOfA = new Set(a.payloads.map((payload) => payload.name));
  for (const after of b.payloads) if (!payloadsOfA.has(after.name)) report.unmatched.push({ only: 'b', payload: after.name });
  return report;
}

/** The timed changes beyond the threshold that make the comparison fail. */
export const regressions = (report: ComparisonReport): TimingChange[] => report.timings.filter((t) => t.regression);

/**
 * Shared shifts beyond the threshold (in `direction`) on most payloads of one operation, counted over
 * every payload the report timed that operation on (`outOf`, default: the report's own). One payload
 * moving as a whole is the machine; most payloads moving together is code every row shares (or a
 * baseline from another machine), which taking the shift out would hide, so slowing together fails
 * the comparison by itself.
 */
export function wholeRunShifts(report: ComparisonReport, direction: 'slower' | 'faster' = 'slower', outOf: ComparisonReport = report): SharedShift[] {
  const beyond = (s: SharedShift): boolean => (direction === 'slower' ? s.shift > 1 + report.threshold : s.shift < 1 / (1 + report.threshold));
  return OPERATIONS.flatMap((operation) => {
    const payloads = new Set(outOf.timings.filter((t) => t.operation === operation).map((t) => t.payload)).size;
    const moved = report.shifts.filter((s) => s.operation === operation && beyond(s));
    return payloads >= 2 && moved.length * 2 > payloads ? moved : [];
  });
}

/** Whether the comparison fails: a row broke, a timing regressed beyond the threshold, or most payloads slowed together. */
export const fails = (report: ComparisonReport): boolean => report.breakages.length > 0 || regressions(report).length > 0 || wholeRunShifts(report).length > 0;

function validateLabelled(result: MeasureResult, label: string): void {
  try {
    validateMeasureResult(result);
  } catch (error) {
    // The same WirebenchError, its message prefixed with the run it is about.
    throw new WirebenchError(`${label}: ${(error as Error).message}`, { cause: error });
  }
}

interface ReportDraft {
  readonly alpha: number;
  readonly threshold: number;
  readonly timings: TimingChange[];
  readonly shifts: SharedShift[];
  readonly breakages: Breakage[];
  readonly bytes: BytesChange[];
  readonly unmatched: Unmatched[];
  readonly warnings: string[];
}

function comparePayload(a: PayloadResult, b: PayloadResult, report: ReportDraft): void {
  const payload = a.name;
  const comparable = a.reference === b.reference;
  if (!comparable) report.warnings.push(`${payload}: ratios are to "${a.reference}" in a but "${b.reference}" in b, so its times are not compared`);
  if (a.jsonBytes !== b.jsonBytes)
    report.warnings.push(`${payload}: JSON size is ${formatCount(a.jsonBytes)} bytes in a but ${formatCount(b.jsonBytes)} in b: not the same data`);
  for (const [run, result] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (result.suspect) report.warnings.push(`${payload}: some rounds of ${run} ran under heavy CPU contention (suspect)`);
  }
  // A payload b could not measure at all (its worker crashed, say) broke every row a had.
  if (b.error !== undefined && a.error === undefined) {
    report.breakages.push({ payload, row: '(every row)', what: `not measured: ${b.error}` });
    return;
  }
  const rowsOfB = new Map(b.rows.map((row) => [row.name, row]));
  const timed = new Map<Operation, RatioPair[]>(OPERATIONS.map((operation) => [operation, []]));
  for (const rowA of a.rows) {
    const rowB = rowsOfB.get(rowA.name);
    if (!rowB) {
      report.unmatched.push({ only: 'a', payload, row: rowA.name });
      continue;
    }
    const broken = breakage(rowA, rowB);
    if (broken) report.breakages.push({ payload, row: rowA.name, what: broken });
    if (rowA.bytes !== undefined && rowB.bytes !== undefined && rowA.bytes !== rowB.bytes) {
      report.bytes.push({ payload, row: rowA.name, before: rowA.bytes, after: rowB.bytes, change: rowB.bytes / rowA.bytes });
    }
    // The reference's ratio to itself is 1 by construction: nothing to test.
    if (comparable && rowA.name !== a.reference) pairRatios(payload, rowA, rowB, timed, report);
  }
  const jsonA = a.rows.find((row) => row.name === a.reference);
  const jsonB = b.rows.find((row) => row.name === b.reference);
  for (const [operation, pairs] of timed) {
    const before = jsonA?.[operation]?.median;
    const after = jsonB?.[operation]?.median;
    const jsonMoved = before !== undefined && after !== undefined && before > 0 && after > 0 ? after / before : 1;
    compareOperation(payload, operation, pairs, jsonMoved, report);
  }
  const rowsOfA = new Set(a.rows.map((row) => row.name));
  for (const rowB of b.rows) if (!rowsOfA.has(rowB.name)) report.unmatched.push({ only: 'b', payload, row: rowB.name });
}

/** How b broke a row that worked in a, or undefined: a new error, or fidelity lost (or more diffs than before). */
function breakage(a: RowResult, b: RowResult): string | undefined {
  if (b.error !== undefined && a.error === undefined) return `now fails: ${b.error}`;
  const failing = (row: RowResult): number => (row.fidelity ? failingDiffs(row.fidelity).length : 0);
  if (a.fidelity && b.fidelity && failing(b) > failing(a)) return `${a.fidelity.ok ? 'no longer exact' : 'loses more data'}: ${describeDiffs(b.fidelity)}`;
  return undefined;
}

/** One row's per-round ratios to JSON in both runs. */
interface RatioPair {
  readonly row: string;
  readonly a: readonly number[];
  readonly b: readonly number[];
}

/** A row's ratios per operation, or what one run lacks. */
function pairRatios(payload: string, rowA: RowResult, rowB: RowResult, timed: Map<Operation, RatioPair[]>, report: ReportDraft): void {
  for (const operation of OPERATIONS) {
    const a = finiteRatios(rowA[operation]?.vsJson);
    const b = finiteRatios(rowB[operation]?.vsJson);
    if (a.length > 0 && b.length > 0) timed.get(operation)?.push({ row: rowA.name, a, b });
    else if (a.length > 0 || b.length > 0) {
      const [only, other] = a.length > 0 ? (['a', rowB] as const) : (['b', rowA] as const);
      report.unmatched.push({ only, payload, row: rowA.name, operation, reason: other.error ?? 'no ratio to JSON' });
    }
  }
}

/** Every row's change for one operation, read against the shift the rows share where the machine moved (`jsonMoved`). */
function compareOperation(payload: string, operation: Operation, pairs: readonly RatioPair[], jsonMoved: number, report: ReportDraft): void {
  let shift = 1;
  const machineMoved = jsonMoved > 1 + report.threshold || jsonMoved < 1 / (1 + report.threshold);
  if (machineMoved && pairs.length >= SHIFT_MIN_ROWS) {
    shift = median(pairs.map(({ a, b }) => median(b) / median(a)));
    report.shifts.push({ payload, operation, shift, rows: pairs.length, jsonMoved });
  }
  for (const { row, a, b } of pairs) {
    const against = b.map((ratio) => ratio / shift);
    report.timings.push(compareRatios({ payload, row, operation }, a, against, shift, report));
  }
}

/** The per-round ratios that are usable: a coarse timer can give 0 ms, hence ratios of 0, ∞ or null. */
const finiteRatios = (ratio: Ratio | undefined): number[] =>
  (ratio?.perRound ?? []).filter((value) => typeof value === 'number' && Number.isFinite(value) && value > 0);

/** One row's change; `b` is already divided by the payload's `shift`. */
function compareRatios(
  where: Pick<TimingChange, 'payload' | 'row' | 'operation'>,
  a: readonly number[],
  b: readonly number[],
  shift: number,
  { alpha, threshold }: Pick<ReportDraft, 'alpha' | 'threshold'>,
): TimingChange {
  const before = median(a);
  const after = median(b) * shift;
  const change = median(b) / before;
  const { low, high } = bootstrapRatioInterval(a, b);
  const { p } = mannWhitneyU(a, b);
  const significant = p < alpha && (low > 1 || high < 1);
  return {
    ...where,
    before,
    after,
    change,
    shift,
    low,
    high,
    p,
    rounds: [a.length, b.length],
    significant,
    regression: significant && change > 1 + threshold,
    improvement: significant && change < 1 / (1 + threshold),
    underpowered: smallestP(a.length, b.length) >= alpha,
  };
}

/** The p-value of two fully separated groups: nothing the test says about these sizes goes lower. */
function smallestP(n1: number, n2: number): number {
  const values = Array.from({ length: n1 + n2 }, (_, i) => i);
  return mannWhitneyU(values.slice(0, n1), values.slice(n1)).p;
}

function environmentWarnings(a: MeasureResult, b: MeasureResult): string[] {
  const fields = ['runtime', 'runtimeVersion', 'cpuModel', 'arch', 'cpuThrottle'] as const;
  const isolation = (run: MeasureResult): string => run.options?.isolation ?? 'not recorded';
  return [
    ...fields
      .filter((field) => a.environment[field] !== b.environment[field])
      .map(
        (field) =>
          `runs differ in ${field} (${String(a.environment[field] ?? 'unknown')} vs ${String(b.environment[field] ?? 'unknown')}): a change may come from that, not from the code`,
      ),
    // Measured in one process, a payload's ratios depend on the payloads before it; isolated, they do not.
    ...(isolation(a) !== isolation(b)
      ? [
          `runs differ in isolation (${isolation(a)} vs ${isolation(b)}): in one process a JavaScript codec's ratios to JSON depend on the payloads measured before it, so a change may come from that, not from the code`,
        ]
      : []),
  ];
}

// ---------------------------------------------------------------------------------------------
// Formatting: one plain-text table for terminals, GitHub Markdown for pull requests.

export interface FormatOptions {
  /** What to call the two runs, e.g. their file names (default "a" and "b"). */
  readonly labels?: { readonly a: string; readonly b: string };
}

/** The closing line when no timed change is significant; exactly this, so scripts can match it. */
export const NO_CHANGE_LINE = 'no significant change';

type Mark = '▲ slower' | '▼ faster' | '△ slower' | '▽ faster' | 'too few rounds' | '';

function mark(t: TimingChange): Mark {
  if (t.regression) return '▲ slower';
  if (t.improvement) return '▼ faster';
  if (t.significant) return t.change > 1 ? '△ slower' : '▽ faster';
  return t.underpowered ? 'too few rounds' : '';
}

/** What each column and mark means, as [term, meaning] pairs. */
function legend(report: ComparisonReport): [string, string][] {
  const beyond = formatPercent(report.threshold);
  return [
    [
      'change',
      "(b's time ÷ JSON's) ÷ (a's time ÷ JSON's) ÷ shift − 1, each ratio from the same interleaved round: + is slower relative to JSON, − faster; lower is better",
    ],
    [
      'shift',
      `where JSON's own time moved beyond the threshold between the runs (the machine), the median of that change over the payload's rows for the operation (${SHIFT_MIN_ROWS} rows or more), taken out; elsewhere 1`,
    ],
    ['interval', "95 % bootstrap interval of the change, resampling each run's rounds"],
    ['p', `two-sided Mann–Whitney p-value of the two runs' per-round ratios; significant when p < ${report.alpha} and the interval excludes 0 %`],
    ['▲ slower / ▼ faster', `significant and beyond ${beyond}: a regression / an improvement`],
    ['△ slower / ▽ faster', `significant but within ${beyond}, about the run-to-run drift of one machine: not counted`],
  ];
}

function textLegend(report: ComparisonReport): string[] {
  const entries = legend(report);
  const width = Math.max(...entries.map(([term]) => term.length));
  return entries.map(([term, meaning]) => `  ${term.padEnd(width)}  ${meaning}`);
}

function timingCells(timings: readonly TimingChange[]): string[][] {
  let previous: string | undefined;
  return timings.map((t) => {
    const payload = t.payload === previous ? '' : t.payload;
    previous = t.payload;
    return [
      payload,
      t.row,
      t.operation,
      formatRatio(t.before),
      formatRatio(t.after),
      formatChange(t.change),
      `[${formatChange(t.low)}, ${formatChange(t.high)}]`,
      pValue(t.p),
      `${t.rounds[0]}/${t.rounds[1]}`,
      mark(t),
    ];
  });
}

const TIMING_HEADER = ['payload', 'row', 'op', 'a ÷ JSON', 'b ÷ JSON', 'change', '95 % interval', 'p', 'rounds', ''];
/** Which columns hold numbers, right-aligned. */
const TIMING_NUMERIC = [false, false, false, true, true, true, false, true, true, false];

function bytesCells(changes: readonly BytesChange[]): string[][] {
  return changes.map((c) => [c.payload, c.row, formatCount(c.before), formatCount(c.after), formatChange(c.change)]);
}

const BYTES_HEADER = ['payload', 'row', 'a bytes', 'b bytes', 'change'];
const BYTES_NUMERIC = [false, false, true, true, true];

function unmatchedLine(u: Unmatched): string {
  const what = [u.payload, u.row, u.operation].filter((part) => part !== undefined).join(' / ');
  return u.reason === undefined ? what : `${what} (${u.reason})`;
}

/**
 * The last line: "no significant change", or how many rows changed beyond the threshold and which
 * regressed. A significant shift inside the threshold is run-to-run drift of the machine, which two
 * runs of the same code show too: it is marked in the table (△ ▽) but is not a change of the code.
 */
export function closingLine(report: ComparisonReport): string {
  if (report.breakages.length > 0) {
    return `${plural(report.breakages.length, 'row')} broke: ${report.breakages.map((b) => `${b.payload} / ${b.row} ${b.what}`).join('; ')}`;
  }
  const wholeRun = wholeRunShifts(report);
  if (wholeRun.length > 0) {
    return `every row slowed together on most payloads, beyond ${formatPercent(report.threshold)}: ${wholeRun.map(describeShift).join('; ')} (code every codec shares, or a baseline from another machine)`;
  }
  const failing = regressions(report);
  const improved = report.timings.filter((t) => t.improvement).length;
  if (failing.length === 0 && improved === 0) return NO_CHANGE_LINE;
  const counts = `${plural(failing.length + improved, 'significant change')} beyond ${formatPercent(report.threshold)}: ${plural(failing.length, 'regression')}, ${plural(improved, 'improvement')}`;
  return failing.length === 0 ? counts : `${counts}: ${failing.map(describeChange).join('; ')}`;
}

/** Significant shifts too small to count, said above the closing line so they are not mistaken for changes. */
function driftLine(report: ComparisonReport): string[] {
  const drift = report.timings.filter((t) => t.significant && !t.regression && !t.improvement).length;
  return drift === 0
    ? []
    : [`${plural(drift, 'row')} moved significantly but by less than ${formatPercent(report.threshold)} (△ ▽): within this machine's run-to-run drift`];
}

/** Most payloads speeding up together: never a failure, but said, as JSON itself slowing looks like this. */
function fasterTogetherLine(report: ComparisonReport): string[] {
  const faster = wholeRunShifts(report, 'faster');
  return faster.length === 0
    ? []
    : [`every row sped up together on most payloads: ${faster.map(describeShift).join('; ')} (JSON's own time moved: code every codec shares, or JSON slower)`];
}

/** The shifts taken out of the rows' changes, one line per operation. */
function shiftLines(report: ComparisonReport): string[] {
  return OPERATIONS.flatMap((operation) => {
    const shifts = report.shifts.filter((s) => s.operation === operation);
    return shifts.length === 0
      ? []
      : [`${operation}: ${shifts.map((s) => `${s.payload} ${formatChange(s.shift)} (JSON's own time ${formatChange(s.jsonMoved)})`).join(', ')}`];
  });
}

export const describeShift = (s: SharedShift): string => `${s.payload} / ${s.operation} ${formatChange(s.shift)} (median of ${s.rows} rows)`;

/** One change in words, e.g. `nested / msgpack / decode +25.0 % (p 0.0001)`. */
const describeChange = (t: TimingChange): string => `${t.payload} / ${t.row} / ${t.operation} ${formatChange(t.change)} (p ${pValue(t.p)})`;

/** The report as aligned plain text for a terminal. */
export function formatText(report: ComparisonReport, options: FormatOptions = {}): string {
  const { a, b } = options.labels ?? { a: 'a', b: 'b' };
  const lines = [`wirebench compare: a = ${a}, b = ${b}`, ...textLegend(report), ''];
  lines.push(...(report.timings.length > 0 ? alignedTable(TIMING_HEADER, timingCells(report.timings), TIMING_NUMERIC) : ['no timed rows in common']));
  const shifts = shiftLines(report);
  if (shifts.length > 0) lines.push('', "rows moved together with JSON's own time (shift, taken out of each change above):", ...shifts.map((l) => `  ${l}`));
  if (report.bytes.length > 0)
    lines.push('', 'sizes (exact, no test needed):', ...alignedTable(BYTES_HEADER, bytesCells(report.bytes), BYTES_NUMERIC).map((l) => `  ${l}`));
  for (const only of ['a', 'b'] as const) {
    const entries = report.unmatched.filter((u) => u.only === only);
    if (entries.length > 0) lines.push('', `only in ${only}:`, ...entries.map((u) => `  ${unmatchedLine(u)}`));
  }
  if (report.warnings.length > 0) lines.push('', 'warnings:', ...report.warnings.map((w) => `  ${w}`));
  lines.push('', ...driftLine(report), ...fasterTogetherLine(report), closingLine(report));
  return `${lines.join('\n')}\n`;
}

/** The report as GitHub Markdown, for a pull request comment: significant changes up front, every row folded. */
export function formatMarkdown(report: ComparisonReport, options: FormatOptions = {}): string {
  const { a, b } = options.labels ?? { a: 'a', b: 'b' };
  const lines = [
    `### wirebench compare`,
    '',
    `**a** = \`${a}\`, **b** = \`${b}\``,
    '',
    ...legend(report).map(([term, meaning]) => `- **${escapeMarkdown(term)}**: ${escapeMarkdown(meaning)}`),
    '',
  ];
  const significant = report.timings.filter((t) => t.regression || t.improvement);
  if (significant.length > 0) lines.push('**Significant changes**', '', ...markdownTable(TIMING_HEADER, timingCells(significant), TIMING_NUMERIC), '');
  if (report.timings.length > 0) {
    lines.push(
      `<details><summary>All ${report.timings.length} timed rows</summary>`,
      '',
      ...markdownTable(TIMING_HEADER, timingCells(report.timings), TIMING_NUMERIC),
      '',
      '</details>',
      '',
    );
  }
  const shifts = shiftLines(report);
  if (shifts.length > 0)
    lines.push("**Rows moved together with JSON's own time** (shift, taken out of each change)", '', ...shifts.map((l) => `- ${escapeMarkdown(l)}`), '');
  if (report.bytes.length > 0) lines.push('**Sizes** (exact, no test needed)', '', ...markdownTable(BYTES_HEADER, bytesCells(report.bytes), BYTES_NUMERIC), '');
  for (const only of ['a', 'b'] as const) {
    const entries = report.unmatched.filter((u) => u.only === only);
    if (entries.length > 0) lines.push(`**Only in ${only}**`, '', ...entries.map((u) => `- ${escapeMarkdown(unmatchedLine(u))}`), '');
  }
  if (report.warnings.length > 0) lines.push('**Warnings**', '', ...report.warnings.map((w) => `- ${escapeMarkdown(w)}`), '');
  lines.push(...[...driftLine(report), ...fasterTogetherLine(report)].map((line) => `${line}\n`), closingLine(report));
  return `${lines.join('\n')}\n`;
}

function alignedTable(header: readonly string[], rows: readonly string[][], numeric: readonly boolean[]): string[] {
  const widths = header.map((cell, c) => Math.max(cell.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

function markdownTable(header: readonly string[], rows: readonly string[][], numeric: readonly boolean[]): string[] {
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  return [line(header), `|${numeric.map((right) => (right ? ' --: ' : ' --- ')).join('|')}|`, ...rows.map(line)];
}

const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);

/** A p-value: three decimals, or its order of magnitude when smaller (a test statistic, not a result figure). */
const pValue = (p: number): string => (p >= 0.001 ? p.toFixed(3) : p.toExponential(0));
const plural = (count: number, noun: string): string => `${count === 0 ? 'no' : count} ${noun}${count === 1 ? '' : 's'}`;
