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
import { ascii, bytes, FORMATS, make, refusal } from '../../support/schemaless-binary.js';

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

describe.each(FORMATS)("%s arrays of numbers, flags and nulls (the decoders' inline paths for them)", (format) => {
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
    const heads = M
      ? { fixint: 0x00, u8: 0xcc, u16: 0xcd, u32: 0xce, float64: 0xcb, nil: 0xc0, false: 0xc2, true: 0xc3 }
      : { small: 0x00, u8: 0x18, u16: 0x19, u32: 0x1a, float64: 0xfb, false: 0xf4, true: 0xf5, null: 0xf6 };
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

describe.each(FORMATS)('%s strings cut from batches (wire/utf8/batch.ts) and keys through the cache', (format) => {
  const codec = make[format]();
  const reader = format === 'msgpack' ? new MsgpackReader(DEFAULT_LIMITS) : new CborReader(DEFAULT_LIMITS);
  const M = format === 'msgpack';
  // ASCII around the lengths the batches and heads change at (32, 128, 255, 256), text past ASCII
  // short and long, empty strings, and lone characters.
  const asciiOf = (min: number, max: number) =>
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: min, maxLength: max });
  const text = fc.oneof(
    asciiOf(0, 40),
    asciiOf(120, 136),
    asciiOf(250, 260),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('', 'é', '中', '😀', 'ascii then é', 'x'.repeat(255), 'y'.repeat(256)),
  );
  const key = fc.oneof(asciiOf(0, 12), asciiOf(60, 70), fc.constantFrom('id', 'url', 'name', 'é', '__proto__', 'toString'));
  const leaf = fc.oneof({ weight: 4, arbitrary: text }, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
  const record = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 5 }), tie('object')),
    object: fc.dictionary(key, tie('value'), { maxKeys: 8, noNullPrototype: true }),
  })).value;
  const records = fc.array(record, { maxLength: 30 });

  it('round-trip exactly, as the reader builds them', () => {
    fc.assert(
      fc.property(records, (v) => {
        const encoded = codec.encode(v);
        const back = codec.decode(encoded);
        expect(back).toStrictEqual(v);
        expect(reader.build(encoded)).toStrictEqual(back);
      }),
      { numRuns: 600, seed: 21 },
    );
  });

  it('cut short or with bytes changed: the reader builds what the codec returns, or both refuse', () => {
    const damaged = fc
      .tuple(records, fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }))
      .map(([v, cut, edits]) => {
        const encoded = codec.encode(v).slice();
        for (const [at, byte] of edits) encoded[at % encoded.length] = byte;
        return encoded.subarray(0, encoded.length - (cut % 3));
      });
    fc.assert(
      fc.property(damaged, (input) => agreeWithReader(codec, reader, input)),
      { numRuns: 1500, seed: 22 },
    );
  });

  it('thousands of strings: batches fill up, stop past arrays of numbers and go on, in maps, arrays and both', () => {
    // Every length from 0 to 300, ASCII or not, as values, array items and keys, with runs of
    // numbers longer than a scan walks past the last string, and maps nested deeper than it follows.
    const strings = Array.from({ length: 2400 }, (_, i) => {
      const length = i % 301;
      const base = `${i}:`.padEnd(length, String.fromCharCode(0x61 + (i % 26)));
      return i % 7 === 3 ? `${base.slice(0, -1)}é` : base.slice(0, length);
    });
    let deep: unknown = 'bottom of the nesting, long enough for a batch';
    for (let i = 0; i < 40; i++) deep = { [`level${i}`]: deep, note: `level ${i} of the nesting` };
    const value = {
      records: strings.slice(0, 800).map((text, i) => ({ id: i, text, [`key ${text.slice(0, 20)}`]: text.length, tags: [text, 'short', text.toUpperCase()] })),
      numbers: Array.from({ length: 500 }, (_, i) => i * 1.5),
      list: strings.slice(800, 1600),
      mixed: strings.slice(1600).map((text, i) => (i % 3 === 0 ? Array.from({ length: 40 }, (_, j) => j) : i % 3 === 1 ? text : { text })),
      deep,
    };
    const encoded = codec.encode(value);
    const back = codec.decode(encoded);
    expect(back).toStrictEqual(value);
    expect(reader.build(encoded)).toStrictEqual(back);
  });

  it('malformed UTF-8 or an encoded surrogate in one string of a batch: refused, naming the string', () => {
    const value = Array.from({ length: 20 }, (_, i) => ({ id: `item-${i}`, url: `https://example.com/items/${i}`, note: i === 13 ? 'AAAA' : 'plain text' }));
    const encoded = codec.encode(value);
    const at = findAscii(encoded, 'AAAA');
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]]) {
      const broken = encoded.slice();
      broken.set(bad, at);
      expect(refusal(format, () => codec.decode(broken)).message).toMatch(/malformed UTF-8/);
    }
  });

  it('strings past a head the scan stops at (bytes, tags, extensions) still decode, and the reader agrees', () => {
    // msgpack: bin 8 of 2 bytes; CBOR: tag 1 (a date), which the one-pass decoder leaves to the reader.
    const odd = M ? [0xc4, 0x02, 0x00, 0x01] : [0xc1, 0x01];
    const str = (s: string): number[] => [...(M ? [0xa0 | s.length] : [0x60 | s.length]), ...ascii(s)];
    const input = bytes(M ? 0x94 : 0x84, ...str('before'), ...odd, ...str('after1'), ...str('after2'));
    agreeWithReader(codec, reader, input);
  });

  it('a key met again in its map after a nested map used it is refused, however warm the key cache', () => {
    // {"a": {"a": 1}, "b": [{"b": 2}], "a": 3}: the nested maps stamp the cache slots of "a" and "b" after the outer map began.
    const str = (s: string): number[] => [...(M ? [0xa0 | s.length] : [0x60 | s.length]), ...ascii(s)];
    const map = (n: number): number => (M ? 0x80 : 0xa0) | n;
    const array = (n: number): number => (M ? 0x90 : 0x80) | n;
    const valid = bytes(map(3), ...str('a'), map(1), ...str('a'), 1, ...str('b'), array(1), map(1), ...str('b'), 2, ...str('c'), 3);
    const twice = bytes(map(3), ...str('a'), map(1), ...str('a'), 1, ...str('b'), array(1), map(1), ...str('b'), 2, ...str('a'), 3);
    for (let i = 0; i < 50; i++) expect(codec.decode(valid)).toEqual({ a: { a: 1 }, b: [{ b: 2 }], c: 3 });
    expect(refusal(format, () => codec.decode(twice)).message).toMatch(/key "a" twice/);
    // Siblings that share keys are fine: each map is checked alone.
    expect(
      codec.decode(
        codec.encode([
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ]),
      ),
    ).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
  });

  it('a duplicate key among thousands of distinct ones (keys evicting each other from the cache) is refused', () => {
    const keys = Array.from({ length: 6000 }, (_, i) => `key${i}`);
    const value = Object.fromEntries(keys.map((k, i) => [k, i]));
    const valid = codec.encode(value);
    expect(codec.decode(valid)).toEqual(value);
    expect(codec.decode(valid)).toEqual(value);
    // Rename the last key to the first one's name (same length).
    const twice = valid.slice();
    const at = findAscii(twice, 'key5999');
    twice.set(ascii('key1000'), at);
    expect(refusal(format, () => codec.decode(twice)).message).toMatch(/key "key1000" twice/);
  });

  it('a __proto__ key cached or not, after warm decodes, stays an own data property and twice is refused', () => {
    const value = JSON.parse('[{"__proto__":{"x":1},"a":1},{"__proto__":{"x":2},"a":2}]') as Array<Record<string, unknown>>;
    const encoded = codec.encode(value);
    for (let i = 0; i < 20; i++) {
      const back = codec.decode(encoded) as Array<Record<string, unknown>>;
      expect(Object.getPrototypeOf(back[1])).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(back[1], '__proto__')?.value).toEqual({ x: 2 });
      expect(Object.keys(back[0] as object)).toEqual(['__proto__', 'a']);
    }
    const str = (t: string): number[] => [...(M ? [0xa0 | t.length] : [0x60 | t.length]), ...ascii(t)];
    const twice = bytes(M ? 0x82 : 0xa2, ...str('__proto__'), 1, ...str('__proto__'), 2);
    expect(refusal(format, () => codec.decode(twice)).message).toMatch(/key "__proto__" twice/);
  });
});

/** The offset of the first occurrence of `text`'s bytes in `input`. */
function findAscii(input: Uint8Array, text: string): number {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= input.length; i++) {
    for (let j = 0; j < needle.length; j++) if (input[i + j] !== needle[j]) continue outer;
    return i;
  }
  throw new Error(`${text} not found`);
}
