/**
 * `npm run bench:browser`: the built-in suites bundled by Vite and measured by the same engine in
 * headless Chromium (Debian's, driven by playwright-core), in the page and in a dedicated Web Worker,
 * optionally with DevTools CPU throttling to emulate a phone. `--help` lists the options.
 *
 * Each payload is measured in a fresh page (a new browser context, so a new renderer process: a fresh
 * V8 isolate, heap and JIT state), in the page itself or in that page's fresh dedicated worker, one
 * after another, and the results merged; `--same-process` measures them all in one page, as before.
 *
 * The runner's parts, all in bench/src/browser/: the page's bundle (`bundle.ts`, from bench/browser), the
 * cross-origin-isolated server (`server.ts`), the pages (`run-mode.ts`), the payloads spread over
 * pages and merged (`measure-browser.ts`), the checked CPU throttle (`throttle.ts`) and the messages
 * with the page (`protocol.ts`). This file is the command.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MeasureResult } from 'wirebench';
import { checkOutput, describeSkippedLinks, progressReporter, readPayloadFiles, searchPayloadFiles } from 'wirebench/node';
import { fidelitySummary, formatDuration, formatResult, LEGEND, renderHtmlReport } from 'wirebench/report';
import { CHROMIUM, measureInBrowser, openBrowser } from '../browser/measure-browser.js';
import type { Mode, PayloadFileRef } from '../browser/protocol.js';
import { listInPage } from '../browser/run-mode.js';
import { SUITE_NAMES, SUITES } from '../suites/index.js';
import { BenchError, command, main } from './command.js';
import { BROWSER_OPTIONS, benchArgs, CI, DEFAULTS, QUICK } from './options.js';

const DEFAULT_JSON = 'bench/results/browser.json';

const USAGE = `npm run bench:browser -- [files or folders of .json …] [options]

Bundles the built-in suites with Vite and measures them with the same engine as \`npm run bench\`
(wirebench) in headless Chromium (${CHROMIUM}; set WIREBENCH_CHROMIUM to use another),
in the page and in a dedicated Web Worker, each payload in a fresh page (and worker) of its own.
Prints the same tables and writes the same result JSON.

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
  --json <file>        write the result JSON there (default ${DEFAULT_JSON}). With --mode both, one file
                       per mode, the mode added to the name: browser-page.json and browser-worker.json
  --html <file>        write a self-contained HTML report there (with --mode both: one per mode, named
                       the same way: report-page.html, report-worker.html)
  --same-process       measure every payload in one page (or its one worker), one after another, instead
                       of each in a fresh page (in worker mode: a fresh page and its fresh worker): for
                       debugging. A payload's figures then depend on the payloads before it (the result
                       says "isolation: none")
  -h, --help           this text

Exit status: 0 done, 1 the browser or the page failed (or Chromium is missing), 2 bad arguments.`;

/** `bench/results/browser.json` → `bench/results/browser-page.json` when both modes run. */
function modePath(path: string, mode: Mode, both: boolean): string {
  return both ? path.replace(/(\.[^./\\]*)?$/, (ext) => `-${mode}${ext}`) : path;
}

const browser = command({
  name: 'bench:browser',
  usage: USAGE,
  options: BROWSER_OPTIONS,
  positionals: true,
  async run(line) {
    const args = benchArgs(line, true);
    if (!existsSync(CHROMIUM)) {
      throw new BenchError(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install chromium\` (or set WIREBENCH_CHROMIUM)`);
    }
    const modes: Mode[] = args.mode === 'both' ? ['page', 'worker'] : [args.mode];
    const both = modes.length > 1;
    for (const mode of modes) {
      checkOutput(modePath(args.json ?? DEFAULT_JSON, mode, both), '--json');
      if (args.html) checkOutput(modePath(args.html, mode, both), '--html');
    }

    // Each file is read and parsed here first, so a bad one stops the run before Chromium starts.
    const search = searchPayloadFiles(args.paths);
    const paths = search.files;
    const payloads = readPayloadFiles(paths);
    const skippedLinksNote = describeSkippedLinks(search.skippedLinks);
    const files: PayloadFileRef[] = payloads.map(({ name }, i) => ({ name, url: `/payloads/${i}.json` }));
    const routes = new Map(files.map(({ url }, i) => [url, resolve(paths[i] as string)]));

    let opened: Awaited<ReturnType<typeof openBrowser>> | undefined;
    try {
      opened = await openBrowser(routes);
      const { session } = opened;
      // The payloads, listed once in a page of their own: each is then measured in a fresh page.
      const listing = await listInPage(session, args, files);
      const summaries = [
        ...args.suites.map((name) => SUITES[name].summary),
        ...(files.length > 0 ? [`your payloads: ${files.map((f) => f.name).join(', ')}`] : []),
      ];
      console.log(`wirebench bench:browser: ${summaries.join('; ')}`);
      // Once, beside the payloads it is about: the search ran here, not in either mode's page.
      if (skippedLinksNote !== undefined) console.log(`note: ${skippedLinksNote}`);
      console.log(
        `Chromium ${session.browser.version()} (headless), modes: ${modes.join(', ')}${args.cpuThrottle !== 1 ? `, CPU throttle ${args.cpuThrottle}×` : ''}`,
      );
      console.log(LEGEND);

      // Each payload in a fresh page (and, in worker mode, that page's fresh worker); --same-process: all in one.
      const groups = args.sameProcess ? [listing.refs] : listing.refs.map((ref) => [ref]);
      const written: string[] = [];
      for (const mode of modes) {
        console.log(`\n=== ${mode === 'page' ? 'in the page (main thread)' : 'in a dedicated Web Worker'} ===`);
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
          `\ncross-origin isolated: ${env.crossOriginIsolated === true ? 'yes' : 'NO'} (timer step ${formatDuration(env.timerResolutionMs)})` +
            `; CPU throttle applied: ${env.cpuThrottle ?? 1}×`,
        );
        for (const line of fidelitySummary(result)) console.log(line);

        const jsonPath = modePath(args.json ?? DEFAULT_JSON, mode, both);
        writeFileSync(jsonPath, `${JSON.stringify(result, null, 1)}\n`);
        written.push(`result JSON (${mode}): ${jsonPath}`);
        if (args.html) {
          const htmlPath = modePath(args.html, mode, both);
          writeFileSync(htmlPath, renderHtmlReport(result, { notes: [...new Set([...listing.notes, ...measured.notes])] }));
          written.push(`HTML report (${mode}): ${htmlPath}`);
        }
      }
      console.log(`\n${written.join('\n')}`);
      return 0;
    } finally {
      await opened?.close();
    }
  },
});

await main(browser);
