import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import { rolldown } from 'rolldown';
import type { BundleApp, BundlePage } from './apps.js';

/** Bytes of what a page loads before the app runs: its entry chunk and the chunks that one imports statically. */
export interface BundleSizes {
  readonly minified: number;
  /** gzip -9, each chunk compressed on its own as it is served. */
  readonly gzip: number;
  /** brotli at quality 11, likewise. */
  readonly brotli: number;
  /** gzip bytes of the chunks loaded later by dynamic `import()` (the root's formats); 0 where there are none. */
  readonly lazyGzip: number;
}

export interface BundleReport extends BundleSizes {
  readonly name: string;
  /** The node_modules packages in any chunk of the bundle, sorted. */
  readonly packages: readonly string[];
  /** What the build warned about (a page's Vite build): each one fails the budget. */
  readonly warnings?: readonly string[];
}

const APP_ID = '\0wirebench-app';
const gzipBytes = (code: Uint8Array): number => gzipSync(code, { level: 9 }).length;
const brotliBytes = (code: Uint8Array): number =>
  brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.length } }).length;

/** `…/node_modules/@scope/name/lib/x.js` → `@scope/name`; undefined for the app and for files outside node_modules. */
export function packageOf(moduleId: string): string | undefined {
  const parts = moduleId.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const name = parts[at + 1];
  return name?.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
}

/** The entry chunk and every chunk it reaches by static imports: what a page loads (and preloads) before it runs. */
export function initialChunks<Chunk extends Pick<OutputChunk, 'fileName' | 'imports' | 'isEntry'>>(chunks: readonly Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<Chunk>();
  const visit = (chunk: Chunk | undefined): void => {
    if (!chunk || initial.has(chunk)) return;
    initial.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  visit(chunks.find((chunk) => chunk.isEntry));
  return [...initial];
}

/** The sizes of a build's chunks: what the entry loads before the app runs, what it loads later, and the packages any chunk holds. */
function weigh(name: string, chunks: readonly OutputChunk[]): BundleReport {
  const initial = new Set(initialChunks(chunks));
  const encoder = new TextEncoder();
  let minified = 0;
  let gzip = 0;
  let brotli = 0;
  let lazyGzip = 0;
  const packages = new Set<string>();
  for (const chunk of chunks) {
    const code = encoder.encode(chunk.code);
    for (const id of chunk.moduleIds) {
      const name = packageOf(id);
      // @wirebench/core itself is what is weighed, wherever it was resolved from.
      if (name && name !== '@wirebench/core') packages.add(name);
    }
    if (!initial.has(chunk)) {
      lazyGzip += gzipBytes(code);
      continue;
    }
    minified += code.length;
    gzip += gzipBytes(code);
    brotli += brotliBytes(code);
  }
  return { name, minified, gzip, brotli, lazyGzip, packages: [...packages].sort() };
}

/**
 * Bundles `app` for browsers as an app's production build would (ESM, minified, tree-shaken, the
 * dynamic imports split into chunks), resolving `@wirebench/core` from `cwd` the way an app in that
 * folder would: in this repository, the workspace package's built `dist`.
 */
export async function bundleApp(app: BundleApp, cwd: string): Promise<BundleReport> {
  const build = await rolldown({
    input: APP_ID,
    cwd,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'wirebench-app',
        resolveId: (id) => (id === APP_ID ? APP_ID : null),
        load: (id) => (id === APP_ID ? app.source : null),
      },
    ],
  });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true });
    return weigh(
      app.name,
      output.filter((file): file is OutputChunk => file.type === 'chunk'),
    );
  } finally {
    await build.close();
  }
}

/**
 * Builds `page` with its own vite.config.ts, in memory (nothing is written, so no service worker
 * either), in production mode whatever NODE_ENV says: under Vitest (NODE_ENV=test) Vite would keep
 * it and bundle React's development build. Its chunks are the main thread's; a Web Worker's bundle
 * is an asset of the build, not weighed here.
 */
export async function bundlePage(page: BundlePage, cwd: string): Promise<BundleReport> {
  const { build, createLogger } = await import('vite');
  const root = join(cwd, page.root);
  // The build's warnings are collected, not printed: the budget fails on them.
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => warnings.push(stripVTControlCharacters(message));
  logger.warnOnce = (message) => {
    if (!warnings.includes(stripVTControlCharacters(message))) logger.warn(message);
  };
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    const built = await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      customLogger: logger,
      build: { write: false, reportCompressedSize: false },
    });
    const outputs = Array.isArray(built) ? built : [built];
    const chunks = outputs.flatMap((result) => ('output' in result ? result.output : [])).filter((file): file is OutputChunk => file.type === 'chunk');
    return { ...weigh(page.name, chunks), warnings };
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}
