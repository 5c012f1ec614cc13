/**
 * Bundles the page `wirebench <file> --engine …` measures in: dist/browser-page/worker.js (built by
 * tsc from src/browser-page/) with the codecs' libraries and tinybench into dist/browser-page/bundle/,
 * beside a small index.html that starts the worker and answers the CLI's polls. Run after tsc by the
 * workspace's build (and by this package's prepack), so the published package needs no bundler.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('../dist/browser-page/', import.meta.url));
const outDir = `${root}bundle/`;

/** The page: starts the worker once, forwards its progress and outcome to what the CLI polls (EnginePoll). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>wirebench --engine</title>
  </head>
  <body>
    <p id="status">Waiting for wirebench.</p>
    <script type="module">
      const status = document.getElementById('status');
      const errors = [];
      let running = false;
      let progressCount = 0;
      let progress = null;
      let outcome = null;
      addEventListener('error', (event) => errors.push(event.error ? String(event.error.stack || event.error) : event.message));
      addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + String(event.reason && event.reason.stack || event.reason)));
      window.wirebenchEngine = {
        start(config) {
          if (running) throw new Error('wirebench is already measuring');
          running = true;
          status.textContent = 'Measuring ' + config.name + ' in a Web Worker…';
          const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'wirebench' });
          const finish = (result) => {
            outcome = result;
            running = false;
            status.textContent = result.ok ? 'Done.' : 'Failed: ' + result.message;
            worker.terminate();
          };
          worker.addEventListener('message', (event) => {
            if (event.data.type === 'progress') {
              progressCount++;
              progress = event.data.progress;
            } else if (event.data.type === 'done') finish(event.data.outcome);
          });
          worker.addEventListener('error', (event) => {
            event.preventDefault();
            finish({ ok: false, message: 'the worker failed' + (event.message ? ': ' + event.message : ' to load or run its script') });
          });
          worker.postMessage(config);
        },
        poll: () => ({ running, progressCount, progress, errors: [...errors], outcome }),
      };
      status.textContent = 'Ready.';
    </script>
  </body>
</html>
`;

await rm(outDir, { recursive: true, force: true });
await build({
  input: `${root}worker.js`,
  platform: 'browser',
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: 'worker.js', chunkFileNames: '[name]-[hash].js', sourcemap: false },
});
await mkdir(outDir, { recursive: true });
await writeFile(`${outDir}index.html`, PAGE);
