/**
 * `npm run bench:browser`: the built-in suites bundled by Vite and measured by the same engine in a
 * headless browser, in the page and in a dedicated Web Worker: Chromium (V8, the default), Firefox
 * ESR (SpiderMonkey) or WebKitGTK (JavaScriptCore), or all three one after another (`--engine`),
 * each started by wirebench/engines from the Debian archive; optionally with DevTools CPU throttling
 * (Chromium) to emulate a phone. `--help` lists the options.
 *
 * Each payload is measured in a fresh page (Chromium and Firefox: a new browser context, so a new
 * content process; WebKit: a new MiniBrowser), in the page itself or in that page's fresh dedicated
 * worker, one after another, and the results merged; `--same-process` measures them all in one page.
 *
 * The runner's parts, all in bench/src/browser/: the page's bundle (`bundle.ts`, from bench/browser), the
 * cross-origin-isolated server (`server.ts`), the pages (`run-mode.ts`), the payloads spread over
 * pages and merged (`measure-browser.ts`), the checked CPU throttle (`throttle.ts`) and the messages
 * with the page (`protocol.ts`). This file is the command.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EngineName, MeasureResult } from 'wirebench';
import { ENGINE_NAMES } from 'wirebench';
import { engineLabel } from 'wirebench/engines';
import { checkOutput, describeSkippedLinks, progressReporter, readPayloadFiles, searchPayloadFiles } from 'wirebench/node';
import { fidelitySummary, formatDuration, formatResult, LEGEND, renderHtmlReport } from 'wirebench/report';
import type { OpenedBrowser } from '../browser/measure-browser.js';
import { checkEngines, enginePath, measureInBrowser, openBrowser } from '../browser/measure-browser.js';
import type { Mode, PayloadFileRef } from '../browser/protocol.js';
import { listInPage } from '../browser/run-mode.js';
import { SUITE_NAMES, SUITES } from '../suites/index.js';
import { command, main } from './command.js';
import { BROWSER_OPTIONS, benchArgs, CI, DEFAULTS, QUICK } from './options.js';

/** How each engine runs here, for the run's header. */
const HOW: Readonly<Record<EngineName, string>> = {
  chromium: 'V8; headless, through playwright-core',
  firefox: 'SpiderMonkey; headless, over WebDriver BiDi through puppeteer-core',
  webkit: "JavaScriptCore; WebKitGTK's MiniBrowser under Xvfb, through WebKitWebDriver",
};

const DEFAULT_JSON = 'bench/results/browser.json';

const USAGE = `npm run bench:browser -- [files or folders of .json …] [options]

Bundles the built-in suites with Vite and measures them with the same engine as \`npm run bench\`
(wirebench) in a browser, in the page and in a dedicated Web Worker, each payload in a fresh page
(and worker) of its own. Prints the same tables and writes the same result JSON, whose environment
names the browser engine and its version.

  --engine <e>         chromium (the default: V8), firefox (SpiderMonkey), webkit (JavaScriptCore),
                       comma-separated, or all: one after another. Each from the Debian archive:
                         chromium  ${enginePath('chromium')} (apt-get install chromium; WIREBENCH_CHROMIUM)
                         firefox   ${enginePath('firefox')} (apt-get install firefox-esr; WIREBENCH_FIREFOX)
                         webkit    ${enginePath('webkit')} driven by WebKitWebDriver under Xvfb
                                   (apt-get install webkit2gtk-driver xvfb; WIREBENCH_MINIBROWSER)
                       WebKitGTK on x86-64 is JavaScriptCore, not an iPhone: see docs/measuring.md

  files, folders       your payloads, as for npm run bench: read where they are (the runner serves them to
                       the page), a schema inferred from each. Alone they replace the default suite;
                       with --suite, both are measured
  --mode <m>           page, worker or both (default both): where the suites run
  --cpu-throttle <r>   slow the CPU down r times with DevTools throttling, as a phone would be (default 1;
                       Chromium only). Chromium applies it to the page's main thread only: it refuses worker targets, so
                       worker figures stay unthrottled (checked with a busy loop every run, and recorded:
                       environment.cpuThrottle is the factor that was actually applied)
  --suite <names>      built-in suites, comma-separated: ${SUITE_NAMES.join(', ')} or all (default canonical)
  --libraries          add rows for the raw library calls each codec wraps
  --implementations <list>
                       who runs each format: wirebench (the default), all, or ids comma-separated (as npm run bench)
  --formats <list>     formats to measure, comma-separated (json is always included; simdjson is Node-only
                       and is noted, not measured)
  --filter <regex>     only payloads whose name matches (case-insensitive)
  --quick              a fast look: ${QUICK.rounds} rounds × ${QUICK.roundTime} ms per task (default ${DEFAULTS.rounds} × ${DEFAULTS.roundTime} ms), as wirebench --quick
  --ci                 the CI settings: ${CI.rounds} rounds × ${CI.roundTime} ms per task, ${CI.warmupTime} ms warm-up
  --rounds <n>         interleaved rounds per payload (at least 3)
  --time <ms>          milliseconds each task is timed in each round
  --warmup <ms>        milliseconds of warm-up per task (default ${DEFAULTS.warmupTime}, quick ${QUICK.warmupTime}, ci ${CI.warmupTime})
  --budget <s>         stop adding rounds once this many seconds are spent, per mode (at least 3 rounds each)
  --seed <n>           seed of the generated payloads (default 1)
  --json <file>        write the result JSON there (default ${DEFAULT_JSON}). With several engines, one
                       file per engine, and with --mode both one per mode, each added to the name:
                       browser-page.json, browser-webkit.json, browser-webkit-worker.json
  --html <file>        write a self-contained HTML report there (one per engine and mode, named the same
                       way: report-page.html, report-firefox-worker.html)
  --same-process       measure every payload in one page (or its one worker), one after another, instead
                       of each in a fresh page (in worker mode: a fresh page and its fresh worker): for
                       debugging. A payload's figures then depend on the payloads before it (the result
                       says "isolation: none")
  -h, --help           this text

Exit status: 0 done, 1 the browser or the page failed (or an engine is missing: the message gives
the apt-get install line), 2 bad arguments.`;

/**
 * `bench/results/browser.json` → `bench/results/browser-webkit-page.json`: the engine added to the
 * name when several run, the mode when both run.
 */
function outputPath(path: string, engine: EngineName, mode: Mode, engines: number, modes: number): string {
  const parts = [...(engines > 1 ? [engine] : []), ...(modes > 1 ? [mode] : [])];
  return parts.length === 0 ? path : path.replace(/(\.[^./\\]*)?$/, (ext) => `-${parts.join('-')}${ext}`);
}

const browser = command({
  name: 'bench:browser',
  usage: USAGE,
  options: BROWSER_OPTIONS,
  positionals: true,
  async run(line) {
    const args = benchArgs(line, true);
    // Every engine's programs checked before anything is bundled or measured.
    checkEngines(args.engines);
    const modes: Mode[] = args.mode === 'both' ? ['page', 'worker'] : [args.mode];
    const engines = ENGINE_NAMES.filter((engine) => args.engines.includes(engine));
    const path = (base: string, engine: EngineName, mode: Mode): string => outputPath(base, engine, mode, engines.length, modes.length);
    for (const engine of engines) {
      for (const mode of modes) {
        checkOutput(path(args.json ?? DEFAULT_JSON, engine, mode), '--json');
        if (args.html) checkOutput(path(args.html, engine, mode), '--html');
      }
    }

    // Each file is read and parsed here first, so a bad one stops the run before a browser starts.
    const search = searchPayloadFiles(args.paths);
    const paths = search.files;
    const payloads = readPayloadFiles(paths);
    const skippedLinksNote = describeSkippedLinks(search.skippedLinks);
    const files: PayloadFileRef[] = payloads.map(({ name }, i) => ({ name, url: `/payloads/${i}.json` }));
    const routes = new Map(files.map(({ url }, i) => [url, resolve(paths[i] as string)]));

    const summaries = [
      ...args.suites.map((name) => SUITES[name].summary),
      ...(files.length > 0 ? [`your payloads: ${files.map((f) => f.name).join(', ')}`] : []),
    ];
    console.log(`wirebench bench:browser: ${summaries.join('; ')}`);
    // Once, beside the payloads it is about: the search ran here, not in any engine's page.
    if (skippedLinksNote !== undefined) console.log(`note: ${skippedLinksNote}`);
    console.log(LEGEND);

    const written: string[] = [];
    for (const engine of engines) {
      let opened: OpenedBrowser | undefined;
      try {
        opened = await openBrowser(engine, routes);
        const { session } = opened;
        const label = engineLabel(session.driver.engine);
        // The payloads, listed once in a page of their own: each is then measured in a fresh page.
        const listing = await listInPage(session, args, files);
        console.log(`\n##### ${label} (${HOW[engine]}), modes: ${modes.join(', ')}${args.cpuThrottle !== 1 ? `, CPU throttle ${args.cpuThrottle}×` : ''}`);

        // Each payload in a fresh page (and, in worker mode, that page's fresh worker); --same-process: all in one.
        const groups = args.sameProcess ? [listing.refs] : listing.refs.map((ref) => [ref]);
        for (const mode of modes) {
          console.log(`\n=== ${label}: ${mode === 'page' ? 'in the page (main thread)' : 'in a dedicated Web Worker'} ===`);
          const progress = progressReporter(process.stderr);
          let measured: { result: MeasureResult; notes: string[] };
          try {
            measured = await measureInBrowser(session, mode, args, files, groups, { onProgress: progress.update, log: (line) => console.log(line) });
          } finally {
            progress.end();
          }
          const { result } = measured;
          for (const note of new Set([...listing.notes, ...measured.notes])) console.log(`note: ${note}`);
          console.log(`\n${formatResult(result)}`);
          const env = result.environment;
          console.log(
            `\n${label}: cross-origin isolated: ${env.crossOriginIsolated === true ? 'yes' : 'NO'} (timer step ${formatDuration(env.timerResolutionMs)})` +
              `; compressed with ${result.options.compressors.join(', ')}${result.options.compressors.includes('brotli') ? '' : " (no brotli in this engine's CompressionStream)"}` +
              `; CPU throttle applied: ${env.cpuThrottle ?? 1}×`,
          );
          for (const line of fidelitySummary(result)) console.log(line);

          const jsonPath = path(args.json ?? DEFAULT_JSON, engine, mode);
          writeFileSync(jsonPath, `${JSON.stringify(result, null, 1)}\n`);
          written.push(`result JSON (${label}, ${mode}): ${jsonPath}`);
          if (args.html) {
            const htmlPath = path(args.html, engine, mode);
            writeFileSync(htmlPath, renderHtmlReport(result, { notes: [...new Set([...listing.notes, ...measured.notes])] }));
            written.push(`HTML report (${label}, ${mode}): ${htmlPath}`);
          }
        }
      } finally {
        await opened?.close();
      }
    }
    console.log(`\n${written.join('\n')}`);
    return 0;
  },
});

await main(browser);
