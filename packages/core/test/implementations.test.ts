/**
 * The registry of implementations (src/implementations.ts) against what the package declares: the
 * range an install line asks for is the range package.json holds for that library.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../src/codec.js';
import { IMPLEMENTATIONS } from '../src/implementations.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, Record<string, string> | undefined>;
/** Every range package.json declares, by package: optional peers, dependencies and optional dependencies. */
const declared: Record<string, string> = { ...manifest['dependencies'], ...manifest['optionalDependencies'], ...manifest['peerDependencies'] };

describe('IMPLEMENTATIONS', () => {
  const libraries = FORMATS.flatMap((format) => IMPLEMENTATIONS[format]).filter((i) => i.id !== 'wirebench');

  it.each(libraries.map((i) => [i.id, i] as const))('%s: its range is the one package.json declares', (_id, implementation) => {
    expect(declared[implementation.package], `${implementation.package} in packages/core/package.json`).toBeDefined();
    expect(implementation.peerRange).toBe(declared[implementation.package]);
  });

  it('lists every library package.json declares as an optional peer', () => {
    // simdjson is the native addon behind the simdjson format's own codec, not a library implementation.
    const peers = Object.keys(manifest['peerDependencies'] ?? {}).filter((name) => name !== 'simdjson');
    expect(peers.length).toBeGreaterThan(0);
    expect(peers.every((name) => libraries.some((i) => i.package === name))).toBe(true);
  });
});
