import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run bench:profile` as a user meets it: the built command, short runs. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROFILE = join(ROOT, 'bench/dist/cli/profile.js');
const CHROMIUM = process.env['WIREBENCH_CHROMIUM'] ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`bench/test/profile-cli.test.ts: the --browser case is skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

const SHORT = [
  '--payload',
  'telemetry',
  '--format',
  'msgpack',
  '--op',
  'encode',
  '--implementations',
  'wirebench,msgpackr',
  '--seconds',
  '0.5',
  '--top',
  '1000',
];

function profile(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  // A time limit: spawnSync blocks the test's own timeout, so a command that never ends would hang the run.
  const run = spawnSync(process.execPath, [PROFILE, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'wirebench-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Table {
  readonly samples: number;
  /** [self %, name or owner] of each line. */
  readonly functions: Array<[number, string]>;
  readonly owners: Array<[number, string]>;
}

/** Each implementation's section of the output: its sample count and both tables. */
function tables(stdout: string): Map<string, Table> {
  const found = new Map<string, Table>();
  for (const section of stdout.split(/^## /m).slice(1)) {
    const [name = '', ...lines] = section.split('\n');
    const samples = Number(/([\d,]+) samples/.exec(section)?.[1]?.replace(/,/g, '') ?? Number.NaN);
    const rowsAfter = (header: RegExp): Array<[number, string]> => {
      const start = lines.findIndex((line) => header.test(line));
      const rows: Array<[number, string]> = [];
      for (const line of lines.slice(start + 1)) {
        if (line.trim() === '') break;
        const match = /^\s*(\d+\.\d)\s+(\S.*)$/.exec(line);
        if (match) rows.push([Number(match[1]), match[2] as string]);
      }
      return start < 0 ? [] : rows;
    };
    found.set(name.trim(), { samples, functions: rowsAfter(/^self %\s+function/), owners: rowsAfter(/^self %\s+owner/) });
  }
  return found;
}

const sum = (rows: ReadonlyArray<[number, string]>): number => rows.reduce((total, [share]) => total + share, 0);

function expectProfiled(stdout: string): Map<string, Table> {
  const found = tables(stdout);
  expect([...found.keys()]).toEqual(['wirebench', 'msgpackr']);
  for (const [name, table] of found) {
    expect(table.samples, name).toBeGreaterThan(100);
    // Every function is listed (--top 1000), each share rounded to 0.1.
    expect(Math.abs(sum(table.functions) - 100), `${name}: functions`).toBeLessThanOrEqual(0.05 * table.functions.length + 0.05);
    expect(Math.abs(sum(table.owners) - 100), `${name}: owners`).toBeLessThanOrEqual(0.05 * table.owners.length + 0.05);
    for (const own of ['(garbage collector)', '(program)'])
      expect(
        table.functions.some(([, fn]) => fn.startsWith(own)),
        `${name}: ${own}`,
      ).toBe(true);
  }
  // Each implementation's own code is where most of its time goes.
  expect(found.get('wirebench')?.owners[0]?.[1]).toBe('@wirebench/core');
  expect(found.get('msgpackr')?.owners[0]?.[1]).toBe('msgpackr');
  return found;
}

describe('npm run bench:profile', () => {
  it('profiles msgpack encode of telemetry by wirebench and msgpackr, each in a fresh worker, and writes the raw profiles', () => {
    const prefix = join(dir, 'node');
    const run = profile(...SHORT, '--out', prefix);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^wirebench bench:profile: msgpack encode of telemetry \(seed 1\), each implementation in a fresh worker thread of Node/m);
    expectProfiled(run.stdout);
    expect(run.stderr).toMatch(/^bench:profile: msgpackr \(2 of 2\): /m);
    for (const id of ['wirebench', 'msgpackr']) {
      const raw = JSON.parse(readFileSync(`${prefix}.${id}.cpuprofile`, 'utf8')) as { nodes: unknown[]; samples: unknown[]; timeDeltas: unknown[] };
      expect(raw.nodes.length).toBeGreaterThan(1);
      expect(raw.samples.length).toBe(raw.timeDeltas.length);
    }
  });

  it('says what is wrong with its arguments in one line, exit 2', () => {
    // msgpackr renames a __proto__ key __proto_: named, it cannot be profiled on this payload.
    const protoKey = join(dir, 'proto-key.json');
    writeFileSync(protoKey, '{"__proto__": {"a": 1}, "b": "x"}');
    const cases: Array<[string[], RegExp]> = [
      [
        ['--payload', protoKey, '--format', 'msgpack', '--op', 'encode', '--implementations', 'msgpackr'],
        /msgpackr's msgpack does not give .*proto-key\.json back: it differs at \$\.__proto__/,
      ],
      [['--payload', 'telemetry', '--format', 'xml', '--op', 'encode'], /unknown format "xml"/],
      [['--payload', 'nothing', '--format', 'msgpack', '--op', 'encode'], /unknown payload "nothing"/],
      [['--payload', 'telemetry', '--format', 'msgpack', '--op', 'encode', '--implementations', 'cbor-x'], /msgpack has no implementation "cbor-x"/],
      [['--payload', 'telemetry', '--format', 'msgpack', '--op', 'compress'], /--op must be encode or decode/],
      [['--payload', join(dir, 'missing.json'), '--format', 'msgpack', '--op', 'encode'], /missing\.json: no such file/],
      [['--format', 'msgpack', '--op', 'encode'], /--payload is required/],
      [['--payload', 'telemetry', '--format', 'msgpack', '--op', 'encode', '--seconds', '0'], /--seconds must be a number/],
      [['--frobnicate'], /Unknown option '--frobnicate'/],
    ];
    for (const [args, message] of cases) {
      const run = profile(...args);
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(/^bench:profile: /);
      expect(run.stderr).toMatch(message);
    }
    const help = profile('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--implementations');
  });
});

describe.skipIf(!hasChromium)('npm run bench:profile --browser', () => {
  it('profiles the same in fresh Chromium pages, each frame at its original source', () => {
    const run = profile(...SHORT, '--browser');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/each implementation in a fresh page of headless Chromium/);
    expectProfiled(run.stdout);
    // The bundle's source maps put msgpackr's functions in msgpackr's own files.
    expect(run.stdout).toMatch(/ msgpackr\/pack\.js:\d+ /);
  }, 180_000);
});
