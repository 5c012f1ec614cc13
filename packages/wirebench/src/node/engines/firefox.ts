/**
 * Firefox (SpiderMonkey) as wirebench runs it: Debian's Firefox ESR, headless, through puppeteer-core
 * over WebDriver BiDi, which Firefox's own remote agent speaks (no geckodriver, nothing downloaded),
 * with a fresh profile (puppeteer-core's temporary one, removed on close) and every request that is
 * not for this machine sent to a proxy that refuses it, so a run reaches no network beyond localhost.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { WirebenchError } from '@wirebench/core';
import type { Browser, Page } from 'puppeteer-core';
import { checkEngine } from './binaries.js';
import type { EngineDriver, EnginePage } from './driver.js';
import { DEAD_PROXY_HOST, DEAD_PROXY_PORT } from './driver.js';
import { DRIVER_PACKAGES, importDriver } from './peer.js';

/** Preferences set on every Firefox profile, beside puppeteer-core's own (which turn off updates, telemetry and first-run pages). */
export const FIREFOX_PREFS: Readonly<Record<string, string | number | boolean>> = {
  // Everything but localhost through a proxy that refuses it: no request leaves the machine.
  'network.proxy.type': 1,
  'network.proxy.http': DEAD_PROXY_HOST,
  'network.proxy.http_port': DEAD_PROXY_PORT,
  'network.proxy.ssl': DEAD_PROXY_HOST,
  'network.proxy.ssl_port': DEAD_PROXY_PORT,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
  'network.dns.disablePrefetch': true,
  'network.http.speculative-parallel-limit': 0,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.update.enabled': false,
  // A page measuring on its main thread for seconds is no slow script to stop.
  'dom.max_script_run_time': 0,
};

type Puppeteer = typeof import('puppeteer-core');

/** `153.8.0esr` from `firefox --version` ("Mozilla Firefox 153.8.0esr"), which says ESR where the BiDi session does not. */
async function firefoxVersion(path: string, fallback: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 10_000 });
    return /Firefox\s+(\S+)/.exec(stdout)?.[1] ?? fallback;
  } catch {
    return fallback;
  }
}

function firefoxPage(page: Page, close: () => Promise<void>): EnginePage {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    async waitFor(condition, arg, options = {}) {
      await page.waitForFunction(condition as never, { polling: options.pollMs ?? 100, timeout: options.timeoutMs ?? 30_000 }, arg);
    },
    onFailure(listener) {
      page.on('pageerror', (error) => listener(`error in the page: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') listener(`console error in the browser: ${message.text()}`);
      });
      page.on('error', (error) => listener(`the page failed: ${error.message}`));
      page.on('close', () => listener('the page closed'));
    },
    setViewport: (size) => page.setViewport({ width: size.width, height: size.height }),
    close,
  };
}

/**
 * Firefox launched headless as an `EngineDriver`. A WirebenchError when Firefox or puppeteer-core is
 * missing (with the line that installs it) or Firefox does not start.
 */
export async function launchFirefoxDriver(): Promise<EngineDriver> {
  const [binary] = checkEngine('firefox');
  const path = (binary as { path: string }).path;
  const puppeteer = (await importDriver<{ default: Puppeteer }>(DRIVER_PACKAGES.firefox, 'Firefox')).default;
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: path,
      headless: true,
      extraPrefsFirefox: { ...FIREFOX_PREFS },
      // An evaluate waits for a page busy measuring on its main thread: no protocol deadline.
      protocolTimeout: 0,
    });
  } catch (error) {
    throw new WirebenchError(`Firefox at ${path} did not start: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  const reported = (await browser.version()).replace(/^firefox\//i, '');
  return {
    engine: { name: 'firefox', browser: 'Firefox', version: await firefoxVersion(path, reported), javascript: 'SpiderMonkey' },
    async newPage() {
      // A browser context of its own per page: its own container, and with Fission its own content process.
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        return firefoxPage(page, () => context.close().catch(() => {}));
      } catch (error) {
        await context.close().catch(() => {});
        throw error;
      }
    },
    connected: () => browser.connected,
    async close() {
      await browser.close().catch(() => {});
      // puppeteer-core ends Firefox's process group on close; if the connection was already lost, end it here.
      const child = browser.process();
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
