/**
 * The browser runner's page, built: Vite bundles bench/browser (the page, the worker, the suites,
 * the engine and the codecs) for the runner to serve.
 */
import { fileURLToPath } from 'node:url';
import { librariesRunningIn } from '@wirebench/core';
import { libraryVersions } from '../node/environment.js';

/** The page's sources (a Vite root with its own TypeScript project) and where their bundle goes. */
const PAGE_SOURCE = fileURLToPath(new URL('../../browser/', import.meta.url));
export const PAGE_BUNDLE = fileURLToPath(new URL('./page/', import.meta.url));
/**
 * Versions injected into the bundle: @wirebench/core, the libraries of the implementations the
 * registry says run in a browser (simdjson, a Node addon, is never measured there), and tinybench.
 */
const BROWSER_LIBRARIES = ['@wirebench/core', ...librariesRunningIn('browser'), 'tinybench'];

/**
 * Bundles bench/browser into `outDir` (default bench/dist/browser/page) with a relative base. Each
 * command that runs beside the runner (bench:profile) bundles into a folder of its own, since a
 * build empties its folder while another command may be serving it.
 */
export async function bundlePage(outDir = PAGE_BUNDLE): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: PAGE_SOURCE,
    base: './',
    logLevel: 'warn',
    publicDir: false,
    define: { __WIREBENCH_LIBRARIES__: JSON.stringify(libraryVersions(BROWSER_LIBRARIES)) },
    build: {
      outDir,
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
