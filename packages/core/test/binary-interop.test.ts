/**
 * The msgpack and CBOR codecs write and read in one pass of their own: their bytes must be the
 * ones @msgpack/msgpack and cbor-x write (same sizes in every report, and either side reads the
 * other's), and the fast paths must agree with the validating readers on tricky keys.
 */
import { Decoder as MsgpackDecoder, Encoder as MsgpackEncoder } from '@msgpack/msgpack';
import { Decoder as CborDecoder, Encoder as CborEncoder } from 'cbor-x';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WirebenchError } from '../src/errors.js';
import { cborCodec } from '../src/formats/cbor.js';
import { isWellFormed } from '../src/json-data.js';
import { msgpackCodec } from '../src/formats/msgpack.js';

const CBOR_OPTIONS = { useRecords: false, mapsAsObjects: true, pack: false, structuredClone: false } as const;
const libraries = {
  msgpack: { codec: msgpackCodec(), encoder: new MsgpackEncoder(), decoder: new MsgpackDecoder() },
  cbor: { codec: cborCodec(), encoder: new CborEncoder(CBOR_OPTIONS), decoder: new CborDecoder(CBOR_OPTIONS) },
};

/** JSON data without -0 (which the libraries write as the integer 0) and with numbers of every width. */
const jsonData = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const numbers = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 32 }),
  fc.constantFrom(0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), -(2 ** 32) - 1, 2 ** 53 - 1, -(2 ** 53 - 1), 0.5, -1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
);
const strings = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ maxLength: 300 })).filter((s) => isWellFormed(s));

describe.each(['msgpack', 'cbor'] as const)('%s bytes are the library’s', (format) => {
  const { codec, encoder, decoder } = libraries[format];
  const same = (value: unknown): void => {
    const ours = codec.encode(value);
    const theirs = encoder.encode(value);
    if (!sameBytes(ours, theirs)) expect(ours).toEqual(new Uint8Array(theirs)); // shows the difference
    // Both libraries refuse (msgpack) or rename (cbor-x) a __proto__ key: that case is ours alone.
    if (!JSON.stringify(value).includes('"__proto__"')) expect(decoder.decode(ours)).toStrictEqual(value);
  };

  it('on random JSON data', () => {
    fc.assert(fc.property(jsonData, (value) => same(value)), { numRuns: 800, seed: 11 });
  });

  it('on numbers and strings of every width, and long collections', () => {
    fc.assert(fc.property(fc.array(fc.oneof(numbers, strings), { maxLength: 20 }), (value) => same(value)), { numRuns: 400, seed: 12 });
    same(Array.from({ length: 70_000 }, (_, i) => i));
    same(Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, i])));
  });

  it('reads what the library writes', () => {
    fc.assert(fc.property(jsonData, (value) => {
          if (!JSON.stringify(value).includes('"__proto__"')) expect(codec.decode(encoder.encode(value))).toStrictEqual(value);
        }), { numRuns: 800, seed: 13 });
  });
});

describe.each(['msgpack', 'cbor'] as const)('%s one-pass decode and tricky keys', (format) => {
  const { codec } = libraries[format];

  it('keys named like inherited properties are data, and twice is still refused', () => {
    const value = { toString: 1, constructor: 'c', hasOwnProperty: null, valueOf: [] };
    expect(codec.decode(codec.encode(value))).toStrictEqual(value);
    const bytes = codec.encode({ toString: 1, tostring: 2 });
    // Rename the second key to the first: the same key twice.
    const twice = bytes.slice();
    const second = findLast(twice, 'tostring');
    twice[second + 2] = 'S'.charCodeAt(0);
    expect(() => codec.decode(twice)).toThrow(/holds the key "toString" twice/);
  });

  it('a __proto__ key is an own data property', () => {
    const value = JSON.parse('{"a":{"__proto__":{"polluted":1},"b":2}}') as Record<string, Record<string, unknown>>;
    const back = codec.decode(codec.encode(value)) as typeof value;
    expect(back).toStrictEqual(value);
    expect(Object.getPrototypeOf(back['a'])).toBe(Object.prototype);
    expect(Object.keys(back['a'] as object)).toEqual(['__proto__', 'b']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a getter that encodes again gets its own buffer', () => {
    const inner = { x: 'inner' };
    const value = {
      a: 'outer',
      get b(): number {
        return codec.encode(inner).length;
      },
    };
    const bytes = codec.encode(value);
    expect(codec.decode(bytes)).toStrictEqual({ a: 'outer', b: codec.encode(inner).length });
  });

  it('a setter on Object.prototype that decodes again leaves the outer decode intact', () => {
    const inner = codec.encode({ inner: ['a', 1] });
    let innerValue: unknown;
    Object.defineProperty(Object.prototype, 'reenter', {
      configurable: true,
      set(this: object, value: unknown) {
        innerValue = codec.decode(inner);
        Object.defineProperty(this, 'reenter', { value, enumerable: true, writable: true, configurable: true });
      },
    });
    try {
      const outer = { a: 'before', reenter: 2, b: ['after', 3.5] };
      expect(codec.decode(codec.encode(outer))).toStrictEqual(outer);
      expect(innerValue).toStrictEqual({ inner: ['a', 1] });
    } finally {
      delete (Object.prototype as Record<string, unknown>)['reenter'];
    }
  });

  it('refusals still name the path after the one-pass writer stops', () => {
    expect(() => codec.encode({ a: [1, { b: NaN }] })).toThrow(WirebenchError);
    expect(() => codec.encode({ a: [1, { b: NaN }] })).toThrow('$.a[1].b holds NaN');
  });
});

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function findLast(haystack: Uint8Array, needle: string): number {
  const raw = [...new TextEncoder().encode(needle)];
  for (let i = haystack.length - raw.length; i >= 0; i--) {
    if (raw.every((b, j) => haystack[i + j] === b)) return i;
  }
  throw new Error(`${needle} not found`);
}
