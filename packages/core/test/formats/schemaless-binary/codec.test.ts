/**
 * The codec msgpack and CBOR share (src/formats/schemaless-binary/codec.ts), run through both
 * formats: what encode and decode refuse and with which words, keys kept as data (`__proto__`,
 * inherited names), -0, the limits, exact round trips, and an encode or decode run again from a
 * getter or setter while one is under way.
 */
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { WirebenchError } from '../../../src/errors.js';
import type { CodecOptions } from '../../../src/limits.js';
import type { Binary } from '../../support/schemaless-binary.js';
import { ascii, bytes, FORMATS, make, refusal } from '../../support/schemaless-binary.js';

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

  it('a getter that throws is a WirebenchError that carries its error, as in every format', () => {
    const record = { ok: 1 };
    Object.defineProperty(record, 'x', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const error = refusal(format, () => codec.encode({ a: record }));
    expect(error.message).toBe(`${format}: encode failed: boom`);
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
    [
      '-2^53 as a 64-bit integer',
      M ? bytes(0xd3, 0xff, 0xe0, 0, 0, 0, 0, 0, 0) : bytes(0x3b, 0, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
      /-9007199254740992.*rounding/,
    ],
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
    for (const header of M
      ? [
          [0xdc, 0xff, 0xff],
          [0xdd, 0xff, 0xff, 0xff, 0xff],
        ]
      : [
          [0x99, 0xff, 0xff],
          [0x9a, 0xff, 0xff, 0xff, 0xff],
        ]) {
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
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
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

describe.each(FORMATS)('%s round-trips JSON data exactly', (format) => {
  it('nested values, unicode, numbers of every width', () => {
    const codec = make[format]();
    const value = JSON.parse(
      '{"a":[1,-1,255,-129,65536,-40000,4294967296,-4294967297,9007199254740991,-9007199254740991,0.1,1e308,-5e-324],"s":"héllo 🌍","":null,"t":true,"f":false,"o":{},"e":[]}',
    ) as unknown;
    expect(codec.decode(codec.encode(value))).toEqual(value);
  });
});

describe.each(FORMATS)('%s one-pass decode and tricky keys', (format) => {
  const codec = make[format]();

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

function findAscii(haystack: Uint8Array, needle: string): number {
  const raw = ascii(needle);
  outer: for (let i = 0; i + raw.length <= haystack.length; i++) {
    for (let j = 0; j < raw.length; j++) if (haystack[i + j] !== raw[j]) continue outer;
    return i;
  }
  throw new Error(`${needle} not found`);
}

function findLast(haystack: Uint8Array, needle: string): number {
  const raw = [...new TextEncoder().encode(needle)];
  for (let i = haystack.length - raw.length; i >= 0; i--) {
    if (raw.every((b, j) => haystack[i + j] === b)) return i;
  }
  throw new Error(`${needle} not found`);
}
