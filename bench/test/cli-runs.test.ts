import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run bench:cli-runs` as a user meets it, on a small file with a fast look (the figures themselves are the CLI's, tested there). */
const CLI_RUNS = fileURLToPath(new URL('../dist/cli/cli-runs.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'wirebench-cli-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const payload = join(dir, 'orders.json');
writeFileSync(payload, JSON.stringify({ orders: Array.from({ length: 40 }, (_, i) => ({ id: i, sku: `sku-${i}`, price: i * 1.25, tags: ['a', 'b'] })) }));

function cliRuns(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI_RUNS, ...args], { encoding: 'utf8', timeout: 240_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run bench:cli-runs', () => {
  it("runs the CLI in fresh processes and prints each run's wall time and verdict, then whether they agree", () => {
    const run = cliRuns(payload, '--repeat', '2', '--max-seconds', '120', '--', '--quick', '--formats', 'json,msgpack', '--implementations', 'wirebench');
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/orders\.json run 1: \d+\.\d s; (Stay with JSON|msgpack is usable first|Too few rounds)/);
    expect(lines[1]).toMatch(/orders\.json run 2: \d+\.\d s; /);
    // Two quick runs of a tiny payload agree or not; either way the closing line says which, and the exit code follows it.
    expect(lines[2]).toMatch(/orders\.json: (one verdict in 2 runs \(.+\)|2 verdicts in 2 runs: .+ \| .+); wall \d+\.\d, \d+\.\d s$/);
    expect(run.status).toBe(lines[2]?.includes('one verdict') ? 0 : 1);
  }, 240_000);

  it('fails, exit 1, when a run is over --max-seconds', () => {
    const run = cliRuns(payload, '--repeat', '1', '--max-seconds', '0.001', '--', '--quick', '--formats', 'json', '--implementations', 'wirebench');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/wall \d+\.\d s, over 0\.001 s/);
  }, 240_000);

  it('says what is wrong with its arguments in one line, exit 2', () => {
    for (const [args, message] of [
      [[], /give at least one JSON file/],
      [[payload, '--repeat', '0'], /--repeat must be a whole number from 1 to 100, got "0"/],
      [[payload, '--max-seconds', 'x'], /--max-seconds must be a number above 0, got "x"/],
    ] as const) {
      const run = cliRuns(...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
