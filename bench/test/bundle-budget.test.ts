import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BundleApp, BundleTarget } from '../src/bundle/apps.js';
import { BUNDLE_APPS, PLAYGROUND_PAGE } from '../src/bundle/apps.js';
import type { BundleBudget } from '../src/bundle/budget.js';
import { BUNDLE_SIZES_MODULE, budgetProblems, renderBundleSizesModule } from '../src/bundle/budget.js';
import type { BundleReport } from '../src/bundle/sizes.js';
import { bundleApp, bundlePage, initialChunks, packageOf } from '../src/bundle/sizes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMMAND = 'npm run bundle:budget';

const app = (name: string, allowedPackages: readonly string[] = []): BundleApp => ({ name, does: '', source: '', allowedPackages });
const report = (name: string, gzip: number, packages: readonly string[] = []): BundleReport => ({
  name,
  minified: gzip * 3,
  gzip,
  brotli: gzip,
  lazyGzip: 0,
  packages,
});
const budget = (entries: Record<string, number>): BundleBudget => ({
  note: '',
  bundler: 'rolldown',
  entries: Object.fromEntries(Object.entries(entries).map(([name, gzip]) => [name, { minified: gzip * 3, gzip, brotli: gzip, lazyGzip: 0 }])),
});

describe('budgetProblems', () => {
  const apps = [app('a'), app('m', ['tinybench'])];

  it('allows up to 10 % growth of the gzipped size, and fails past it', () => {
    expect(budgetProblems([report('a', 1100)], apps, budget({ a: 1000 }), COMMAND)).toEqual([]);
    const [problem] = budgetProblems([report('a', 1101)], apps, budget({ a: 1000 }), COMMAND);
    expect(problem).toMatch(/^a is 1,101 B gzipped, \+10\.1 % over its budget of 1,000 B \(at most 10 %\)/);
    expect(problem).toContain('npm run bundle:budget -- --update');
  });

  it('fails an entry that bundles a package it may not, whatever its size', () => {
    expect(budgetProblems([report('a', 10, ['protobufjs', 'long'])], apps, budget({ a: 1000 }), COMMAND)).toEqual([
      'a bundles protobufjs, long; it may bundle no package but @wirebench/core',
    ]);
    expect(budgetProblems([report('m', 10, ['tinybench'])], apps, budget({ m: 10 }), COMMAND)).toEqual([]);
  });

  it('fails an entry without a budget, saying how to give it one', () => {
    expect(budgetProblems([report('a', 10)], apps, undefined, COMMAND)).toEqual(['a has no budget yet: run `npm run bundle:budget -- --update`']);
  });

  it('fails an entry over its own limit, however much its accepted budget allows', () => {
    const page: BundleTarget = { name: 'p', does: '', allowedPackages: [], maxGzip: 75_000 };
    expect(budgetProblems([report('p', 75_000)], [page], budget({ p: 80_000 }), COMMAND)).toEqual([]);
    expect(budgetProblems([report('p', 75_001)], [page], budget({ p: 80_000 }), COMMAND)).toEqual([
      'p is 75,001 B gzipped, over its limit of 75,000 B: move what its first screen does not need behind a dynamic import()',
    ]);
  });

  it('fails a build that warns, one problem per warning', () => {
    expect(
      budgetProblems([{ ...report('a', 10), warnings: ['[INEFFECTIVE_DYNAMIC_IMPORT] x.ts is dynamically imported…\n'] }], apps, budget({ a: 10 }), COMMAND),
    ).toEqual(["a's build warns: [INEFFECTIVE_DYNAMIC_IMPORT] x.ts is dynamically imported…"]);
  });
});

describe('initialChunks', () => {
  it('is the entry and what it imports statically, transitively; a dynamic import is not in it', () => {
    const chunk = (fileName: string, imports: string[], isEntry = false) => ({ fileName, imports, isEntry, dynamicImports: [] });
    const chunks = [chunk('lazy.js', ['shared.js']), chunk('runtime.js', []), chunk('shared.js', ['runtime.js']), chunk('index.js', ['shared.js'], true)];
    expect(initialChunks(chunks).map((c) => c.fileName)).toEqual(['index.js', 'shared.js', 'runtime.js']);
  });
});

describe("the playground's first screen", () => {
  // Built as deployed (production mode, although Vitest sets NODE_ENV=test), weighed with the chunks its entry imports.
  it(`is within ${PLAYGROUND_PAGE.maxGzip} B gzipped and its accepted budget, with the rest in lazy chunks, React's packages and valibot only, and no build warning`, async () => {
    const page = await bundlePage(PLAYGROUND_PAGE, ROOT);
    const accepted = JSON.parse(readFileSync(`${ROOT}bench/baselines/bundle-sizes.json`, 'utf8')) as BundleBudget;
    expect(budgetProblems([page], [PLAYGROUND_PAGE], accepted, COMMAND)).toEqual([]);
    expect(page.gzip).toBeLessThanOrEqual(PLAYGROUND_PAGE.maxGzip);
    expect(page.lazyGzip, 'the figures, the answer and the comparison load later').toBeGreaterThan(20_000);
    expect(page.packages).toEqual(expect.arrayContaining(['react', 'react-dom']));
  });
});

describe('the JS cost the package ships', () => {
  it(`${BUNDLE_SIZES_MODULE} holds the accepted budget's gzipped bytes of every codec entry, as --update writes it`, () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const budget = JSON.parse(readFileSync(`${root}bench/baselines/bundle-sizes.json`, 'utf8')) as BundleBudget;
    const shipped = readFileSync(`${root}${BUNDLE_SIZES_MODULE}`, 'utf8');
    expect(shipped).toBe(renderBundleSizesModule(budget, 'npm run bundle:budget -- --update'));
    // Every codec entry the bundle apps weigh is in it: a library row without its cost could not be ranked.
    for (const app of BUNDLE_APPS.filter((a) => /^@wirebench\/core\/(json|msgpack|cbor|protobuf|flatbuffers)/.test(a.name))) {
      expect(shipped).toContain(`'${app.name}': ${budget.entries[app.name]!.gzip},`);
    }
  });
});

describe('packageOf', () => {
  it('names the package of a file in node_modules, scoped or not, the innermost one when nested', () => {
    expect(packageOf('/r/node_modules/protobufjs/src/index.js')).toBe('protobufjs');
    expect(packageOf('/r/node_modules/@msgpack/msgpack/dist/index.mjs')).toBe('@msgpack/msgpack');
    expect(packageOf('/r/node_modules/protobufjs/node_modules/long/index.js')).toBe('long');
    expect(packageOf('/r/packages/core/dist/index.js')).toBeUndefined();
  });
});

describe('the codec entries bundle no library', () => {
  // The format libraries and tinybench are in this repository's node_modules, so a stray import would resolve and show here.
  for (const name of ['@wirebench/core', '@wirebench/core (every export)', '@wirebench/core/json', '@wirebench/core/msgpack', '@wirebench/core/cbor']) {
    it(name, async () => {
      const entry = BUNDLE_APPS.find((candidate) => candidate.name === name) as BundleApp;
      const bundled = await bundleApp(entry, ROOT);
      expect(bundled.packages).toEqual([]);
      expect(bundled.gzip).toBeGreaterThan(0);
    });
  }
});
