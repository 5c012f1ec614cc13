import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATS, IMPLEMENTATIONS } from '@wirebench/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { MeasureResult, OperationResult } from 'wirebench';
import { engineMissing } from 'wirebench/engines';

/**
 * `npm run bench:browser` end to end: the built runner bundles the suites, serves them cross-origin
 * isolated, and measures them in headless Chromium, in the page and in a dedicated Web Worker; and
 * with `--engine webkit` and `--engine firefox`, every browser implementation of every format in
 * WebKitGTK and Firefox ESR (each skipped, saying what installs it, where it is missing).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNNER = join(ROOT, 'bench/dist/cli/browser.js');
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`bench/test/browser-runner.test.ts skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

const dir = mkdtempSync(join(tmpdir(), 'wirebench-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [RUNNER, ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function expectTimed(op: OperationResult | undefined, reference: boolean): void {
  expect(op).toBeDefined();
  const timed = op as OperationResult;
  expect(timed.median).toBeGreaterThan(0);
  expect(timed.samples).toBeGreaterThan(0);
  expect(timed.vsJson).toBeDefined();
  const ratio = timed.vsJson as NonNullable<OperationResult['vsJson']>;
  expect(ratio.low).toBeLessThanOrEqual(ratio.estimate);
  expect(ratio.high).toBeGreaterThanOrEqual(ratio.estimate);
  expect(ratio.perRound).toHaveLength(3);
  if (reference) expect(ratio.estimate).toBe(1);
}

describe.skipIf(!hasChromium)('bench:browser runner', () => {
  it('measures json and msgpack in the page and in a Web Worker, cross-origin isolated', async () => {
    if (!existsSync(RUNNER)) {
      const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
      expect(build.status).toBe(0);
    }
    const json = join(dir, 'result.json');
    const { code, stdout, stderr } = await run([
      '--quick',
      '--filter',
      '^order$',
      '--formats',
      'json,msgpack',
      '--rounds',
      '3',
      '--mode',
      'both',
      '--json',
      json,
    ]);
    expect(code, `runner failed:\n${stderr}\n${stdout}`).toBe(0);
    expect(stdout).toContain('in the page (main thread)');
    expect(stdout).toContain('in a dedicated Web Worker');
    expect(stdout).toContain('## order');

    for (const mode of ['page', 'worker'] as const) {
      const path = join(dir, `result-${mode}.json`);
      expect(existsSync(path), `${path} written`).toBe(true);
      const result = JSON.parse(readFileSync(path, 'utf8')) as MeasureResult;
      expect(result.format).toBe('wirebench-result');
      expect(result.environment.runtime).toBe(mode === 'page' ? 'browser' : 'worker');
      expect(result.environment.crossOriginIsolated).toBe(true);
      expect(result.environment.cpuThrottle).toBe(1);
      // Each payload in a fresh page (and, in worker mode, that page's fresh worker).
      expect(result.options.isolation).toBe(mode === 'page' ? 'page-per-payload' : 'worker-per-payload');
      expect(Object.keys(result.environment.libraries)).toEqual(expect.arrayContaining(['@msgpack/msgpack', 'tinybench']));
      expect(result.payloads.map((p) => p.name)).toEqual(['order']);
      const rows = result.payloads[0]?.rows ?? [];
      expect(rows.map((r) => r.name)).toEqual(['json', 'msgpack']);
      for (const row of rows) {
        expect(row.fidelity?.ok).toBe(true);
        expectTimed(row.encode, row.name === 'json');
        expectTimed(row.decode, row.name === 'json');
      }
    }
  }, 180_000);

  it('measures payload files after the suites in the page, with library rows, reading them where they are', async () => {
    const file = join(dir, 'mixed.json');
    writeFileSync(file, JSON.stringify({ id: 1, tags: ['a', 2, null, true] }));
    const json = join(dir, 'files.json');
    const { code, stdout, stderr } = await run([
      '--quick',
      '--rounds',
      '3',
      '--mode',
      'page',
      '--suite',
      'dynamic',
      '--formats',
      'json,cbor',
      '--libraries',
      file,
      '--json',
      json,
    ]);
    expect(code, `runner failed:\n${stderr}\n${stdout}`).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8')) as MeasureResult;
    expect(result.payloads.map((p) => p.name)).toEqual(['true_null', expect.stringMatching(/mixed\.json$/)]);
    expect(result.options.isolation).toBe('page-per-payload');
    for (const payload of result.payloads) {
      expect(payload.rows.map((r) => r.name)).toEqual(['json', 'cbor', 'JSON.stringify + TextEncoder / TextDecoder + JSON.parse', 'cbor-x']);
      expect(payload.rows.find((r) => r.name === 'cbor-x')?.decode?.wrapperCost).toBeDefined();
    }
  }, 180_000);

  it('refuses a bad --mode, an unknown --engine and --cpu-throttle outside Chromium with one line and exit status 2', async () => {
    for (const args of [
      ['--mode', 'phone'],
      ['--engine', 'safari'],
      ['--engine', 'webkit', '--cpu-throttle', '4'],
    ]) {
      const { code, stderr } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});

/** Every implementation a browser runs, as `format/implementation`: the rows `--implementations all` must give. */
const BROWSER_ROWS = FORMATS.flatMap((format) => IMPLEMENTATIONS[format].filter((i) => i.runtimes.includes('browser')).map((i) => `${format}/${i.id}`));

// Firefox in the page only: its CompressionStream compresses brotli at quality 11, and the 256 KiB
// streams each row's inflate rate is timed on make a Firefox page about 30 s here (its worker mode
// runs the same page and suites; the playground's worker is where Firefox's workers are tested).
describe.each([
  ['webkit', 'WebKitGTK', 'JavaScriptCore', ['page', 'worker']],
  ['firefox', 'Firefox', 'SpiderMonkey', ['page']],
] as const)('bench:browser --engine %s', (engine, browser, javascript, modes) => {
  const missing = engineMissing(engine);
  if (missing !== undefined) console.log(`bench:browser --engine ${engine} skipped: ${missing}`);

  it.skipIf(missing !== undefined)(
    `times every browser implementation of every format in ${browser} (${modes.join(' and ')}), with its fidelity, naming the engine and version`,
    async () => {
      const json = join(dir, `${engine}.json`);
      const { code, stdout, stderr } = await run([
        '--engine',
        engine,
        '--quick',
        '--rounds',
        '3',
        '--filter',
        '^order$',
        '--implementations',
        'all',
        '--mode',
        modes.length > 1 ? 'both' : modes[0],
        '--json',
        json,
      ]);
      expect(code, `runner failed:\n${stderr}\n${stdout}`).toBe(0);
      expect(stdout).toMatch(new RegExp(`##### ${browser} [\\d.]+\\w* \\(${javascript};`));

      for (const mode of modes) {
        const result = JSON.parse(readFileSync(modes.length > 1 ? join(dir, `${engine}-${mode}.json`) : json, 'utf8')) as MeasureResult;
        const env = result.environment;
        expect(env.engine).toEqual({ name: engine, browser, version: expect.stringMatching(/^\d+\.\d+/), javascript });
        expect(env.runtimeVersion).toBe(`${browser} ${env.engine?.version}`);
        expect(env.runtime).toBe(mode === 'page' ? 'browser' : 'worker');
        // The machine's cores, as Node counts them: WebKitGTK's navigator.hardwareConcurrency is not.
        expect(env.cores).toBe(availableParallelism());
        // Served with COOP/COEP as in Chromium: fine timers in every engine.
        expect(env.crossOriginIsolated).toBe(true);
        expect(result.options.isolation).toBe(mode === 'page' ? 'page-per-payload' : 'worker-per-payload');
        // Brotli where the engine's CompressionStream has it, and said where it does not.
        const brotli = result.options.compressors.includes('brotli');
        if (!brotli) expect(stdout).toContain("no brotli in this engine's CompressionStream");
        const rows = result.payloads[0]?.rows ?? [];
        expect(result.payloads.map((p) => p.name)).toEqual(['order']);
        expect(rows.map((r) => `${r.format}/${r.implementation}`).sort()).toEqual([...BROWSER_ROWS].sort());
        for (const row of rows) {
          expect(row.error, row.name).toBeUndefined();
          expect(row.fidelity?.ok, row.name).toBe(true);
          expectTimed(row.encode, row.name === 'json');
          expectTimed(row.decode, row.name === 'json');
          expect(Object.keys(row.compressed ?? {}).sort(), row.name).toEqual(brotli ? ['brotli', 'gzip'] : ['gzip']);
        }
      }
    },
    300_000,
  );
});
