/**
 * `npm run bench:order -- <payload.json> <folder>…`: does a payload's ratio to JSON depend on what
 * was measured before it in the same run? In one run it measures the payload
 *   - alone: in a fresh worker (Node) or page (Chromium) of its own;
 *   - after every other payload, in one process: the others, then the payload, in one fresh worker
 *     (or one page), as `--same-process` measures them;
 *   - after every other payload, isolated: the same sequence, each payload in a fresh worker (page),
 *     as `npm run bench` and `npm run bench:browser` now measure;
 * and prints per row and operation the three ratios to JSON (with their 95 % intervals) and each
 * "after ÷ alone" (with an interval from resampling both runs' rounds). Per implementation, the
 * median over its rows of after ÷ alone is the figure the isolation is held to: within 1.2×.
 * `--each` takes every payload of the set in turn as the payload and reports the worst.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MeasureResult, Operation, Ratio } from 'wirebench';
import { bootstrapRatioInterval, median } from 'wirebench';
import { checkOutput, progressReporter } from 'wirebench/node';
import { formatRatioNumber } from 'wirebench/report';
import { measureInBrowser, openBrowser } from '../browser/measure-browser.js';
import type { Mode, PayloadFileRef } from '../browser/protocol.js';
import type { BrowserSession } from '../browser/run-mode.js';
import { BenchError, command, main } from '../cli/command.js';
import type { BenchArgs } from '../cli/options.js';
import { BENCH_OPTIONS, benchArgs } from '../cli/options.js';
import type { BenchFiles } from '../node/isolated.js';
import { benchFiles, listBench, measureBenchGroups } from '../node/isolated.js';
import type { PayloadRef } from '../suites/refs.js';

/** The bar: after ÷ alone, median over an implementation's rows, within this factor either way. */
const BAR = 1.2;

const USAGE = `npm run bench:order -- <payload.json> <files or folders…> [options]
npm run bench:order -- --each <files or folders…> [options]

Measures, in one run, the payload alone (in a fresh worker of its own), and after every other payload
(the files of the folders named, and the payloads of --suite, then the payload): once with all of them
in one process (as --same-process measures) and once with each in a fresh worker (as npm run bench
measures). Prints per row and operation the ratio to JSON alone, after (same process) and after
(isolated), and after ÷ alone. Per implementation, the median over its rows of after ÷ alone must be
within ${BAR}× for the isolated run.

  --each               every payload of the set in turn (each file, each --suite payload), after all the
                       others; prints each table, then the worst per payload and overall
  --browser            also in headless Chromium (a fresh page per payload; --mode worker: a fresh page's
                       fresh worker); --browser-only: in Chromium alone
  --mode <m>           page (default) or worker: where Chromium measures
  --isolated-only      skip the same-process sequence (about half the time)
  --repeat <n>         measure every column n times, each run in its own fresh workers or pages, and
                       compare the medians of the runs (default 1): in Chromium a fresh page can land
                       in a slower JIT mode for its whole life (an encoder 2× slower in 1 page of 5),
                       alone as after, which one run per column cannot tell from an order effect
  --suite <names>      add the payloads of built-in suites to the set (e.g. canonical)
  --formats, --implementations, --libraries, --quick, --rounds, --time, --warmup, --seed, --filter
                       as for npm run bench (--filter picks the payloads --each takes in turn)
  --json <file>        write every figure there
  -h, --help           this text

Exit status: 0 when every isolated median is within ${BAR}×, 1 when one is not, 2 for bad arguments.`;

/** A column of the table: where the payload was measured. */
type Column = 'alone' | 'same' | 'isolated';
const COLUMNS: readonly Column[] = ['alone', 'same', 'isolated'];
type Runtime = 'node' | 'chromium';

/** One row and operation of the payload, its ratio to JSON in each column. */
interface Line {
  readonly row: string;
  readonly implementation: string;
  readonly op: Operation;
  /** One ratio per run of the column (`--repeat`), each from its own fresh workers or pages. */
  readonly ratios: Partial<Record<Column, Ratio[]>>;
}

interface PayloadReport {
  readonly runtime: Runtime;
  readonly payload: string;
  readonly after: number;
  /** Runs per column (`--repeat`). */
  readonly runs: number;
  readonly lines: Line[];
  /** Per implementation, the median over its lines of after ÷ alone, per column. */
  readonly medians: Record<string, Partial<Record<'same' | 'isolated', number>>>;
  readonly errors: string[];
}

/** How far a ratio is from 1, either way: 1.25 for 1.25 and for 0.8. */
const deviation = (ratio: number): number => (ratio >= 1 ? ratio : 1 / ratio);

/** A column's figure for a row: its estimate, or with --repeat the median of the runs' estimates. */
const figure = (ratios: readonly Ratio[] | undefined): number | undefined => (ratios && ratios.length > 0 ? median(ratios.map((r) => r.estimate)) : undefined);

/** after ÷ alone of a row, from the columns' figures. */
const afterOverAlone = (alone: readonly Ratio[] | undefined, after: readonly Ratio[] | undefined): number | undefined => {
  const [a, b] = [figure(alone), figure(after)];
  return a !== undefined && b !== undefined && a > 0 ? b / a : undefined;
};

/** One run: the 95 % interval of after ÷ alone, resampling both runs' rounds; several runs: none (the columns show the spread). */
function interval(alone: readonly Ratio[], after: readonly Ratio[]): string {
  if (alone.length !== 1 || after.length !== 1) return '';
  const finite = (values: readonly number[]): number[] => values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  const { low, high } = bootstrapRatioInterval(finite((alone[0] as Ratio).perRound), finite((after[0] as Ratio).perRound));
  return Number.isFinite(low) ? ` (${formatRatioNumber(low)}–${formatRatioNumber(high)})` : '';
}

/** One run: `0.60 (0.58–0.61)`, the estimate and its 95 % interval; several: `0.60 [0.52–1.15]`, the median and the range of the runs. */
function ratioCell(ratios: readonly Ratio[] | undefined): string {
  if (!ratios || ratios.length === 0) return '—';
  if (ratios.length === 1) {
    const [r] = ratios as [Ratio];
    return `${formatRatioNumber(r.estimate)} (${formatRatioNumber(r.low)}–${formatRatioNumber(r.high)})`;
  }
  const estimates = ratios.map((r) => r.estimate);
  return `${formatRatioNumber(median(estimates))} [${formatRatioNumber(Math.min(...estimates))}–${formatRatioNumber(Math.max(...estimates))}]`;
}

/** The payload's rows and their ratios to JSON in the three runs. */
function report(runtime: Runtime, payload: string, after: number, results: Partial<Record<Column, MeasureResult[]>>): PayloadReport {
  const lines = new Map<string, { row: string; implementation: string; op: Operation; ratios: Partial<Record<Column, Ratio[]>> }>();
  const errors: string[] = [];
  for (const column of COLUMNS) {
    for (const [run, result] of (results[column] ?? []).entries()) {
      const found = result.payloads.find((p) => p.name === payload);
      if (!found) {
        errors.push(`${column}: ${payload} is missing from the result`);
        continue;
      }
      if (found.error !== undefined) errors.push(`${column}, run ${run + 1}: ${found.error}`);
      for (const row of found.rows) {
        if (row.name === found.reference) continue;
        if (row.error !== undefined && column === 'alone' && run === 0) errors.push(`${row.name}: ${row.error}`);
        for (const op of ['encode', 'decode'] as const) {
          const ratio = row[op]?.vsJson;
          if (!ratio) continue;
          const key = `${row.name} ${op}`;
          const line = lines.get(key) ?? {
            row: row.name,
            implementation: row.implementation ?? (row.kind === 'codec' ? 'wirebench' : row.name),
            op,
            ratios: {},
          };
          line.ratios[column] = [...(line.ratios[column] ?? []), ratio];
          lines.set(key, line);
        }
      }
    }
  }
  const medians: PayloadReport['medians'] = {};
  const byImplementation = new Map<string, Line[]>();
  for (const line of lines.values()) byImplementation.set(line.implementation, [...(byImplementation.get(line.implementation) ?? []), line]);
  for (const [implementation, own] of byImplementation) {
    const entry: Partial<Record<'same' | 'isolated', number>> = {};
    for (const column of ['same', 'isolated'] as const) {
      const values = own.flatMap((line) => {
        const r = afterOverAlone(line.ratios.alone, line.ratios[column]);
        return r === undefined ? [] : [r];
      });
      if (values.length > 0) entry[column] = median(values);
    }
    medians[implementation] = entry;
  }
  return { runtime, payload, after, runs: results.alone?.length ?? 1, lines: [...lines.values()], medians, errors };
}

function pad(cells: string[][]): string[] {
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length))) ?? [];
  return cells.map((row) =>
    row
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd(),
  );
}

function printReport(r: PayloadReport, isolatedOnly: boolean): void {
  const runs = r.runs > 1 ? ` (each column: the median of ${r.runs} runs, [their range])` : ' (each ratio: its 95 % interval)';
  console.log(`\n## ${r.payload}, ${r.runtime === 'node' ? 'Node' : 'Chromium'}: alone, and after ${r.after} other payload${r.after === 1 ? '' : 's'}${runs}`);
  const header = [
    'row',
    'op',
    'alone',
    ...(isolatedOnly ? [] : ['after, same process']),
    'after, isolated',
    ...(isolatedOnly ? [] : ['same ÷ alone']),
    'isolated ÷ alone',
  ];
  const rows = r.lines.map((line) => {
    const cell = (column: 'same' | 'isolated'): string => {
      const value = afterOverAlone(line.ratios.alone, line.ratios[column]);
      if (value === undefined || !line.ratios.alone || !line.ratios[column]) return '—';
      return `${formatRatioNumber(value)}${interval(line.ratios.alone, line.ratios[column] as Ratio[])}`;
    };
    return [
      line.row,
      line.op,
      ratioCell(line.ratios.alone),
      ...(isolatedOnly ? [] : [ratioCell(line.ratios.same)]),
      ratioCell(line.ratios.isolated),
      ...(isolatedOnly ? [] : [cell('same')]),
      cell('isolated'),
    ];
  });
  for (const line of pad([header, ...rows])) console.log(line);
  const medianLine = Object.entries(r.medians)
    .map(
      ([implementation, m]) =>
        `${implementation} ${m.isolated === undefined ? '—' : formatRatioNumber(m.isolated)}${isolatedOnly ? '' : ` (same process ${m.same === undefined ? '—' : formatRatioNumber(m.same)})`}`,
    )
    .join('; ');
  console.log(`median of after ÷ alone per implementation, isolated: ${medianLine}`);
  for (const error of r.errors) console.log(`  ! ${error}`);
}

/** The worst isolated (and same-process) median of a report: [implementation, ratio]. */
function worst(r: PayloadReport, column: 'same' | 'isolated'): [string, number] | undefined {
  let found: [string, number] | undefined;
  for (const [implementation, m] of Object.entries(r.medians)) {
    const value = m[column];
    if (value !== undefined && (!found || deviation(value) > deviation(found[1]))) found = [implementation, value];
  }
  return found;
}

const order = command({
  name: 'bench:order',
  usage: USAGE,
  options: {
    ...BENCH_OPTIONS,
    each: { type: 'boolean', default: false },
    browser: { type: 'boolean', default: false },
    'browser-only': { type: 'boolean', default: false },
    'isolated-only': { type: 'boolean', default: false },
    mode: { type: 'string', default: 'page' },
    repeat: { type: 'string', default: '1' },
  },
  positionals: true,
  async run(line, argv) {
    const { values } = line;
    const { each, 'isolated-only': isolatedOnly } = values;
    const [inNode, inBrowser] = [!values['browser-only'], values.browser || values['browser-only']];
    if (values.mode !== 'page' && values.mode !== 'worker') throw new BenchError(`--mode must be page or worker, got "${values.mode}"`, 'usage');
    const mode = values.mode as Mode;
    const repeat = /^\d+$/.test(values.repeat) ? Number(values.repeat) : NaN;
    if (!(repeat >= 1 && repeat <= 20)) throw new BenchError(`--repeat takes a whole number from 1 to 20, not "${values.repeat}"`, 'usage');
    // The rest are npm run bench's options, resolved by its parser.
    const args: BenchArgs = benchArgs(line);
    if (args.json) checkOutput(args.json, '--json');
    if (args.paths.length === 0 && args.suites.length === 0) throw new BenchError('name a payload file and the files or folders to measure before it', 'usage');

    // The set, in order: the suites' payloads, then the files; the payload (unless --each) last.
    let payloadPath: string | undefined;
    let setPaths = args.paths;
    if (!each) {
      [payloadPath, ...setPaths] = args.paths;
      if (payloadPath === undefined) throw new BenchError('name the payload file first (or use --each)', 'usage');
    }
    const found: BenchFiles = benchFiles(setPaths);
    const single = payloadPath === undefined ? undefined : benchFiles([payloadPath]);
    if (single && single.paths.length !== 1) throw new BenchError(`${payloadPath}: name one payload file, not a folder`, 'usage');
    const real = (path: string): string => realpathSync(path);
    const payloadReal = single ? real(single.paths[0] as string) : undefined;
    const keep = found.paths.map((path) => real(path) !== payloadReal);
    const paths = [...found.paths.filter((_, i) => keep[i]), ...(single ? single.paths : [])];
    const names = [...found.names.filter((_, i) => keep[i]), ...(single ? single.names : [])];
    const files: BenchFiles = { paths, names, skippedLinks: found.skippedLinks };
    // The filter picks the payloads taken in turn, never the set measured before them.
    const listing = await listBench({ ...args, filter: undefined }, files);
    const set = listing.refs;
    const targets = each ? set.filter((ref) => !args.filter || args.filter.test(ref.name)) : [set[set.length - 1] as PayloadRef];
    const before = (target: PayloadRef): PayloadRef[] => [...set.filter((ref) => ref !== target), target];
    if (args.filter && targets.length === 0) {
      throw new BenchError(`no payload matches --filter ${args.filter.source} (the payloads: ${set.map((ref) => ref.name).join(', ')})`, 'input');
    }

    const started = Date.now();
    console.log(
      `wirebench bench:order: ${each ? `each of ${targets.length} payloads in turn` : (targets[0] as PayloadRef).name}, alone and after ${set.length - 1} other payloads` +
        ` (${set.map((ref) => ref.name).join(', ')}); ${args.rounds} rounds × ${args.roundTime} ms, warm-up ${args.warmupTime} ms; implementations ${args.implementations === 'all' ? 'all' : args.implementations.join(', ')}` +
        `${repeat > 1 ? `; every column ${repeat} times, medians compared` : ''}`,
    );
    for (const note of listing.notes) console.log(`note: ${note}`);

    const reports: PayloadReport[] = [];
    const startedAt = new Date().toISOString();
    // Written after every payload too, so a run cut short (the browser gone, say) keeps what it measured.
    const save = (): void => {
      if (args.json)
        writeFileSync(args.json, `${JSON.stringify({ bar: BAR, command: `npm run bench:order -- ${argv.join(' ')}`, date: startedAt, reports }, null, 1)}\n`);
    };
    const notes = new Set<string>();
    const step = async (
      label: string,
      run: (onProgress: ReturnType<typeof progressReporter>['update']) => Promise<{ result: MeasureResult; notes: string[] }>,
    ): Promise<MeasureResult> => {
      process.stderr.write(`${label}\n`);
      const progress = progressReporter(process.stderr);
      try {
        const measured = await run(progress.update);
        measured.notes.forEach((n) => {
          notes.add(n);
        });
        return measured.result;
      } finally {
        progress.end();
      }
    };
    const columnsFor = async (
      runtime: Runtime,
      measureGroups: (groups: PayloadRef[][], onProgress: ReturnType<typeof progressReporter>['update']) => Promise<{ result: MeasureResult; notes: string[] }>,
    ): Promise<void> => {
      for (const target of targets) {
        const sequence = before(target);
        const results: Partial<Record<Column, MeasureResult[]>> = { alone: [], ...(isolatedOnly ? {} : { same: [] }), isolated: [] };
        // Run by run, the columns interleaved: drift of the machine reaches each column alike.
        for (let run = 1; run <= repeat; run++) {
          const of = repeat > 1 ? ` (run ${run} of ${repeat})` : '';
          results.alone?.push(await step(`${runtime}: ${target.name} alone${of}`, (p) => measureGroups([[target]], p)));
          if (!isolatedOnly)
            results.same?.push(
              await step(`${runtime}: ${target.name} after ${sequence.length - 1} others, one process${of}`, (p) => measureGroups([sequence], p)),
            );
          results.isolated?.push(
            await step(`${runtime}: ${target.name} after ${sequence.length - 1} others, each isolated${of}`, (p) =>
              measureGroups(
                sequence.map((ref) => [ref]),
                p,
              ),
            ),
          );
        }
        const r = report(runtime, target.name, sequence.length - 1, results);
        reports.push(r);
        printReport(r, isolatedOnly);
        save();
      }
    };

    if (inNode) await columnsFor('node', (groups, onProgress) => measureBenchGroups(args, groups, files.paths, onProgress));
    if (inBrowser) {
      const fileRefs: PayloadFileRef[] = files.names.map((name, i) => ({ name, url: `/payloads/${i}.json` }));
      const routes = new Map(fileRefs.map(({ url }, i) => [url, resolve(files.paths[i] as string)]));
      const opened = await openBrowser('chromium', routes);
      try {
        const session: BrowserSession = opened.session;
        const log = (line: string): void => console.log(line);
        await columnsFor('chromium', (groups, onProgress) => measureInBrowser(session, mode, args, fileRefs, groups, { onProgress, log }));
      } finally {
        await opened.close();
      }
    }

    for (const note of notes) if (!listing.notes.includes(note)) console.log(`note: ${note}`);
    // The worst per payload and runtime, then overall.
    console.log(`\n## worst median of after ÷ alone per implementation (bar: within ${BAR}×)`);
    const summary = reports.map((r) => {
      const iso = worst(r, 'isolated');
      const same = worst(r, 'same');
      return [
        r.payload,
        r.runtime,
        iso ? `${formatRatioNumber(iso[1])} (${iso[0]})` : '—',
        ...(isolatedOnly ? [] : [same ? `${formatRatioNumber(same[1])} (${same[0]})` : '—']),
        iso && deviation(iso[1]) <= BAR ? 'yes' : 'NO',
      ];
    });
    for (const line of pad([['payload', 'runtime', 'isolated', ...(isolatedOnly ? [] : ['same process']), `within ${BAR}×`], ...summary])) console.log(line);
    const all = reports.flatMap((r) => {
      const w = worst(r, 'isolated');
      return w ? [{ payload: r.payload, runtime: r.runtime, implementation: w[0], ratio: w[1] }] : [];
    });
    const overall = all.reduce<(typeof all)[number] | undefined>((a, b) => (!a || deviation(b.ratio) > deviation(a.ratio) ? b : a), undefined);
    const pass = reports.every((r) => {
      const w = worst(r, 'isolated');
      return w !== undefined && deviation(w[1]) <= BAR;
    });
    console.log(
      overall
        ? `\nworst, isolated: ${formatRatioNumber(overall.ratio)} (${overall.implementation} on ${overall.payload}, ${overall.runtime}): ${pass ? `every median within ${BAR}×` : `NOT every median within ${BAR}×`}`
        : '\nnothing measured',
    );
    console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
    if (args.json) {
      save();
      console.log(`figures: ${args.json}`);
    }
    return pass ? 0 : 1;
  },
});

await main(order);
