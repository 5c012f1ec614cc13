/**
 * What the playground's e2e files share: Debian's Chromium through playwright-core, started by
 * wirebench/engines (nothing downloads a browser), the page built by Vite and served by `vite preview` with COOP/COEP on a free
 * port of 127.0.0.1, opening a page, pasting, waiting on the results region, the main thread's long
 * tasks, and the public corpus beside the checkout.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, expect } from 'vitest';
import { engineMissing, freePort, launchChromium, launchChromiumPersistent } from 'wirebench/engines';

/** Chromium as every wirebench page runs in it (wirebench/engines): the one launcher of the e2e files. */
export { launchChromium, launchChromiumPersistent };
/** packages/playground. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../../../../shared/data/corpus/', import.meta.url));
/** A result file of version 1, as the CLI wrote it (packages/wirebench/test/result/fixtures/v1/README.md). */
export const V1_RESULT = fileURLToPath(new URL('../../../wirebench/test/result/fixtures/v1/cli-answered-8fb3cc0.json', import.meta.url));

/** A phone: 360×780 CSS px, touch, 2× pixels (the e2e runs throttle its CPU 4× too: `throttle`). */
export const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;

/** What a phone's screen shows, read in the page: a function of the page's globals only, so both playwright-core's evaluate and wirebench/engines' `EnginePage` run it. */
export interface PhoneScreen {
  readonly viewport: { readonly width: number; readonly height: number };
  /** The page's width: more than the viewport's is a horizontal scroll. */
  readonly scrollWidth: number;
  /** The verdict's top and bottom in the viewport; null when the page shows none. */
  readonly verdict: { readonly top: number; readonly bottom: number } | null;
  readonly verdictFocused: boolean;
  /** Buttons, selects and button-like labels shown under 44×44 px, the least a finger hits reliably. */
  readonly smallTargets: number;
}

export const phoneScreen = (): PhoneScreen => {
  const box = document.getElementById('verdict')?.getBoundingClientRect();
  return {
    viewport: { width: innerWidth, height: innerHeight },
    scrollWidth: document.documentElement.scrollWidth,
    verdict: box ? { top: box.top, bottom: box.bottom } : null,
    verdictFocused: document.activeElement?.id === 'verdict',
    smallTargets: Array.from(document.querySelectorAll('button, select, label.button'))
      .map((element) => element.getBoundingClientRect())
      .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
  };
};

/** The verdict wholly in the viewport: where a finished run scrolls it (smoothly, unless the user asked for reduced motion). */
export const verdictOnScreen = (): boolean => {
  const box = document.getElementById('verdict')?.getBoundingClientRect();
  return box !== undefined && box.top >= 0 && box.bottom <= innerHeight;
};

/**
 * A phone's first screen once a run is done, the checks that need no CPU throttling (so hold in
 * every engine): the viewport is the phone's, nothing scrolls sideways, the verdict is on screen
 * with the focus, and every touch target is at least 44 px.
 */
export function expectPhoneScreen(screen: PhoneScreen, viewport: { readonly width: number; readonly height: number } = PHONE.viewport): void {
  expect(screen.viewport, 'the viewport').toEqual({ width: viewport.width, height: viewport.height });
  expect(screen.scrollWidth, 'the page width (wider scrolls sideways)').toBeLessThanOrEqual(viewport.width);
  expect(screen.verdict, 'a verdict').not.toBeNull();
  // Less than a pixel out: a page scrolls by whole pixels and the verdict's box may start between two (Firefox: −0.42 px).
  expect(screen.verdict!.top, 'verdict top').toBeGreaterThan(-1);
  expect(screen.verdict!.bottom, 'verdict bottom').toBeLessThan(viewport.height + 1);
  expect(screen.verdictFocused, 'the verdict has the focus').toBe(true);
  expect(screen.smallTargets, 'touch targets under 44 px').toBe(0);
}

/** Whether Chromium is installed; when not, says that `suite` is skipped and how to get it. */
export function hasChromium(suite: string): boolean {
  const missing = engineMissing('chromium');
  if (missing !== undefined) console.log(`${suite} skipped: ${missing}`);
  return missing === undefined;
}

/** The path of a corpus file, or null when the corpus is not beside the checkout (a user's clone). */
export function corpusFile(name: string): string | null {
  const path = join(CORPUS, name);
  return existsSync(path) ? path : null;
}

/** `#results` once the run has ended with `status` (aria-busy false): what every test waits on, never a timeout. */
export const results = (status: string): string => `#results[aria-busy="false"][data-status="${status}"]`;

/** Builds the page into a fresh temporary folder and returns it. */
export async function buildPlayground(prefix: string): Promise<string> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds: the page would bundle React's
  // development build (its jsxDEV alone took 110 ms of a 4x-throttled re-render), not what users get.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
  return outDir;
}

/** The built page served by `vite preview`, and the browser: valid inside the tests of the file that asked. */
export interface ServedPlayground {
  readonly browser: Browser;
  readonly url: string;
  readonly outDir: string;
}

/**
 * Builds and serves the page and launches Chromium before the file's tests (`beforeAll`), and
 * closes them all after (`afterAll`); nothing when `enabled` is false (no Chromium).
 */
export function servePlayground(enabled: boolean): ServedPlayground {
  let outDir = '';
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  let url = '';
  beforeAll(async () => {
    if (!enabled) return;
    const { preview } = await import('vite');
    outDir = await buildPlayground('wirebench-playground-');
    const port = await freePort();
    server = await preview({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    url = `http://127.0.0.1:${port}/`;
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('no browser: servePlayground serves inside the tests only');
      return browser;
    },
    get url(): string {
      return url;
    },
    get outDir(): string {
      return outDir;
    },
  };
}

/** A new page at `url` (the path and query after the served root), once the worker has sent the built-in samples; no page error on the way. */
export async function openPage(served: ServedPlayground, options: Parameters<Browser['newPage']>[0] = {}, path = ''): Promise<Page> {
  const page = await served.browser.newPage(options);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(served.url + path);
  await page.locator('select[aria-label="Built-in sample"] option').nth(5).waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
  return page;
}

/** A paste event carrying `text`, as a user's paste into the text area delivers it. */
export async function paste(page: Page, text: string): Promise<void> {
  await page.locator('#payload').evaluate((area, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Slows the page's main thread `rate` times (the measuring worker is not slowed: see
 * docs/playground.md); the session it returns sets another rate (1 to end it).
 */
export async function throttle(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** Records the main thread's long tasks (over 50 ms) from now on, forgetting those recorded before. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; longTaskObserver?: PerformanceObserver };
    w.longTasks = [];
    w.longTaskObserver ??= new PerformanceObserver((list) => w.longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))));
    w.longTaskObserver.observe({ type: 'longtask' });
  });
}

/** The durations (ms) of the long tasks recorded since `watchLongTasks` that ended at `since` (the page's performance.now()) or later. */
export function longTasks(page: Page, since = 0): Promise<number[]> {
  return page.evaluate(
    (from) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks.filter((t) => t.start + t.duration >= from).map((t) => t.duration),
    since,
  );
}

/** `52 ms, 90 ms`, or `none`. */
export const formatTasks = (tasks: readonly number[]): string => (tasks.length ? tasks.map((d) => `${d.toFixed(0)} ms`).join(', ') : 'none');

/** The Content-Type a plain static host sends per extension. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A static host that can send nothing but Content-Type; `deploy` swaps a file's text as a new deploy would. */
export interface StaticHost {
  server: Server;
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  deploy: Map<string, string>;
  /** While true, every request gets its connection dropped (the host is unreachable). */
  down: boolean;
}

export function staticHost(dir: string): Promise<StaticHost> {
  const requests: string[] = [];
  const deploy = new Map<string, string>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    requests.push(path);
    if (host.down) {
      req.socket.destroy();
      return;
    }
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    const name = file
      .slice(dir.length + 1)
      .split(sep)
      .join('/');
    if (!file.startsWith(dir + sep) || (!deploy.has(name) && (!existsSync(file) || !statSync(file).isFile()))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(deploy.get(name) ?? readFileSync(file));
  });
  const host: StaticHost = { server, url: '', requests, deploy, down: false };
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      host.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
      resolve(host);
    });
  });
}
