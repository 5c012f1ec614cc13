/**
 * The playground's Vite config: relative base (dist works from any path), COOP/COEP on the dev and
 * preview servers (cross-origin isolation gives performance.now() its fine-grained resolution), ES
 * module worker sharing the code-split format chunks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Cross-origin isolation: without it browsers coarsen performance.now() (Chromium to 100 µs). */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const LIBRARIES = ['@msgpack/msgpack', 'msgpackr', 'cbor-x', 'flatbuffers', 'protobufjs', 'tinybench'];

/** Versions of the format libraries, as the worker bundles them (from @wirebench/core's resolution). */
function libraryVersions(): Record<string, string> {
  const require = createRequire(new URL('../core/package.json', import.meta.url));
  const versions: Record<string, string> = {};
  for (const name of LIBRARIES) {
    try {
      const path = require.resolve(`${name}/package.json`);
      versions[name] = (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
    } catch {
      versions[name] = 'unknown';
    }
  }
  versions['@wirebench/core'] = (JSON.parse(readFileSync(new URL('../core/package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return versions;
}

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  plugins: [react()],
  define: { __WIREBENCH_LIBRARIES__: JSON.stringify(libraryVersions()) },
  server: { headers: { ...ISOLATION_HEADERS } },
  preview: { headers: { ...ISOLATION_HEADERS } },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2048 },
});
