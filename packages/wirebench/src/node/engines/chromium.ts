/**
 * Chromium as every wirebench page runs in it (the bench's browser runner, and the tests of the
 * playground, the HTML report and the packed package): Debian's build through playwright-core,
 * headless, with a fresh profile, and nothing that reaches the network beyond the local server (no
 * QUIC, no background requests, no component updates, no sync), so a run measures the page and
 * nothing else. The one place Chromium is started.
 */

import { WirebenchError } from '@wirebench/core';
import type { Browser, BrowserContext, LaunchOptions, Page } from 'playwright-core';
import { checkEngine, chromiumBinary } from './binaries.js';
import type { EngineDriver, EnginePage } from './driver.js';
import { DRIVER_PACKAGES, importDriver } from './peer.js';

/** The flags every launch passes (playwright-core's `args`). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Playwright = typeof import('playwright-core');

/** What playwright-core's `chromium.launch` is given: Debian's Chromium (checked to be there) and the flags. */
function launchOptions(): LaunchOptions & { executablePath: string } {
  const [binary] = checkEngine('chromium');
  return { executablePath: (binary ?? chromiumBinary()).path, args: [...CHROMIUM_FLAGS] };
}

function started(error: unknown): WirebenchError {
  if (error instanceof WirebenchError) return error;
  return new WirebenchError(`Chromium at ${chromiumBinary().path} did not start: ${(error as Error).message.split('\n')[0]}`, { cause: error });
}

/**
 * Chromium started headless with a fresh profile (playwright-core's temporary one, removed on
 * close), as playwright-core's `Browser`: for tests and tools that need more than `EngineDriver`
 * (browser contexts with a phone's viewport, DevTools sessions). A WirebenchError when Chromium or
 * playwright-core is missing (with the line that installs it) or Chromium does not start.
 */
export async function launchChromium(): Promise<Browser> {
  const options = launchOptions();
  const { chromium } = await importDriver<Playwright>(DRIVER_PACKAGES.chromium, 'Chromium');
  try {
    return await chromium.launch(options);
  } catch (error) {
    throw started(error);
  }
}

/**
 * Chromium started on the profile folder `profile` (created if missing; the caller removes it), for
 * what a browser only offers a profile on disk (installing a web app); otherwise as `launchChromium`.
 */
export async function launchChromiumPersistent(profile: string): Promise<BrowserContext> {
  const options = launchOptions();
  const { chromium } = await importDriver<Playwright>(DRIVER_PACKAGES.chromium, 'Chromium');
  try {
    return await chromium.launchPersistentContext(profile, options);
  } catch (error) {
    throw started(error);
  }
}

/** A Chromium page, with playwright-core's `Page` for what only Chromium's DevTools do (CPU throttling, profiling). */
export interface ChromiumPage extends EnginePage {
  readonly playwright: Page;
}

/** Chromium as an `EngineDriver`, with playwright-core's `Browser` it drives. */
export interface ChromiumDriver extends EngineDriver<ChromiumPage> {
  readonly playwright: Browser;
}

function chromiumPage(page: Page): ChromiumPage {
  return {
    playwright: page,
    async goto(url) {
      await page.goto(url);
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    async waitFor(condition, arg, options = {}) {
      await page.waitForFunction(condition as never, arg, { polling: options.pollMs ?? 100, timeout: options.timeoutMs ?? 30_000 });
    },
    onFailure(listener) {
      page.on('pageerror', (error) => listener(`error in the page: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') listener(`console error in the browser: ${message.text()}`);
      });
      page.on('crash', () => listener('the page crashed (out of memory?)'));
      page.on('close', () => listener('the page closed'));
    },
    setViewport: (size) => page.setViewportSize({ width: size.width, height: size.height }),
    async close() {
      // The page's own browser context (browser.newPage makes one per page) closes with it.
      await page.close().catch(() => {});
    },
  };
}

/** Chromium launched (`launchChromium`) as an `EngineDriver`. */
export async function launchChromiumDriver(): Promise<ChromiumDriver> {
  const browser = await launchChromium();
  return {
    playwright: browser,
    engine: { name: 'chromium', browser: 'Chromium', version: browser.version(), javascript: 'V8' },
    // A page in a browser context of its own: Chromium never shares a renderer process between
    // browser contexts, so each page gets a new process (a fresh V8 isolate, heap and JIT state).
    newPage: async () => chromiumPage(await browser.newPage()),
    connected: () => browser.isConnected(),
    async close() {
      await browser.close().catch(() => {});
    },
  };
}
