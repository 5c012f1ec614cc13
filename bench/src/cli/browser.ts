/**
 * `npm run bench:browser`: the built-in suites bundled by Vite and measured by the same engine in
 * headless Chromium (Debian's, driven by playwright-core), in the page and in a dedicated Web Worker,
 * optionally with DevTools CPU throttling to emulate a phone. `--help` lists the options.
 *
 * The bundle is served from a tiny static server on 127.0.0.1 with COOP/COEP headers, so the page is
 * cross-origin isolated and `performance.now()` keeps its fine grain.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormatId } from '@wirebench/core';
import type { Environment, MeasureProgress, MeasureResult } from '@wirebench/core/measure';
import { PayloadFileError, checkOutput, describeSkippedLinks, progressReporter, readPayloadFiles, searchPayloadFiles } from '@wirebench/core/node';
import { LEGEND, fidelitySummary, formatResult, renderHtmlReport } from '@wirebench/core/report';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { libraryVersions, nodeEnvironment } from '../node/environment.js';
import { SUITES } from '../suites/index.js';
import type { BrowserOutcome, BrowserRunConfig, Mode, PayloadFileRef } from '../browser/protocol.js';
import { SUITE_NAMES } from '../suites/index.js';
import type { BenchArgs } from './options.js';
import { DEFAULTS, QUICK, UsageError, parseBenchArgs } from './options.js';

const BROWSER_SOURCE = fileURLToPath(new URL('../../browser/', import.meta.url));
const BROWSER_DIST = fileURLToPath(new URL('../browser/', import.meta.url));
const DEFAULT_JSON = 'bench/results/browser.json';
const CHROMIUM = process.env['WIREBENCH_CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Versions injected into the bundle (simdjson is a Node addon: never measured in a browser). */
const BROWSER_LIBRARIES = ['@msgpack/msgpack', 'cbor-x', 'protobufjs', 'flatbuffers', 'tinybench'] as const;
/** Iterations of the busy loop that checks the throttle: about 80 ms unthrottled on a laptop core. */
const BUSY_ITERATIONS = 30_000_000;
/** Seconds without any progress (times the throttle) before a run is declared stuck. */
const STALL_SECONDS = 300;

export const BROWSER_USAGE = `npm run bench:browser -- [files or folders of .json …] [options]

Bundles the built-in suites with Vite and measures them with the same engine as \`npm run bench\`
(@wirebench/core/measure) in headless Chromium (${CHROMIUM}; set WIREBENCH_CHROMIUM to use another),
in the page and in a dedicated Web Worker. Prints the same tables and writes the same result JSON.

  files, folders       your payloads, as for npm run bench: read where they are (the runner serves them to
                       the page), a schema inferred from each. Alone they replace the default suite;
                       with --suite, both are measured
  --mode <m>           page, worker or both (default both): where the suites run
  --cpu-throttle <r>   slow the CPU down r times with DevTools throttling, as a phone would be (default 1).
                       Chromium applies it to the page's main thread only: it refuses worker targets, so
                       worker figures stay unthrottled (checked with a busy loop every run, and recorded:
                       environment.cpuThrottle is the factor that was actually applied)
  --suite <names>      built-in suites, comma-separated: ${SUITE_NAMES.join(', ')} or all (default canonical)
  --libraries          add rows for the raw library calls each codec wraps
  --formats <list>     formats to measure, comma-separated (json is always included; simdjson is Node-only
                       and is noted, not measured)
  --filter <regex>     only payloads whose name matches (case-insensitive)
  --quick              CI settings: ${QUICK.rounds} rounds × ${QUICK.roundTime} ms per task (default ${DEFAULTS.rounds} × ${DEFAULTS.roundTime} ms)
  --rounds <n>         interleaved rounds per payload (at least 3)
  --time <ms>          milliseconds each task is timed in each round
  --warmup <ms>        milliseconds of warm-up per task (default ${DEFAULTS.warmupTime}, quick ${QUICK.warmupTime})
  --budget <s>         stop adding rounds once this many seconds are spent, per mode (at least 3 rounds each)
  --seed <n>           seed of the generated payloads (default 1)
  --json <file>        write the result JSON there (default ${DEFAULT_JSON}). With --mode both, one file
                       per mode, the mode added to the name: browser-page.json and browser-worker.json
  --html <file>        write a self-contained HTML report there (with --mode both: one per mode, named
                       the same way: report-page.html, report-worker.html)
  -h, --help           this text

Exit status: 0 done, 1 the browser or the page failed (or Chromium is missing), 2 bad arguments.`;

/** A failure that ends the run with one clear line and exit status 1 (or `status`). */
class RunnerError extends Error {
  override readonly name = 'RunnerError';
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
  }
}

/** `bench/results/browser.json` → `bench/results/browser-page.json` when both modes run. */
export function modePath(path: string, mode: Mode, both: boolean): string {
  return both ? path.replace(/(\.[^./\\]*)?$/, (ext) => `-${mode}${ext}`) : path;
}

/** Bundles bench/browser (page, worker, suites, engine, codecs) into bench/dist/browser with a relative base. */
async function bundle(): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: BROWSER_SOURCE,
    base: './',
    logLevel: 'warn',
    publicDir: false,
    define: { __WIREBENCH_LIBRARIES__: JSON.stringify(libraryVersions(BROWSER_LIBRARIES)) },
    build: {
      outDir: BROWSER_DIST,
      emptyOutDir: true,
      target: 'es2022',
      // Readable stacks when the page or the worker fails; V8 runs the code the same either way.
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
    },
    // ES module workers: the worker shares the page's code-split chunks (the codecs load on demand).
    worker: { format: 'es' },
  });
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * Serves `root` on 127.0.0.1 at an ephemeral port, cross-origin isolated (COOP + COEP on every
 * response), and the payload files at the paths `files` maps them from (outside `root`: they are
 * read where they are, never copied into the bundle).
 */
async function serve(root: string, files: ReadonlyMap<string, string>): Promise<{ server: Server; origin: string }> {
  const handler = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      response.writeHead(400, headers).end();
      return;
    }
    const file = files.get(pathname) ?? normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if ((!files.has(pathname) && !file.startsWith(root.endsWith(sep) ? root : root + sep)) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, headers).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      response.writeHead(404, headers).end();
    }
  };
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Page errors, console errors, crashes and stalls of one page, as a promise that only ever rejects. */
function watchPage(page: Page, stallMs: number): { failed: Promise<never>; alive(): void; dispose(): void } {
  let reject: (error: RunnerError) => void = () => {};
  const failed = new Promise<never>((_, r) => {
    reject = r;
  });
  failed.catch(() => {}); // observed by whoever races it
  let timer: ReturnType<typeof setTimeout> | undefined;
  const alive = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => reject(new RunnerError(`no progress from the browser in ${Math.round(stallMs / 1000)} s: the run is stuck`)), stallMs);
  };
  page.on('pageerror', (error) => reject(new RunnerError(`error in the page: ${error.stack ?? error.message}`)));
  page.on('console', (message) => {
    if (message.type() === 'error') reject(new RunnerError(`console error in the browser: ${message.text()}`));
  });
  page.on('crash', () => reject(new RunnerError('the page crashed (out of memory?)')));
  page.on('close', () => reject(new RunnerError('the page closed before the run was done')));
  return {
    failed,
    alive,
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Fastest of five runs of the busy loop, in the page or in the worker: other processes only ever add
 * time, so the minimum is the figure least disturbed by a busy machine.
 */
async function busyMs(page: Page, where: Mode, failed: Promise<never>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    fastest = Math.min(fastest, await Promise.race([page.evaluate(([w, n]) => window.wirebench.busy(w, n), [where, BUSY_ITERATIONS] as const), failed]));
  }
  return fastest;
}

/** A slow-down counts as applied when it reaches at least half of the way to the requested rate (Chromium's is approximate). */
const reached = (factor: number, rate: number): boolean => factor >= 1 + (rate - 1) / 2;

/**
 * Chromium's DevTools CPU throttling, applied to the page's target, and to the worker's where the
 * browser allows it. Returns what was applied where, checked with a busy loop before and after.
 */
async function throttle(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  rate: number,
  mode: Mode,
  failed: Promise<never>,
): Promise<{ applied: number; lines: string[] }> {
  const where: Mode[] = mode === 'worker' ? ['page', 'worker'] : ['page'];
  const before: Record<string, number> = {};
  for (const w of where) before[w] = await busyMs(page, w, failed);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const factor = async (w: Mode): Promise<number> => (await busyMs(page, w, failed)) / (before[w] as number);
  const pageFactor = await factor('page');
  const lines = [`busy loop in the page: ${(before['page'] as number).toFixed(0)} ms, throttled ${pageFactor.toFixed(1)}× slower`];
  if (!reached(pageFactor, rate)) lines.push(`warning: the page slowed down only ${pageFactor.toFixed(1)}× for a requested ${rate}×`);
  if (mode === 'page') return { applied: rate, lines };

  let workerFactor = await factor('worker');
  let how = 'by the page throttle';
  let refusal = '';
  if (!reached(workerFactor, rate)) {
    // The page's throttle stays on the main thread: try the worker's own DevTools target.
    refusal = await throttleWorkerTarget(browser, rate);
    if (!refusal) {
      workerFactor = await factor('worker');
      how = 'through its own DevTools target';
    }
  }
  if (reached(workerFactor, rate)) {
    lines.push(`busy loop in the worker: ${(before['worker'] as number).toFixed(0)} ms, throttled ${workerFactor.toFixed(1)}× slower (${how})`);
    return { applied: rate, lines };
  }
  // The page only relays messages in this mode: lift its throttle, so the worker's figures are plainly
  // unthrottled ones rather than figures perturbed by a throttled main thread.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  lines.push(
    `busy loop in the worker: ${(before['worker'] as number).toFixed(0)} ms, ${workerFactor.toFixed(1)}× with the page throttled: ` +
      'the throttle does not reach the worker',
    `LIMIT: --cpu-throttle applies to the page's main thread only. Chromium's Emulation.setCPUThrottlingRate ` +
      `throttles one renderer thread and ${refusal ? `refuses worker targets ("${refusal}")` : 'did not slow the worker through its own target either'}, so the worker figures ` +
      'below are UNTHROTTLED (recorded as environment.cpuThrottle 1; the page throttle is lifted for this run); ' +
      'use --mode page for phone-like figures',
  );
  return { applied: 1, lines };
}

/**
 * Attaches to the page's dedicated worker through a browser-level DevTools session and sets its CPU
 * throttling rate. Returns '' on success, else the browser's reason.
 */
async function throttleWorkerTarget(browser: Browser, rate: number): Promise<string> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'worker');
    if (!target) return 'no worker target found';
    // playwright-core's CDPSession cannot address a flattened child session, so the worker's
    // session is driven through Target.sendMessageToTarget.
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const reply = await new Promise<{ error?: { message: string } }>((resolve) => {
      session.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as { id?: number; error?: { message: string } };
        if (message.id === 1) resolve(message);
      });
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Emulation.setCPUThrottlingRate', params: { rate } }),
      });
    });
    // Detaching would drop the throttle if it took: the session stays open until the browser closes.
    return reply.error?.message ?? '';
  } catch (error) {
    await session.detach().catch(() => {});
    return (error as Error).message.split('\n')[0] ?? 'attaching failed';
  }
}

/** One mode in a fresh page: throttle, start, forward progress, wait until the results region is done. */
async function runMode(
  browser: Browser,
  origin: string,
  mode: Mode,
  args: BenchArgs,
  files: readonly PayloadFileRef[],
  log: (line: string) => void,
): Promise<MeasureResult> {
  const page = await browser.newPage();
  const progress = progressReporter(process.stderr);
  const watch = watchPage(page, STALL_SECONDS * 1000 * args.cpuThrottle);
  try {
    await page.exposeFunction('wirebenchProgress', (p: MeasureProgress) => {
      watch.alive();
      progress.update(p);
    });
    await Promise.race([page.goto(`${origin}/index.html`), watch.failed]);
    await Promise.race([page.waitForFunction(() => window.wirebench !== undefined), watch.failed]);
    if (mode === 'worker') await Promise.race([page.evaluate(() => window.wirebench.startWorker()), watch.failed]);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    if (!isolated) log('warning: the page is not cross-origin isolated: performance.now() is coarse, times are noisier');

    let applied = 1;
    if (args.cpuThrottle !== 1) {
      const cdp = await page.context().newCDPSession(page);
      const outcome = await throttle(browser, page, cdp, args.cpuThrottle, mode, watch.failed);
      applied = outcome.applied;
      for (const line of outcome.lines) log(`cpu throttle ${args.cpuThrottle}×: ${line}`);
    }

    const host = nodeEnvironment();
    const config: BrowserRunConfig = {
      mode,
      suites: args.suites,
      files,
      formats: args.formats,
      filter: args.filter?.source ?? null,
      libraries: args.libraries,
      seed: args.seed,
      rounds: args.rounds,
      roundTime: args.roundTime,
      warmupTime: args.warmupTime,
      budget: args.budget === undefined ? null : args.budget * 1000,
      cpuThrottle: applied,
      host: {
        runtimeVersion: `Chromium ${browser.version()}`,
        ...(host.cpuModel ? { cpuModel: host.cpuModel } : {}), ...(host.memoryGb ? { memoryGb: host.memoryGb } : {}),
      },
    };
    watch.alive();
    await Promise.race([page.evaluate((c) => window.wirebench.start(c), config), watch.failed]);
    // The page marks the results region aria-busy="false" when done; no fixed sleep, no fixed bound:
    // errors, crashes and a stall (no progress for a long time) end the wait instead.
    await Promise.race([page.waitForSelector('#results[aria-busy="false"]', { state: 'attached', timeout: 0 }), watch.failed]);
    progress.end();
    const outcome = (await page.evaluate(() => window.wirebenchResult)) as BrowserOutcome | undefined;
    if (!outcome) throw new RunnerError('the page finished without a result');
    for (const note of outcome.notes) log(`note: ${note}`);
    if (!outcome.ok) throw new RunnerError(outcome.noTargets ? outcome.message : `the run ${mode === 'page' ? 'in the page' : 'in the worker'} failed: ${outcome.message}`, outcome.noTargets ? 2 : 1);
    return outcome.result;
  } finally {
    progress.end();
    watch.dispose();
    await page.close().catch(() => {});
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(argv, true);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message.startsWith('bench:browser') ? error.message : `bench:browser: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    console.log(BROWSER_USAGE);
    return 0;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`bench:browser: Chromium not found at ${CHROMIUM}: install it with \`apt-get install chromium\` (or set WIREBENCH_CHROMIUM)`);
    return 1;
  }
  const modes: Mode[] = args.mode === 'both' ? ['page', 'worker'] : [args.mode];
  const both = modes.length > 1;
  try {
    for (const mode of modes) {
      checkOutput(modePath(args.json ?? DEFAULT_JSON, mode, both), '--json');
      if (args.html) checkOutput(modePath(args.html, mode, both), '--html');
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench:browser: ${error.message}`);
    return 2;
  }

  // Each file is read and parsed here first, so a bad one stops the run before Chromium starts.
  let payloads: ReturnType<typeof readPayloadFiles>;
  let paths: string[];
  let skippedLinksNote: string | undefined;
  try {
    const search = searchPayloadFiles(args.paths);
    paths = search.files;
    payloads = readPayloadFiles(paths);
    skippedLinksNote = describeSkippedLinks(search.skippedLinks);
  } catch (error) {
    if (!(error instanceof PayloadFileError)) throw error;
    console.error(`bench:browser: ${error.message}`);
    return 2;
  }
  const files: PayloadFileRef[] = payloads.map(({ name }, i) => ({ name, url: `/payloads/${i}.json` }));
  const routes = new Map(files.map(({ url }, i) => [url, resolve(paths[i] as string)]));

  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    await bundle();
    const served = await serve(BROWSER_DIST, routes);
    server = served.server;
    const { chromium } = await import('playwright-core');
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    } catch (error) {
      throw new RunnerError(`Chromium at ${CHROMIUM} did not start: ${(error as Error).message.split('\n')[0]}`);
    }

    const summaries = [...args.suites.map((name) => SUITES[name].summary), ...(files.length > 0 ? [`your payloads: ${files.map((f) => f.name).join(', ')}`] : [])];
    console.log(`wirebench bench:browser: ${summaries.join('; ')}`);
    // Once, beside the payloads it is about: the search ran here, not in either mode's page.
    if (skippedLinksNote !== undefined) console.log(`note: ${skippedLinksNote}`);
    console.log(`Chromium ${browser.version()} (headless), modes: ${modes.join(', ')}${args.cpuThrottle !== 1 ? `, CPU throttle ${args.cpuThrottle}×` : ''}`);
    console.log(LEGEND);

    const written: string[] = [];
    for (const mode of modes) {
      console.log(`\n=== ${mode === 'page' ? 'in the page (main thread)' : 'in a dedicated Web Worker'} ===`);
      const result = await runMode(browser, served.origin, mode, args, files, (line) => console.log(line));
      console.log(`\n${formatResult(result)}`);
      const env = result.environment;
      console.log(
        `\ncross-origin isolated: ${env.crossOriginIsolated === true ? 'yes' : 'NO'} (timer step ${(env.timerResolutionMs * 1000).toFixed(1)} µs)` +
          `; CPU throttle applied: ${env.cpuThrottle ?? 1}×`,
      );
      for (const line of fidelitySummary(result)) console.log(line);

      const jsonPath = modePath(args.json ?? DEFAULT_JSON, mode, both);
      writeFileSync(jsonPath, `${JSON.stringify(result, null, 1)}\n`);
      written.push(`result JSON (${mode}): ${jsonPath}`);
      if (args.html) {
        const htmlPath = modePath(args.html, mode, both);
        writeFileSync(htmlPath, renderHtmlReport(result));
        written.push(`HTML report (${mode}): ${htmlPath}`);
      }
    }
    console.log(`\n${written.join('\n')}`);
    return 0;
  } catch (error) {
    if (error instanceof RunnerError) {
      console.error(`bench:browser: ${error.message}`);
      return error.status;
    }
    throw error;
  } finally {
    await browser?.close().catch(() => {});
    if (server) {
      server.closeAllConnections();
      server.close();
    }
  }
}

process.exitCode = await main(process.argv.slice(2));
