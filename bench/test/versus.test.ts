import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { MeasureResult, OperationResult, PayloadResult, RowResult } from 'wirebench';
import { poolResults } from '../src/compare/pool.js';
import type { VersusReport } from '../src/report/versus.js';
import { formatVersusMarkdown, formatVersusText, versusLibraries, versusReport } from '../src/report/versus.js';

/** wirebench ÷ each library codec (`npm run bench:versus`), on small synthetic results: only round medians matter. */

function op(roundMedians: readonly number[]): OperationResult {
  return {
    median: roundMedians[0] ?? 0,
    p75: 0,
    p99: 0,
    mean: 0,
    min: 0,
    rme: 1,
    samples: roundMedians.length * 10,
    callsPerSample: 1,
    mbPerSecond: 1,
    roundMedians: [...roundMedians],
  };
}

interface Spec {
  readonly encode?: readonly number[];
  readonly decode?: readonly number[];
  readonly error?: string;
  readonly lossy?: boolean;
}

const EXACT = { ok: true, diffs: [], truncated: false };
const LOSSY = { ok: false, diffs: [{ path: '$.a', kind: 'value' as const, expected: 1, actual: 2 }], truncated: false };

/** A codec row: `implementation` undefined for wirebench's own (the bare format name), else `format (library)`. */
function codec(format: string, implementation: string | undefined, spec: Spec): RowResult {
  return {
    name: implementation ? `${format} (${implementation})` : format,
    kind: 'codec',
    format: format as RowResult['format'],
    implementation: implementation ?? 'wirebench',
    ...(implementation ? { version: '1.0.0' } : {}),
    ...(spec.error === undefined ? { fidelity: spec.lossy ? LOSSY : EXACT } : { error: spec.error }),
    ...(spec.encode && spec.error === undefined ? { encode: op(spec.encode) } : {}),
    ...(spec.decode && spec.error === undefined ? { decode: op(spec.decode) } : {}),
  };
}

function payload(name: string, rows: RowResult[], extra: Partial<PayloadResult> = {}): PayloadResult {
  return { name, jsonBytes: 1000, lossyNumbers: [], lossyCount: 0, reference: 'json', rounds: [], stoppedByBudget: false, suspect: false, rows, ...extra };
}

function result(payloads: PayloadResult[]): MeasureResult {
  return {
    format: 'wirebench-result',
    version: 2,
    createdAt: '2026-11-24T12:00:00.000Z',
    environment: { runtime: 'node', runtimeVersion: 'Node v20.20.2', timerResolutionMs: 0.001, libraries: { msgpackr: '2.1.4 (native msgpackr-extract)' } },
    options: {
      rounds: 3,
      roundTime: 15,
      warmupTime: 60,
      sampleTime: 0.05,
      budget: null,
      minRounds: 3,
      maxPressure: 0.25,
      retries: 2,
      bootstrapResamples: 500,
      operations: ['encode', 'decode'],
      compressors: [],
    },
    method: 'test',
    payloads,
  };
}

const scale = (values: readonly number[], factor: number): number[] => values.map((v) => v * factor);
/** Round medians that swing between rounds (a noisy machine): only the same round of two rows compares. */
const NOISY = [0.1, 0.3, 0.12, 0.5, 0.11];
const json = codec('json', undefined, { encode: NOISY, decode: NOISY });

/** A payload whose msgpack rows run so: wirebench `factor` times the library's time in every round. */
function msgpackPayload(name: string, factor: number, library: Spec = {}, own: Spec = {}): PayloadResult {
  return payload(name, [
    json,
    codec('msgpack', undefined, { encode: scale(NOISY, factor), decode: scale(NOISY, factor), ...own }),
    codec('msgpack', 'msgpackr', { encode: NOISY, decode: NOISY, ...library }),
  ]);
}

const cellOf = (report: VersusReport, payload: string, operation = 'decode') =>
  report.cells.find((cell) => cell.payload === payload && cell.row === 'msgpack (msgpackr)' && cell.operation === operation);
const columnOf = (report: VersusReport, operation = 'decode') =>
  report.columns.find((column) => column.row === 'msgpack (msgpackr)' && column.operation === operation);

describe('versusReport', () => {
  it('gives 2.0 where the library is twice as fast, round by round, with its interval', () => {
    const report = versusReport(result([msgpackPayload('a', 2)]));
    const cell = cellOf(report, 'a');
    expect(cell?.ratio.estimate).toBeCloseTo(2, 12);
    expect(cell?.ratio.low).toBeCloseTo(2, 12);
    expect(cell?.ratio.high).toBeCloseTo(2, 12);
    expect(cell?.ratio.perRound).toHaveLength(NOISY.length);
    expect(cell?.lossy).toBe(false);
    // One column per library and operation; wirebench's own rows and json are no column.
    expect(report.columns.map((c) => `${c.row} ${c.operation}`)).toEqual(['msgpack (msgpackr) encode', 'msgpack (msgpackr) decode']);
    expect(columnOf(report)?.version).toBe('1.0.0');
  });

  it('takes the median of the per-round ratios and bootstraps its interval over rounds', () => {
    const own = { decode: [0.2, 0.3, 0.4, 0.5, 0.6] };
    const library = { decode: [0.1, 0.1, 0.1, 0.1, 0.1] };
    const cell = cellOf(versusReport(result([msgpackPayload('a', 1, library, own)])), 'a');
    expect(cell?.ratio.perRound.map((r) => Number(r.toFixed(9)))).toEqual([2, 3, 4, 5, 6]);
    expect(cell?.ratio.estimate).toBeCloseTo(4, 12);
    expect(cell?.ratio.low).toBeGreaterThanOrEqual(2);
    expect(cell?.ratio.low).toBeLessThan(4);
    expect(cell?.ratio.high).toBeGreaterThan(4);
    expect(cell?.ratio.high).toBeLessThanOrEqual(6);
  });

  it('gives the geometric mean over payloads and the worst payload, per library and operation', () => {
    const report = versusReport(result([msgpackPayload('a', 2), msgpackPayload('b', 0.5), msgpackPayload('c', 4)]));
    const column = columnOf(report);
    expect(column?.geomean).toBeCloseTo(Math.cbrt(2 * 0.5 * 4), 12);
    expect(column?.payloads).toBe(3);
    expect(column?.worst?.payload).toBe('c');
    expect(column?.worst?.estimate).toBeCloseTo(4, 12);
  });

  it('leaves out a payload where either codec errored, with the reason, and takes the geomean over the rest', () => {
    const report = versusReport(
      result([
        msgpackPayload('a', 2),
        msgpackPayload('b', 8, { error: 'msgpackr: decode failed: boom' }),
        msgpackPayload('c', 8, {}, { error: 'encode refused: a BigInt' }),
        payload('d', [], { error: 'the worker crashed' }),
      ]),
    );
    expect(cellOf(report, 'b')).toBeUndefined();
    expect(cellOf(report, 'c')).toBeUndefined();
    expect(report.excluded).toContainEqual({
      payload: 'b',
      row: 'msgpack (msgpackr)',
      operation: 'decode',
      reason: 'msgpack (msgpackr) errored: msgpackr: decode failed: boom',
    });
    expect(report.excluded).toContainEqual({
      payload: 'c',
      row: 'msgpack (msgpackr)',
      operation: 'encode',
      reason: "wirebench's msgpack errored: encode refused: a BigInt",
    });
    expect(report.excluded).toContainEqual({ payload: 'd', reason: 'the payload could not be measured: the worker crashed' });
    expect(columnOf(report)?.geomean).toBeCloseTo(2, 12);
    expect(columnOf(report)?.payloads).toBe(1);
    const markdown = formatVersusMarkdown(report);
    expect(markdown).toContain('| b | error | error |');
    expect(markdown).toContain('| **geomean** | **2.00×** (1 of 4) | **2.00×** (1 of 4) |');
    expect(markdown).toContain('- b, msgpack (msgpackr) encode and decode: msgpack (msgpackr) errored: msgpackr: decode failed: boom');
    expect(markdown).toContain('- d: the payload could not be measured: the worker crashed');
  });

  it('leaves out a payload wirebench did not give back, and keeps a lossy library as a flagged figure', () => {
    const report = versusReport(result([msgpackPayload('a', 2, {}, { lossy: true }), msgpackPayload('b', 0.5, { lossy: true })]));
    expect(cellOf(report, 'a')).toBeUndefined();
    expect(report.excluded.find((e) => e.payload === 'a')?.reason).toMatch(/^wirebench's msgpack did not give the payload back \(LOSSY\)/);
    expect(cellOf(report, 'b')?.lossy).toBe(true);
    expect(columnOf(report)?.lossy).toBe(1);
    expect(columnOf(report)?.geomean).toBeCloseTo(0.5, 12);
    const markdown = formatVersusMarkdown(report);
    expect(markdown).toContain('| a | LOSSY (wirebench) | LOSSY (wirebench) |');
    expect(markdown).toContain('| b | 0.50× (0.50–0.50) LOSSY | 0.50× (0.50–0.50) LOSSY |');
    expect(markdown).toContain('LOSSY library rows (counted, flagged): msgpack (msgpackr) on b.');
  });

  it('pairs round i with round i of the same run after pooling, and refuses to pair rounds a failed run shifted', () => {
    // Each run's rounds swing by 10× between them, but wirebench is 2× the library in run 1 and 3× in run 2, round by round.
    const run1 = result([msgpackPayload('a', 2), msgpackPayload('b', 2)]);
    const run2 = result([msgpackPayload('a', 3), msgpackPayload('b', 3, { error: 'boom' })]);
    const pooled = versusReport(poolResults([run1, run2]));
    const a = cellOf(pooled, 'a');
    expect(a?.ratio.perRound.map((r) => Number(r.toFixed(9)))).toEqual([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    expect(a?.ratio.low).toBeGreaterThanOrEqual(2 - 1e-9);
    expect(a?.ratio.high).toBeLessThanOrEqual(3 + 1e-9);
    // b's library row errored in run 2: pooled, it has 5 rounds against wirebench's 10. Not paired across runs.
    expect(cellOf(pooled, 'b')).toBeUndefined();
    expect(pooled.excluded.find((e) => e.payload === 'b')?.reason).toMatch(/^the rounds do not pair \(10 of wirebench's, 5 of msgpack \(msgpackr\)'s/);
  });

  it("finds a library's version among the result's own libraries only, whatever the row names as its implementation", () => {
    const { version: _version, ...unversioned } = codec('msgpack', 'constructor', { decode: [2, 2, 2] });
    const report = versusReport(
      result([payload('a', [codec('json', undefined, { decode: [1, 1, 1] }), codec('msgpack', undefined, { decode: [1, 1, 1] }), unversioned])]),
    );
    expect(report.columns.length).toBeGreaterThan(0);
    // Not Object.prototype.constructor, the function every object inherits.
    expect(versusLibraries(report)).toBe('constructor');
    expect(formatVersusText(report)).not.toContain('function');
  });

  it('reads results written before rows said their implementation, by the row name', () => {
    const strip = (row: RowResult): RowResult => {
      const { implementation: _implementation, version: _version, ...rest } = row;
      return rest;
    };
    const old = result([{ ...msgpackPayload('a', 2), rows: msgpackPayload('a', 2).rows.map(strip) }]);
    const report = versusReport(old);
    expect(cellOf(report, 'a')?.ratio.estimate).toBeCloseTo(2, 12);
    expect(columnOf(report)?.version).toBe('2.1.4 (native msgpackr-extract)');
  });
});

describe('rendering', () => {
  const report = versusReport(
    result([
      payload('../corpus/twitter.json', [
        json,
        codec('msgpack', undefined, { encode: scale(NOISY, 1.3), decode: scale(NOISY, 0.8) }),
        codec('msgpack', '@msgpack/msgpack', { encode: NOISY, decode: NOISY }),
        codec('msgpack', 'msgpackr', { encode: NOISY, decode: NOISY }),
        codec('cbor', undefined, { encode: scale(NOISY, 1.1), decode: NOISY }),
        codec('cbor', 'cbor-x', { encode: NOISY, decode: NOISY }),
      ]),
      payload('order', [
        json,
        codec('msgpack', undefined, { encode: scale(NOISY, 0.5), decode: scale(NOISY, 0.5) }),
        codec('msgpack', '@msgpack/msgpack', { encode: NOISY, decode: NOISY }),
        codec('msgpack', 'msgpackr', { encode: NOISY, decode: NOISY }),
      ]),
    ]),
  );

  it('writes Markdown: payload rows, a column per library and operation, a geomean row and a max row, marks above 1.25 and geomeans above 1', () => {
    const lines = formatVersusMarkdown(report).split('\n');
    expect(lines[0]).toBe(
      '| payload | msgpack (@msgpack/msgpack) encode | msgpack (@msgpack/msgpack) decode | msgpack (msgpackr) encode | msgpack (msgpackr) decode | cbor (cbor-x) encode | cbor (cbor-x) decode |',
    );
    expect(lines[2]).toBe(
      '| twitter.json | **1.30×** (1.30–1.30) | 0.80× (0.80–0.80) | **1.30×** (1.30–1.30) | 0.80× (0.80–0.80) | 1.10× (1.10–1.10) | 1.00× (1.00–1.00) |',
    );
    // cbor was not measured on order: "—", and nothing to explain.
    expect(lines[3]).toBe('| order | 0.50× (0.50–0.50) | 0.50× (0.50–0.50) | 0.50× (0.50–0.50) | 0.50× (0.50–0.50) | — | — |');
    expect(lines[4]).toBe('| **geomean** | 0.81× | 0.63× | 0.81× | 0.63× | **1.10×** (1 of 2) | 1.00× (1 of 2) |');
    expect(lines[5]).toBe(
      '| **max** | **1.30×** twitter.json | 0.80× twitter.json | **1.30×** twitter.json | 0.80× twitter.json | 1.10× twitter.json | 1.00× twitter.json |',
    );
    expect(lines).toHaveLength(6);
  });

  it('writes plain text: one block per library, the marks after the figures', () => {
    const text = formatVersusText(report);
    expect(text).toContain('msgpack: wirebench ÷ msgpackr 1.0.0\npayload');
    expect(text).toMatch(/^twitter\.json +1\.30× \(1\.30–1\.30\) ! +0\.80× \(0\.80–0\.80\)$/m);
    expect(text).toMatch(/^geomean +1\.10× \(1 of 2\) ! +1\.00× \(1 of 2\)$/m);
    expect(text).toContain('! wirebench more than 25 % slower than the library on that payload');
  });

  it('says so when the result has no library codec rows', () => {
    const none = versusReport(result([payload('a', [json, codec('msgpack', undefined, { decode: NOISY })])]));
    expect(none.columns).toEqual([]);
    expect(formatVersusMarkdown(none)).toMatch(/No library codec rows .*--implementations all/);
  });
});

describe('npm run bench:versus', () => {
  const CLI = fileURLToPath(new URL('../dist/cli/versus.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-versus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

  it('prints a table for each file and exits 0, whatever the figures say', () => {
    const slow = file('slow.json', result([msgpackPayload('a', 3)]));
    const fast = file('fast.json', result([msgpackPayload('a', 0.5)]));
    const run = cli(slow, fast);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`== ${slow}`);
    expect(run.stdout).toContain(`== ${fast}`);
    expect(run.stdout).toMatch(/^a +3\.00× \(3\.00–3\.00\) ! +3\.00× \(3\.00–3\.00\) !$/m);
    const markdown = cli('--markdown', '--pool', slow, fast);
    expect(markdown.status).toBe(0);
    expect(markdown.stdout).toContain(`### ${slow} + ${fast} (pooled)`);
    expect(markdown.stdout).toContain('| a | **1.75×** (0.50–3.00) | **1.75×** (0.50–3.00) |');
  });

  it('explains itself with --help, and refuses bad files and arguments with one line and exit 2', () => {
    const help = cli('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench:versus -- /);
    const missing = cli(join(dir, 'nope.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^bench:versus: cannot read .*nope\.json: ENOENT\n$/);
    const notJson = cli(file('text.json', 'not json'));
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toMatch(/^bench:versus: .*text\.json is not JSON: /);
    const invalid = cli(file('invalid.json', { format: 'something else' }));
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toMatch(/^bench:versus: .*invalid\.json: .*wirebench-result/);
    expect(cli().stderr).toBe('bench:versus: expected at least one result file (see --help)\n');
    expect(cli('--nope').status).toBe(2);
  });
});
