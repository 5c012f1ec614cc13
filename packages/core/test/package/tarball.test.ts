/**
 * The package as npm ships it: packs packages/core (its built dist) into a tarball, installs that
 * into an empty project, and uses it there the way an app would: every entry imported in Node and a
 * payload round-tripped through each codec, the README's example run, and a browser bundle of the
 * installed package run in headless Chromium, and a Vite app of one format built within that
 * format's bundle budget. The install brings nothing but the package (every library is an optional
 * peer); the tests add the peers a user would add, one at a time, and simdjson is never one of them,
 * so its entry must reject, saying so.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineMissing, launchChromiumPersistent } from 'wirebench/engines';
import { emptyApp, installedPackages, npm, pack } from '../support/pack.js';
import { REPO_ROOT } from '../support/paths.js';

const PACKAGE_DIR = join(REPO_ROOT, 'packages/core');
const noChromium = engineMissing('chromium');
const hasChromium = noChromium === undefined;
if (!hasChromium) console.log(`package/tarball.test.ts: ${noChromium}: the browser bundle is built but not run`);

/** Every format library and tinybench: the root entry must load none of them. */
const LIBRARIES = ['protobufjs', 'long', 'tinybench', 'simdjson', 'flatbuffers', 'cbor-x', '@msgpack/msgpack'];

let scratch = '';
let project = '';
let packed: readonly string[] = [];

/** Runs a module in the project (so it resolves the installed package) and returns what it printed as JSON. */
function runInProject(file: string, source: string, nodeArgs: readonly string[] = []): unknown {
  writeFileSync(join(project, file), source);
  const out = execFileSync(process.execPath, [...nodeArgs, file], { cwd: project, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as unknown;
}

/** Installs packages into the project as a user would, from the npm cache that installing the repository filled. */
function install(...specs: string[]): void {
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', ...specs], project);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'wirebench-package-'));
  const core = pack('packages/core', scratch);
  packed = core.files;
  project = emptyApp(join(scratch, 'app'));
  // Scripts allowed, as a user's install runs them: the test below holds that there are none to run.
  install(core.tarball);
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('installs @wirebench/core and nothing else, and has no install script to run', () => {
    expect(installedPackages(project)).toEqual(['@wirebench/core']);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/@wirebench/core/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => manifest.scripts?.[name] !== undefined);
    expect(lifecycle).toEqual([]);
  });

  it('holds the README, the LICENSE, dist and src, and no tests or build info', () => {
    expect(packed).toEqual(
      expect.arrayContaining(['README.md', 'LICENSE', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/index.d.ts.map', 'src/index.ts']),
    );
    expect(packed.filter((path) => /(^|\/)test\/|\.test\.|tsbuildinfo/.test(path))).toEqual([]);
  });

  it('holds every file the exports map names', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>> };
    const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    expect(targets.map((target) => target.replace(/^\.\//, '')).filter((path) => !packed.includes(path))).toEqual([]);
  });

  it('ships no stale build output: every dist module comes from a src module', () => {
    const stale = packed.filter(
      (path) => path.startsWith('dist/') && path.endsWith('.js') && !packed.includes(path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts')),
    );
    expect(stale).toEqual([]);
  });
});

describe('installed, in Node', () => {
  it('a library implementation not installed is a WirebenchError that says how to install it; once installed, createCodec loads it', () => {
    const source = `import { createCodec } from '@wirebench/core';
try {
  const codec = await createCodec('cbor', { implementation: 'cbor-x' });
  console.log(JSON.stringify({ implementation: codec.implementation, back: codec.decode(codec.encode({ a: [1, 'x'] })) }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, message: error.message }));
}`;
    expect(runInProject('library-missing.mjs', source)).toEqual({
      name: 'WirebenchError',
      message: expect.stringMatching(/^cbor: the cbor-x implementation needs the package cbor-x, which is not installed: npm install cbor-x@"\^1\.6\.0"$/),
    });
    // The optional peer dependency, installed as a user would (from the cache the repository's install filled).
    install('cbor-x@^1.6.0');
    expect(runInProject('library-installed.mjs', source)).toEqual({ implementation: 'cbor-x', back: { a: [1, 'x'] } });
  }, 120_000);

  it('the root entry loads no format library and no tinybench, and no native addon', () => {
    // A load hook sees every module Node loads (ESM and the CJS modules ESM imports); require.cache the CJS ones.
    writeFileSync(
      join(project, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, nextLoad) { appendFileSync(log, url + '\\n'); return nextLoad(url, context); }`,
    );
    const log = join(project, 'loaded.txt');
    const loaded = runInProject(
      'import-root.mjs',
      `import { register, createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
register('./hooks.mjs', import.meta.url, { data: { log: ${JSON.stringify(log)} } });
const addons = [];
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) { addons.push(filename); return dlopen.call(this, module, filename, ...rest); };
const core = await import('@wirebench/core');
const modules = [...readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n'), ...Object.keys(createRequire(import.meta.url).cache)];
console.log(JSON.stringify({ exports: Object.keys(core).length, modules, addons }));`,
    ) as { exports: number; modules: string[]; addons: string[] };
    expect(loaded.exports).toBeGreaterThan(10);
    // The hook did see the package's own modules, so an empty list below means something.
    expect(loaded.modules.some((url) => url.includes('/node_modules/@wirebench/core/dist/create-codec.js'))).toBe(true);
    const libraries = LIBRARIES.filter((name) => loaded.modules.some((url) => url.includes(`/node_modules/${name}/`)));
    expect(libraries, 'libraries loaded by importing @wirebench/core').toEqual([]);
    expect(loaded.addons).toEqual([]);
  });

  it('schemaFromProto without protobufjs is a WirebenchError that says how to install it; the rest of /schema works', () => {
    const results = runInProject(
      'proto-missing.mjs',
      `const { inferSchema, schemaFromProto, toProto } = await import('@wirebench/core/schema');
const proto = toProto(inferSchema({ a: 1 }));
try {
  schemaFromProto(proto, 'Root');
  console.log(JSON.stringify({ read: true }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, message: error.message }));
}`,
    );
    expect(results).toEqual({
      name: 'WirebenchError',
      message: 'protobuf: schemaFromProto reads .proto text with protobufjs, which is not installed: npm install protobufjs@"^8.8.1"',
    });
  });

  it('every entry imports, and a payload round-trips through each codec; simdjson rejects without its addon', () => {
    // The optional peer schemaFromProto reads .proto text with, installed as a user would.
    install('protobufjs@^8.8.1');
    const results = runInProject(
      'use-entries.mjs',
      `const addons = [];
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) { addons.push(filename); return dlopen.call(this, module, filename, ...rest); };
const { createCodec, checkRoundTrip } = await import('@wirebench/core');
const { inferSchema, schemaFromProto, toProto } = await import('@wirebench/core/schema');
const { negotiateFormat } = await import('@wirebench/core/negotiate');
const factories = {
  json: (await import('@wirebench/core/json')).jsonCodec,
  msgpack: (await import('@wirebench/core/msgpack')).msgpackCodec,
  cbor: (await import('@wirebench/core/cbor')).cborCodec,
  protobuf: (await import('@wirebench/core/protobuf')).protobufCodec,
  flatbuffers: (await import('@wirebench/core/flatbuffers')).flatbuffersCodec,
};
const value = { id: 7, customer: { name: 'Zoë', vip: true, note: null }, items: [{ sku: 'A-1', qty: 2, price: 9.5 }, { sku: 'B-2', qty: 1, price: 120 }], tags: ['new', 'gift'] };
// The schema goes through its printed .proto, as a shared one would.
const schema = schemaFromProto(toProto(inferSchema(value)), 'Root');
const out = { roundTrips: {}, viaCreateCodec: {}, addons };
for (const [format, factory] of Object.entries(factories)) {
  const codec = format === 'protobuf' || format === 'flatbuffers' ? factory(schema) : factory();
  out.roundTrips[format] = checkRoundTrip(value, codec.decode(codec.encode(value))).ok;
  const lazy = await createCodec(format, { schema });
  out.viaCreateCodec[format] = checkRoundTrip(value, lazy.decode(lazy.encode(value))).ok;
}
try {
  (await import('@wirebench/core/simdjson')).simdjsonCodec();
  out.simdjson = 'loaded';
} catch (error) {
  out.simdjson = error.name + ': ' + error.message;
}
out.negotiated = negotiateFormat('application/cbor, */*;q=0.1', ['json', 'cbor']);
console.log(JSON.stringify(out));`,
    ) as Record<string, unknown>;
    const everyFormat = { json: true, msgpack: true, cbor: true, protobuf: true, flatbuffers: true };
    expect(results['roundTrips']).toEqual(everyFormat);
    expect(results['viaCreateCodec']).toEqual(everyFormat);
    // Installed with --ignore-scripts, so the optional addon was never built: the entry says so and how to get it.
    expect(results['simdjson']).toMatch(/^WirebenchError: simdjson: the simdjson native addon is not installed or did not build/);
    expect(results['negotiated']).toBe('cbor');
    expect(results['addons']).toEqual([]);
  });

  it("the README's example runs as written", () => {
    const readme = readFileSync(join(project, 'node_modules/@wirebench/core/README.md'), 'utf8');
    const example = /## Example\s+```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'a ```ts block under ## Example').toBeDefined();
    writeFileSync(join(project, 'example.mjs'), example ?? '');
    const out = execFileSync(process.execPath, ['example.mjs'], { cwd: project, encoding: 'utf8' });
    expect(out.trim().split('\n').at(-1)).toBe('true');
  });
});

describe('installed, in a browser bundle', () => {
  let bundle = '';

  beforeAll(async () => {
    writeFileSync(
      join(project, 'browser-app.js'),
      `import { checkRoundTrip, createCodec, inferSchema } from '@wirebench/core';
import { msgpackCodec } from '@wirebench/core/msgpack';

window.roundTrips = (async () => {
  const value = { id: 7, customer: { name: 'Zoë', vip: true, note: null }, items: [{ sku: 'A-1', qty: 2, price: 9.5 }, { sku: 'B-2', qty: 1, price: 120 }], tags: ['new', 'gift'] };
  const schema = inferSchema(value);
  const out = {};
  for (const format of ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers']) {
    const codec = await createCodec(format, { schema });
    out[format] = checkRoundTrip(value, codec.decode(codec.encode(value))).ok;
  }
  const msgpack = msgpackCodec();
  out.msgpackSubpath = checkRoundTrip(value, msgpack.decode(msgpack.encode(value))).ok;
  return out;
})();`,
    );
    const { rolldown } = await import('rolldown');
    const build = await rolldown({ input: join(project, 'browser-app.js'), cwd: project, platform: 'browser', logLevel: 'silent' });
    try {
      // One file (the formats createCodec imports inlined), so the page needs no server.
      const { output } = await build.generate({ format: 'iife', codeSplitting: false, minify: true });
      bundle = (output[0] as OutputChunk).code;
    } finally {
      await build.close();
    }
  });

  it('bundles for browsers with no Node built-in', () => {
    expect(bundle.length).toBeGreaterThan(1000);
    // simdjson's factory names node:module in a string it hands to process.getBuiltinModule, which is no import.
    expect(/(?:from|import\(|require\()\s*["'`]node:/.exec(bundle)?.[0]).toBeUndefined();
  });

  it.skipIf(!hasChromium)('round-trips a payload through every format in headless Chromium', async () => {
    const context = await launchChromiumPersistent(join(scratch, 'chromium-profile'));
    try {
      const page = await context.newPage();
      await page.addScriptTag({ content: bundle });
      const results = await page.evaluate(() => (window as unknown as { roundTrips: Promise<Record<string, boolean>> }).roundTrips);
      expect(results).toEqual({ json: true, msgpack: true, cbor: true, protobuf: true, flatbuffers: true, msgpackSubpath: true });
    } finally {
      await context.close();
    }
  });
});

describe('installed, in a Vite app', () => {
  it("an app that imports @wirebench/core/msgpack builds within the msgpack entry's bundle budget", async () => {
    const app = join(project, 'vite-app');
    mkdirSync(app);
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    writeFileSync(
      join(app, 'main.js'),
      `import { msgpackCodec } from '@wirebench/core/msgpack';
const codec = msgpackCodec();
document.title = String(codec.decode(codec.encode({ ok: true })).ok);`,
    );
    const { build } = await import('vite');
    await build({ root: app, logLevel: 'silent', configFile: false, build: { outDir: 'dist', modulePreload: { polyfill: false } } });
    const assets = join(app, 'dist/assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const gzip = scripts.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
    const baseline = JSON.parse(readFileSync(join(REPO_ROOT, 'bench/baselines/bundle-sizes.json'), 'utf8')) as { entries: Record<string, { gzip: number }> };
    const budget = (baseline.entries['@wirebench/core/msgpack']?.gzip ?? 0) * 1.1;
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzip, `${scripts.join(', ')}: ${gzip} gzipped bytes; budget ${Math.round(budget)}`).toBeLessThanOrEqual(budget);
    // The app's own code is there: a bundle that dropped the codec would pass the budget for nothing.
    expect(gzip).toBeGreaterThan(budget / 2);
  }, 120_000);
});
