import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { IMPLEMENTATIONS } from '@wirebench/core';
import type { Compressor, Environment } from '../measure/types.js';

/** What only Node can tell the measuring engine: CPU contention, brotli, the machine, library versions. */

/**
 * Cumulative microseconds some runnable task waited for a CPU ("some total" of Linux PSI,
 * /proc/pressure/cpu), or undefined where the kernel does not expose it.
 */
export function cpuPressure(): number | undefined {
  try {
    const match = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** gzip at zlib's default level (6, as CompressionStream and most servers use), undone by `gunzipSync`. */
export const nodeGzip: Compressor = { compress: async (bytes) => gzipSync(bytes), decompress: (bytes) => gunzipSync(bytes) };

/** Brotli at quality 5, a typical on-the-fly setting for API responses (11 is for static assets), undone by `brotliDecompressSync`. */
export const nodeBrotli: Compressor = {
  compress: async (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  decompress: (bytes) => brotliDecompressSync(bytes),
};

/** gzip and brotli through `node:zlib`, whose synchronous decompression Node code runs: the compressors of Node runs. */
export const nodeCompressors: Readonly<Record<string, Compressor>> = { gzip: nodeGzip, brotli: nodeBrotli };

/** Installed version of each package, found from `from` (a module URL) the way Node resolves it; missing ones are left out. */
export function libraryVersions(names: readonly string[], from: string = import.meta.url): Record<string, string> {
  const require = createRequire(from);
  const versions: Record<string, string> = {};
  for (const name of names) {
    try {
      let dir = dirname(require.resolve(name));
      for (;;) {
        try {
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
          if (manifest.name === name && manifest.version) {
            versions[name] = manifest.version;
            break;
          }
        } catch {
          // no package.json at this level: keep walking up
        }
        const parent = dirname(dir);
        if (parent === dir) break;
        dir = parent;
      }
    } catch {
      // not installed (simdjson is optional)
    }
  }
  return versions;
}

/** Libraries that switch to a native addon when one loads: the setting goes beside their version. */
const NATIVE_ADDONS: Readonly<Record<string, string>> = { 'cbor-x': 'cbor-extract', msgpackr: 'msgpackr-extract' };

/**
 * The installed version of every implementation's package (`IMPLEMENTATIONS`), `@wirebench/core`
 * and this tool (`wirebench`) included, as rows and environments carry them: a library that runs with a native addon here says
 * so (`1.6.9 (native cbor-extract)`, or `(pure JS)`), since that changes its figures.
 */
export async function implementationVersions(from: string = import.meta.url): Promise<Record<string, string>> {
  const packages = [
    ...new Set(
      Object.values(IMPLEMENTATIONS)
        .flat()
        .map((i) => i.package),
    ),
  ];
  const versions = libraryVersions(packages, from);
  // The tool itself: its answer's rules and defaults change with its version.
  versions['wirebench'] = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  for (const [name, addon] of Object.entries(NATIVE_ADDONS)) {
    if (versions[name] === undefined) continue;
    try {
      const library = (await import(name)) as { isNativeAccelerationEnabled?: boolean };
      versions[name] += library.isNativeAccelerationEnabled ? ` (native ${addon})` : ' (pure JS)';
    } catch {
      // installed but not loadable: its codec will say so
    }
  }
  return versions;
}

/** The machine (CPU model, cores, memory) and the given library versions, for a result's environment. */
export function nodeEnvironment(libraries: Readonly<Record<string, string>>): Partial<Environment> {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    libraries: { ...libraries },
  };
}
