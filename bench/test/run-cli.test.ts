import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MeasureResult } from 'wirebench';

/** `npm run bench` as a user meets it: the built runner, tiny settings so each run takes about a second. */
const RUNNER = fileURLToPath(new URL('../dist/cli/run.js', import.meta.url));
const TINY = ['--rounds', '3', '--time', '1', '--warmup', '1'];

function bench(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  // A time limit: spawnSync blocks the test's own timeout, so a runner that never ends would hang the run.
  const run = spawnSync(process.execPath, [RUNNER, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run bench on your own payloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-cli-'));
  const good = join(dir, 'good.json');
  writeFileSync(good, '{"id":9007199254740993,"name":"a"}');

  it('benches a file, names the number JSON.parse lost, and measures a file named twice once', () => {
    const out = join(dir, 'out.json');
    const run = bench(good, good, '--formats', 'json,msgpack', '--json', out, ...TINY);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('1 number literal(s) cannot be kept by JSON.parse');
    const result = JSON.parse(readFileSync(out, 'utf8')) as MeasureResult;
    expect(result.payloads).toHaveLength(1);
    expect(result.payloads[0]).toMatchObject({ lossyCount: 1, lossyNumbers: [{ path: '$.id', text: '9007199254740993' }] });
  });

  it('measures the suites named with --suite, then the files, with library rows on both, each payload in a fresh worker', () => {
    const out = join(dir, 'both.json');
    const run = bench('--suite', 'dynamic', good, '--libraries', '--formats', 'json,msgpack', '--json', out, ...TINY);
    expect(run.status).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as MeasureResult;
    const rows = [
      ['true_null', ['json', 'msgpack', 'JSON.stringify + TextEncoder / TextDecoder + JSON.parse', '@msgpack/msgpack']],
      [expect.stringMatching(/good\.json$/), ['json', 'msgpack', 'JSON.stringify + TextEncoder / TextDecoder + JSON.parse', '@msgpack/msgpack']],
    ];
    expect(result.payloads.map((p) => [p.name, p.rows.map((r) => r.name)])).toEqual(rows);
    expect(result.options.isolation).toBe('worker-per-payload');
    expect(run.stdout).toMatch(/^isolation: worker-per-payload/m);

    // --same-process: the same payloads and rows, all measured in the runner's own process.
    const same = join(dir, 'same.json');
    const inProcess = bench('--suite', 'dynamic', good, '--libraries', '--formats', 'json,msgpack', '--same-process', '--json', same, ...TINY);
    expect(inProcess.status).toBe(0);
    const sameResult = JSON.parse(readFileSync(same, 'utf8')) as MeasureResult;
    expect(sameResult.payloads.map((p) => [p.name, p.rows.map((r) => r.name)])).toEqual(rows);
    expect(sameResult.options.isolation).toBe('none');
  });

  it('--filter picks payloads of the suites by name, as before: the workers measure only those', () => {
    const out = join(dir, 'filtered.json');
    const run = bench('--suite', 'canonical,dynamic', '--filter', '^(order|true_null)$', '--formats', 'json,protobuf', '--json', out, ...TINY);
    expect(run.status).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as MeasureResult;
    expect(result.payloads.map((p) => [p.name, p.error, p.rows.map((r) => r.name)])).toEqual([
      ['order', undefined, ['json', 'protobuf']],
      ['true_null', undefined, ['json', 'protobuf']],
    ]);
    const none = bench('--filter', 'nothing-by-this-name', ...TINY);
    expect(none.status).toBe(2);
    expect(none.stderr.trim()).toBe('bench: no payload matches --filter /nothing-by-this-name/i');
  });

  it('ends on symlink cycles in a folder, measures each file once, and names the links it did not follow', () => {
    const folder = join(dir, 'linked');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    for (const [file, text] of [
      ['a.json', '{"a": 1}'],
      ['sub/b.json', '[1, 2]'],
    ] as const)
      writeFileSync(join(folder, file), text);
    // Two ways back to the folder (endless for readdirSync's `recursive`), and a second way into sub.
    for (const [link, target] of [
      ['loop', '.'],
      ['sub/up', '..'],
      ['alias', 'sub'],
    ] as const)
      symlinkSync(target, join(folder, link));
    const out = join(dir, 'linked-out.json');
    const run = bench(folder, '--formats', 'json,msgpack', '--json', out, ...TINY);
    expect(run.status).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as MeasureResult;
    expect(result.payloads.map((p) => p.name)).toEqual([expect.stringMatching(/linked\/a\.json$/), expect.stringMatching(/linked\/sub\/b\.json$/)]);
    const note =
      `note: skipped 2 symlinked folders already being searched (a link cycle): ${join(folder, 'loop')}, ${join(folder, 'sub', 'up')}; ` +
      `1 symlink to a folder or file already found: ${join(folder, 'alias')}`;
    expect(run.stdout.split('\n').filter((line) => line.startsWith('note: skipped'))).toEqual([note]);
  });

  it('says in one line, with exit code 2, what is wrong with bad input', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"a": 1,\n  "b": [1, 2,, 3]}');
    const broken = join(dir, 'broken');
    mkdirSync(broken);
    symlinkSync(join(dir, 'nowhere.json'), join(broken, 'gone.json'));
    const cases: Array<[string[], RegExp]> = [
      [[bad], /^bench: .*bad\.json: invalid JSON at line 2, column 14: /],
      [[join(dir, 'missing.json')], /^bench: .*missing\.json: no such file or folder$/],
      [[broken], /^bench: .*gone\.json: cannot be read \(a broken link\?\)$/],
      [[good, '--json', dir], /^bench: --json .*: is a folder, not a file/],
      [['--rounds', 'x'], /^bench: --rounds must be a number ≥ 3, got "x"/],
      [['--frobnicate'], /^bench: Unknown option '--frobnicate'/],
    ];
    for (const [args, message] of cases) {
      const run = bench(...TINY, ...args);
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(message);
    }
  });

  it('still measures the schemaless formats on JSON too deep to infer a schema from, and says why', () => {
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `${'['.repeat(20000)}1${']'.repeat(20000)}`);
    const run = bench(deep, '--formats', 'json,msgpack,protobuf', '--json', join(dir, 'deep-out.json'), ...TINY);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "no schema could be inferred (the sample nests deeper than 1000 levels, the most a codec's limits.maxDepth can allow), so protobuf and FlatBuffers are not measured on it",
    );
  });
});
