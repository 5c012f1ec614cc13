import type { MeasureResult, Operation, OperationResult, PayloadResult, Ratio, RowResult } from 'wirebench';
import { bootstrapInterval, median } from 'wirebench';
import { formatInterval, formatRatio } from 'wirebench/report';

/**
 * wirebench versus the libraries: for every payload of a result, every library implementation L of
 * a format F and each operation, wirebench's time ÷ L's time, both codecs behind the same `Codec`
 * API on the same payload. The ratio is taken per round (row `F`'s round median ÷ row `F (L)`'s
 * round median: rounds are interleaved, so round i of both rows was timed in the same stretch of the
 * machine's noise), then its median over rounds with a 95 % bootstrap interval over rounds, as every
 * other ratio of the engine. Above 1: wirebench is slower than the library on that payload.
 *
 * Per (F, L, operation): the geometric mean of the payloads' estimates and the worst payload (the
 * highest estimate). Works on one result or on results pooled by `poolResults`, which concatenates
 * each row's round medians run after run, so round i of both rows still comes from the same round
 * of the same run; rows whose round counts differ (one of them failed in some run) are left out,
 * with the reason, rather than paired across rounds.
 *
 * Left out, each with its reason: a payload that could not be measured, a codec that errored, an
 * operation that either row did not time, and a wirebench row that did not give the payload back
 * (its time is for other data, and wirebench is meant to be exact). A library row that did not give
 * the payload back stays a figure (that is the library as users run it) but is flagged LOSSY.
 */

/** A payload's cell is marked when wirebench is more than this many times slower than the library. */
export const CELL_MARK_ABOVE = 1.25;
/** A geometric mean is marked when wirebench is slower than the library on average at all. */
export const GEOMEAN_MARK_ABOVE = 1;

const OPERATIONS: readonly Operation[] = ['encode', 'decode'];
const WIREBENCH = 'wirebench';

/** One library implementation of one format, and one operation: a column of the table. */
export interface VersusColumn {
  readonly format: string;
  /** The library's npm name, e.g. `msgpackr`. */
  readonly implementation: string;
  /** The library row's name: `msgpack (msgpackr)`. */
  readonly row: string;
  /** The library's version as the result records it (`2.1.4 (native msgpackr-extract)`), where it does. */
  readonly version?: string;
  readonly operation: Operation;
  /** Geometric mean of the estimates over the payloads that have a figure; undefined when none has. */
  readonly geomean?: number;
  /** How many payloads the geometric mean is over. */
  readonly payloads: number;
  /** The payload with the highest estimate (where wirebench is slowest against this library). */
  readonly worst?: { readonly payload: string; readonly estimate: number };
  /** How many of those payloads the library did not give back exactly (still counted). */
  readonly lossy: number;
}

/** One payload's figure for one column. */
export interface VersusCell {
  readonly payload: string;
  /** The column's `row` and `operation`. */
  readonly row: string;
  readonly operation: Operation;
  /** wirebench ÷ library: median over rounds of the per-round ratio, its 95 % interval, the per-round values. */
  readonly ratio: Ratio;
  /** The library row did not give the payload back exactly: its time is for other data. */
  readonly lossy: boolean;
}

/** A payload's figure that is not there, and why. */
export interface VersusExclusion {
  readonly payload: string;
  /** The library row's name, or undefined when the whole payload is left out. */
  readonly row?: string;
  readonly operation?: Operation;
  readonly reason: string;
}

export interface VersusReport {
  /** `Node v20.20.2`, `Chromium 156.0…`: the result's runtime. */
  readonly runtime: string;
  /** Payload names, in the result's order. */
  readonly payloads: readonly string[];
  /** Per format, per library, per operation, in the order the result lists the rows. */
  readonly columns: readonly VersusColumn[];
  readonly cells: readonly VersusCell[];
  readonly excluded: readonly VersusExclusion[];
}

export interface VersusOptions {
  /** Bootstrap resamples behind each interval (default: the result's own `bootstrapResamples`). */
  readonly resamples?: number;
}

/** Who runs a codec row: its `implementation`, or (results written before rows said it) what its name says. */
function implementationOf(row: RowResult): string {
  if (row.implementation !== undefined) return row.implementation;
  const named = /^\S+ \((.+)\)$/.exec(row.name);
  return named ? (named[1] as string) : WIREBENCH;
}

function formatOf(row: RowResult): string {
  return row.format ?? row.name.replace(/ \(.+\)$/, '');
}

const isCodec = (row: RowResult): boolean => row.kind === 'codec';
/** A library's codec row (`msgpack (msgpackr)`, measured with `--implementations all`). */
export const isLibraryCodec = (row: RowResult): boolean => isCodec(row) && implementationOf(row) !== WIREBENCH;

/** A row's error on one line, short enough for a list item. */
const errorText = (error: string): string => {
  const line = error.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
};

interface ColumnKey {
  readonly format: string;
  readonly implementation: string;
  readonly row: string;
  readonly version?: string;
}

/** Every library codec row of the result, in the order the payloads list them. */
function libraryColumns(result: MeasureResult): ColumnKey[] {
  const keys: ColumnKey[] = [];
  for (const payload of result.payloads) {
    for (const row of payload.rows) {
      if (!isLibraryCodec(row)) continue;
      const found = keys.findIndex((key) => key.row === row.name);
      const implementation = implementationOf(row);
      // The implementation is the row's to name: only the result's own libraries, never a member every object inherits.
      const { libraries } = result.environment;
      const version = row.version ?? (Object.hasOwn(libraries, implementation) ? libraries[implementation] : undefined);
      if (found < 0) keys.push({ format: formatOf(row), implementation, row: row.name, ...(version === undefined ? {} : { version }) });
      else if (keys[found]?.version === undefined && version !== undefined) keys[found] = { ...(keys[found] as ColumnKey), version };
    }
  }
  return keys;
}

/** wirebench's own row of a format on a payload. */
function wirebenchRow(payload: PayloadResult, format: string): RowResult | undefined {
  return payload.rows.find((row) => isCodec(row) && formatOf(row) === format && implementationOf(row) === WIREBENCH);
}

type Figure = { readonly ratio: Ratio; readonly lossy: boolean } | { readonly reason: string };

function figure(payload: PayloadResult, key: ColumnKey, operation: Operation, resamples: number): Figure | undefined {
  const library = payload.rows.find((row) => row.name === key.row);
  const own = wirebenchRow(payload, key.format);
  // Neither measured on this payload (another suite, --formats): nothing to say.
  if (!library && !own) return undefined;
  if (!own) return { reason: `wirebench's ${key.format} was not measured` };
  if (!library) return { reason: `${key.row} was not measured` };
  if (own.error !== undefined) return { reason: `wirebench's ${key.format} errored: ${errorText(own.error)}` };
  if (library.error !== undefined) return { reason: `${key.row} errored: ${errorText(library.error)}` };
  if (own.fidelity?.ok === false) return { reason: `wirebench's ${key.format} did not give the payload back (LOSSY): its time is for other data` };
  const ours: OperationResult | undefined = own[operation];
  const theirs: OperationResult | undefined = library[operation];
  if (!ours || !theirs) return { reason: `${!ours ? `wirebench's ${key.format}` : key.row} did not time ${operation}` };
  if (ours.roundMedians.length !== theirs.roundMedians.length || ours.roundMedians.length === 0) {
    return {
      reason: `the rounds do not pair (${ours.roundMedians.length} of wirebench's, ${theirs.roundMedians.length} of ${key.row}'s: a row missing from some pooled run)`,
    };
  }
  const perRound = ours.roundMedians.map((time, i) => time / (theirs.roundMedians[i] as number));
  if (!perRound.every((value) => Number.isFinite(value) && value > 0)) return { reason: `a round of ${operation} has no usable time` };
  const interval = bootstrapInterval(perRound, median, { resamples });
  return { ratio: { estimate: median(perRound), low: interval.low, high: interval.high, perRound }, lossy: library.fidelity?.ok === false };
}

const geometricMean = (values: readonly number[]): number => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/** wirebench ÷ each library, per payload and operation, with the geometric mean and the worst payload of each. */
export function versusReport(result: MeasureResult, options: VersusOptions = {}): VersusReport {
  const resamples = options.resamples ?? result.options.bootstrapResamples ?? 2000;
  // The operations the run measured (a run of decode alone has no encode column).
  const operations = OPERATIONS.filter((op) => (result.options.operations ?? OPERATIONS).includes(op));
  const keys = libraryColumns(result);
  const cells: VersusCell[] = [];
  const excluded: VersusExclusion[] = [];
  for (const payload of result.payloads) {
    if (payload.error !== undefined) {
      excluded.push({ payload: payload.name, reason: `the payload could not be measured: ${errorText(payload.error)}` });
      continue;
    }
    for (const key of keys) {
      for (const operation of operations) {
        const found = figure(payload, key, operation, resamples);
        if (!found) continue;
        if ('reason' in found) excluded.push({ payload: payload.name, row: key.row, operation, reason: found.reason });
        else cells.push({ payload: payload.name, row: key.row, operation, ratio: found.ratio, lossy: found.lossy });
      }
    }
  }
  const columns = keys.flatMap((key) =>
    operations.map((operation): VersusColumn => {
      const mine = cells.filter((cell) => cell.row === key.row && cell.operation === operation);
      const worst = mine.reduce<VersusCell | undefined>((max, cell) => (max && max.ratio.estimate >= cell.ratio.estimate ? max : cell), undefined);
      return {
        ...key,
        operation,
        ...(mine.length > 0 ? { geomean: geometricMean(mine.map((cell) => cell.ratio.estimate)) } : {}),
        payloads: mine.length,
        ...(worst ? { worst: { payload: worst.payload, estimate: worst.ratio.estimate } } : {}),
        lossy: mine.filter((cell) => cell.lossy).length,
      };
    }),
  );
  return { runtime: result.environment.runtimeVersion, payloads: result.payloads.map((p) => p.name), columns, cells, excluded };
}

// ---------------------------------------------------------------------------------------------
// Rendering

export interface VersusFormatOptions {
  /** A payload's name as the table shows it (default: the file name, or the whole name where two payloads share a file name). */
  readonly label?: (payload: string) => string;
}

function defaultLabel(report: VersusReport): (payload: string) => string {
  const base = (name: string): string => name.split(/[\\/]/).at(-1) ?? name;
  const counts = new Map<string, number>();
  for (const name of report.payloads) counts.set(base(name), (counts.get(base(name)) ?? 0) + 1);
  return (name) => ((counts.get(base(name)) ?? 0) > 1 ? name : base(name));
}

const cellOf = (report: VersusReport, payload: string, column: VersusColumn): VersusCell | undefined =>
  report.cells.find((cell) => cell.payload === payload && cell.row === column.row && cell.operation === column.operation);

const exclusionOf = (report: VersusReport, payload: string, column: VersusColumn): VersusExclusion | undefined =>
  report.excluded.find((e) => e.payload === payload && (e.row === undefined || (e.row === column.row && e.operation === column.operation)));

/** The short word in a cell that has no figure; the reason is listed under the table. */
function missingWord(exclusion: VersusExclusion | undefined): string {
  if (!exclusion || /not measured$/.test(exclusion.reason)) return '—';
  if (/errored|could not be measured/.test(exclusion.reason)) return 'error';
  if (/LOSSY/.test(exclusion.reason)) return 'LOSSY (wirebench)';
  return 'left out';
}

/** How a marked figure stands out: bold in Markdown, a trailing `!` in text. */
type Style = 'markdown' | 'text';
const mark = (text: string, marked: boolean, style: Style): string => (!marked ? text : style === 'markdown' ? `**${text}**` : `${text} !`);

function figureText(cell: VersusCell, style: Style): string {
  const marked = cell.ratio.estimate > CELL_MARK_ABOVE;
  const lossy = cell.lossy ? ' LOSSY' : '';
  // Markdown bolds the estimate alone; text puts its mark after the whole figure, where the eye reads it in a column.
  return style === 'markdown'
    ? `${mark(formatRatio(cell.ratio.estimate), marked, style)} (${formatInterval(cell.ratio)})${lossy}`
    : mark(`${formatRatio(cell.ratio.estimate)} (${formatInterval(cell.ratio)})${lossy}`, marked, style);
}

function geomeanText(column: VersusColumn, payloads: number, style: Style): string {
  if (column.geomean === undefined) return '—';
  const of = column.payloads < payloads ? ` (${column.payloads} of ${payloads})` : '';
  return style === 'markdown'
    ? `${mark(formatRatio(column.geomean), column.geomean > GEOMEAN_MARK_ABOVE, style)}${of}`
    : mark(`${formatRatio(column.geomean)}${of}`, column.geomean > GEOMEAN_MARK_ABOVE, style);
}

function worstText(column: VersusColumn, label: (payload: string) => string, style: Style): string {
  if (!column.worst) return '—';
  const marked = column.worst.estimate > CELL_MARK_ABOVE;
  return style === 'markdown'
    ? `${mark(formatRatio(column.worst.estimate), marked, style)} ${label(column.worst.payload)}`
    : mark(`${formatRatio(column.worst.estimate)} ${label(column.worst.payload)}`, marked, style);
}

/** The payloads that have a cell or a reason in some column (a payload no column concerns is no row). */
function shownPayloads(report: VersusReport): string[] {
  return report.payloads.filter((payload) => report.cells.some((c) => c.payload === payload) || report.excluded.some((e) => e.payload === payload));
}

/** Each reason once, the operations it applies to together: `twitter.json, msgpack (msgpackr) encode and decode: …`. */
function exclusionLines(report: VersusReport, label: (payload: string) => string): string[] {
  const grouped = new Map<string, { payload: string; row?: string; operations: Operation[]; reason: string }>();
  for (const e of report.excluded) {
    const key = `${e.payload}\u0000${e.row ?? ''}\u0000${e.reason}`;
    const entry = grouped.get(key) ?? { payload: e.payload, ...(e.row === undefined ? {} : { row: e.row }), operations: [], reason: e.reason };
    if (e.operation && !entry.operations.includes(e.operation)) entry.operations.push(e.operation);
    grouped.set(key, entry);
  }
  return [...grouped.values()].map(({ payload, row, operations, reason }) => {
    const what = row === undefined ? '' : `, ${row} ${operations.join(' and ')}`;
    return `${label(payload)}${what}: ${reason}`;
  });
}

function lossyLines(report: VersusReport, label: (payload: string) => string): string[] {
  const seen = new Map<string, string[]>();
  for (const cell of report.cells) {
    if (!cell.lossy) continue;
    const payloads = seen.get(cell.row) ?? [];
    if (!payloads.includes(label(cell.payload))) payloads.push(label(cell.payload));
    seen.set(cell.row, payloads);
  }
  return [...seen].map(([row, payloads]) => `${row} on ${payloads.join(', ')}`);
}

/** The libraries and their versions, as the result records them: `msgpackr 2.1.4 (native msgpackr-extract), cbor-x 1.6.9`. */
export function versusLibraries(report: VersusReport): string {
  const seen = new Map<string, string | undefined>();
  for (const column of report.columns) if (!seen.has(column.implementation)) seen.set(column.implementation, column.version);
  return [...seen].map(([name, version]) => (version === undefined ? name : `${name} ${version}`)).join(', ');
}

const columnTitle = (column: VersusColumn): string => `${column.row} ${column.operation}`;

/** What the figures are, in one paragraph (Markdown and text alike). */
export const VERSUS_LEGEND =
  "wirebench's time ÷ the library's time, both behind the same Codec API on the same payload, taken per round " +
  '(the rounds are interleaved) and summarized as the median over rounds with its 95 % bootstrap interval over rounds. ' +
  `Above 1: wirebench is slower than the library. Marked: a payload above ${CELL_MARK_ABOVE.toFixed(2)}× (wirebench more than ` +
  `${Math.round((CELL_MARK_ABOVE - 1) * 100)} % slower), a geometric mean above ${GEOMEAN_MARK_ABOVE.toFixed(2)}× (slower on average). ` +
  'Geomean: over the payloads with a figure; max: the payload where wirebench does worst. ' +
  'LOSSY: the library did not give the payload back exactly (its time is for other data; still counted).';

/** The report as a Markdown table: rows are payloads, columns each (library, operation), then a geomean row and a max row. */
export function formatVersusMarkdown(report: VersusReport, options: VersusFormatOptions = {}): string {
  const label = options.label ?? defaultLabel(report);
  if (report.columns.length === 0) return 'No library codec rows in this result (measure with `--implementations all`).';
  const payloads = shownPayloads(report);
  const lines = [`| payload | ${report.columns.map(columnTitle).join(' | ')} |`, `| --- | ${report.columns.map(() => '---:').join(' | ')} |`];
  for (const payload of payloads) {
    const cells = report.columns.map((column) => {
      const cell = cellOf(report, payload, column);
      return cell ? figureText(cell, 'markdown') : missingWord(exclusionOf(report, payload, column));
    });
    lines.push(`| ${escapeCell(label(payload))} | ${cells.join(' | ')} |`);
  }
  lines.push(`| **geomean** | ${report.columns.map((column) => geomeanText(column, payloads.length, 'markdown')).join(' | ')} |`);
  lines.push(`| **max** | ${report.columns.map((column) => escapeCell(worstText(column, label, 'markdown'))).join(' | ')} |`);
  const out = [...lines];
  const lossy = lossyLines(report, label);
  if (lossy.length > 0) out.push('', `LOSSY library rows (counted, flagged): ${escapeText(lossy.join('; '))}.`);
  const left = exclusionLines(report, label);
  if (left.length > 0) out.push('', 'Left out:', '', ...left.map((line) => `- ${escapeText(line)}`));
  return out.join('\n');
}

/** The report as plain text: one block per library (payload rows, encode and decode columns, geomean and max), then what was left out. */
export function formatVersusText(report: VersusReport, options: VersusFormatOptions = {}): string {
  const label = options.label ?? defaultLabel(report);
  if (report.columns.length === 0) return 'No library codec rows in this result (measure with --implementations all).\n';
  const payloads = shownPayloads(report);
  const out: string[] = ["wirebench's time ÷ the library's, per round; median over rounds (95 % bootstrap interval). Above 1: wirebench is slower.", ''];
  const rows = [...new Set(report.columns.map((column) => column.row))];
  for (const row of rows) {
    const columns = report.columns.filter((column) => column.row === row);
    const version = columns[0]?.version;
    const header = ['payload', ...columns.map((column) => column.operation)];
    const body = payloads.map((payload) => [
      label(payload),
      ...columns.map((column) => {
        const cell = cellOf(report, payload, column);
        return cell ? figureText(cell, 'text') : missingWord(exclusionOf(report, payload, column));
      }),
    ]);
    body.push(['geomean', ...columns.map((column) => geomeanText(column, payloads.length, 'text'))]);
    body.push(['max', ...columns.map((column) => worstText(column, label, 'text'))]);
    out.push(
      `${columns[0]?.format}: wirebench ÷ ${columns[0]?.implementation}${version === undefined ? '' : ` ${version}`}`,
      ...alignedTable(header, body),
      '',
    );
  }
  out.push(`! wirebench more than ${Math.round((CELL_MARK_ABOVE - 1) * 100)} % slower than the library on that payload; on a geomean: slower on average.`);
  const lossy = lossyLines(report, label);
  if (lossy.length > 0) out.push(`LOSSY library rows (counted, flagged): ${lossy.join('; ')}.`);
  const left = exclusionLines(report, label);
  if (left.length > 0) out.push('Left out:', ...left.map((line) => `  ${line}`));
  return `${out.join('\n')}\n`;
}

function alignedTable(header: readonly string[], rows: readonly string[][]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** Table cells hold free text (payload names): keep them on one line and out of the table syntax. */
const escapeCell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
/** List items hold error messages: keep them on one line. */
const escapeText = (text: string): string => text.replace(/\s+/g, ' ');
