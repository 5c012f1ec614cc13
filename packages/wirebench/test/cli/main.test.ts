/**
 * `npx wirebench` as a user meets it: the built bin (packages/wirebench/bin/wirebench.js → dist/cli) run
 * as a child process on tiny payloads with --quick, so each run takes a second or two.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORMATS, IMPLEMENTATIONS, inferSchema, toFbs, toProto } from '@wirebench/core';
import { afterAll, describe, expect, it } from 'vitest';
import { installWithoutSimdjson } from '../../../core/test/support/install.js';
import { flatcCompiles, hasTool, protocCompiles } from '../../../core/test/support/oracles.js';
import { REPO_ROOT } from '../../../core/test/support/paths.js';
import { streamedDecompressionMs } from '../../src/answer/decompression.js';
import { findNetworkPreset } from '../../src/answer/networks.js';
import { withAnswers } from '../../src/answer/with-answers.js';
import { CLI_OPTIONS } from '../../src/cli/args.js';
import type { CliResult } from '../../src/cli/main.js';
import { exclusionWords } from '../../src/report/answer-words.js';
import { formatBytes } from '../../src/report/format.js';

const BIN = join(REPO_ROOT, 'packages/wirebench/bin/wirebench.js');
const FAST = ['--quick', '--rounds', '3'];

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The bin run to its end, or killed after `timeout` ms (status null), so a hang fails the test instead of stalling it. */
function wirebench(args: readonly string[], options: { cwd?: string; bin?: string; timeout?: number } = {}): Run {
  const run = spawnSync(process.execPath, [options.bin ?? BIN, ...args], { encoding: 'utf8', cwd: options.cwd ?? dir, timeout: options.timeout ?? 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'wirebench-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Nulls, an absent key, mixed arrays, arrays of arrays, a key that is no identifier, and a number JSON.parse cannot keep. */
const ORDER_TEXT = `{
  "id": 9007199254740993,
  "customer": { "name": "Zoë", "vip": true, "note": null },
  "lines": [ { "sku": "a-1", "qty": 2, "price": 9.5 }, { "sku": "b-2", "qty": 1, "price": 120, "gift": true } ],
  "mixed": [1, "two", null, [3, 4], { "five": 5 }],
  "grid": [[1, 2], [3]],
  "unit-price": 0.1
}`;
const order = join(dir, 'order.json');
writeFileSync(order, ORDER_TEXT);

describe('wirebench --help and --version', () => {
  it('--help explains every option the parser accepts', () => {
    const run = wirebench(['--help']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const documented = (option: string): boolean => new RegExp(`^ {2}(-\\w, )?--${option}\\b`, 'm').test(run.stdout);
    const options = Object.keys(CLI_OPTIONS);
    expect(options).toEqual(expect.arrayContaining(['formats', 'json', 'html', 'quick', 'help', 'schema-out', 'version', 'rounds', 'time']));
    expect(options.filter((option) => !documented(option))).toEqual([]);
    expect(run.stdout).toMatch(/^ {2}-h, --help/m);
    expect(run.stdout).toMatch(/^ {2}-v, --version/m);
    for (const format of FORMATS) expect(run.stdout).toContain(format);
    expect(run.stdout).toContain('Exit codes');
  });

  it('-h is --help, and --version prints the package version', () => {
    expect(wirebench(['-h']).stdout).toBe(wirebench(['--help']).stdout);
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/wirebench/package.json'), 'utf8')) as { version: string };
    const run = wirebench(['--version']);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: `${version}\n` });
  });

  it('is the bin npm links for the workspace, so npx wirebench runs it', () => {
    const linked = join(REPO_ROOT, 'node_modules/.bin/wirebench');
    expect(existsSync(linked), 'node_modules/.bin/wirebench is missing: run npm ci').toBe(true);
    expect(realpathSync(linked)).toBe(realpathSync(BIN));
    const run = spawnSync('npx', ['--no-install', 'wirebench', '--version'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('wirebench on a payload', () => {
  it('--json prints only the result on stdout: every format with its sizes, timings, ratio to JSON and fidelity', () => {
    const run = wirebench([order, '--json', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult; // the whole of stdout, nothing else
    expect(result).toMatchObject({ format: 'wirebench-result', version: 2 });
    expect(result.options).toMatchObject({ rounds: 3, roundTime: 10, compressors: ['gzip', 'brotli'], isolation: 'worker-per-payload' });
    expect(run.stderr).toContain(`measuring ${order}`);
    const [payload] = result.payloads;
    expect(result.payloads).toHaveLength(1);
    // An absolute path is the payload's name as typed, never made relative (`../../tmp/…`); the file's own size travels with it.
    expect(payload).toMatchObject({ name: order, lossyCount: 1, lossyNumbers: [{ path: '$.id', text: '9007199254740993' }] });
    expect(payload?.sourceBytes).toBe(Buffer.byteLength(ORDER_TEXT));
    expect(payload?.jsonBytes).toBe(Buffer.byteLength(JSON.stringify(JSON.parse(ORDER_TEXT))));
    // Every format is measured, or a note says why not (simdjson's addon is optional).
    const rows = new Map(payload?.rows.map((row) => [row.name, row]));
    for (const format of FORMATS) {
      if (!rows.has(format)) {
        expect(format).toBe('simdjson');
        expect(result.notes.some((note) => note.startsWith('simdjson not measured:'))).toBe(true);
      }
    }
    expect([...rows.keys()]).toEqual(expect.arrayContaining(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers']));
    for (const row of rows.values()) {
      expect(row.error).toBeUndefined();
      expect(row.fidelity?.ok).toBe(true);
      expect(row.bytes).toBeGreaterThan(0);
      expect(row.compressed?.['gzip']).toBeGreaterThan(0);
      expect(row.compressed?.['brotli']).toBeGreaterThan(0);
      for (const op of [row.encode, row.decode]) {
        expect(op?.median).toBeGreaterThan(0);
        expect(op?.rme).toBeGreaterThanOrEqual(0);
        expect(op?.roundMedians).toHaveLength(3);
        expect(op?.vsJson?.perRound).toHaveLength(3);
      }
    }
    expect(rows.get('json')?.encode?.vsJson?.estimate).toBe(1);
    expect(rows.get('protobuf')?.bytes).toBeLessThan(rows.get('json')?.bytes as number);
  });

  it('--formats measures those formats, json always among them, and prints the tables', () => {
    const run = wirebench(['./order.json', '--formats', 'msgpack,protobuf', '--implementations', 'wirebench', ...FAST]);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^wirebench \d+\.\d+\.\d+: order\.json; formats json, msgpack, protobuf; --quick$/);
    // The payload's header says the file's size beside the minified bytes every ratio is taken against.
    const [minified, file] = [JSON.stringify(JSON.parse(ORDER_TEXT)), ORDER_TEXT].map((text) => Buffer.byteLength(text).toLocaleString('en-US'));
    expect(run.stdout).toMatch(new RegExp(`^## order\\.json — JSON ${minified} bytes \\(minified from ${file} B as the file holds it\\), 3 rounds`, 'm'));
    for (const table of ['size', 'encode', 'decode']) {
      const start = lines.findIndex((line) => line.startsWith(`${table} `));
      expect(start, `${table} table`).toBeGreaterThan(0);
      expect(lines.slice(start + 1, start + 4).map((line) => line.split(/\s+/)[0])).toEqual(['json', 'msgpack', 'protobuf']);
    }
    expect(run.stdout).toMatch(/^size +bytes +% JSON +gzip +brotli +fidelity$/m);
    expect(run.stdout).toMatch(/^decode +median µs +p75 +p99 +mean +rme +MB\/s +× JSON +95 % interval$/m);
    expect(run.stdout).toMatch(/^protobuf +[\d,]+ +[\d.]+ % +[\d,]+ +[\d,]+ +exact$/m);
    expect(run.stdout).toContain('1 number literal(s) cannot be kept by JSON.parse');
    expect(run.stdout).not.toMatch(/^cbor/m); // no cbor row (the libraries line names cbor-x's version)
    expect(run.stdout).not.toContain('preparing'); // progress is on stderr
  });

  it('measures each file in a fresh worker, in order, and says so; --same-process measures them all in this process', () => {
    const folder = join(dir, 'isolation');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.json'), '{"a": [1, 2, 3]}');
    writeFileSync(join(folder, 'b.json'), '[{"b": true}, {"b": false}]');
    const apart = wirebench(['isolation', '--json', '--formats', 'json,msgpack', '--implementations', 'wirebench', ...FAST]);
    expect(apart.status).toBe(0);
    const result = JSON.parse(apart.stdout) as CliResult;
    expect(result.options.isolation).toBe('worker-per-payload');
    expect(result.payloads.map((p) => [p.name, p.error, p.rows.map((r) => r.name)])).toEqual([
      ['isolation/a.json', undefined, ['json', 'msgpack']],
      ['isolation/b.json', undefined, ['json', 'msgpack']],
    ]);
    const table = wirebench([folder, '--formats', 'json', ...FAST]);
    expect(table.stdout).toMatch(/^isolation: worker-per-payload \(each payload in a fresh worker/m);

    const same = wirebench([folder, '--same-process', '--formats', 'json', ...FAST]);
    expect(same.status).toBe(0);
    expect(same.stdout.split('\n')[0]).toMatch(/; --quick; --same-process$/);
    expect(same.stdout).toMatch(/^isolation: none \(every payload in one process/m);
    expect((JSON.parse(wirebench([folder, '--same-process', '--json', '--formats', 'json', ...FAST]).stdout) as CliResult).options.isolation).toBe('none');
  });

  it('says plainly in the table when a format refuses the payload', () => {
    writeFileSync(join(dir, 'deep.json'), `{"deep": ${'['.repeat(120)}1${']'.repeat(120)}}`);
    const run = wirebench(['deep.json', '--formats', 'json,msgpack', ...FAST]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^msgpack +— +— +— +error: msgpack: nesting level 101 at \$\.deep\[0\]/m);
    expect(run.stdout).toContain('fidelity: these refused or failed on the payload (see the error in the table): msgpack on deep.json');
  });

  it('measures the .json files of a folder in name order, and a file named twice once', () => {
    const folder = join(dir, 'folder');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'b.json'), '[1, 2, 3]');
    writeFileSync(join(folder, 'sub', 'a.json'), '{"a": "x"}');
    writeFileSync(join(folder, 'notes.txt'), 'not JSON');
    const run = wirebench(['folder', join('folder', 'b.json'), '--json', '--formats', 'json', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    expect(result.payloads.map((p) => p.name)).toEqual(['folder/b.json', 'folder/sub/a.json']);
    // A folder typed as an absolute path names its files by absolute paths.
    const absolute = JSON.parse(wirebench([folder, '--json', '--formats', 'json', ...FAST]).stdout) as CliResult;
    expect(absolute.payloads.map((p) => p.name)).toEqual([join(folder, 'b.json'), join(folder, 'sub', 'a.json')]);
  });

  it('follows symlinks once: skips link cycles and second ways into a folder, and names them in a note on stderr', () => {
    // Two links to `.` made the old search endless; one measured the same file 41 times.
    const folder = join(dir, 'linked');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'a.json'), '[1, 2, 3]');
    writeFileSync(join(folder, 'sub', 'b.json'), '{"b": true}');
    symlinkSync('.', join(folder, 'loop'));
    symlinkSync('.', join(folder, 'loop2'));
    symlinkSync('sub', join(folder, 'alias'));
    symlinkSync(join('sub', 'b.json'), join(folder, 'c.json'));
    const run = wirebench(['linked', '--json', '--formats', 'json', ...FAST], { timeout: 30_000 });
    expect(run.status, 'the run ended by itself').toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    expect(result.payloads.map((p) => p.name)).toEqual(['linked/a.json', 'linked/sub/b.json']);
    const notes = run.stderr.split('\n').filter((line) => line.startsWith('note: '));
    expect(notes).toEqual([
      'note: skipped 2 symlinked folders already being searched (a link cycle): linked/loop, linked/loop2; ' +
        '2 symlinks to a folder or file already found: linked/alias, linked/c.json',
    ]);
  });

  it('measures the files of a folder reached only through a symlink, under the path through the link, without a note', () => {
    const outside = join(dir, 'outside');
    const folder = join(dir, 'via-link');
    mkdirSync(outside);
    mkdirSync(folder);
    writeFileSync(join(outside, 'x.json'), '{"x": 1}');
    symlinkSync(join('..', 'outside'), join(folder, 'ext'));
    const run = wirebench(['via-link', '--json', '--formats', 'json', ...FAST], { timeout: 30_000 });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as CliResult).payloads.map((p) => p.name)).toEqual(['via-link/ext/x.json']);
    expect(run.stderr).not.toContain('note:');
  });

  it('--html writes the report with every row of the result in it', () => {
    const html = join(dir, 'out', 'report.html');
    const run = wirebench([order, '--json', '--html', html, ...FAST]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`HTML report: ${html}`);
    const page = readFileSync(html, 'utf8');
    const result = JSON.parse(run.stdout) as CliResult;
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('order.json');
    for (const row of result.payloads[0]?.rows ?? []) {
      expect(page).toContain(`<div class="name">${row.name}</div>`);
      expect(page).toContain(`${formatBytes(row.bytes as number)} · `);
      expect(page).toContain(`${formatBytes(row.compressed?.['brotli'] as number)} · `);
    }
    expect(page).toContain('<span class="badge ok">exact</span>');
    expect(page).toContain('9007199254740993');
  });

  it('without the simdjson addon, measures every other format and says why simdjson is not measured', () => {
    const scratch = join(dir, 'no-simdjson');
    const tool = installWithoutSimdjson(scratch, 'wirebench');
    const run = wirebench([order, '--json', '--formats', 'json,simdjson,msgpack', '--implementations', 'wirebench', ...FAST], {
      bin: join(tool, 'bin/wirebench.js'),
    });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    expect(result.payloads[0]?.rows.map((row) => row.name)).toEqual(['json', 'msgpack']);
    expect(result.notes).toEqual([expect.stringMatching(/^simdjson not measured: simdjson: the simdjson native addon is not installed/)]);
    const table = wirebench([order, '--formats', 'simdjson', ...FAST], { bin: join(tool, 'bin/wirebench.js') });
    expect(table.stdout).toMatch(/^note: simdjson not measured: .*npm rebuild simdjson/m);
  });
});

describe('wirebench --implementations', () => {
  it('all: a row for every (format, implementation) pair, each with its implementation, version and fidelity', () => {
    const run = wirebench([order, '--json', '--implementations', 'all', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    const rows = result.payloads[0]?.rows ?? [];
    const expected = FORMATS.flatMap((format) => IMPLEMENTATIONS[format].map((i) => [format, i.id]));
    expect(rows.map((row) => [row.format, row.implementation])).toEqual(expected);
    for (const row of rows) {
      expect(row.name, 'the row name says the library').toBe(row.implementation === 'wirebench' ? row.format : `${row.format} (${row.implementation})`);
      expect(row.version, `${row.name} version`).toMatch(/^\d+\.\d+\.\d+/);
      expect(row.fidelity, `${row.name} fidelity`).toBeDefined();
      expect(row.encode?.median, `${row.name} encode`).toBeGreaterThan(0);
    }
    // The native addons' setting goes beside the version it changes.
    expect(rows.find((row) => row.implementation === 'cbor-x')?.version).toMatch(/\((native cbor-extract|pure JS)\)$/);
  });

  it('a list measures those implementations, json always among them; an unknown id is refused with the known ones', () => {
    const run = wirebench([order, '--json', '--formats', 'msgpack', '--implementations', 'msgpackr', ...FAST]);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as CliResult).payloads[0]?.rows.map((row) => row.name)).toEqual(['json', 'msgpack (msgpackr)']);
    const bad = wirebench([order, '--implementations', 'msgpack-lite']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /--implementations: unknown implementation "msgpack-lite"; expected all, or some of wirebench, @msgpack\/msgpack, msgpackr, cbor-x, protobufjs, flatbuffers/,
    );
  });
});

describe('wirebench answers which format to speak', () => {
  /** Milliseconds from a duration as the reports write it: `850 µs`, `41.2 ms`, `1.31 s`. */
  const ms = (text: string): number => {
    const [number = '', unit] = text.split(' ');
    const value = Number(number.replace(/,/g, ''));
    return unit === 's' ? value * 1000 : unit === 'µs' ? value / 1000 : unit === 'ns' ? value / 1e6 : value;
  };

  it('--network 3g-slow: the ranking first, fastest first with reasons, then each row’s time until usable on every preset', () => {
    const run = wirebench([order, '--network', '3g-slow', ...FAST]);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    const heading = lines.indexOf('ranking: time until usable on 3G Slow (400 Kbps, 400ms RTT) with gzip, fastest first');
    expect(heading).toBeGreaterThan(0);
    expect(heading).toBeLessThan(lines.findIndex((line) => line.startsWith('size ')));
    expect(lines[heading + 1]).toMatch(/^rank {2}row +until usable {2}why$/);
    const ranked = lines.slice(heading + 2).flatMap((line) => {
      const m = /^ {0,3}(\d+) {2}(\S.*?) {2,}([\d.,]+ (?:ns|µs|ms|s)) {2}(\S.*)$/.exec(line);
      return m ? [{ rank: Number(m[1]), name: m[2] as string, ms: ms(m[3] as string), why: m[4] as string }] : [];
    });
    expect(ranked.map((r) => r.rank)).toEqual(ranked.map((_, i) => i + 1));
    expect(ranked.map((r) => r.name)).toEqual(expect.arrayContaining(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers']));
    for (let i = 1; i < ranked.length; i++) expect(ranked[i]!.ms).toBeGreaterThanOrEqual(ranked[i - 1]!.ms - 0.01 * ranked[i]!.ms);
    expect(ranked.find((r) => r.name === 'json')?.why).toMatch(/^the reference; no JS to ship/);
    for (const r of ranked.filter((row) => row.name !== 'json'))
      expect(r.why).toMatch(/^[\d.,]+ (µs|ms) (sooner|later) than JSON: [\d,]+ B (less|more) to transfer/);
    const simdjson = lines.find((line) => line.startsWith('  simdjson  '));
    if (simdjson) expect(simdjson).toBe('  simdjson  runs in Node only (a native addon): no page or app can load it');

    // Each row on 3G Slow and 4G, then Cable: total (transfer + decompression + decode) and its break-even.
    expect(lines).toContain('time until usable with gzip, in ms: total (transfer + decompression + decode) on each link; repaid:');
    const first = lines.findIndex((line) => /^row +3G Slow +repaid +4G +repaid$/.test(line));
    const second = lines.findIndex((line) => /^row +Cable +repaid$/.test(line));
    expect(first).toBeGreaterThan(heading);
    expect(second).toBeGreaterThan(first);
    const cell = String.raw`([\d.,]+) \(([\d.,]+) \+ ([\d.]+) \+ ([\d.]+)\) +(—|never|[\d,]+)`;
    const rows = lines.slice(first + 1, lines.indexOf('', first)).map((line) => {
      const m = new RegExp(`^(\\S.*?) +${cell} +${cell}$`).exec(line);
      expect(m, line).not.toBeNull();
      return m as RegExpExecArray;
    });
    expect(rows.map((m) => m[1]).slice(0, ranked.length)).toEqual(ranked.map((r) => r.name));
    for (const m of rows) {
      for (const at of [2, 7]) {
        const [total, transfer, decompress, decode] = m.slice(at, at + 4).map((n) => Number((n as string).replace(/,/g, '')));
        // Each figure is rounded to about three digits: the parts add up to the total within that.
        expect(Math.abs(total! - (transfer! + decompress! + decode!))).toBeLessThanOrEqual(0.006 * total! + 0.02);
      }
      expect(Number(m[3]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(400); // 3G Slow: a 400 ms round trip before any byte
    }
    expect(rows.find((m) => m[1] === 'json')?.[6]).toBe('—');
    expect(run.stdout).toMatch(/^bytes by path: JSON vs (msgpack|cbor|protobuf|flatbuffers) \(best-ranked: /m);
    for (const line of lines.slice(
      heading,
      lines.findIndex((l) => l.startsWith('size ')),
    ))
      expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('--json holds every payload’s answer, each time until usable the sum of its parts; --html shows the ranking and stacked bars', () => {
    const html = join(dir, 'answer', 'report.html');
    const run = wirebench([order, '--json', '--html', html, '--network', 'lte', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    const payload = result.payloads[0]!;
    const answer = payload.answer!;
    expect(answer.networks).toEqual(['3g-slow', '4g', 'cable', 'lte']);
    expect(answer.served).toEqual(['none', 'gzip', 'brotli']);
    expect(answer.ranking.constraints).toEqual({
      network: 'lte',
      served: 'gzip',
      bundleBudgetBytes: null,
      noEval: false,
      exactInt64: false,
      readableTraffic: false,
      sharedSchemaOk: true,
      minGain: 0.05,
    });
    expect(answer.rows.map((row) => row.name)).toEqual(payload.rows.filter((row) => row.kind === 'codec').map((row) => row.name));
    for (const row of answer.rows) {
      const measured = payload.rows.find((r) => r.name === row.name)!;
      expect(row.usable, row.name).toHaveLength(4 * 3);
      for (const t of row.usable) {
        const preset = findNetworkPreset(t.network);
        expect(t.totalMs).toBeCloseTo(t.transferMs + t.decompressMs + t.decodeMs, 9);
        expect(t.transferMs).toBeCloseTo(preset.rttMs + (t.bytes * 8 * 1000) / preset.downloadBps, 9);
        expect(t.bytes).toBe(t.served === 'none' ? measured.bytes : measured.compressed![t.served]);
        // Decompression: what inflating at the streaming rate this run measured adds after the last byte.
        if (t.served !== 'none') {
          expect(t.inflateFrom).toBe('stream');
          expect(t.inflateMs).toBeCloseTo(measured.bytes! / measured.inflateBytesPerMs![t.served]!, 12);
        }
        expect(t.decompressMs).toBe(t.served === 'none' ? 0 : streamedDecompressionMs({ bytes: t.bytes, inflateMs: t.inflateMs!, downloadMs: t.downloadMs }));
        expect(t.decodeMs).toBe(measured.decode!.median);
      }
    }
    const { ranked } = answer.ranking;
    expect(ranked.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i]!.timeUntilUsable.totalMs).toBeGreaterThanOrEqual(ranked[i - 1]!.timeUntilUsable.totalMs);
    for (const r of ranked)
      expect(r.timeUntilUsable).toEqual(answer.rows.find((row) => row.name === r.name)!.usable.find((t) => t.network === 'lte' && t.served === 'gzip'));

    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h3>Ranking <span class="h-note">time until usable on LTE (12 Mbps, 70ms RTT) with gzip, fastest first</span></h3>');
    const names = [...page.matchAll(/<span class="ranked-name">([^<]+(?:<wbr>[^<]+)*)<\/span>/g)].map((m) => m[1]!.replace(/<wbr>/g, ''));
    expect(names).toEqual(ranked.map((r) => r.name));
    for (const label of ['3G Slow (400 Kbps, 400ms RTT)', '4G (9 Mbps, 170ms RTT)', 'Cable (5/1 Mbps 28ms RTT)', 'LTE (12 Mbps, 70ms RTT)'])
      expect(page).toContain(`<h4>${label}</h4>`);
    expect(page.match(/<div class="stack" /g)).toHaveLength(answer.rows.length * 4);
    expect(page.match(/<span class="part part-transfer" /g)).toHaveLength(answer.rows.length * 4);
    expect(page.match(/<span class="part part-decode" /g)).toHaveLength(answer.rows.length * 4);
    expect(page).toContain('<h3>Bytes by path ');
  });

  it('constraints change the ranking: --bundle-budget 10 leaves out JS over 10,000 B, --no-eval the generated-code rows; --min-gain is kept as a share', () => {
    const run = wirebench([order, '--json', '--bundle-budget', '10', '--no-eval', '--min-gain', '2.5', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    const { answer } = result.payloads[0]!;
    const { ranking } = answer!;
    expect(ranking.constraints).toMatchObject({ network: '4g', served: 'gzip', bundleBudgetBytes: 10_000, noEval: true, minGain: 0.025 });
    // The same figures without the constraints rank every row but simdjson (Node only).
    const free = withAnswers(result, { network: '4g', served: 'gzip' }).payloads[0]!.answer!.ranking;
    expect(free.ranked.map((r) => r.name)).toEqual(expect.arrayContaining(['protobuf', 'flatbuffers', 'cbor', 'msgpack (msgpackr)', 'protobuf (protobufjs)']));
    const js = new Map(answer!.rows.map((row) => [row.name, row.jsBytes]));
    const exclusions = new Map(ranking.excluded.map((row) => [row.name, row.exclusions]));
    for (const [name, bytes] of js) {
      const over = bytes !== null && bytes > 10_000;
      expect(exclusions.get(name)?.some((e) => e.code === 'over-budget') ?? false, name).toBe(over);
      if (over) expect(exclusions.get(name)?.find((e) => e.code === 'over-budget')).toEqual({ code: 'over-budget', jsBytes: bytes, budgetBytes: 10_000 });
    }
    // Only protobufjs cannot run without eval: the rows of generated code were measured interpreted.
    const needsEval = [...exclusions].filter(([, reasons]) => reasons.some((e) => e.code === 'needs-eval')).map(([name]) => name);
    expect(needsEval).toEqual(['protobuf (protobufjs)']);
    // Ranked: exactly the rows within the budget that can run without eval (simdjson, Node only, has no JS size).
    const expected = [...js].filter(([name, bytes]) => bytes !== null && bytes <= 10_000 && !needsEval.includes(name)).map(([name]) => name);
    expect(ranking.ranked.map((r) => r.name).sort()).toEqual(expected.sort());
    expect(expected).toEqual(expect.arrayContaining(['json', 'msgpack (@msgpack/msgpack)']));
    for (const r of ranking.ranked) expect(r.jsBytes).toBeLessThanOrEqual(10_000);
  });
});

describe('wirebench --no-eval', () => {
  const GENERATING = ['protobuf', 'flatbuffers', 'flatbuffers (flatbuffers)'];

  it('measures protobuf and the flatbuffers rows interpreted, records it in the result, and ranks them; protobufjs is left out, as it cannot run', () => {
    const run = wirebench([order, '--json', '--no-eval', ...FAST]);
    expect(run.status).toBe(0);
    const payload = (JSON.parse(run.stdout) as CliResult).payloads[0]!;
    expect(payload.rows.filter((row) => row.interpreted === true).map((row) => row.name)).toEqual(GENERATING);
    const { ranking } = payload.answer!;
    expect(ranking.ranked.map((r) => r.name)).toEqual(expect.arrayContaining(GENERATING));
    expect(ranking.excluded.find((r) => r.name === 'protobuf (protobufjs)')?.exclusions).toContainEqual(
      expect.objectContaining({ code: 'needs-eval', eval: 'always' }),
    );
    const text = wirebench([order, '--no-eval', ...FAST]);
    expect(text.stdout).toContain(
      'Measured interpreted (no eval), without the code they generate with new Function, as a page whose CSP forbids it runs them: protobuf, flatbuffers, flatbuffers (flatbuffers)',
    );
  });

  it('without it, measures them generated; no eval then leaves them out and names the command that measures them interpreted', () => {
    const run = wirebench([order, '--json', ...FAST]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as CliResult;
    expect(result.payloads[0]!.rows.filter((row) => row.interpreted !== undefined)).toEqual([]);
    const excluded = withAnswers(result, { network: '4g', served: 'gzip', noEval: true }).payloads[0]!.answer!.ranking.excluded;
    for (const name of GENERATING) {
      const reasons = excluded.find((r) => r.name === name)?.exclusions ?? [];
      expect(reasons, name).toContainEqual({ code: 'needs-eval', eval: 'generated' });
      expect(reasons.map((e) => exclusionWords(e, name)).join('; '), name).toContain('wirebench <file> --no-eval');
    }
  });
});

describe('wirebench --schema-out', () => {
  it('writes the .proto and .fbs of the schema it measured with, which protoc and flatc accept', () => {
    const out = join(dir, 'schemas');
    const again = join(dir, 'again');
    mkdirSync(again);
    writeFileSync(join(again, 'order.json'), '{"other": [true]}');
    const run = wirebench(['order.json', join('again', 'order.json'), '--schema-out', out, '--formats', 'json', ...FAST]);
    expect(run.status).toBe(0);
    const proto = readFileSync(join(out, 'order.proto'), 'utf8');
    const fbs = readFileSync(join(out, 'order.fbs'), 'utf8');
    const schema = inferSchema(JSON.parse(ORDER_TEXT));
    expect(proto).toBe(toProto(schema));
    expect(fbs).toBe(toFbs(schema));
    // A second file of the same name gets its own pair.
    expect(readFileSync(join(out, 'order-2.proto'), 'utf8')).toBe(toProto(inferSchema({ other: [true] })));
    expect(existsSync(join(out, 'order-2.fbs'))).toBe(true);
    expect(run.stderr).toContain(`schema of order.json: ${join(out, 'order.proto')}, ${join(out, 'order.fbs')}`);
    if (hasTool('protoc')) protocCompiles(proto);
    else console.warn('--schema-out: protoc not on PATH, the .proto was not compiled');
    if (hasTool('flatc')) flatcCompiles(fbs);
    else console.warn('--schema-out: flatc not on PATH, the .fbs was not compiled');
  });
});

describe('wirebench on bad input', () => {
  it('says what is wrong in one line on stderr, prints nothing on stdout, and exits 2', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"a": 1,\n  "b": [1, 2,, 3]}');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'data.txt'), '{}');
    const cases: Array<[string[], RegExp]> = [
      [[join(dir, 'missing.json')], /^wirebench: .*missing\.json: no such file or folder$/],
      [[empty], /^wirebench: .*empty: the folder holds no \.json file$/],
      [[bad], /^wirebench: .*bad\.json: invalid JSON at line 2, column 14: expected a JSON value, found ','$/],
      [
        [order, '--formats', 'json,yaml'],
        /^wirebench: --formats: unknown format "yaml"; choose from json, simdjson, msgpack, cbor, protobuf, flatbuffers \(see wirebench --help\)$/,
      ],
      [[order, '--frobnicate'], /^wirebench: Unknown option '--frobnicate' \(see wirebench --help\)$/],
      [[order, '--rounds', 'two'], /^wirebench: --rounds must be a number ≥ 3, got "two"/],
      [[], /^wirebench: no input: name one or more \.json files or folders/],
      [[order, '--html', dir], /^wirebench: --html .*: is a folder, not a file$/],
      [[order, '--schema-out', order], /^wirebench: --schema-out .*order\.json: is a file, not a folder$/],
      [
        [order, '--network', '5g'],
        /^wirebench: --network: no network preset "5g"; expected one of "edge", "2g", "3g-slow", "dsl", "3g", "3g-fast", "cable", "4g", "lte", "fios" \(see wirebench --help\)$/,
      ],
      [[order, '--served', 'zstd'], /^wirebench: --served: unknown encoding "zstd"; choose from none, gzip, brotli \(see wirebench --help\)$/],
      [[order, '--bundle-budget', 'ten'], /^wirebench: --bundle-budget must be a number of kB from 0 to 1000000000, got "ten" \(see wirebench --help\)$/],
      // Finite in kB, Infinity in bytes: refused before measuring, not after.
      [[order, '--bundle-budget', '1e306'], /^wirebench: --bundle-budget must be a number of kB from 0 to 1000000000, got "1e306" \(see wirebench --help\)$/],
      [[order, '--rounds', '1e306'], /^wirebench: --rounds must be a number ≤ 1000, got "1e306"/],
      [[order, '--min-gain', '100'], /^wirebench: --min-gain must be a number of percent from 0 to 99, got "100" \(see wirebench --help\)$/],
    ];
    for (const [args, message] of cases) {
      const run = wirebench([...FAST, ...args]);
      expect({ args, status: run.status, stdout: run.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(message);
    }
  });

  it('refuses a file that is not UTF-8, naming the offset of the first bad byte, instead of measuring replacement characters', () => {
    const latin1 = join(dir, 'latin1.json');
    // {"name": "Zo\xeb"}: Latin-1's ë, a lead byte followed by no continuation byte.
    const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
    writeFileSync(latin1, Uint8Array.from([...utf8('{"name": "Zo'), 0xeb, ...utf8('"}')]));
    const run = wirebench([latin1, '--formats', 'json', ...FAST]);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' });
    expect(run.stderr).toMatch(/^wirebench: .*latin1\.json: not valid UTF-8 at byte 12 \(JSON text must be UTF-8\)\n$/);
  });

  it('refuses a UTF-8 byte order mark as JSON.parse does, with a message that says to strip it', () => {
    const bom = join(dir, 'bom.json');
    writeFileSync(bom, '\ufeff{"a": 1}');
    const run = wirebench([bom, '--formats', 'json', ...FAST]);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' });
    expect(run.stderr).toMatch(
      /^wirebench: .*bom\.json: invalid JSON at line 1, column 1: the text starts with a byte order mark \(U\+FEFF\), which JSON\.parse does not accept; strip it first\n$/,
    );
  });

  it('refuses a negative or zero --time or --rounds by saying what it must be, not that the value is "ambiguous"', () => {
    const cases: Array<[string[], string]> = [
      [['--time', '-5'], '--time must be a number of milliseconds ≥ 1, got "-5"'],
      [['--time=-5'], '--time must be a number of milliseconds ≥ 1, got "-5"'],
      [['--time', '0'], '--time must be a number of milliseconds ≥ 1, got "0"'],
      [['--rounds', '-3'], '--rounds must be a number ≥ 3, got "-3"'],
      [['--rounds=-3'], '--rounds must be a number ≥ 3, got "-3"'],
    ];
    for (const [args, message] of cases) {
      const run = wirebench([order, ...FAST, ...args]);
      expect({ args, status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
        args,
        status: 2,
        stdout: '',
        stderr: `wirebench: ${message} (see wirebench --help)\n`,
      });
    }
    // After `--`, `-5` is a path, as any argument there.
    expect(wirebench([...FAST, '--', '-5']).stderr).toBe('wirebench: -5: no such file or folder\n');
  });
});
