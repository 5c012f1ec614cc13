/**
 * The one-pass decoders (src/formats/msgpack/fast-decoder.ts, cbor/fast-decoder.ts) against the
 * validating readers: on random and damaged input they build the same value or both refuse, and
 * the inline paths for arrays of numbers, flags and nulls read every head they claim to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { WirebenchError } from '../../../src/errors.js';
import { CborReader } from '../../../src/formats/cbor/reader.js';
import { MsgpackReader } from '../../../src/formats/msgpack/reader.js';
import { DEFAULT_LIMITS } from '../../../src/limits.js';
import { FORMATS, bytes, make, refusal } from '../../support/schemaless-binary.js';

/** The one-pass decode and the validating reader agree on `input`: the same value, or both refuse. */
function agreeWithReader(codec: Codec, reader: MsgpackReader | CborReader, input: Uint8Array): void {
  let expected: unknown;
  try {
    expected = codec.decode(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    expect(() => reader.build(input)).toThrow(WirebenchError);
    return;
  }
  expect(reader.build(input)).toStrictEqual(expected);
}

describe.each(FORMATS)('%s reader and library agree', (format) => {
  const codec = make[format]();
  const reader = format === 'msgpack' ? new MsgpackReader(DEFAULT_LIMITS) : new CborReader(DEFAULT_LIMITS);

  it('on random JSON data and on mutations of it: the reader builds what the codec returns, or both refuse', () => {
    const mutated = fc
      .tuple(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }))
      .map(([value, edits]) => {
        const encoded = codec.encode(value).slice();
        for (const [at, byte] of edits) encoded[at % encoded.length] = byte;
        return encoded;
      });
    fc.assert(
      fc.property(mutated, (input) => agreeWithReader(codec, reader, input)),
      { numRuns: 1500, seed: 7 },
    );
  });
});

describe.each(FORMATS)('%s arrays of numbers, flags and nulls (the decoders\' inline paths for them)', (format) => {
  const codec = make[format]();
  const reader = format === 'msgpack' ? new MsgpackReader(DEFAULT_LIMITS) : new CborReader(DEFAULT_LIMITS);
  const M = format === 'msgpack';
  // Each width the path reads inline, and what it leaves to the general reader.
  const KINDS = {
    tiny: fc.integer({ min: 0, max: 23 }),
    byte: fc.integer({ min: 24, max: 255 }),
    short: fc.integer({ min: 256, max: 0xffff }),
    word: fc.integer({ min: 0x10000, max: 0xffffffff }),
    negative: fc.integer({ min: -(2 ** 31), max: -1 }),
    large: fc.constantFrom(2 ** 40, -(2 ** 40), Number.MAX_SAFE_INTEGER),
    double: fc.double({ noNaN: true, noDefaultInfinity: true }),
    negativeZero: fc.constant(-0),
    flag: fc.boolean(),
    nothing: fc.constant(null),
    other: fc.constantFrom('x', [1.5], { a: 1 }),
  } as const;
  const kindOf = (item: unknown): keyof typeof KINDS => {
    if (typeof item === 'boolean') return 'flag';
    if (item === null) return 'nothing';
    if (typeof item !== 'number') return 'other';
    if (Object.is(item, -0)) return 'negativeZero';
    if (!Number.isInteger(item)) return 'double';
    if (Math.abs(item) > 0xffffffff) return 'large';
    if (item < 0) return 'negative';
    return item < 24 ? 'tiny' : item < 256 ? 'byte' : item < 0x10000 ? 'short' : 'word';
  };
  const item = fc.oneof(...Object.values(KINDS));
  const list = fc.array(item, { maxLength: 12 });
  // A top-level array, and arrays inside arrays and objects (coordinates, a mesh's attributes).
  const value = fc.oneof(list, fc.array(list, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 3 }), list, { maxKeys: 3, noNullPrototype: true }));

  it('the generator makes every kind of item, in arrays that start with each kind', () => {
    const seen = new Set<string>();
    for (const sample of fc.sample(fc.array(item, { minLength: 1, maxLength: 12 }), { numRuns: 2000, seed: 11 })) {
      seen.add(`first ${kindOf(sample[0])}`);
      for (const x of sample) seen.add(kindOf(x));
    }
    for (const kind of Object.keys(KINDS)) {
      expect(seen).toContain(kind);
      expect(seen).toContain(`first ${kind}`);
    }
  });

  it('the generator makes arrays whose first encoded item is each head the inline paths read', () => {
    // The array header is one byte (at most 12 items); the first item's head follows it.
    const heads = M ? { fixint: 0x00, u8: 0xcc, u16: 0xcd, u32: 0xce, float64: 0xcb, nil: 0xc0, false: 0xc2, true: 0xc3 } : { small: 0x00, u8: 0x18, u16: 0x19, u32: 0x1a, float64: 0xfb, false: 0xf4, true: 0xf5, null: 0xf6 };
    const small = M ? 0x80 : 24;
    const seen = new Set<number>();
    for (const sample of fc.sample(fc.array(item, { minLength: 1, maxLength: 12 }), { numRuns: 2000, seed: 11 })) {
      const head = codec.encode(sample)[1] as number;
      seen.add(head < small ? 0x00 : head);
    }
    for (const [name, head] of Object.entries(heads)) expect(seen.has(head), name).toBe(true);
  });

  it('round-trip exactly, -0 and 2^32 − 1 included', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(codec.decode(codec.encode(v))).toStrictEqual(v);
      }),
      { numRuns: 1000, seed: 12 },
    );
  });

  it('cut short or with bytes changed: the reader builds what the codec returns, or both refuse', () => {
    const damaged = fc.tuple(value, fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 2 })).map(([v, cut, edits]) => {
      const encoded = codec.encode(v).slice();
      for (const [at, byte] of edits) encoded[at % encoded.length] = byte;
      return encoded.subarray(0, encoded.length - (cut % 3));
    });
    fc.assert(
      fc.property(damaged, (input) => agreeWithReader(codec, reader, input)),
      { numRuns: 2000, seed: 13 },
    );
  });

  const nan = M ? [0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0] : [0xfb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0];
  const one = M ? [0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0] : [0xfb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0];
  const infinity = M ? [0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0] : [0xfb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0];
  const minusInfinity = M ? [0xcb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0] : [0xfb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0];
  const head = (count: number): number => (M ? 0x90 : 0x80) | count;
  it.each([
    ['NaN after a float', bytes(head(2), ...one, ...nan), /NaN/],
    ['NaN after a small integer', bytes(head(2), 1, ...nan), /NaN/],
    ['a float cut short', bytes(head(2), ...one, ...nan.slice(0, 5)), /truncated/],
    ['a 16-bit integer cut short', bytes(head(2), 1, M ? 0xcd : 0x19, 1), /truncated/],
    ['a 32-bit integer cut short', bytes(head(2), 1, M ? 0xce : 0x1a, 1, 2, 3), /truncated/],
    ['an 8-bit integer cut short', bytes(head(2), 1, M ? 0xcc : 0x18), /truncated/],
    ['Infinity after a float', bytes(head(2), ...one, ...infinity), /Infinity/],
    ['-Infinity after a small integer', bytes(head(2), 1, ...minusInfinity), /-Infinity/],
    ['fewer items than the header says', bytes(head(3), 1, 2), /truncated/],
    // The count fits the bytes left, but a wide first item uses them up: the loop runs out mid-array.
    ['items that run out inside the loop', bytes(head(3), M ? 0xcd : 0x19, 1, 2), /truncated/],
    ['an inner array that runs out', bytes(head(2), head(2), 1, 2), /truncated/],
  ])('refuse %s', (_what, input, message) => {
    expect(refusal(format, () => codec.decode(input)).message).toMatch(message);
  });
});
