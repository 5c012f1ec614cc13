import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { constants, brotliCompressSync } from 'node:zlib';
import type { Compressor, Environment } from '@wirebench/core/measure';
import { isNativeAccelerationEnabled } from 'cbor-x';
import { gzipSize } from '@wirebench/core/measure';

/** What only Node can tell the measuring engine: CPU contention, brotli, the machine, library versions. */

/** The libraries whose versions travel with every result. */
export const MEASURED_LIBRARIES = ['@msgpack/msgpack', 'cbor-x', 'protobufjs', 'flatbuffers', 'simdjson', 'tinybench'] as const;

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

/** Brotli at quality 5: a typical on-the-fly setting for API responses (11 is for static assets). */
export const brotliSize: Compressor = async (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

export const nodeCompressors: Readonly<Record<string, Compressor>> = { gzip: gzipSize, brotli: brotliSize };

/** Installed version of each package, found from this module the way Node resolves it. */
export function libraryVersions(names: readonly string[] = MEASURED_LIBRARIES): Record<string, string> {
  const require = createRequire(import.meta.url);
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

export function nodeEnvironment(): Partial<Environment> {
  const libraries = libraryVersions();
  // cbor-x decodes strings with a native addon (cbor-extract, installed prebuilt) unless
  // CBOR_NATIVE_ACCELERATION_DISABLED=true: a result must say which cbor-x it timed.
  if (libraries['cbor-x']) libraries['cbor-x'] += isNativeAccelerationEnabled ? ' (native cbor-extract)' : ' (pure JS)';
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    libraries,
  };
}
