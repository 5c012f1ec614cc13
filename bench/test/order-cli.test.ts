import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run bench:order` as a user meets it, in Node only (Chromium's side is the browser runner's, tested there), with tiny settings. */
const ORDER = fileURLToPath(new URL('../dist/investigations/order.js', import.meta.url));
const TINY = ['--formats', 'json,msgpack', '--rounds', '3', '--time', '1', '--warmup', '1'];

function order(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [ORDER, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'wirebench-order-'));
const out = mkdtempSync(join(tmpdir(), 'wirebench-order-out-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});
const payload = join(dir, 'payload.json');
writeFileSync(payload, JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })) }));
const other = join(dir, 'other.json');
writeFileSync(other, JSON.stringify([1.5, 'two', { three: [3] }, null]));

describe('npm run bench:order', () => {
  it("measures the payload alone, after the others in one process, and after them isolated, and prints each row's ratios", () => {
    const json = join(out, 'order.json');
    const run = order(payload, dir, ...TINY, '--json', json);
    expect([0, 1], run.stderr).toContain(run.status); // 1 only when tiny settings' noise passes the bar
    expect(run.stdout).toMatch(/alone and after 1 other payloads/);
    expect(run.stdout).toMatch(/^row +op +alone +after, same process +after, isolated +same ÷ alone +isolated ÷ alone$/m);
    expect(run.stdout).toMatch(/^msgpack +encode +\d/m);
    expect(run.stdout).toMatch(/^msgpack +decode +\d/m);
    expect(run.stdout).toMatch(/^median of after ÷ alone per implementation, isolated: wirebench \d/m);
    expect(run.stdout).toMatch(/^worst, isolated: /m);
    const figures = JSON.parse(readFileSync(json, 'utf8')) as {
      bar: number;
      reports: Array<{ runtime: string; payload: string; after: number; lines: Array<{ row: string; ratios: Record<string, unknown[]> }> }>;
    };
    expect(figures.bar).toBe(1.2);
    expect(figures.reports).toHaveLength(1);
    const [report] = figures.reports;
    expect(report).toMatchObject({ runtime: 'node', payload: expect.stringMatching(/payload\.json$/), after: 1 });
    for (const line of report?.lines ?? []) expect(Object.keys(line.ratios).sort()).toEqual(['alone', 'isolated', 'same']);
  });

  it('--each takes every payload in turn; --isolated-only leaves the one-process sequence out', () => {
    const run = order('--each', dir, '--isolated-only', ...TINY);
    expect([0, 1], run.stderr).toContain(run.status);
    expect(run.stdout.match(/^## .*, Node: alone, and after 1 other payload/gm)).toHaveLength(2);
    expect(run.stdout).not.toContain('same process');
    expect(run.stdout).toMatch(/^## worst median of after ÷ alone per implementation \(bar: within 1\.2×\)$/m);
  });

  it('says what is wrong with its arguments in one line, exit 2', () => {
    for (const args of [
      ['--repeat', '0', payload, dir],
      ['--mode', 'tab', payload, dir],
      [dir, '--frobnicate'],
      ['--each', dir, '--filter', '^no-such-payload$'],
    ]) {
      const run = order(...args);
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^bench:order: /);
    }
    expect(order('--help').stdout).toContain('--each');
  });
});
