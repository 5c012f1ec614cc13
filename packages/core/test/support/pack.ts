import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

/** npm as a user runs it: not as the child of `npm test`, whose npm_* variables would leak into it. */
export function npm(args: readonly string[], cwd: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  return execFileSync('npm', [...args], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A package of this repository packed as `npm publish` would: the tarball's path and the files it holds. */
export interface Packed {
  readonly tarball: string;
  readonly files: readonly string[];
}

/** Packs the built package in `folder` (relative to the repository) into `destination`. */
export function pack(folder: string, destination: string): Packed {
  const dir = join(REPO_ROOT, folder);
  if (!existsSync(join(dir, 'dist'))) throw new Error(`${folder}/dist is missing: run \`npm run build\` first (npm test does)`);
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', destination], dir)) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}

/** An empty app folder (a private ESM package.json) at `folder`. */
export function emptyApp(folder: string): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  return folder;
}

/** Every package installed under `project`/node_modules, nested ones included (names only, sorted): what is on disk, not what npm ls would list as missing. */
export function installedPackages(project: string): string[] {
  const names = new Set<string>();
  const visit = (modules: string): void => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const folders = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry];
      for (const name of folders) {
        names.add(name);
        visit(join(modules, name, 'node_modules'));
      }
    }
  };
  visit(join(project, 'node_modules'));
  return [...names].sort();
}
