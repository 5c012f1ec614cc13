import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

/**
 * Installs the built @wirebench/core (dist, bin, package.json) into `scratch`/node_modules with every
 * dependency it declares, and theirs, but not the optional simdjson addon: a user's install where
 * the addon did not build. Returns the package's folder.
 */
export function installWithoutSimdjson(scratch: string): string {
  const core = join(scratch, 'node_modules/@wirebench/core');
  mkdirSync(core, { recursive: true });
  for (const entry of ['dist', 'bin', 'package.json']) cpSync(join(REPO_ROOT, 'packages/core', entry), join(core, entry), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(core, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dependency of [...Object.keys(manifest.dependencies), 'long']) {
    const target = join(scratch, 'node_modules', dependency);
    mkdirSync(join(target, '..'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', dependency), target);
  }
  return core;
}
