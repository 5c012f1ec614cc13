/**
 * wirebench/engines' launcher, in each engine this machine has (each skipped, saying what installs
 * it, where it does not): it starts, names its engine and version, opens fresh pages of a
 * cross-origin-isolated local page, evaluates and waits in them, sizes a page's viewport to a
 * phone's, and on close leaves no process of its own behind.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../../../src/measure/types.js';
import { engineMissing, launchEngine } from '../../../src/node/engines/index.js';
import { processTree, procStat } from '../../../src/node/engines/processes.js';

const PAGE = '<!doctype html><title>t</title><p>ready</p><script>window.marker = 41;</script>';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** This process's descendants that are running (not zombies). */
const descendants = (): number[] => processTree(process.pid).filter((pid) => pid !== process.pid && procStat(pid)?.state !== 'Z');
const running = (pids: readonly number[]): number[] =>
  pids.filter((pid) => {
    const stat = procStat(pid);
    return stat !== undefined && stat.state !== 'Z';
  });

const EXPECTED: Record<EngineName, { browser: string; javascript: string; version: RegExp }> = {
  chromium: { browser: 'Chromium', javascript: 'V8', version: /^\d+\.\d+\.\d+\.\d+$/ },
  firefox: { browser: 'Firefox', javascript: 'SpiderMonkey', version: /^\d+\.\d+(\.\d+)?(esr)?$/ },
  webkit: { browser: 'WebKitGTK', javascript: 'JavaScriptCore', version: /^\d+\.\d+\.\d+$/ },
};

describe.each(['chromium', 'firefox', 'webkit'] as const)('launchEngine(%s)', (engine) => {
  const missing = engineMissing(engine);
  if (missing !== undefined) console.log(`launchEngine('${engine}') skipped: ${missing}`);

  it.skipIf(missing !== undefined)(
    'names its engine and version, evaluates and waits in fresh pages, sets a 360×780 viewport, and leaves no process behind',
    async () => {
      const before = new Set(descendants());
      const driver = await launchEngine(engine);
      let started: number[] = [];
      try {
        const expected = EXPECTED[engine];
        expect(driver.engine).toEqual({
          name: engine,
          browser: expected.browser,
          version: expect.stringMatching(expected.version),
          javascript: expected.javascript,
        });
        expect(driver.connected()).toBe(true);

        const page = await driver.newPage();
        const failures: string[] = [];
        page.onFailure((message) => failures.push(message));
        await page.goto(url);
        await page.waitFor((value) => (window as unknown as { marker?: number }).marker === value, 41, { timeoutMs: 10_000 });
        expect(await page.evaluate((add) => (window as unknown as { marker: number }).marker + add, 1)).toBe(42);
        // Awaited in the page; the page served with COOP/COEP is cross-origin isolated in every engine.
        expect(await page.evaluate(async () => new Promise((resolve) => setTimeout(() => resolve(crossOriginIsolated), 10)), undefined)).toBe(true);
        await expect(page.evaluate(() => Promise.reject(new Error('refused in the page')), undefined)).rejects.toThrow('refused in the page');

        // A phone's viewport, kept across a navigation.
        await page.setViewport({ width: 360, height: 780 });
        await page.goto(`${url}?phone`);
        expect(await page.evaluate(() => ({ width: innerWidth, height: innerHeight }), undefined)).toEqual({ width: 360, height: 780 });

        // A second page beside the first: its own globals.
        const second = await driver.newPage();
        await second.goto(`${url}?second`);
        expect(await second.evaluate(() => location.search, undefined)).toBe('?second');
        started = descendants().filter((pid) => !before.has(pid));
        expect(started.length).toBeGreaterThan(0);
        await second.close();
        await page.close();
        expect(failures.filter((f) => f !== 'the page closed')).toEqual([]);
      } finally {
        await driver.close();
      }
      expect(driver.connected()).toBe(false);
      // Every process the launch started (the browser's, and WebKit's Xvfb, drivers and web processes) is gone.
      await expect.poll(() => running(started), { timeout: 5000 }).toEqual([]);
    },
    120_000,
  );
});
