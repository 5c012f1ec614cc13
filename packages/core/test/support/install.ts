import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

/** The repository's published packages by name: where each lives. */
const WORKSPACE_PACKAGES: Readonly<Record<string, string>> = { '@wirebench/core': 'packages/core', wirebench: 'packages/wirebench' };

/**
 * Installs a built package of this repository (`@wirebench/core` or `wirebench`: its dist, bin and
 * package.json) into `scratch`/node_modules with every dependency it declares, the repository's own
 * packages copied the same way and the others linked from the repository's node_modules, but not the
 * optional simdjson addon: a user's install where the addon did not build. Returns the package's folder.
 */
export function installWithoutSimdjson(scratch: string, name: keyof typeof WORKSPACE_PACKAGES = '@wirebench/core'): string {
  const folder = join(scratch, 'node_modules', name);
  if (existsSync(folder)) return folder;
  mkdirSync(folder, { recursive: true });
  const source = join(REPO_ROOT, WORKSPACE_PACKAGES[name] as string);
  for (const entry of ['dist', 'bin', 'package.json']) {
    if (existsSync(join(source, entry))) cpSync(join(source, entry), join(folder, entry), { recursive: true });
  }
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dependency of [...Object.keys(manifest.dependencies ?? {}), 'long']) {
    if (dependency in WORKSPACE_PACKAGES) {
      installWithoutSimdjson(scratch, dependency);
      continue;
    }
    const target = join(scratch, 'node_modules', dependency);
    if (existsSync(target)) continue;
    mkdirSync(join(target, '..'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', dependency), target);
  }
  return folder;
}
