/**
 * `wirebench <file> --engine chromium|firefox|webkit` end to end: the built CLI measures a small
 * payload file in that engine's page (its Web Worker, cross-origin isolated), answers from those
 * figures with the engine named in the answer's device words, and --json writes a result whose
 * environment names the engine and its version. Each engine is skipped, saying what installs it,
 * where it is missing. Quick settings (3 rounds, two formats): no timed assertion.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../core/test/support/paths.js';
import type { CliResult } from '../../src/cli/main.js';
import { engineMissing } from '../../src/node/engines/binaries.js';

const BIN = join(REPO_ROOT, 'packages/wirebench/bin/wirebench.js');
const dir = mkdtempSync(join(tmpdir(), 'wirebench-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A few KB of API response. */
const file = join(dir, 'orders.json');
writeFileSync(
  file,
  JSON.stringify({
    orders: Array.from({ length: 30 }, (_, i) => ({
      id: 1000 + i,
      customer: `customer ${i}`,
      total: i * 12.5,
      paid: i % 3 === 0,
      items: ['a', 'b', 'c'].slice(0, (i % 3) + 1),
    })),
  }),
);

/** Asynchronous, so vitest's own timers keep running while the browser measures. */
function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: dir, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const QUICK = ['--quick', '--rounds', '3', '--formats', 'json,simdjson,msgpack', '--implementations', 'wirebench'];

describe.each([
  ['chromium', 'Chromium', 'V8'],
  ['firefox', 'Firefox', 'SpiderMonkey'],
  ['webkit', 'WebKitGTK', 'JavaScriptCore'],
] as const)('wirebench --engine %s', (engine, browser, javascript) => {
  const missing = engineMissing(engine);
  if (missing !== undefined) console.log(`wirebench --engine ${engine} skipped: ${missing}`);

  it.skipIf(missing !== undefined)(
    `answers from figures measured in ${browser}'s Web Worker, naming the engine and version`,
    async () => {
      const text = await run(['orders.json', '--engine', engine, ...QUICK]);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(`--engine ${engine}`);
      expect(text.stdout).toMatch(new RegExp(`Device times measured\\s+in\\s+${browser}\\s+[\\d.]+\\w*\\s+\\(${javascript}\\),\\s+a\\s+Web\\s+Worker`));
      // simdjson, a Node addon, is not measured in a browser, and the answer says so.
      expect(text.stdout).toMatch(/note: simdjson not measured/);
      // Progress stays on stderr.
      expect(text.stderr).toMatch(/(preparing|warming up|measuring) orders\.json \(\d+ % done\)/);

      const json = await run(['orders.json', '--engine', engine, ...QUICK, '--json']);
      expect(json.code, json.stderr).toBe(0);
      const result = JSON.parse(json.stdout) as CliResult;
      const env = result.environment;
      expect(env.engine).toEqual({ name: engine, browser, version: expect.stringMatching(/^\d+\.\d+/), javascript });
      expect(env.runtimeVersion).toBe(`${browser} ${env.engine?.version}`);
      expect(env.runtime).toBe('worker');
      expect(env.crossOriginIsolated).toBe(true);
      expect(env.cores).toBe(availableParallelism());
      expect(result.options.isolation).toBe('worker-per-payload');
      const payload = result.payloads[0];
      expect(payload?.name).toBe('orders.json');
      expect(payload?.answer).toBeDefined();
      expect(payload?.rows.map((row) => `${row.format}/${row.implementation}`).sort()).toEqual(['json/wirebench', 'msgpack/wirebench']);
      for (const row of payload?.rows ?? []) expect(row.fidelity?.ok, row.name).toBe(true);
    },
    180_000,
  );
});

describe('wirebench --engine usage', () => {
  it('refuses an unknown engine and --same-process with --engine as usage errors (exit 2, one line), before starting anything', () => {
    for (const args of [
      ['--engine', 'safari'],
      ['--engine', 'webkit', '--same-process'],
    ]) {
      const cli = spawnSync(process.execPath, [BIN, file, ...args], { encoding: 'utf8', cwd: dir });
      expect(cli.status, args.join(' ')).toBe(2);
      expect(cli.stdout).toBe('');
      expect(cli.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(cli.stderr).toContain('--engine');
    }
    expect(spawnSync(process.execPath, [BIN, file, '--engine', 'safari'], { encoding: 'utf8', cwd: dir }).stderr).toContain(
      'choose from chromium, firefox, webkit',
    );
  });
});
