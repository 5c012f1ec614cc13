/**
 * Getting the playground onto a phone: the static build served by a plain static server (node:http
 * here, sending no COOP/COEP, like GitHub Pages or a bucket) is cross-origin isolated with fine
 * timers through its service worker, reloads itself once and no more, measures a second time with
 * the network off, is installable, and takes a new deploy without a reload loop or a stale cache;
 * and the dev server's plugin prints the LAN address with a QR code of it. Debian's Chromium through
 * playwright-core, as in playground.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timerResolution } from 'wirebench';
import { formatPhoneAddresses, phoneAddress } from '../plugins/phone-address.js';
import {
  buildPlayground,
  hasChromium,
  launchChromium,
  launchChromiumPersistent,
  results,
  type StaticHost,
  staticHost,
  V1_RESULT,
} from './support/playground.js';

/**
 * The largest performance.now() step that counts as fine: the Device section's threshold
 * (src/Device.tsx COARSE_TIMER_MS). Chromium's isolated step is 5 µs; unisolated it is 100 µs, so
 * a bound of 0.1 ms would pass without isolation too.
 */
const FINE_TIMER_MS = 0.02;

const enabled = hasChromium('packages/playground/e2e/delivery');

let outDir = '';
let host: StaticHost | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!enabled) return;
  outDir = await buildPlayground('wirebench-delivery-');
  host = await staticHost(outDir);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  host?.server.closeAllConnections();
  await new Promise((resolve) => (host ? host.server.close(resolve) : resolve(undefined)));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Polls `check` in the page until it holds, across the page's own reloads (which destroy the context mid-evaluate). */
async function until(page: Page, check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await page.evaluate(check).catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await page.waitForTimeout(100);
  }
}

const controlledAndIsolated = (): boolean => navigator.serviceWorker.controller !== null && crossOriginIsolated;

/** A fresh profile's first visit: the page reloads once under the service worker's control. Counts the page's loads. */
async function firstVisit(fresh: Promise<BrowserContext> = browser!.newContext()): Promise<{ context: BrowserContext; page: Page; loads: () => number }> {
  const context = await fresh;
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(host!.url);
  await until(page, controlledAndIsolated, 'the service worker controls the page and it is cross-origin isolated');
  await page.locator('select[aria-label="Built-in sample"] option').nth(1).waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
  return { context, page, loads: () => loads };
}

/**
 * The smallest step of performance.now() on the page, by core's own timerResolution (as the Device
 * section's worker measures it): self-contained, so Playwright can send its source into the page.
 */
const timerStep = (page: Page): Promise<number> => page.evaluate(timerResolution);

/** Picks the first built-in sample and measures it to the end. */
async function measureSample(page: Page): Promise<void> {
  await page.locator('select[aria-label="Built-in sample"]').selectOption({ index: 1 });
  expect(await page.locator('#payload').inputValue()).not.toBe('');
  await page.getByRole('button', { name: 'Measure', exact: true }).click();
  await page.waitForSelector('#results[aria-busy="true"] [role="progressbar"]').catch(() => undefined); // a small sample may finish first
  await page.waitForSelector(results('done'), { timeout: 30_000 });
  expect(await page.locator('tr[data-format="json"] td.encode .figure').innerText()).toMatch(/\d (ns|µs|ms)/);
}

const cacheNames = (page: Page): Promise<string[]> => page.evaluate(() => caches.keys());

describe.skipIf(!enabled)('the static build on a plain static host, in headless Chromium', () => {
  it('is cross-origin isolated with fine timers through its service worker, after one reload and no more', async () => {
    const direct = await fetch(host!.url);
    expect(direct.headers.get('cross-origin-opener-policy'), 'the host itself sends no COOP').toBeNull();
    expect(direct.headers.get('cross-origin-embedder-policy'), 'the host itself sends no COEP').toBeNull();

    const { context, page, loads } = await firstVisit();
    try {
      await page.waitForTimeout(1500); // time for any (wrong) further reload to show
      expect(loads(), 'the first load and the one reload that puts it under the worker').toBe(2);
      const marks = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wirebench:isolation-reload:')));
      expect(marks, 'the reload mark is cleared').toEqual([]);
      const step = await timerStep(page);
      console.log(`delivery e2e: performance.now() step on the page: ${(step * 1000).toFixed(1)} µs`);
      expect(step).toBeLessThanOrEqual(FINE_TIMER_MS);
      await measureSample(page);
      // The Device section reports the measuring worker's own isolation and timer step.
      const device = await page.locator('#device').innerText();
      expect(device).toMatch(/Cross-origin isolated\s+true/);
      expect(device).toContain('fine-grained');

      // A hard reload bypasses the worker: the page comes back once under its control, no loop.
      const before = loads();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.reload', { ignoreCache: true });
      await until(page, controlledAndIsolated, 'controlled again after a hard reload');
      await page.waitForTimeout(1500);
      expect(loads() - before, 'the hard reload and one reload back under the worker').toBe(2);
    } finally {
      await context.close();
    }
  });

  it("never loops where the worker's headers do not isolate the page: one reload, then it stays and works, coarse timers and all", async () => {
    // As a browser that ignores COOP/COEP from a service worker sees it: a worker that adds none.
    const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
    const inert = sw.replaceAll('Cross-Origin-Opener-Policy', 'X-Not-Opener-Policy').replaceAll('Cross-Origin-Embedder-Policy', 'X-Not-Embedder-Policy');
    expect(inert).not.toBe(sw);
    host!.deploy.set('sw.js', inert);
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(host!.url);
      await until(page, () => navigator.serviceWorker.controller !== null, 'the service worker controls the page');
      await page.waitForTimeout(2000);
      expect(loads, 'the first load and one reload').toBe(2);
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
      await page.reload();
      await page.waitForTimeout(1500);
      expect(loads, "a reload of the user's: no automatic one after it").toBe(3);
      await measureSample(page);
      expect(await page.locator('#device').innerText()).toContain('coarse');
    } finally {
      host!.deploy.clear();
      await context.close();
    }
  });

  it("loads a second time with the network off: the page, the measuring worker, the codec chunks and the page's own lazy chunks come from the offline copy", async () => {
    const { context, page } = await firstVisit();
    try {
      const seen = host!.requests.length;
      await context.setOffline(true);
      host!.down = true; // and the host unreachable, for what the browser fetches outside the page's network emulation
      await page.reload();
      await page.locator('select[aria-label="Built-in sample"] option').nth(1).waitFor({ state: 'attached' });
      expect(await page.evaluate(controlledAndIsolated)).toBe(true);
      await measureSample(page);
      expect(await page.locator('#device').innerText()).toContain('fine-grained');
      // The chunks fetched on demand (src/lazy-chunk.ts), never fetched online in this browser: the run's answer, the comparison, the share-link reader.
      await page.locator('#recommendation').waitFor();
      await page.locator('section[aria-labelledby="compare-heading"] input[type="file"]').setInputFiles(V1_RESULT);
      await page.locator('.compare tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Copy share link' }).click();
      await page.waitForSelector('#shared');
      await page.reload();
      await page.getByText('Loaded the payload from the share link').waitFor();
      // Only the browser's own check for a new sw.js may try the network (and fail): nothing of the page.
      expect(
        host!.requests.slice(seen).filter((path) => path !== '/sw.js'),
        'requests that tried the host while offline',
      ).toEqual([]);
    } finally {
      host!.down = false;
      await context.close();
    }
  });

  it('is installable: a manifest with a relative start_url, standalone display, theme colour and icons that load', async () => {
    // Chromium offers no install in an incognito-like context: a profile on disk.
    const profile = mkdtempSync(join(tmpdir(), 'wirebench-delivery-profile-'));
    const { context, page } = await firstVisit(launchChromiumPersistent(profile));
    try {
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href, 'linked relative to the page (works under any base path)').toBe('./manifest.webmanifest');
      const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.webmanifest'), 'utf8')) as {
        name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'wirebench playground',
        start_url: './',
        display: 'standalone',
        theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
        const png = readFileSync(join(outDir, icon.src));
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
      expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
      // Chromium's own verdict, as its install prompt sees the page.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("takes a new deploy on the next load, keeps only the previous build's cache besides it, and never reloads the open page", async () => {
    const { context, page, loads } = await firstVisit();
    const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
    const version = /version:\s*[`'"]([0-9a-f]{16})[`'"]/.exec(sw)?.[1];
    expect(version, 'the build version in sw.js').toBeTruthy();
    try {
      const [first] = await cacheNames(page);
      expect(first).toMatch(new RegExp(`^wirebench-playground ${host!.url} ${version}$`));
      // Another deployment on the same origin keeps its cache.
      await page.evaluate((name) => caches.open(name).then(() => undefined), `wirebench-playground ${host!.url}other/ 0123456789abcdef`);
      const before = loads();
      await page.evaluate(() =>
        navigator.serviceWorker.addEventListener('controllerchange', () => ((window as unknown as { swChanged?: boolean }).swChanged = true)),
      );
      const ours = (names: string[]): string[] => names.filter((n) => n.startsWith(`wirebench-playground ${host!.url} `));
      /** Deploys build n (a new sw.js and index.html) and lets the open page's registration find it. */
      const deploy = async (n: number): Promise<string> => {
        const next = `${n}`.repeat(16);
        host!.deploy.set('sw.js', sw.replace(version!, next));
        host!.deploy.set('index.html', readFileSync(join(outDir, 'index.html'), 'utf8').replace('<head>', `<head>\n    <meta name="deploy" content="${n}" />`));
        await page.evaluate(() => {
          (window as unknown as { swChanged?: boolean }).swChanged = false;
          return navigator.serviceWorker.getRegistration().then((r) => r!.update());
        });
        // controllerchange comes when the new worker starts activating; its activate (the cache clean-up) ends with 'activated'.
        await until(
          page,
          () => (window as unknown as { swChanged?: boolean }).swChanged === true && navigator.serviceWorker.controller?.state === 'activated',
          `build ${n} controls the page`,
        );
        return `wirebench-playground ${host!.url} ${next}`;
      };
      const second = await deploy(2);
      expect(ours(await cacheNames(page))).toEqual([first, second]);
      const third = await deploy(3);
      const names = await cacheNames(page);
      expect(ours(names), "the oldest build's cache is gone").toEqual([second, third]);
      expect(names).toContain(`wirebench-playground ${host!.url}other/ 0123456789abcdef`);
      expect(loads(), 'the open page was not reloaded by an update').toBe(before);
      // The next load gets the new deploy's page from the network, under the isolation headers.
      await page.reload();
      expect(await page.locator('meta[name="deploy"]').getAttribute('content')).toBe('3');
      expect(await page.evaluate(controlledAndIsolated)).toBe(true);
    } finally {
      host!.deploy.clear();
      await context.close();
    }
  });
});

describe('the dev server prints the LAN address and a QR code of it', () => {
  const LAN = ['http://192.168.1.23:5173/', 'http://10.0.0.7:5173/'];

  /** Reads a QR code printed with half blocks back into modules (true = dark). */
  function modules(rows: string[]): boolean[][] {
    const grid: boolean[][] = [];
    for (const row of rows) {
      const chars = [...row];
      grid.push(chars.map((c) => c === '▄' || c === ' ')); // top half dark
      grid.push(chars.map((c) => c === '▀' || c === ' ')); // bottom half dark
    }
    return grid;
  }

  it('prints each network URL with its interface and a QR code that encodes it', () => {
    const text = formatPhoneAddresses(LAN, ['wlan0', undefined]);
    expect(text).toContain('http://192.168.1.23:5173/  (wlan0)');
    expect(text).toContain('http://10.0.0.7:5173/');
    expect(text).toContain('not a secure context');
    const lines = text.split('\n');
    for (const url of LAN) {
      // The code follows a line holding the URL alone.
      const start = lines.indexOf(`  ${url}`);
      expect(start, `${url} heads its QR code`).toBeGreaterThan(0);
      const expected = encode(url, { border: 2 });
      const rows = lines.slice(start + 1, start + 1 + Math.ceil(expected.size / 2)).map((l) => l.slice(2));
      expect(
        rows.every((r) => [...r].length === expected.size && /^[█▀▄ ]+$/.test(r)),
        `${url}: a block of ${expected.size} columns`,
      ).toBe(true);
      expect(modules(rows).slice(0, expected.size), `${url}: the printed modules are the QR code of the URL`).toEqual(expected.data);
    }
  });

  it('caps the QR codes at three and says how to get a LAN address when there is none', () => {
    const many = ['http://192.168.1.2:5173/', 'http://192.168.1.3:5173/', 'http://192.168.1.4:5173/', 'http://172.17.0.1:5173/'];
    const text = formatPhoneAddresses(many);
    for (const url of many) expect(text).toContain(url);
    expect(text.split('\n').filter((l) => many.some((u) => l === `  ${u}`))).toHaveLength(3);
    expect(text).toContain('1 more address above without a QR code');
    expect(formatPhoneAddresses([])).toContain('--host');
  });

  it("the plugin prints them after Vite prints its URLs, from the server's resolved URLs", () => {
    const printed: string[] = [];
    const plugin = phoneAddress((text) => printed.push(text));
    const server = {
      resolvedUrls: { local: ['http://localhost:5173/'], network: [LAN[0]!], networkInterfaceNames: ['en0'] },
      printUrls: () => printed.push('vite urls'),
    };
    const hook = plugin.configureServer as unknown as (s: typeof server) => void;
    hook(server);
    server.printUrls();
    expect(printed[0]).toBe('vite urls');
    expect(printed[1]).toBe(formatPhoneAddresses([LAN[0]!], ['en0']));
  });
});
