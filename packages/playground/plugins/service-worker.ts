/**
 * Builds src/service-worker/sw.ts into `<outDir>/sw.js` once the page's build is written, with the
 * list of files to precache (everything the build produced: index.html, the entry, the measuring
 * worker and each codec chunk it imports on demand, CSS, the manifest and icons) and a version
 * hashed from their bytes. Vite builds it as a separate single-entry IIFE, so sw.js is a classic
 * script with no imports that any browser with service workers runs.
 *
 * Why not vite-plugin-pwa: it brings Workbox (workbox-build and its own dependency tree) for what
 * is here one list and forty lines of cache logic, and it has no hook for the headers that make
 * the page cross-origin isolated, the other half of this worker's job; the coi-serviceworker
 * package is a prebuilt script to copy, which would not know the build's files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';

/** Files the browser never requests from the page, or that must not be cached. */
const NOT_PRECACHED = /(^|\/)(sw\.js|\.vite\/.*|.*\.map)$/;

export interface Precache {
  readonly version: string;
  readonly files: readonly string[];
}

/** The files to precache (sorted, relative to the build's root) and a hash of their names and bytes. */
export function precacheList(outDir: string, files: Iterable<string>): Precache {
  const list = [...new Set(files)].filter((file) => !NOT_PRECACHED.test(file)).sort();
  const hash = createHash('sha256');
  for (const file of list)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(outDir, file)))
      .update('\0');
  return { version: hash.digest('hex').slice(0, 16), files: list };
}

function publicFiles(dir: string | false): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

export function serviceWorker(options: { entry: string; headers: Readonly<Record<string, string>> }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wirebench:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? config.build.outDir;
      // The bundle holds what this build emitted (the measuring worker's chunks included); the
      // public folder was copied beside it before the write.
      const precache = precacheList(outDir, [...Object.keys(bundle), ...(config.build.copyPublicDir ? publicFiles(config.publicDir) : [])]);
      if (!precache.files.includes('index.html')) this.error('service worker: the build has no index.html to serve offline');
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __WIREBENCH_PRECACHE__: JSON.stringify(precache),
          __WIREBENCH_ISOLATION_HEADERS__: JSON.stringify(options.headers),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          reportCompressedSize: false,
          lib: { entry: options.entry, formats: ['iife'], name: 'wirebenchServiceWorker', fileName: () => SERVICE_WORKER_FILE },
        },
      });
      const bytes = precache.files.reduce((sum, file) => sum + readFileSync(join(outDir, file)).length, 0);
      config.logger.info(
        `service worker: ${SERVICE_WORKER_FILE} precaches ${precache.files.length} files (${(bytes / 1024).toFixed(0)} KiB), build ${precache.version}`,
      );
    },
  };
}
