/**
 * The playground end to end in Firefox (SpiderMonkey) and WebKitGTK (JavaScriptCore), beside the
 * Chromium files (playground, answer, delivery, first-screen), which use playwright-core's Page for
 * what only Chromium's DevTools offer (CPU throttling, long tasks, network emulation, screenshots).
 * Here every engine is driven through wirebench/engines' `EnginePage` (goto, evaluate, waitFor,
 * setViewport for the phone's 360×780) and the tests act in the page as a user does (a paste event,
 * a click), waiting on aria-busy and data-status, never on a timeout. The built page is served by a
 * plain static host (Content-Type only), so cross-origin isolation and the offline copy come from
 * the page's service worker.
 *
 * A run's time here follows the rows it measures more than the payload's size: for each row the
 * engine compresses a long body for the streaming rate, which Firefox's brotli (quality 11) is slow
 * at: about a quarter of a second a row even with the body cut to that budget. So the runs measure
 * a small payload, and those whose checks read no library row measure without them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineDriver, EngineName, EnginePage } from 'wirebench/engines';
import { engineLabel, engineMissing, launchEngine } from 'wirebench/engines';
import { buildPlayground, corpusFile, expectPhoneScreen, PHONE, phoneScreen, type StaticHost, staticHost, verdictOnScreen } from './support/playground.js';

/** The engines this file drives (Chromium runs the playwright-core files instead). */
const ENGINES: readonly EngineName[] = ['firefox', 'webkit'];
const FORMATS = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];
const GITHUB_EVENTS = corpusFile('github_events.json');
/** A payload small enough to type: what the runs measure that check no figure of their own payload. */
const SMALL = '{"id": 1, "tags": ["a", "b"], "ok": true}';

const available = ENGINES.filter((engine) => {
  const missing = engineMissing(engine);
  if (missing !== undefined) console.log(`packages/playground/e2e/engines (${engine}) skipped: ${missing}`);
  return missing === undefined;
});

let outDir = '';
let host: StaticHost | undefined;

beforeAll(async () => {
  if (available.length === 0) return;
  outDir = await buildPlayground('wirebench-engines-');
  host = await staticHost(outDir);
}, 120_000);

afterAll(async () => {
  host?.server.closeAllConnections();
  await new Promise((resolve) => (host ? host.server.close(resolve) : resolve(undefined)));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** `#results` once the run has ended with `status`. */
const ended = (status: string): boolean => document.querySelector(`#results[aria-busy="false"][data-status="${status}"]`) !== null;

/**
 * Polls `check` until it holds, across the page's own reloads (an evaluate on a page that navigates
 * away rejects in every driver: that is a "not yet"), by the driver's waitFor.
 */
async function until<A>(page: EnginePage, check: (arg: A) => unknown, arg: A, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await page.waitFor(check, arg, { timeoutMs: Math.max(1, deadline - Date.now()) });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`waiting until ${what}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

/** The built-in samples are in the select: the worker is up. */
const samplesListed = (): boolean => document.querySelectorAll('select[aria-label="Built-in sample"] option').length > 5;

/** Types `text` into the text area as a fill does: the value set through the native setter, then an input event (what React listens to). */
const fillText = (text: string): void => {
  const area = document.querySelector<HTMLTextAreaElement>('#payload')!;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
};

/** Presses Measure. */
const pressMeasure = (): void => {
  const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Measure');
  if (!button) throw new Error('no Measure button');
  button.click();
};

/** What the results table shows, per row: its cells' text. */
const readTable = (): Record<string, { size: string; encode: string; decode: string; fidelity: string; brotli: string | null }> =>
  Object.fromEntries(
    Array.from(document.querySelectorAll('#results tbody tr[data-format]')).map((row) => [
      row.getAttribute('data-format'),
      {
        size: row.querySelector('td.size .figure')?.textContent ?? '',
        encode: row.querySelector('td.encode .figure')?.textContent ?? '',
        decode: row.querySelector('td.decode .figure')?.textContent ?? '',
        fidelity: row.querySelector('td.fidelity')?.textContent ?? '',
        brotli: row.querySelector('td[data-label="brotli"]')?.textContent ?? null,
      },
    ]),
  );

/** Ticks or unticks "Library rows" (whether a run measures the libraries' rows too), as a user's tap does. */
const measureLibraries = (on: boolean): void => {
  const box = Array.from(document.querySelectorAll('label'))
    .find((label) => /^\s*Library rows/.test(label.textContent ?? ''))
    ?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (!box) throw new Error('no Library rows checkbox');
  if (box.checked !== on) box.click();
};

/** Whether this engine's CompressionStream offers brotli. */
const hasBrotli = (): boolean => {
  try {
    new CompressionStream('brotli' as CompressionFormat);
    return true;
  } catch {
    return false;
  }
};

const controlledAndIsolated = (): boolean => navigator.serviceWorker?.controller != null && crossOriginIsolated;

/** Measures what is in the text area to the end, and returns the table and the seconds it took. */
async function measure(page: EnginePage): Promise<{ table: ReturnType<typeof readTable>; seconds: number }> {
  // The payload is in (the text area, or held beside it when too long for it) before Measure is pressed.
  await page.waitFor(
    () => document.querySelector('#held') !== null || ((document.querySelector('#payload') as HTMLTextAreaElement | null)?.value ?? '') !== '',
    null,
  );
  const started = Date.now();
  await page.evaluate(pressMeasure, null);
  await page.waitFor(ended, 'done', { timeoutMs: 120_000 });
  return { table: await page.evaluate(readTable, null), seconds: (Date.now() - started) / 1000 };
}

function expectEveryFormat(table: ReturnType<typeof readTable>): void {
  for (const format of FORMATS) {
    const row = table[format];
    expect(row, format).toBeDefined();
    expect(row!.size, `${format} size`).toMatch(/\d+(\.\d+)? (B|kB|MB)/);
    expect(row!.encode, `${format} encode`).toMatch(/\d (ns|µs|ms)/);
    expect(row!.decode, `${format} decode`).toMatch(/\d (ns|µs|ms)/);
    expect(row!.fidelity, `${format} fidelity`).toContain('exact');
  }
}

describe.each(available)('the playground in %s (wirebench/engines)', (name) => {
  let driver: EngineDriver | undefined;
  let label: string = name;
  beforeAll(async () => {
    driver = await launchEngine(name);
    label = engineLabel(driver.engine);
    console.log(`playground e2e: ${label} (${driver.engine.javascript})`);
  }, 60_000);
  afterAll(async () => {
    await driver?.close();
  });

  /**
   * A fresh page (a fresh profile's first visit) at `path`, at the viewport `viewport` when given,
   * once the service worker controls it, it is isolated and the samples are listed.
   */
  async function firstVisit(path = '', viewport?: { readonly width: number; readonly height: number }): Promise<EnginePage> {
    const page = await driver!.newPage();
    const failures: string[] = [];
    page.onFailure((message) => failures.push(message));
    if (viewport) await page.setViewport(viewport);
    await page.goto(host!.url + path);
    await until(page, controlledAndIsolated, null, 'the service worker controls the page and it is cross-origin isolated');
    await until(page, samplesListed, null, 'the worker has listed the built-in samples');
    expect(failures.filter((f) => !/page closed/.test(f))).toEqual([]);
    return page;
  }

  // A phone's viewport only: these engines offer no CPU throttling (Chromium's DevTools alone do), so
  // the throttled checks (done within 15 s, long tasks) stay in the Chromium files.
  it('the answer at a phone viewport (360×780, no CPU throttling here): a pasted API response measured in every format, exact, ranked with reasons; brotli offered where the engine has it, and said when not; nothing scrolls sideways, the verdict is on screen with the focus, touch targets are 44 px', async () => {
    const page = await firstVisit('', PHONE.viewport);
    try {
      const text = GITHUB_EVENTS
        ? readFileSync(GITHUB_EVENTS, 'utf8')
        : JSON.stringify({ events: Array.from({ length: 200 }, (_, i) => ({ id: i, type: 'PushEvent', actor: { login: `user${i}` }, public: true })) });
      await page.evaluate(fillText, text);
      const { table, seconds } = await measure(page);
      console.log(`playground e2e (${label}): ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB measured in ${seconds.toFixed(1)} s`);
      expectEveryFormat(table);
      const brotli = await page.evaluate(hasBrotli, null);
      const note = await page.evaluate(() => /No brotli column: this browser's CompressionStream has no brotli/.test(document.body.textContent ?? ''), null);
      console.log(`playground e2e (${label}): CompressionStream ${brotli ? 'has' : 'lacks'} brotli`);
      if (brotli) {
        expect(table['json']!.brotli, 'json brotli').toMatch(/\d+(\.\d+)? (B|kB|MB)/);
        expect(note).toBe(false);
      } else {
        expect(table['json']!.brotli).toBeNull();
        expect(note, 'the page says why there is no brotli column').toBe(true);
      }
      await page.waitFor(() => document.querySelectorAll('#recommendation .ranking-table tbody tr').length > 1, null);
      const verdict = await page.evaluate(() => document.querySelector('#verdict')?.textContent ?? '', null);
      expect(verdict).toMatch(/on 4G with gzip/);
      // The page scrolls the verdict into view when the run is done, smoothly: that scroll may still be under way.
      await page.waitFor(verdictOnScreen, null, { timeoutMs: 5_000 }).catch(() => {});
      expectPhoneScreen(await page.evaluate(phoneScreen, null));
    } finally {
      await page.close();
    }
  }, 180_000);

  it('offline: a second load with the host unreachable comes from the service worker, isolated, and measures with the library rows', async () => {
    const page = await firstVisit();
    try {
      const seen = host!.requests.length;
      host!.down = true;
      await page.goto(host!.url);
      await until(page, controlledAndIsolated, null, 'the offline page is controlled and isolated');
      await until(page, samplesListed, null, 'the offline page lists the samples');
      // A small payload (a run's time is about its rows here), the library rows on: their code comes from the cache too.
      await page.evaluate(fillText, SMALL);
      await page.evaluate(measureLibraries, true);
      const { table } = await measure(page);
      expect(table['json']!.encode).toMatch(/\d (ns|µs|ms)/);
      expect(table['msgpack (msgpackr)']?.encode, 'a library row').toMatch(/\d (ns|µs|ms)/);
      expect(await page.evaluate(() => document.querySelector('#device')?.textContent ?? '', null)).toContain('fine-grained');
      // The network is not switched off (only Chromium's DevTools can): the host drops connections. A
      // navigation tries the network first (sw.ts, falling back to the cached page) and the browser
      // checks for a new sw.js; nothing else of the page may try the host.
      expect(
        host!.requests.slice(seen).filter((path) => path !== '/sw.js' && path !== '/'),
        'requests that tried the host while offline',
      ).toEqual([]);
    } finally {
      host!.down = false;
      await page.close();
    }
  }, 180_000);

  it('a share link loads its payload, which then measures; a deflate bomb is refused and the page stays usable (a run completes)', async () => {
    const shared = SMALL;
    const page = await firstVisit(`#p=${deflateRawSync(Buffer.from(shared)).toString('base64url')}`);
    try {
      await page.waitFor(() => /Loaded the payload from the share link/.test(document.body.textContent ?? ''), null);
      expect(await page.evaluate(() => (document.querySelector('#payload') as HTMLTextAreaElement).value, null)).toBe(shared);
      // wirebench's own rows only: what is checked here is the format rows.
      await page.evaluate(measureLibraries, false);
      expectEveryFormat((await measure(page)).table);
    } finally {
      await page.close();
    }
    const bomb = deflateRawSync(Buffer.from(`[${' '.repeat(50 * 1024 * 1024)}]`)).toString('base64url');
    const refused = await firstVisit(`#p=${bomb}`);
    try {
      await refused.waitFor(() => /unpacks to more than 262 kB/.test(document.body.textContent ?? ''), null, { timeoutMs: 10_000 });
      expect(await refused.evaluate(() => (document.querySelector('#payload') as HTMLTextAreaElement).value, null)).toBe('');
      await refused.evaluate(fillText, shared);
      await refused.evaluate(measureLibraries, false);
      expectEveryFormat((await measure(refused)).table);
    } finally {
      await refused.close();
    }
  }, 180_000);
});
