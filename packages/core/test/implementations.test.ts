/**
 * The registry of implementations (src/implementations.ts) against what the package declares and
 * ships: the range an install line asks for is the range package.json holds for that library, each
 * entry is a subpath of the exports map whose module exports the factory, the bundle bytes are the
 * ones bundle-sizes.ts holds, and the ids and keys are the registry's own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_GZIP_BYTES } from '../src/bundle-sizes.js';
import { FORMAT_ALIASES, FORMATS } from '../src/codec.js';
import type { ImplementationId } from '../src/implementations.js';
import { formatsRunningIn, IMPLEMENTATION_IDS, IMPLEMENTATIONS, librariesRunningIn } from '../src/implementations.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
/** Every range package.json declares, by package: optional peers, dependencies and optional dependencies. */
const declared = { ...manifest['dependencies'], ...manifest['optionalDependencies'], ...manifest['peerDependencies'] } as Record<string, string>;
const exportsMap = manifest['exports'] as Record<string, { default: string }>;

const ALL = FORMATS.flatMap((format) => IMPLEMENTATIONS[format]);
const libraries = ALL.filter((i) => i.library !== undefined);

describe('IMPLEMENTATIONS', () => {
  it.each(libraries.map((i) => [i.key, i] as const))('%s: its range is the one package.json declares', (_key, implementation) => {
    const library = implementation.library as string;
    expect(declared[library], `${library} in packages/core/package.json`).toBeDefined();
    expect(implementation.peerRange).toBe(declared[library]);
  });

  it('lists every library package.json declares as an optional peer', () => {
    const peers = Object.keys(manifest['peerDependencies'] ?? {});
    expect(peers.length).toBeGreaterThan(0);
    expect(peers.filter((name) => !libraries.some((i) => i.library === name))).toEqual([]);
  });

  it('is indexed by every format id, in FORMATS order, each entry under its own format', () => {
    expect(Object.keys(IMPLEMENTATIONS)).toEqual(FORMATS);
    for (const format of FORMATS) {
      expect(IMPLEMENTATIONS[format][0]?.id, `${format}: wirebench's own first`).toBe('wirebench');
      for (const i of IMPLEMENTATIONS[format]) expect(i.format).toBe(format);
    }
  });

  it('names each pair by the format of its bytes and who runs it: simdjson is json/simdjson', () => {
    const keys = ALL.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const i of ALL) {
      const alias = FORMAT_ALIASES[i.format];
      expect(i.key).toBe(alias ? `${alias}/${i.library}` : `${i.format}/${i.id}`);
    }
    expect(IMPLEMENTATIONS.simdjson.map((i) => i.key)).toEqual(['json/simdjson']);
  });

  it('holds exactly the ids of ImplementationId', () => {
    // A record over the union: an id added to the type without an entry (or the reverse) fails here or at compile time.
    const union: Record<ImplementationId, true> = {
      wirebench: true,
      '@msgpack/msgpack': true,
      msgpackr: true,
      'cbor-x': true,
      protobufjs: true,
      flatbuffers: true,
    };
    expect([...IMPLEMENTATION_IDS].sort()).toEqual(Object.keys(union).sort());
  });

  it.each(ALL.map((i) => [i.key, i] as const))('%s: its entry is a subpath of the package whose module exports its factory', async (_key, i) => {
    const target = exportsMap[`.${i.entry.slice('@wirebench/core'.length)}`];
    expect(target, `${i.entry} in the exports map`).toBeDefined();
    const module = (await import(new URL(`../${(target as { default: string }).default.replace(/^\.\/dist\//, 'src/')}`, import.meta.url).href)) as Record<
      string,
      unknown
    >;
    expect(typeof module[i.factory]).toBe('function');
    if (i.module !== undefined) expect(target?.default).toBe(`./dist/formats/${i.format}/libraries/${i.module}.js`);
  });

  it('weighs what runs in a browser (bundle-sizes.ts) and nothing else; simdjson runs only in Node', () => {
    for (const i of ALL) {
      if (i.runtimes.includes('browser')) expect(i.bundleGzipBytes, i.key).toBe(BUNDLE_GZIP_BYTES[i.entry]);
      else expect(i.bundleGzipBytes, i.key).toBeUndefined();
      expect(i.bundleGzipBytes === undefined || i.bundleGzipBytes > 0).toBe(true);
    }
    expect(ALL.filter((i) => !i.runtimes.includes('browser')).map((i) => i.key)).toEqual(['json/simdjson']);
    expect(formatsRunningIn('browser')).toEqual(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers']);
    expect(formatsRunningIn('node')).toEqual(FORMATS);
    expect(librariesRunningIn('browser')).toEqual(['@msgpack/msgpack', 'msgpackr', 'cbor-x', 'protobufjs', 'flatbuffers']);
    expect(librariesRunningIn('node')).toEqual(['simdjson', '@msgpack/msgpack', 'msgpackr', 'cbor-x', 'protobufjs', 'flatbuffers']);
  });
});
