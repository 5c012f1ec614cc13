import type { Environment, MeasureResult, Operation, PayloadResult, Ratio, RowResult } from 'wirebench';
import { describeDiffs, formatCount, formatDuration, formatRatio, formatRatioInterval } from 'wirebench/report';
import { LIBRARY_ROW } from '../suites/libraries.js';
import type { MarkedSection } from './markers.js';
import { spliceBetween, spliceSections } from './markers.js';
import { formatVersusMarkdown, isLibraryCodec, VERSUS_LEGEND, versusLibraries, versusReport } from './versus.js';

/**
 * The generated sections of docs/figures.md, written from the result JSON of one Node run and one
 * run per browser engine (Chromium, Firefox, WebKit: `npm run bench:readme`): every figure comes
 * from those files, none is typed by hand.
 * Four sections, each between its own markers: `speed` (time ÷ JSON's and wirebench ÷ each raw
 * library call), `versus` (wirebench's codec ÷ each library's codec behind the same API, per payload,
 * with the geometric mean and the worst payload), `sizes` (raw, gzip and brotli bytes) and `summary`
 * (per format, what the guides quote: how many payloads it beat JSON on, its size range). The guides
 * link to them instead of copying.
 */

export const FIGURES_PAGE = 'docs/figures.md';

export const SPEED_BEGIN = '<!-- speed:begin -->';
export const SPEED_END = '<!-- speed:end -->';
export const SIZES_BEGIN = '<!-- sizes:begin -->';
export const SIZES_END = '<!-- sizes:end -->';
export const SUMMARY_BEGIN = '<!-- summary:begin -->';
export const SUMMARY_END = '<!-- summary:end -->';
export const VERSUS_BEGIN = '<!-- versus:begin -->';
export const VERSUS_END = '<!-- versus:end -->';

/** Heading of the wirebench ÷ library table, inside the speed section: other pages link to its anchor. */
export const OVERHEAD_HEADING = '## Overhead: what wirebench adds to each library';

/** Node's result and each browser engine's that was measured (older Chromium-only pages: Chromium alone). */
export type SpeedRuns = { readonly node: MeasureResult } & { readonly [R in BrowserRuntime]?: MeasureResult };

export interface SpeedSource {
  /** The command that wrote the section (naming its result files when it did not measure them). */
  readonly command: string;
  /** Wall time of the whole command, when it measured (not when it only rewrote). */
  readonly durationMs?: number;
  /** The notes each runner printed (library rows left out and why, formats that cannot run there). */
  readonly notes?: Readonly<Partial<Record<Runtime, readonly string[]>>>;
  /** How many processes each runtime's result pools (`poolResults`), when the command measured them. */
  readonly processes?: Readonly<Partial<Record<Runtime, number>>>;
}

/** The runtimes in the order of every table's columns: Node, then the browser engines. */
export const RUNTIMES = ['node', 'chromium', 'firefox', 'webkit'] as const;
export type Runtime = (typeof RUNTIMES)[number];
export type BrowserRuntime = Exclude<Runtime, 'node'>;
const RUNTIME_NAME: Readonly<Record<Runtime, string>> = { node: 'Node', chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };

/** The runtimes `runs` holds, in column order. */
const runtimesOf = (runs: SpeedRuns): Runtime[] => RUNTIMES.filter((runtime) => runs[runtime] !== undefined);

/** A browser result's engine; results written before engines were named came from Chromium. */
export function browserRuntimeOf(result: MeasureResult): BrowserRuntime {
  return result.environment.engine?.name ?? 'chromium';
}

/** `a`, `a and b`, `a, b and c`. */
const listed = (words: readonly string[]): string => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1) as string}` : (words[0] ?? ''));
const runtimeNames = (runtimes: readonly Runtime[]): string => listed(runtimes.map((runtime) => RUNTIME_NAME[runtime]));
const OPERATIONS: readonly Operation[] = ['encode', 'decode'];
const LIBRARY_FORMATS = Object.keys(LIBRARY_ROW) as Array<keyof typeof LIBRARY_ROW>;

/** `../shared/data/corpus/twitter.json` → `twitter.json`: the folder says where it was, not what it is. */
const payloadLabel = (name: string): string => name.split(/[\\/]/).at(-1) ?? name;

// Figures in the words of every other surface (wirebench/report's formatters).
const ratioCell = (ratio: Ratio | undefined): string => (ratio ? formatRatioInterval(ratio) : '—');
const count = formatCount;
/** Table cells hold free text (error messages, paths): keep them on one line and out of the table syntax. */
const cellText = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function rowOf(payload: PayloadResult | undefined, name: string): RowResult | undefined {
  return payload?.rows.find((row) => row.name === name);
}

/** What a row's figure cell shows where it has no figure: not run there, or failed. */
function timeCell(row: RowResult | undefined, operation: Operation, pick: (row: RowResult, op: Operation) => Ratio | undefined): string {
  if (!row) return '—';
  if (row.error !== undefined) return 'error';
  return ratioCell(pick(row, operation));
}

function fidelityText(row: RowResult | undefined): string | undefined {
  if (!row) return undefined;
  if (row.error !== undefined) return `**error**: ${cellText(row.error.slice(0, 120))}`;
  if (!row.fidelity) return undefined;
  return row.fidelity.ok ? 'exact' : `**LOSSY**: ${cellText(describeDiffs(row.fidelity))}`;
}

/** One fidelity cell for every runtime: one text where they agree, each runtime's where they do not. */
function fidelityCell(rows: Readonly<Partial<Record<Runtime, RowResult>>>): string {
  const texts = RUNTIMES.map((runtime) => [runtime, fidelityText(rows[runtime])] as const).filter(([, text]) => text !== undefined);
  if (new Set(texts.map(([, text]) => text)).size <= 1) return texts[0]?.[1] ?? '—';
  return texts.map(([runtime, text]) => `${RUNTIME_NAME[runtime]}: ${text}`).join('; ');
}

function runtimeText(env: Environment): string {
  // The engine writes `Node v20.20.2` and `Chromium 156.0…`: the version names its runtime already.
  const runtime = env.runtimeVersion;
  const where = env.runtime === 'worker' ? 'in a Web Worker' : env.runtime === 'browser' ? 'in the page' : '';
  const details = [
    env.engine?.javascript ?? '',
    where,
    env.crossOriginIsolated === undefined ? '' : env.crossOriginIsolated ? 'cross-origin isolated' : 'NOT cross-origin isolated',
    `timer step ${formatDuration(env.timerResolutionMs)}`,
    env.cpuThrottle !== undefined && env.cpuThrottle !== 1 ? `CPU throttled ${env.cpuThrottle}×` : '',
  ].filter(Boolean);
  return `${runtime} (${details.join(', ')})`;
}

function machine(env: Environment): string {
  const parts = [
    env.cpuModel ?? 'unknown CPU',
    env.cores ? `${env.cores} cores` : '',
    env.memoryGb ? `${env.memoryGb} GB` : '',
    [env.platform, env.arch].filter(Boolean).join(' '),
  ];
  return parts.filter(Boolean).join(', ');
}

const pooled = (source: SpeedSource): boolean => RUNTIMES.some((runtime) => (source.processes?.[runtime] ?? 1) > 1);

/** The results `runs` holds, each with its runtime, in column order. */
const resultsOf = (runs: SpeedRuns): Array<[Runtime, MeasureResult]> => runtimesOf(runs).map((runtime) => [runtime, runs[runtime] as MeasureResult]);

/** A pooled result's `options.rounds` counts the rounds of all its processes (unknown when rewritten `--from` files: then the total alone is said). */
function settings(result: MeasureResult, processes = 1): string {
  const o = result.options;
  const rounds =
    processes > 1 ? `${processes} fresh processes of ${Math.round(o.rounds / processes)} rounds each (pooled: ${o.rounds} rounds)` : `${o.rounds} rounds`;
  return `${rounds} × ${o.roundTime} ms per task, warm-up ${o.warmupTime} ms`;
}

/**
 * Each library's version once; where the runtimes differ (Node loads a library's native addon, a
 * browser cannot: `1.6.9 (native cbor-extract)` against `1.6.9`), each version with the runtimes
 * that ran it.
 */
function librariesText(runs: SpeedRuns): string {
  const results = resultsOf(runs);
  // The browsers' libraries first, then Node's own (simdjson), as the line has always listed them.
  const names = [...new Set([...results.slice(1), ...results.slice(0, 1)].flatMap(([, result]) => Object.keys(result.environment.libraries)))];
  return names
    .map((name) => {
      const byVersion = new Map<string, Runtime[]>();
      for (const [runtime, result] of results) {
        const version = result.environment.libraries[name];
        if (version !== undefined) byVersion.set(version, [...(byVersion.get(version) ?? []), runtime]);
      }
      if (byVersion.size === 1) return `${name} ${[...byVersion.keys()][0]}`;
      return `${name} ${listed([...byVersion].map(([version, runtimes]) => `${version} in ${runtimeNames(runtimes)}`))}`;
    })
    .join(', ');
}

function header(runs: SpeedRuns, source: SpeedSource): string[] {
  const results = resultsOf(runs);
  const settingsOf = results.map(([runtime, result]) => [runtime, settings(result, source.processes?.[runtime])] as const);
  const same = new Set(settingsOf.map(([, text]) => text)).size === 1;
  const took = source.durationMs === undefined ? '' : ` (${Math.round(source.durationMs / 60_000) || '<1'} min, measuring included)`;
  return [
    generatedBy(source),
    `Measured on ${runs.node.createdAt.slice(0, 10)}; written by \`${source.command}\`${took}. ` +
      `Machine: ${machine(runs.node.environment)}. ` +
      `Runtimes: ${listed(results.map(([, result]) => runtimeText(result.environment)))}. ` +
      (same
        ? `${results.length === 2 ? 'Both' : 'Each'}: ${settingsOf[0]?.[1]}.`
        : `${settingsOf.map(([runtime, text]) => `${RUNTIME_NAME[runtime]}: ${text}`).join('; ')}.`) +
      ` Libraries: ${librariesText(runs)}.`,
  ];
}

/** Payload names in the Node run's order, then any only a browser ran. */
function payloadNames(runs: SpeedRuns): string[] {
  const names: string[] = [];
  for (const [, result] of resultsOf(runs)) for (const p of result.payloads) if (!names.includes(p.name)) names.push(p.name);
  return names;
}

function payloadsOf(runs: SpeedRuns, name: string): Partial<Record<Runtime, PayloadResult>> {
  return Object.fromEntries(resultsOf(runs).map(([runtime, result]) => [runtime, result.payloads.find((p) => p.name === name)]));
}

/** What a table's time columns are headed: `Node encode | Node decode | Chromium encode | …`. */
const timeHeadings = (runtimes: readonly Runtime[]): string =>
  runtimes.flatMap((runtime) => OPERATIONS.map((op) => `${RUNTIME_NAME[runtime]} ${op}`)).join(' | ');
const separators = (count: number): string => Array.from({ length: count }, () => '---').join(' | ');

/** Marks on a payload's name, with the footnotes that explain them. */
function payloadMarks(runs: SpeedRuns, names: readonly string[]): { marks: Map<string, string>; notes: string[] } {
  const marks = new Map<string, string>();
  const suspect: string[] = [];
  const notes: string[] = [];
  for (const name of names) {
    const both = payloadsOf(runs, name);
    let mark = '';
    const contended = RUNTIMES.filter((runtime) => both[runtime]?.suspect);
    if (contended.length > 0) {
      mark += ' †';
      suspect.push(`${payloadLabel(name)} (${contended.map((r) => RUNTIME_NAME[r]).join(', ')})`);
    }
    const lossy = firstOf(both);
    if (lossy && lossy.lossyCount > 0) {
      mark += ' ‡';
      const first = lossy.lossyNumbers[0];
      notes.push(
        `‡ ${payloadLabel(name)}: ${count(lossy.lossyCount)} number literal(s) that \`JSON.parse\` cannot keep` +
          `${first ? ` (first: \`${cellText(first.path)}\` = ${first.text})` : ''}; every format, JSON included, receives them as \`JSON.parse\` left them.`,
      );
    }
    marks.set(name, mark);
  }
  if (suspect.length > 0)
    notes.unshift(`† Some rounds stayed under heavy CPU contention after their retries: ${suspect.join('; ')}. Read those figures with care.`);
  return { marks, notes };
}

/** The payload of the first runtime, in column order, that measured it (Node's where it did). */
const firstOf = (payloads: Partial<Record<Runtime, PayloadResult>>): PayloadResult | undefined =>
  RUNTIMES.map((runtime) => payloads[runtime]).find((payload) => payload !== undefined);

/** A payload's row of `name` in each runtime that has it. */
const rowsOf = (payloads: Partial<Record<Runtime, PayloadResult>>, name: string): Partial<Record<Runtime, RowResult>> =>
  Object.fromEntries(RUNTIMES.map((runtime) => [runtime, rowOf(payloads[runtime], name)]).filter(([, row]) => row !== undefined));

function vsJsonTable(runs: SpeedRuns, names: readonly string[], marks: ReadonlyMap<string, string>): string[] {
  const runtimes = runtimesOf(runs);
  const lines = [
    `| payload (JSON bytes) | format | bytes (% JSON) | fidelity | ${timeHeadings(runtimes)} |`,
    `| ${separators(4 + runtimes.length * OPERATIONS.length)} |`,
  ];
  for (const name of names) {
    const both = payloadsOf(runs, name);
    const first = firstOf(both);
    if (!first) continue;
    const formats: string[] = [];
    for (const runtime of runtimes) {
      for (const row of both[runtime]?.rows ?? [])
        if (row.kind === 'codec' && row.name !== first.reference && !formats.includes(row.name)) formats.push(row.name);
    }
    for (const format of formats) {
      const rows = rowsOf(both, format);
      const sized = RUNTIMES.map((runtime) => rows[runtime]).find((row) => row?.bytes !== undefined);
      const bytes = sized?.bytes === undefined ? '—' : `${count(sized.bytes)} (${Math.round((sized.bytesVsJson ?? 0) * 100)} %)`;
      const cells = runtimes.flatMap((runtime) => OPERATIONS.map((op) => timeCell(rows[runtime], op, (row, o) => row[o]?.vsJson)));
      lines.push(
        `| ${payloadLabel(name)}${marks.get(name) ?? ''} (${count(first.jsonBytes)}) | ${format} | ${bytes} | ${fidelityCell(rows)} | ${cells.join(' | ')} |`,
      );
    }
  }
  return lines;
}

function libraryTable(runs: SpeedRuns, names: readonly string[], marks: ReadonlyMap<string, string>): { lines: string[]; missing: string[] } {
  const runtimes = runtimesOf(runs);
  const lines = [`| payload | format | library call | ${timeHeadings(runtimes)} |`, `| ${separators(3 + runtimes.length * OPERATIONS.length)} |`];
  const missing = new Map<string, string[]>();
  for (const name of names) {
    const both = payloadsOf(runs, name);
    for (const format of LIBRARY_FORMATS) {
      const library = LIBRARY_ROW[format];
      const rows = rowsOf(both, library);
      if (Object.keys(rows).length === 0) {
        // Only worth saying where the codec itself was measured.
        const measured = runtimes.some((runtime) => {
          const codec = rowOf(both[runtime], format);
          return codec !== undefined && codec.error === undefined;
        });
        if (measured) missing.set(format, [...(missing.get(format) ?? []), payloadLabel(name)]);
        continue;
      }
      const cells = runtimes.flatMap((runtime) => {
        const row = rows[runtime];
        return OPERATIONS.map((op) => (row && !row[op] ? 'not timed' : timeCell(row, op, (timed, o) => timed[o]?.wrapperCost)));
      });
      lines.push(`| ${payloadLabel(name)}${marks.get(name) ?? ''} | ${format} | ${library} | ${cells.join(' | ')} |`);
    }
  }
  const notes = [...missing].map(([format, payloads]) => `${format} (${LIBRARY_ROW[format as keyof typeof LIBRARY_ROW]}) on ${payloads.join(', ')}`);
  return { lines, missing: notes };
}

/** The runners' notes, once each, payload names as in the tables, marked with the runtimes that printed them where not every runner did. */
function runNotes(notes: Readonly<Partial<Record<Runtime, readonly string[]>>>, names: readonly string[], runtimes: readonly Runtime[]): string[] {
  const label = (note: string): string => names.reduce((text, name) => text.split(name).join(payloadLabel(name)), note);
  const texts: string[] = [];
  for (const runtime of runtimes) for (const note of notes[runtime] ?? []) if (!texts.includes(note)) texts.push(note);
  return texts.map((note) => {
    const printed = runtimes.filter((runtime) => notes[runtime]?.includes(note));
    return `- ${cellText(label(note))}${printed.length < runtimes.length ? ` (${runtimeNames(printed)} only)` : ''}`;
  });
}

/** The section between the markers (markers excluded). */
export function renderSpeedSection(runs: SpeedRuns, source: SpeedSource): string {
  const names = payloadNames(runs);
  const { marks, notes } = payloadMarks(runs, names);
  const library = libraryTable(runs, names, marks);
  const out = [
    ...header(runs, source),
    '',
    "**Time ÷ JSON's time** in the same rounds (median over rounds, 95 % bootstrap interval over rounds" +
      `${pooled(source) ? "; the rounds of a runtime's processes pooled" : ''}); below 1 is faster ` +
      'than JSON. Sizes from the Node run. "—": not measured in that runtime (simdjson is a Node addon); "error": the codec ' +
      'refused the payload. A **LOSSY** row did not give the payload back: its times are for different data.' +
      (hasLibraryCodecs(runs) ? LIBRARY_CODECS_NOTE : ''),
    '',
    ...vsJsonTable(runs, names, marks),
    '',
    // The library codecs (`msgpack (msgpackr)`…) are weighed against wirebench in the versus section. This
    // table is what is left of the raw-call rows (`--libraries`): the raw calls with wirebench's own
    // options (close to the @msgpack/msgpack and cbor-x codecs, so the two overlap there) and the two
    // only it has, flatc's generated unpack() and protobufjs's decode without toObject.
    OVERHEAD_HEADING,
    '',
    '**wirebench ÷ the raw library call** it wraps, timed in the same rounds on the same bytes (each library row first ' +
      'checked to give back the payload); above 1 is what wirebench adds. "not timed": the library row times decode only.' +
      (hasLibraryCodecs(runs)
        ? " The libraries' own codecs (their options, behind the same API) are weighed against wirebench in the next section; " +
          "this table keeps the raw calls with the options wirebench uses, and flatc's unpack() and protobufjs's decode, which only it has."
        : ''),
    '',
    ...library.lines,
  ];
  if (library.missing.length > 0) {
    out.push(
      '',
      `No library row (the library's decode did not give back the payload, or no library code exists: flatc's is generated ` +
        `for the canonical schemas only${source.notes ? '; the notes below say which' : ''}): ${library.missing.join('; ')}.`,
    );
  }
  const notesOf = source.notes;
  if (notesOf && RUNTIMES.some((runtime) => (notesOf[runtime]?.length ?? 0) > 0)) {
    out.push('', 'Notes the runs printed:', '', ...runNotes(notesOf, names, runtimesOf(runs)));
  }
  if (notes.length > 0) out.push('', ...notes.flatMap((note, i) => (i === 0 ? [note] : ['', note])));
  return out.join('\n');
}

function hasLibraryCodecs(runs: SpeedRuns): boolean {
  return resultsOf(runs).some(([, result]) => result.payloads.some((payload) => payload.rows.some(isLibraryCodec)));
}

/** What the tables that list every codec row say of the library codecs' rows. */
const LIBRARY_CODECS_NOTE =
  " A bare format (`msgpack`) is wirebench's own codec; `format (library)` (`msgpack (msgpackr)`) is that library behind the " +
  'same Codec API, installed as `npm install` gives it (its version, native addon or not, in the libraries above).';

/**
 * wirebench's codec ÷ each library's codec of the same format, per payload and operation, with the
 * geometric mean and the worst payload, one table per runtime (between the `versus` markers),
 * computed by `versusReport` from the same (pooled) results as the speed tables.
 */
export function renderVersusSection(runs: SpeedRuns, source: SpeedSource): string {
  const lines = [
    generatedBy(source),
    runLine(runs, source, `wirebench's codec ÷ each library's codec of the same format, in ${runtimeNames(runtimesOf(runs))}`),
    '',
    VERSUS_LEGEND + (pooled(source) ? " The rounds of a runtime's processes are pooled, each paired with its own run's round." : ''),
  ];
  for (const [runtime, result] of resultsOf(runs)) {
    const report = versusReport(result);
    const libraries = versusLibraries(report);
    lines.push(
      '',
      `### ${RUNTIME_NAME[runtime]}`,
      '',
      ...(libraries ? [`Libraries: ${libraries}.`, ''] : []),
      formatVersusMarkdown(report, { label: payloadLabel }),
    );
  }
  return lines.join('\n');
}

/** The page with the text between its speed markers replaced; throws when the markers are missing or out of order. */
export function spliceSpeedSection(page: string, section: string): string {
  return spliceBetween(page, SPEED_BEGIN, SPEED_END, section);
}

/** The generator's comment, first line of every section. */
const generatedBy = (source: SpeedSource): string => `<!-- Generated by \`${source.command}\`: rerun it rather than editing by hand. -->`;

/** The run a section's figures come from, for the sections after the speed section's full header. */
function runLine(runs: SpeedRuns, source: SpeedSource, which: string): string {
  return `From the run of ${runs.node.createdAt.slice(0, 10)} that wrote the speed tables (\`${source.command}\`): ${which}.`;
}

const percent = (part: number, whole: number): string => `${Math.round((part / whole) * 100)} %`;

/** A format's rows have the reference's sizes on every payload (simdjson: JSON text both): no column of their own. */
function sameBytesAsReference(runs: SpeedRuns, names: readonly string[], format: string): boolean {
  if (!names.some((name) => rowOf(sizedPayload(runs, name), format))) return false;
  return names.every((name) => {
    const sized = sizedPayload(runs, name);
    const row = rowOf(sized, format);
    const json = sized ? rowOf(sized, sized.reference) : undefined;
    return !row || (row.error === undefined && row.bytes === json?.bytes && JSON.stringify(row.compressed ?? {}) === JSON.stringify(json?.compressed ?? {}));
  });
}

/** Sizes come from the Node run (Node has brotli), else from the first browser's. */
function sizedPayload(runs: SpeedRuns, name: string): PayloadResult | undefined {
  return firstOf(payloadsOf(runs, name));
}

/** Codec formats other than the reference, in the order the runs list them. */
function codecFormats(runs: SpeedRuns, names: readonly string[]): string[] {
  const formats: string[] = [];
  for (const name of names) {
    for (const runtime of runtimesOf(runs)) {
      const payload = payloadsOf(runs, name)[runtime];
      for (const row of payload?.rows ?? []) if (row.kind === 'codec' && row.name !== payload?.reference && !formats.includes(row.name)) formats.push(row.name);
    }
  }
  return formats;
}

/** Which run the sizes come from: Node's, unless it measured nothing. */
const sizesFrom = (runs: SpeedRuns): string => RUNTIME_NAME[RUNTIMES.find((runtime) => (runs[runtime]?.payloads.length ?? 0) > 0) ?? 'node'];

/** Bytes, gzip bytes and brotli bytes of each format as a share of JSON's, per payload (between the `sizes` markers). */
export function renderSizesSection(runs: SpeedRuns, source: SpeedSource): string {
  const names = payloadNames(runs);
  const all = codecFormats(runs, names);
  const same = all.filter((format) => sameBytesAsReference(runs, names, format));
  const formats = all.filter((format) => !same.includes(format));
  const lines = [
    generatedBy(source),
    runLine(runs, source, `sizes from the ${sizesFrom(runs)} run`),
    '',
    "Each format's cell: its raw bytes / gzip bytes / brotli bytes, each as a share of JSON's bytes under the same measure " +
      '(below 100 % is smaller than JSON). JSON\'s own column gives the bytes. "—": not measured; "error": the codec refused the payload. ' +
      'Whether each format gave the payload back: the fidelity column of the speed table.' +
      (same.length > 0 ? ` ${same.join(', ')}: the same bytes as JSON (JSON text), so no column of ${same.length === 1 ? 'its' : 'their'} own.` : ''),
    '',
    `| payload | JSON bytes / gzip / brotli | ${formats.join(' | ')} |`,
    `| --- | ---: | ${formats.map(() => '---:').join(' | ')} |`,
  ];
  for (const name of names) {
    const sized = sizedPayload(runs, name);
    if (!sized) continue;
    const json = rowOf(sized, sized.reference);
    const measures = (row: RowResult | undefined): Array<number | undefined> => [row?.bytes, row?.compressed?.['gzip'], row?.compressed?.['brotli']];
    const jsonSizes = measures(json);
    const cells = formats.map((format) => {
      const row = rowOf(sized, format);
      if (!row) return '—';
      if (row.error !== undefined) return 'error';
      return measures(row)
        .map((size, i) => {
          const whole = jsonSizes[i];
          return size === undefined || whole === undefined || whole === 0 ? '—' : percent(size, whole);
        })
        .join(' / ');
    });
    const jsonCell = jsonSizes.map((size) => (size === undefined ? '—' : count(size))).join(' / ');
    lines.push(`| ${payloadLabel(name)} | ${jsonCell} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

type Verdict = 'faster' | 'same' | 'slower';

/** Where a ratio's 95 % interval lies against 1: wholly below (faster than JSON), across it, or wholly above. */
function verdict(ratio: Ratio): Verdict {
  if (ratio.high < 1) return 'faster';
  if (ratio.low > 1) return 'slower';
  return 'same';
}

/**
 * Per format, what the guides quote (between the `summary` markers): on how many payloads its
 * interval was wholly below 1 (faster than JSON), included 1, or was wholly above 1, per runtime and
 * operation; on how many its raw bytes were the fewest; and the range of its sizes as a share of JSON's.
 */
export function renderSummarySection(runs: SpeedRuns, source: SpeedSource): string {
  const names = payloadNames(runs);
  const runtimes = runtimesOf(runs);
  const formats = codecFormats(runs, names);
  const left: string[] = [];
  const speedCell = (format: string, runtime: Runtime, op: Operation): string => {
    const tally: Record<Verdict, number> = { faster: 0, same: 0, slower: 0 };
    let counted = 0;
    for (const name of names) {
      const row = rowOf(payloadsOf(runs, name)[runtime], format);
      if (!row) continue;
      const ratio = row[op]?.vsJson;
      // A refused payload has no time, and a lossy row's time is for other data: neither is counted.
      if (row.error !== undefined || row.fidelity?.ok === false || !ratio) {
        const why = `${format} on ${payloadLabel(name)} (${RUNTIME_NAME[runtime]}: ${row.error !== undefined ? 'error' : row.fidelity?.ok === false ? 'LOSSY' : 'no figure'})`;
        if (!left.includes(why)) left.push(why);
        continue;
      }
      tally[verdict(ratio)]++;
      counted++;
    }
    return counted === 0 ? '—' : `${tally.faster} / ${tally.same} / ${tally.slower}`;
  };
  // The fewest raw bytes of each payload, among every codec that wrote it (JSON included); a tie counts for each.
  const fewest = new Map<string, number>();
  const sizes = new Map<string, { raw: number[]; gzip: number[] }>();
  let sizedPayloads = 0;
  let reference = 'json';
  for (const name of names) {
    const sized = sizedPayload(runs, name);
    if (!sized) continue;
    reference = sized.reference;
    const json = rowOf(sized, sized.reference);
    const written = sized.rows.filter((row) => row.kind === 'codec' && row.error === undefined && row.bytes !== undefined);
    for (const row of written) {
      if (row.fidelity?.ok !== false) continue;
      const why = `${row.name} on ${payloadLabel(name)} (sizes: LOSSY)`;
      if (!left.includes(why)) left.push(why);
    }
    // A LOSSY row's bytes hold other data: it does not compete.
    const exact = written.filter((row) => row.fidelity?.ok !== false);
    if (exact.length === 0) continue;
    sizedPayloads++;
    const least = Math.min(...exact.map((row) => row.bytes as number));
    for (const row of exact) {
      if (row.bytes === least) fewest.set(row.name, (fewest.get(row.name) ?? 0) + 1);
      const entry = sizes.get(row.name) ?? { raw: [], gzip: [] };
      if (json?.bytes) entry.raw.push((row.bytes as number) / json.bytes);
      const gzip = row.compressed?.['gzip'];
      const jsonGzip = json?.compressed?.['gzip'];
      if (gzip !== undefined && jsonGzip) entry.gzip.push(gzip / jsonGzip);
      sizes.set(row.name, entry);
    }
  }
  const range = (shares: readonly number[] | undefined): string => {
    if (!shares || shares.length === 0) return '—';
    const [low, high] = [Math.round(Math.min(...shares) * 100), Math.round(Math.max(...shares) * 100)];
    return low === high ? `${low} %` : `${low}–${high} %`;
  };
  const lines = [
    generatedBy(source),
    runLine(runs, source, `${names.length} payloads; sizes from the ${sizesFrom(runs)} run`),
    '',
    "Speed cells: on how many payloads the 95 % interval of time ÷ JSON's time was wholly below 1 (faster than JSON), " +
      'included 1 (≈ JSON), or was wholly above 1 (slower), as faster / ≈ / slower. "Fewest raw bytes": on how many payloads ' +
      "the format wrote the fewest bytes of all formats, JSON included (a tie counts for each). Size ranges: lowest–highest share of JSON's bytes " +
      'over the payloads. "—": not measured in that runtime.' +
      (hasLibraryCodecs(runs) ? LIBRARY_CODECS_NOTE : ''),
    '',
    `| format | fewest raw bytes | raw bytes, % of JSON | gzip bytes, % of JSON's gzip | ${timeHeadings(runtimes)} |`,
    `| ${separators(4 + runtimes.length * OPERATIONS.length)} |`,
  ];
  for (const format of formats) {
    const speed = runtimes.flatMap((runtime) => OPERATIONS.map((op) => speedCell(format, runtime, op)));
    const size = sizes.get(format);
    lines.push(`| ${format} | ${fewest.get(format) ?? 0} of ${sizedPayloads} | ${range(size?.raw)} | ${range(size?.gzip)} | ${speed.join(' | ')} |`);
  }
  lines.push(
    '',
    `${reference === 'json' ? 'JSON' : reference} itself wrote the fewest raw bytes on ${fewest.get(reference) ?? 0} of ${sizedPayloads} payloads.`,
  );
  if (left.length > 0)
    lines.push('', `Not counted (a refused payload has no time or size; a LOSSY row's time and bytes are for other data): ${left.join('; ')}.`);
  if (runtimes.length > 1) lines.push('', ...fastestTable(runs, names));
  return lines.join('\n');
}

/** How many of the rows tied with the fastest a cell names before it counts the rest. */
const TIED_NAMED = 3;

/** A runtime's fastest rows of a payload and operation: the fastest by median, and those it cannot be told from. */
interface Leaders {
  readonly fastest: { readonly name: string; readonly ratio: Ratio };
  /** Every row (the fastest included) whose 95 % interval overlaps the fastest's: the runs cannot order them. */
  readonly tied: readonly string[];
}

/**
 * Among the rows that gave the payload back (JSON itself included, at 1×), the fastest by median
 * time ÷ JSON's, and the rows whose interval overlaps its interval. Undefined where the runtime did
 * not measure the payload.
 */
function leaders(payload: PayloadResult | undefined, op: Operation): Leaders | undefined {
  if (!payload) return undefined;
  const timed = payload.rows.flatMap((row) => {
    // The reference is 1× by definition, where it timed the operation at all.
    const ratio = row.name === payload.reference ? (row[op] ? { estimate: 1, low: 1, high: 1, perRound: [] } : undefined) : row[op]?.vsJson;
    return row.kind === 'codec' && row.error === undefined && row.fidelity?.ok !== false && ratio ? [{ name: row.name, ratio }] : [];
  });
  const fastest = timed.reduce<(typeof timed)[number] | undefined>((best, row) => (!best || row.ratio.estimate < best.ratio.estimate ? row : best), undefined);
  if (!fastest) return undefined;
  const tied = timed.filter((row) => row.ratio.low <= fastest.ratio.high && fastest.ratio.low <= row.ratio.high).map((row) => row.name);
  return { fastest, tied };
}

/**
 * Disagreeing pairs of runtimes, said compactly: the runtime in most pairs against its partners,
 * then the same for the pairs left (`WebKit ≠ Node, Chromium and Firefox`).
 */
function disagreementWords(pairs: ReadonlyArray<readonly [Runtime, Runtime]>): string {
  const groups: string[] = [];
  let left = [...pairs];
  while (left.length > 0) {
    const partners = (runtime: Runtime): Runtime[] => left.flatMap(([a, b]) => (a === runtime ? [b] : b === runtime ? [a] : []));
    const most = RUNTIMES.reduce((best, runtime) => (partners(runtime).length > partners(best).length ? runtime : best));
    groups.push(`${RUNTIME_NAME[most]} ≠ ${runtimeNames(RUNTIMES.filter((runtime) => partners(most).includes(runtime)))}`);
    left = left.filter(([a, b]) => a !== most && b !== most);
  }
  return groups.join('; ');
}

/**
 * The fastest row of each payload and operation in every runtime, and where the runtimes disagree:
 * two runtimes disagree when no row is among the leaders of both (each leader set being the fastest
 * and the rows its interval cannot be told from), so a difference inside the noise is not called one.
 */
function fastestTable(runs: SpeedRuns, names: readonly string[]): string[] {
  const runtimes = runtimesOf(runs);
  const lines = [
    `### Fastest per payload, and where the runtimes disagree`,
    '',
    "Each cell: the row with the lowest median time ÷ JSON's time among the rows that gave the payload back (JSON itself counts, at 1×), " +
      'and after "≈" the rows whose 95 % interval overlaps its interval (the runs cannot order them; the first three named, in the order of the speed table). ' +
      '"Disagree": A ≠ B where the two runtimes\' fastest rows share no row, a different answer to "which is fastest here" beyond the noise.',
    '',
    `| payload | operation | ${runtimes.map((runtime) => RUNTIME_NAME[runtime]).join(' | ')} | disagree |`,
    `| ${separators(3 + runtimes.length)} |`,
  ];
  let disagreements = 0;
  let compared = 0;
  for (const name of names) {
    const payloads = payloadsOf(runs, name);
    for (const op of OPERATIONS) {
      const lead = runtimes.map((runtime) => [runtime, leaders(payloads[runtime], op)] as const);
      const cells = lead.map(([, l]) => {
        if (!l) return '—';
        const others = l.tied.filter((row) => row !== l.fastest.name);
        // A long list of rows the noise cannot order says little more than its length.
        const named = others.length > TIED_NAMED + 1 ? [...others.slice(0, TIED_NAMED), `${others.length - TIED_NAMED} more`] : others;
        return `${l.fastest.name} ${formatRatio(l.fastest.ratio.estimate)}${named.length > 0 ? ` ≈ ${named.join(', ')}` : ''}`;
      });
      const pairs: Array<[Runtime, Runtime]> = [];
      for (const [i, [a, la]] of lead.entries())
        for (const [b, lb] of lead.slice(i + 1)) if (la && lb && !la.tied.some((row) => lb.tied.includes(row))) pairs.push([a, b]);
      if (lead.filter(([, l]) => l).length > 1) compared++;
      if (pairs.length > 0) disagreements++;
      lines.push(`| ${payloadLabel(name)} | ${op} | ${cells.join(' | ')} | ${disagreementWords(pairs)} |`);
    }
  }
  lines.push('', `The runtimes disagree on the fastest row on ${disagreements} of ${compared} payload operations measured in more than one runtime.`);
  return lines;
}

/** Every generated section of the figures page, with its markers. */
export function renderFigureSections(runs: SpeedRuns, source: SpeedSource): MarkedSection[] {
  return [
    { begin: SPEED_BEGIN, end: SPEED_END, text: renderSpeedSection(runs, source) },
    { begin: VERSUS_BEGIN, end: VERSUS_END, text: renderVersusSection(runs, source) },
    { begin: SIZES_BEGIN, end: SIZES_END, text: renderSizesSection(runs, source) },
    { begin: SUMMARY_BEGIN, end: SUMMARY_END, text: renderSummarySection(runs, source) },
  ];
}

/** The page with every generated section replaced; throws, leaving nothing half-written, when any pair of markers is missing or out of order. */
export function spliceFigureSections(page: string, sections: readonly MarkedSection[]): string {
  return spliceSections(page, sections);
}

/** Checks that the page holds every pair of markers (before minutes of measuring, not after). */
export function checkFigureMarkers(page: string): void {
  const pairs = [
    [SPEED_BEGIN, SPEED_END],
    [VERSUS_BEGIN, VERSUS_END],
    [SIZES_BEGIN, SIZES_END],
    [SUMMARY_BEGIN, SUMMARY_END],
  ] as const;
  spliceSections(
    page,
    pairs.map(([begin, end]) => ({ begin, end, text: '' })),
  );
}
