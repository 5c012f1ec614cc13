/**
 * The playground's Vite config: relative base (dist works from any path), COOP/COEP on the dev and
 * preview servers (cross-origin isolation gives performance.now() its fine-grained resolution), ES
 * module worker sharing the code-split format chunks. The dev and preview servers print the LAN
 * address and its QR code for a phone (plugins/phone-address.ts); the build gets a service worker
 * (plugins/service-worker.ts, src/service-worker/) that adds the same headers on hosts that cannot
 * and keeps an offline copy of the build.
 */
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryVersions } from 'wirebench/node';
import { phoneAddress } from './plugins/phone-address.js';
import { serviceWorker } from './plugins/service-worker.js';

/** Cross-origin isolation: without it browsers coarsen performance.now() (Chromium to 100 µs). */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const LIBRARIES = ['@msgpack/msgpack', 'msgpackr', 'cbor-x', 'flatbuffers', 'protobufjs', 'tinybench'];

/** Versions of the format libraries, as the worker bundles them (from @wirebench/core's resolution). */
function versions(): Record<string, string> {
  // Resolved from @wirebench/core, as the worker bundles them; the walk up from each package's
  // entry finds versions whose package.json is not exported (msgpackr's, cbor-x's).
  const found = libraryVersions(LIBRARIES, new URL('../core/package.json', import.meta.url).href);
  for (const name of LIBRARIES) found[name] ??= 'unknown';
  found['@wirebench/core'] = (JSON.parse(readFileSync(new URL('../core/package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return found;
}

const root = new URL('.', import.meta.url).pathname;

export default defineConfig(({ command }) => ({
  root,
  base: './',
  plugins: [react(), phoneAddress(), serviceWorker({ entry: `${root}src/service-worker/sw.ts`, headers: ISOLATION_HEADERS })],
  define: {
    __WIREBENCH_LIBRARIES__: JSON.stringify(versions()),
    // The page registers dist/sw.js only in a build (the dev server has no sw.js and sends the headers itself).
    __WIREBENCH_SERVICE_WORKER__: JSON.stringify(command === 'build'),
  },
  server: { headers: { ...ISOLATION_HEADERS } },
  preview: { headers: { ...ISOLATION_HEADERS } },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2048 },
}));
