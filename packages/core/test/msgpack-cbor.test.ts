import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../src/codec.js';
import { WirebenchError } from '../src/errors.js';
import { cborCodec } from '../src/formats/cbor.js';
import { msgpackCodec } from '../src/formats/msgpack.js';
import { CborReader } from '../src/formats/cbor-reader.js';
import { MsgpackReader } from '../src/formats/msgpack-reader.js';
import type { CodecOptions } from '../src/limits.js';
import { DEFAULT_LIMITS } from '../src/limits.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
const make = { msgpack: msgpackCodec, cbor: cborCodec } as const;
type Binary = keyof typeof make;
const FORMATS: Binary[] = ['msgpack', 'cbor'];

/** The WirebenchError `run` throws (fails the test when it throws nothing or something else). */
function refusal(format: Binary, run: () => unknown): WirebenchError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(WirebenchError);
  expect((thrown as WirebenchError).format).toBe(format);
  return thrown as WirebenchError;
}

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

/** A one-string value in each format, with the string's UTF-8 bytes given raw. */
function stringOf(format: Binary, raw: number[]): Uint8Array {
  return format === 'msgpack' ? bytes(0xd9, raw.length, ...raw) : bytes(0x78, raw.length, ...raw);
}

/** `{ key: 1 }` with the key's UTF-8 bytes given raw. */
function keyOf(format: Binary, raw: number[]): Uint8Array {
  return format === 'msgpack' ? bytes(0x81, 0xd9, raw.length, ...raw, 0x01) : bytes(0xa1, 0x78, raw.length, ...raw, 0x01);
}

const MALFORMED_UTF8: Array<[string, number[]]> = [
  ['0xFF', [0x61, 0xff]],
  ['a stray continuation byte', [0x80]],
  ['overlong C0 80', [0xc0, 0x80]],
  ['overlong E0 80 80', [0xe0, 0x80, 0x80]],
  ['a surrogate ED A0 80', [0xed, 0xa0, 0x80]],
  ['beyond U+10FFFF F4 90 80 80', [0xf4, 0x90, 0x80, 0x80]],
  ['truncated E2 82', [0xe2, 0x82]],
];

describe.each(FORMATS)('%s encode refuses what is not JSON data, naming its path', (format) => {
  const codec = make[format]();

  it.each([
    ['a lone high surrogate', { a: ['ok', 'x\ud800'] }, '$.a[1]', /lone surrogate/],
    ['a lone low surrogate in a key', { b: { '\udc00': 1 } }, '$.b', /lone surrogate/],
    ['NaN', { n: NaN }, '$.n', /NaN/],
    ['Infinity', [1, -Infinity], '$[1]', /Infinity/],
    ['a BigInt', { big: 10n }, '$.big', /BigInt/],
    ['a Date', { when: new Date(0) }, '$.when', /Date/],
    ['a Map', { m: new Map() }, '$.m', /Map/],
    ['undefined', { u: undefined }, '$.u', /undefined/],
  ])('%s', (_what, value, path, problem) => {
    const error = refusal(format, () => codec.encode(value));
    expect(error.message).toContain(path);
    expect(error.message).toMatch(problem);
  });
});

describe.each(FORMATS)('%s decode refuses malformed UTF-8', (format) => {
  const codec = make[format]();

  it.each(MALFORMED_UTF8)('%s in a string and in a key', (_what, raw) => {
    expect(refusal(format, () => codec.decode(stringOf(format, raw))).message).toMatch(/malformed UTF-8.*at byte \d+/);
    expect(refusal(format, () => codec.decode(keyOf(format, raw))).message).toMatch(/malformed UTF-8/);
  });

  it('accepts the extremes of valid UTF-8', () => {
    const text = '\u0000\u007f\u0080\u07ff\u0800\ud7ff\ue000\uffff\u{10000}\u{10ffff}';
    expect(codec.decode(stringOf(format, ascii(text)))).toBe(text);
  });
});

describe.each(FORMATS)('%s decode refuses bytes that are not exactly one JSON value', (format) => {
  const codec = make[format]();
  const M = format === 'msgpack';

  it.each([
    ['trailing bytes', M ? bytes(0x01, 0x02) : bytes(0x01, 0x02), /trailing/],
    ['a truncated string', M ? bytes(0xa3, 0x61) : bytes(0x63, 0x61), /truncated/],
    ['a truncated float', M ? bytes(0xcb, 0, 0) : bytes(0xfb, 0, 0), /truncated/],
    ['a truncated array', M ? bytes(0x92, 0x01) : bytes(0x82, 0x01), /truncated/],
    ['a number map key', M ? bytes(0x81, 0x01, 0x02) : bytes(0xa1, 0x01, 0x02), /not a string/],
    ['an array map key', M ? bytes(0x81, 0x90, 0x02) : bytes(0xa1, 0x80, 0x02), /not a string/],
    ['a duplicate key', M ? bytes(0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2) : bytes(0xa2, 0x61, 0x61, 1, 0x61, 0x61, 2), /key "a" twice/],
    ['NaN (float 64)', M ? bytes(0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0) : bytes(0xfb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0), /NaN/],
    ['-Infinity (float 32)', M ? bytes(0xca, 0xff, 0x80, 0, 0) : bytes(0xfa, 0xff, 0x80, 0, 0), /-Infinity/],
    ['2^53 + 1 as a 64-bit integer', M ? bytes(0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1) : bytes(0x1b, 0, 0x20, 0, 0, 0, 0, 0, 1), /9007199254740993.*rounding/],
    ['-2^53 as a 64-bit integer', M ? bytes(0xd3, 0xff, 0xe0, 0, 0, 0, 0, 0, 0) : bytes(0x3b, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), /-9007199254740992.*rounding/],
  ])('%s', (_what, input, message) => {
    expect(refusal(format, () => codec.decode(input)).message).toMatch(message);
  });

  it('a duplicate key among many (the sorted check) and in a nested map', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    const value = Object.fromEntries(keys.map((k) => [k, { inner: k }]));
    const valid = codec.encode(value);
    expect(codec.decode(valid)).toEqual(value);
    const duplicated = valid.slice();
    const at = findAscii(duplicated, 'k39');
    duplicated[at + 2] = 0x38; // "k39" → "k38"
    expect(refusal(format, () => codec.decode(duplicated)).message).toMatch(/key "k38" twice/);
  });

  it('integers at ±(2^53 − 1) as 64-bit integers decode exactly', () => {
    const max = M ? bytes(0xcf, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff) : bytes(0x1b, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    const min = M ? bytes(0xd3, 0xff, 0xe0, 0, 0, 0, 0, 0, 1) : bytes(0x3b, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe);
    const small = M ? bytes(0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfb) : bytes(0x1b, 0, 0, 0, 0, 0, 0, 0, 5);
    expect(codec.decode(max)).toBe(Number.MAX_SAFE_INTEGER);
    expect(codec.decode(min)).toBe(-Number.MAX_SAFE_INTEGER);
    expect(codec.decode(small)).toBe(M ? -5 : 5);
  });

  it('refuses a hostile pile of array headers fast, before any library preallocates', () => {
    // 30 KB of nested headers each claiming 65535 (array 16) or 2^32 − 1 (array 32) items.
    for (const header of M ? [[0xdc, 0xff, 0xff], [0xdd, 0xff, 0xff, 0xff, 0xff]] : [[0x99, 0xff, 0xff], [0x9a, 0xff, 0xff, 0xff, 0xff]]) {
      const input = new Uint8Array(30_000);
      for (let i = 0; i + header.length <= input.length; i += header.length) input.set(header, i);
      const started = performance.now();
      expect(refusal(format, () => codec.decode(input)).message).toMatch(/cannot fit|limits\.maxCollectionLength/);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });

  it('refuses nested headers that each fit the input but not together', () => {
    // array 16 headers claiming 9999 items each: the first fits 30 KB, the first few together do not.
    const input = new Uint8Array(30_000);
    for (let i = 0; i + 3 <= input.length; i += 3) input.set(M ? [0xdc, 0x27, 0x0f] : [0x99, 0x27, 0x0f], i);
    expect(refusal(format, () => codec.decode(input)).message).toMatch(/at byte 6\b.*|cannot fit/);
    expect(refusal(format, () => codec.decode(input)).message).toMatch(/cannot fit/);
  });

  it('refuses many small headers whose counts add up past the input', () => {
    // [[x, x, ...], [...]]: each header claims 15 items, which fit alone but not together.
    const input = new Uint8Array(200).fill(M ? 0x9f : 0x8f);
    expect(refusal(format, () => codec.decode(input)).message).toMatch(/cannot fit/);
  });
});

describe.each(FORMATS)('%s keeps a "__proto__" key as data', (format) => {
  it('round-trips it as an own property, leaving Object.prototype alone', () => {
    const codec = make[format]();
    const value = JSON.parse('{"__proto__":{"polluted":1},"list":[{"__proto__":2}]}') as Record<string, unknown>;
    const back = codec.decode(codec.encode(value)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(back, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ polluted: 1 });
    expect((back['list'] as Array<Record<string, unknown>>)[0]).toEqual(JSON.parse('{"__proto__":2}'));
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe.each(FORMATS)('%s keeps -0', (format) => {
  it('as -0, alone and inside data', () => {
    const codec = make[format]();
    expect(Object.is(codec.decode(codec.encode(-0)), -0)).toBe(true);
    const back = codec.decode(codec.encode(JSON.parse('{"a":[-0,0,1.5,-1]}'))) as { a: number[] };
    expect(Object.is(back.a[0], -0)).toBe(true);
    expect(Object.is(back.a[1], 0)).toBe(true);
    expect(back.a.slice(2)).toEqual([1.5, -1]);
  });
});

describe.each(FORMATS)('%s limits', (format) => {
  const limited = (limits: CodecOptions['limits']): Codec => make[format]({ limits });
  const deep = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  const full = make[format]();

  it('maxDepth counts arrays and maps, the payload at level 1', () => {
    const codec = limited({ maxDepth: 3 });
    expect(codec.decode(codec.encode(deep(3)))).toEqual(deep(3));
    expect(codec.decode(codec.encode({ a: { b: [1] } }))).toEqual({ a: { b: [1] } });
    expect(refusal(format, () => codec.encode(deep(4))).message).toMatch(/limits\.maxDepth/);
    expect(refusal(format, () => codec.decode(full.encode(deep(4)))).message).toMatch(/limits\.maxDepth.*maxDepth/);
  });

  it('maxDepth at the default (100) holds 100 levels and refuses 101', () => {
    expect(full.decode(full.encode(deep(100)))).toEqual(deep(100));
    expect(refusal(format, () => full.encode(deep(101))).message).toMatch(/limits\.maxDepth/);
    const big = make[format]({ limits: { maxDepth: 200 } });
    expect(refusal(format, () => full.decode(big.encode(deep(101)))).message).toMatch(/limits\.maxDepth/);
  });

  it('maxCollectionLength applies to arrays and maps', () => {
    const codec = limited({ maxCollectionLength: 2 });
    expect(codec.decode(codec.encode([1, 2]))).toEqual([1, 2]);
    expect(refusal(format, () => codec.encode([1, 2, 3])).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal(format, () => codec.encode({ a: 1, b: 2, c: 3 })).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal(format, () => codec.decode(full.encode([1, 2, 3]))).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal(format, () => codec.decode(full.encode({ a: 1, b: 2, c: 3 }))).message).toMatch(/limits\.maxCollectionLength/);
  });

  it('maxStringLength counts UTF-8 bytes, keys included', () => {
    const codec = limited({ maxStringLength: 4 });
    expect(codec.decode(codec.encode({ abcd: 'éé' }))).toEqual({ abcd: 'éé' });
    expect(refusal(format, () => codec.encode('ééé')).message).toMatch(/limits\.maxStringLength/);
    expect(refusal(format, () => codec.decode(full.encode('ééé'))).message).toMatch(/limits\.maxStringLength/);
    expect(refusal(format, () => codec.decode(full.encode({ abcde: 1 }))).message).toMatch(/limits\.maxStringLength/);
  });

  it('maxBytes applies to the output of encode and the input of decode', () => {
    const codec = limited({ maxBytes: 8 });
    expect(codec.decode(codec.encode('1234'))).toBe('1234');
    expect(refusal(format, () => codec.encode('123456789')).message).toMatch(/limits\.maxBytes/);
    expect(refusal(format, () => codec.decode(full.encode('123456789'))).message).toMatch(/limits\.maxBytes/);
  });
});

describe('msgpack refuses what JSON does not have', () => {
  const codec = msgpackCodec();
  it.each([
    ['the never-used byte 0xc1', bytes(0xc1), /0xc1/],
    ['a bin 8', bytes(0xc4, 1, 0), /bin/],
    ['a timestamp', bytes(0xd6, 0xff, 0, 0, 0, 1), /timestamp/],
    ['an ext 8', bytes(0xc7, 1, 5, 0), /ext value of type 5/],
    ['empty input', bytes(), /empty/],
  ])('%s', (_what, input, message) => {
    expect(refusal('msgpack', () => codec.decode(input)).message).toMatch(message);
  });
});

describe('cbor', () => {
  const codec = cborCodec();

  it.each([
    ['a byte string', bytes(0x41, 0), /byte string/],
    ['a date tag', bytes(0xc1, 0x1a, 0, 0, 0, 1), /tag 1/],
    ['a shared-value tag', bytes(0xd8, 0x1c, 0x80), /shared or cyclic/],
    ['undefined', bytes(0xf7), /undefined/],
    ['the simple value 16', bytes(0xf0), /simple value 16/],
    ['the simple value 255', bytes(0xf8, 0xff), /simple value 255/],
    ['reserved info 28', bytes(0x1c), /reserved/],
    ['an indefinite integer', bytes(0x1f), /indefinite/],
    ['a stray break', bytes(0xff), /break/],
    ['a half-float NaN', bytes(0xf9, 0x7e, 0x00), /NaN/],
    ['a half-float Infinity', bytes(0xf9, 0x7c, 0x00), /Infinity/],
    ['an indefinite map ending after a key', bytes(0xbf, 0x61, 0x61, 0xff), /without its value/],
    ['an indefinite string holding a byte string', bytes(0x7f, 0x41, 0x00, 0xff), /only hold definite-length text/],
    ['an indefinite string split inside a character', bytes(0x7f, 0x61, 0xc3, 0x61, 0xa9, 0xff), /malformed UTF-8/],
    ['an indefinite array without its break', bytes(0x9f, 0x01), /truncated/],
  ])('refuses %s', (_what, input, message) => {
    expect(refusal('cbor', () => codec.decode(input)).message).toMatch(message);
  });

  it('decodes what other writers produce: indefinite lengths, half and single floats, 64-bit heads', () => {
    const indefinite = bytes(0xbf, 0x7f, 0x62, ...ascii('ke'), 0x61, 0x79, 0xff, 0x9f, 0x01, 0x7f, 0xff, 0x62, ...ascii('ab'), 0xff, 0xff);
    expect(codec.decode(indefinite)).toEqual({ key: [1, '', 'ab'] });
    expect(codec.decode(bytes(0xf9, 0x3e, 0x00))).toBe(1.5);
    expect(Object.is(codec.decode(bytes(0xf9, 0x80, 0x00)), -0)).toBe(true);
    expect(codec.decode(bytes(0xf9, 0x00, 0x01))).toBe(2 ** -24);
    expect(codec.decode(bytes(0xf9, 0x7b, 0xff))).toBe(65504);
    expect(codec.decode(bytes(0xfa, 0x3f, 0xc0, 0, 0))).toBe(1.5);
    expect(codec.decode(bytes(0xfa, 0x47, 0xc3, 0x50, 0x00))).toBe(100000);
    expect(codec.decode(bytes(0x9b, 0, 0, 0, 0, 0, 0, 0, 1, 0xf6))).toEqual([null]);
    expect(codec.decode(bytes(0xd9, 0xd9, 0xf7, 0x82, 0xf5, 0xf4))).toEqual([true, false]);
    expect(codec.decode(bytes(0xbf, 0x69, ...ascii('__proto__'), 0x01, 0xff))).toEqual(JSON.parse('{"__proto__":1}'));
  });

  it('applies the limits to indefinite-length containers and strings', () => {
    const small = cborCodec({ limits: { maxCollectionLength: 2, maxStringLength: 2, maxDepth: 1 } });
    expect(small.decode(bytes(0x9f, 0x01, 0x02, 0xff))).toEqual([1, 2]);
    expect(refusal('cbor', () => small.decode(bytes(0x9f, 0x01, 0x02, 0x03, 0xff))).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal('cbor', () => small.decode(bytes(0xbf, 0x61, 0x61, 1, 0x61, 0x62, 2, 0x61, 0x63, 3, 0xff))).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal('cbor', () => small.decode(bytes(0x7f, 0x62, 0x61, 0x62, 0x61, 0x63, 0xff))).message).toMatch(/limits\.maxStringLength/);
    expect(refusal('cbor', () => small.decode(bytes(0x9f, 0x9f, 0xff, 0xff))).message).toMatch(/limits\.maxDepth/);
  });
});

describe.each(FORMATS)('%s round-trips JSON data exactly', (format) => {
  it('nested values, unicode, numbers of every width', () => {
    const codec = make[format]();
    const value = JSON.parse(
      '{"a":[1,-1,255,-129,65536,-40000,4294967296,-4294967297,9007199254740991,-9007199254740991,0.1,1e308,-5e-324],"s":"héllo 🌍","":null,"t":true,"f":false,"o":{},"e":[]}',
    ) as unknown;
    expect(codec.decode(codec.encode(value))).toEqual(value);
  });
});

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

function findAscii(haystack: Uint8Array, needle: string): number {
  const raw = ascii(needle);
  outer: for (let i = 0; i + raw.length <= haystack.length; i++) {
    for (let j = 0; j < raw.length; j++) if (haystack[i + j] !== raw[j]) continue outer;
    return i;
  }
  throw new Error(`${needle} not found`);
}
