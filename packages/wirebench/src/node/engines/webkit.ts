/**
 * WebKit (JavaScriptCore) as wirebench runs it: WebKitGTK's MiniBrowser from the Debian archive,
 * driven through WebKitWebDriver (classic WebDriver, spoken by `webdriver.ts`: no npm package),
 * drawing into an Xvfb server of its own. Each page is a WebDriver session of its own, so a new
 * MiniBrowser with a new web process and an ephemeral profile (automation mode), under a home and
 * XDG folders made for this launch and removed on close; every request not for localhost goes to a
 * proxy that refuses it. Closing ends Xvfb, WebKitWebDriver, every MiniBrowser and their web and
 * network processes, and a launch that fails half-way ends what it had started.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WirebenchError } from '@wirebench/core';
import type { EngineBinary } from './binaries.js';
import { checkEngine } from './binaries.js';
import type { EngineDriver, EnginePage } from './driver.js';
import { DEAD_PROXY_HOST, DEAD_PROXY_PORT } from './driver.js';
import type { Started } from './processes.js';
import { freePort, start } from './processes.js';
import { evaluateScript, WebDriverError, webdriverCommand } from './webdriver.js';

/** MiniBrowser's arguments in every session: automation mode (an ephemeral profile), and no network beyond localhost. */
export const MINIBROWSER_ARGS: readonly string[] = [
  '--automation',
  `--proxy=http://${DEAD_PROXY_HOST}:${DEAD_PROXY_PORT}`,
  '--ignore-host=127.0.0.1',
  '--ignore-host=localhost',
];

/**
 * GTK's style for MiniBrowser's own widgets (its toolbar), read from the launch's XDG config: shrunk
 * to nearly nothing, since at GTK's defaults the toolbar keeps the window at least 447 px wide, too
 * wide for a phone's 360 px viewport. The page is WebKit's to draw (its form controls included):
 * GTK's style does not reach it.
 */
const MINIBROWSER_GTK_CSS = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 4px; }\n';

/** How long an evaluate may take before WebKitWebDriver gives up on it: an hour (a page busy measuring answers late). */
const SCRIPT_TIMEOUT_MS = 3_600_000;
/** Window sizes tried before a viewport of the asked size is given up: the first, then corrections. */
const VIEWPORT_ATTEMPTS = 3;
/** How long to wait for Xvfb and WebKitWebDriver to be ready. */
const READY_MS = 20_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Xvfb on the first free display (`-displayfd`: it says which), and the display's name. */
async function startXvfb(binary: EngineBinary, env: NodeJS.ProcessEnv): Promise<{ server: Started; display: string }> {
  const server = start(binary.path, ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const displayfd = server.child.stdio[3] as NodeJS.ReadableStream | null;
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no display in ${READY_MS / 1000} s`)), READY_MS);
    displayfd?.setEncoding('utf8');
    displayfd?.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    server.child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`it exited (${signal ?? code})`));
    });
  }).catch(async (error: Error) => {
    await server.end();
    throw new WirebenchError(`Xvfb at ${binary.path} did not start: ${error.message}${server.stderr() ? `: ${server.stderr().split('\n').at(-1)}` : ''}`);
  });
  return { server, display };
}

/** WebKitWebDriver on a free port of 127.0.0.1, once it answers `GET /status` as ready. */
async function startDriver(binary: EngineBinary, env: NodeJS.ProcessEnv): Promise<{ server: Started; base: string }> {
  const port = await freePort();
  const server = start(binary.path, [`--port=${port}`, '--host=local'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_MS;
  for (;;) {
    try {
      const status = (await webdriverCommand(base, 'GET', '/status', undefined, 2000)) as { ready?: boolean };
      if (status.ready !== false) return { server, base };
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null || server.child.signalCode !== null || Date.now() > deadline) {
      await server.end();
      const why = server.child.exitCode !== null || server.child.signalCode !== null ? 'it exited' : `no answer in ${READY_MS / 1000} s`;
      throw new WirebenchError(`WebKitWebDriver at ${binary.path} did not start: ${why}${server.stderr() ? `: ${server.stderr().split('\n').at(-1)}` : ''}`);
    }
    await sleep(50);
  }
}

/** One page: a WebKitWebDriver of its own (it serves one session at a time) and its session's MiniBrowser. */
interface Session {
  readonly version: string;
  readonly page: EnginePage;
}

/**
 * WebKitGTK launched as an `EngineDriver`: Xvfb, then WebKitWebDriver, then a first session (whose
 * MiniBrowser says the version, and becomes the first page). A WirebenchError naming the
 * `apt-get install` line when a program is missing, or what failed to start.
 */
export async function launchWebKitDriver(): Promise<EngineDriver> {
  const [xvfb, driverBinary, miniBrowser] = checkEngine('webkit') as [EngineBinary, EngineBinary, EngineBinary];
  // A home and XDG folders of this launch's own: nothing read from or left in the user's.
  const home = mkdtempSync(join(tmpdir(), 'wirebench-webkit-'));
  const runtime = join(home, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: runtime,
    // No accessibility bus to look for.
    NO_AT_BRIDGE: '1',
  };
  mkdirSync(join(home, 'config', 'gtk-3.0'), { recursive: true });
  writeFileSync(join(home, 'config', 'gtk-3.0', 'gtk.css'), MINIBROWSER_GTK_CSS);
  let xvfbServer: Started | undefined;
  const sessions = new Set<Session>();
  let closed = false;
  const endAll = async (): Promise<void> => {
    for (const session of [...sessions]) await session.page.close();
    await xvfbServer?.end();
    rmSync(home, { recursive: true, force: true });
  };

  // WebKitWebDriver serves one session at a time: each page gets a driver of its own, whose process
  // group holds its MiniBrowser and the web and network processes (which outlive MiniBrowser by
  // seconds when left alone): ending the group ends them all.
  const newSession = async (): Promise<Session> => {
    const driver = await startDriver(driverBinary, env);
    const { base } = driver;
    let created: { sessionId: string; capabilities: { browserVersion?: string } };
    try {
      created = (await webdriverCommand(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            timeouts: { script: SCRIPT_TIMEOUT_MS, pageLoad: 300_000 },
            'webkitgtk:browserOptions': { binary: miniBrowser.path, args: [...MINIBROWSER_ARGS] },
          },
        },
      })) as typeof created;
    } catch (error) {
      await driver.server.end();
      const detail = error instanceof WebDriverError ? error.message : (error as Error).message;
      throw new WirebenchError(
        `MiniBrowser at ${miniBrowser.path} did not start: ${detail}${driver.server.stderr() ? ` (${driver.server.stderr().split('\n').at(-1)})` : ''}`,
      );
    }
    const path = `/session/${created.sessionId}`;
    let ended = false;
    const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
      const outcome = (await webdriverCommand(base, 'POST', `${path}/execute/async`, {
        script: evaluateScript(fn.toString()),
        args: [arg === undefined ? null : arg],
      })) as { ok: true; value: R } | { ok: false; message: string };
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.value;
    };
    const waitFor: EnginePage['waitFor'] = async (condition, arg, options = {}) => {
      const timeoutMs = options.timeoutMs ?? 30_000;
      const deadline = Date.now() + timeoutMs;
      while (!(await evaluate(condition, arg))) {
        if (timeoutMs > 0 && Date.now() > deadline) throw new Error(`the page's condition was not met in ${timeoutMs} ms`);
        await sleep(options.pollMs ?? 100);
      }
    };
    const session: Session = {
      version: created.capabilities.browserVersion ?? 'unknown',
      page: {
        async goto(url) {
          await webdriverCommand(base, 'POST', `${path}/url`, { url });
        },
        evaluate,
        waitFor,
        // Classic WebDriver sends no events: a page that is gone makes the next evaluate reject.
        onFailure() {},
        async setViewport(size) {
          // Set Window Rect sizes MiniBrowser's outer window, its toolbar included: the viewport is
          // measured after each try and the window corrected by what is missing.
          let outer = { width: size.width, height: size.height };
          let inner = { width: 0, height: 0 };
          for (let attempt = 0; attempt < VIEWPORT_ATTEMPTS; attempt++) {
            const rect = (await webdriverCommand(base, 'POST', `${path}/window/rect`, outer)) as { width: number; height: number };
            // The web process learns the new size after the window has it: read the viewport once the page sees the window's size.
            await waitFor(
              (r) => outerWidth === r.width && outerHeight === r.height,
              { width: rect.width, height: rect.height },
              { timeoutMs: 5_000, pollMs: 20 },
            );
            inner = await evaluate(() => ({ width: innerWidth, height: innerHeight }), null);
            if (inner.width === size.width && inner.height === size.height) return;
            outer = { width: outer.width + size.width - inner.width, height: outer.height + size.height - inner.height };
          }
          throw new WirebenchError(`MiniBrowser's viewport is ${inner.width}×${inner.height} after sizing its window, not ${size.width}×${size.height}`);
        },
        async close() {
          if (ended) return;
          ended = true;
          sessions.delete(session);
          await webdriverCommand(base, 'DELETE', path, undefined, 10_000).catch(() => {});
          await driver.server.end();
        },
      },
    };
    sessions.add(session);
    return session;
  };

  let first: Session | undefined;
  try {
    const x = await startXvfb(xvfb, env);
    xvfbServer = x.server;
    env['DISPLAY'] = x.display;
    // The first page's MiniBrowser says the version.
    first = await newSession();
  } catch (error) {
    await endAll();
    throw error instanceof WirebenchError ? error : new WirebenchError(`WebKit did not start: ${(error as Error).message}`, { cause: error });
  }
  const version = first.version;
  return {
    engine: { name: 'webkit', browser: 'WebKitGTK', version, javascript: 'JavaScriptCore' },
    async newPage() {
      if (closed) throw new WirebenchError('WebKit was closed');
      const session = first ?? (await newSession());
      first = undefined;
      return session.page;
    },
    connected: () => !closed && xvfbServer?.child.exitCode === null && xvfbServer.child.signalCode === null,
    async close() {
      if (closed) return;
      closed = true;
      await endAll();
    },
  };
}
