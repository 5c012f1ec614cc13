/**
 * The tool as npm ships it: packs packages/core and packages/wirebench into tarballs and runs the
 * `wirebench` command from them with `npm exec`, as `npx wirebench my.json` runs on a machine that
 * has neither installed: it must print the answer for the file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Packed } from '../../../core/test/support/pack.js';
import { emptyApp, pack } from '../../../core/test/support/pack.js';
import { REPO_ROOT } from '../../../core/test/support/paths.js';

let scratch = '';
let core: Packed;
let tool: Packed;

beforeAll(() => {
  // A fresh folder per run: npm exec caches what it installs by the specs it was given.
  scratch = mkdtempSync(join(tmpdir(), 'wirebench-tool-package-'));
  core = pack('packages/core', scratch);
  tool = pack('packages/wirebench', scratch);
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the bin, the README, the LICENSE, dist and src, and no tests or build info', () => {
    expect(tool.files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json', 'bin/wirebench.js', 'dist/cli/main.js', 'src/cli/main.ts']));
    expect(tool.files.filter((path) => /(^|\/)test\/|\.test\.|tsbuildinfo/.test(path))).toEqual([]);
  });

  it('holds every file the exports map names', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/wirebench/package.json'), 'utf8')) as {
      exports: Record<string, string | Record<string, string>>;
    };
    const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    expect(targets.map((target) => target.replace(/^\.\//, '')).filter((path) => !tool.files.includes(path))).toEqual([]);
  });
});

describe('npm exec, from the tarballs into a folder that installed nothing', () => {
  it('`wirebench file.json` prints the answer for the file', () => {
    const folder = emptyApp(join(scratch, 'fresh'));
    writeFileSync(
      join(folder, 'orders.json'),
      JSON.stringify({
        orders: [
          { id: 1, sku: 'A-1', qty: 2, note: null },
          { id: 2, sku: 'B-2', qty: 1 },
        ],
      }),
    );
    // Not as the child of `npm test`, whose npm_* variables would leak into it; from the cache the repository's install filled.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
    const out = execFileSync(
      'npm',
      ['exec', '--yes', '--prefer-offline', '--package', core.tarball, '--package', tool.tarball, '--', 'wirebench', 'orders.json', '--quick', '--rounds', '3'],
      { cwd: folder, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 },
    );
    expect(out).toMatch(/^wirebench 0\.\d+\.\d+: orders\.json; formats /);
    expect(out).toMatch(/^## orders\.json — JSON \d+ bytes/m);
    expect(out).toMatch(/^answer: .+/m);
    expect(out).toMatch(/^ranking: time until usable on 4G/m);
  }, 300_000);
});
