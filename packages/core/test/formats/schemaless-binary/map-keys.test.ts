/**
 * The duplicate-key check of the validating reader (src/formats/schemaless-binary/map-keys.ts):
 * against a plain reference on key lists that mix keys of one hash (built for the hash in use,
 * support/colliding-keys.ts) with ordinary ones, in maps nested in maps; and msgpack and CBOR maps
 * of thousands of colliding keys read by both decoders. How long such a map takes against ordinary
 * keys, in a process of its own, is in test/formats/hostile-time.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HASH_SEED, hashBytes, MapKeys } from '../../../src/formats/schemaless-binary/map-keys.js';
import { collidingKeys } from '../../support/colliding-keys.js';
import { FORMATS, make, refusal } from '../../support/schemaless-binary.js';

const encoder = new TextEncoder();
const hashOf = (key: string): number => {
  const bytes = encoder.encode(key);
  return hashBytes(HASH_SEED, bytes, 0, bytes.length);
};

/** The key whose second occurrence comes first, with the positions of its first two occurrences. */
function firstDuplicate(keys: readonly string[]): { key: string; first: number; second: number } | undefined {
  const seen = new Map<string, number>();
  for (const [i, key] of keys.entries()) {
    const first = seen.get(key);
    if (first !== undefined) return { key, first, second: i };
    seen.set(key, i);
  }
  return undefined;
}

/** Adds `keys` to `mapKeys` with offset 10 × position + 3, so a wrong offset shows. */
function addAll(mapKeys: MapKeys, keys: readonly string[]): void {
  for (const [i, key] of keys.entries()) mapKeys.add(10 * i + 3, hashOf(key), key);
}
const atOffsets = (found: { key: string; first: number; second: number } | undefined) =>
  found && { key: found.key, first: 10 * found.first + 3, second: 10 * found.second + 3 };

describe('collidingKeys', () => {
  it('builds 2^n distinct keys of one hash, after a prefix too', () => {
    for (const prefix of ['', 'a-long-shared-prefix/']) {
      const keys = collidingKeys(8, prefix);
      expect(new Set(keys).size).toBe(256);
      expect(new Set(keys.map(hashOf)).size).toBe(1);
      expect(keys.every((key) => key.startsWith(prefix))).toBe(true);
    }
  });
});

describe('MapKeys.duplicate', () => {
  const colliding = collidingKeys(6);
  // Colliding keys, ordinary ones, and a few that are both short and likely drawn twice.
  const key = fc.oneof(fc.constantFrom(...colliding), fc.string({ maxLength: 6 }), fc.constantFrom('a', 'b', 'id'));

  it('finds what the reference finds, in maps of any size whatever their hashes, with a map nested in each', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), fc.array(key, { maxLength: 30 }), fc.nat(60), (outer, inner, split) => {
        const mapKeys = new MapKeys();
        const at = Math.min(split, outer.length);
        const base = mapKeys.mark;
        addAll(mapKeys, outer.slice(0, at));
        // A map nested in the outer one, closed before the outer one goes on: its keys are its own.
        const innerBase = mapKeys.mark;
        for (const [i, k] of inner.entries()) mapKeys.add(10 * i + 3, hashOf(k), k);
        expect(mapKeys.duplicate(innerBase)).toEqual(atOffsets(firstDuplicate(inner)));
        expect(mapKeys.mark).toBe(innerBase);
        for (const [i, k] of outer.slice(at).entries()) mapKeys.add(10 * (at + i) + 3, hashOf(k), k);
        expect(mapKeys.duplicate(base)).toEqual(atOffsets(firstDuplicate(outer)));
      }),
      { numRuns: 3000 },
    );
  });

  it('tells 4,096 keys of one hash apart, and finds the one held twice among them', () => {
    const keys = collidingKeys(12);
    const mapKeys = new MapKeys();
    addAll(mapKeys, keys);
    expect(mapKeys.duplicate(0)).toBeUndefined();
    const twice = [...keys.slice(0, 3000), keys[1234] as string, ...keys.slice(3000)];
    addAll(mapKeys, twice);
    expect(mapKeys.duplicate(0)).toEqual(atOffsets({ key: keys[1234] as string, first: 1234, second: 3000 }));
  });
});

describe.each(FORMATS)('%s: a map of 4,096 keys of one hash', (format) => {
  const codec = make[format]();
  const keys = collidingKeys(12);
  const value = Object.fromEntries(keys.map((k, i) => [k, i]));
  const encoded = codec.encode(value);

  it('decodes exactly, by the one-pass decoder and by the validating reader', () => {
    expect(codec.decode(encoded)).toEqual(value);
    // A trailing byte sends the input to the validating reader, which checks every key before refusing the byte.
    const trailing = new Uint8Array([...encoded, 0]);
    expect(refusal(format, () => codec.decode(trailing)).message).toMatch(/1 trailing byte/);
  });

  it('is refused when one of them is held twice', () => {
    // Rename the last key to the 100th: same length, so the bytes stay well formed.
    const twice = encoded.slice();
    const last = encoder.encode(keys[keys.length - 1]);
    const at = lastIndexOf(twice, last);
    twice.set(encoder.encode(keys[99]), at);
    expect(refusal(format, () => codec.decode(twice)).message).toMatch(new RegExp(`key "${keys[99]}" twice`));
  });
});

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  for (let i = haystack.length - needle.length; i >= 0; i--) {
    if (needle.every((b, j) => haystack[i + j] === b)) return i;
  }
  throw new Error('not found');
}
