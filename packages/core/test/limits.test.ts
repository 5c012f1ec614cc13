/**
 * limits.ts: one options object of limits for every codec, enforced by encode and by decode alike
 * (encode refuses exactly what decode would refuse), checked when the codec is made; and the ceiling
 * on `limits.maxDepth` (MAX_DEPTH): every codec writes and reads whatever depth its limits allow,
 * both ways, so a limit past what the call stack holds is refused when the codec is made, not met as
 * a stack overflow reported as "the nesting exceeds limits.maxDepth". Both for every implementation
 * (IMPLEMENTATIONS): each limit means what it means for wirebench's codec, at the limit and one past
 * it; and the depths hold on a cold stack, each in a worker that has run nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from 'wirebench/samples';
import type { Codec, FormatId } from '../src/codec.js';
import { FORMATS, SCHEMA_FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { flatbuffersCodec } from '../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import type { Limits } from '../src/limits.js';
import { DEFAULT_LIMITS, MAX_DEPTH } from '../src/limits.js';
import { inferSchema } from '../src/schema/infer.js';
import type { Schema } from '../src/schema/types.js';
import type { DepthResult } from './support/cold-depth.mjs';
import { coldDepthInChild } from './support/cold-depth.mjs';
import { cborSharedString } from './support/hostile-bytes.mjs';
import type { ImplementationCase } from './support/library-codecs.js';
import { implementationCases } from './support/library-codecs.js';
import { deepArray, deepMixed, deepObject } from './support/nesting.js';
import { refusal } from './support/refusal.js';

const SCHEMA_CODECS = [
  ['protobuf', protobufCodec],
  ['flatbuffers', flatbuffersCodec],
] as const;

describe('limits: one options object for every codec, enforced by decode and by encode', () => {
  const value = { list: [1, 2, 3, 4], text: 'héllo', nested: [[1]] };
  const cases: Array<[keyof Limits, number, unknown]> = [
    ['maxCollectionLength', 3, { list: [1, 2, 3, 4], text: 'a', nested: [[1]] }],
    ['maxStringLength', 5, { list: [1], text: 'héllo', nested: [[1]] }], // 6 bytes of UTF-8
    ['maxDepth', 2, { list: [1], text: 'a', nested: [[1]] }],
  ];

  it.each(FORMATS)('%s', async (format) => {
    const schema = inferSchema(value);
    const unlimited = await createCodec(format, { schema });
    for (const [name, limit, payload] of cases) {
      const limited = await createCodec(format, { schema, limits: { [name]: limit } });
      expect(refusal(() => limited.encode(payload)).message).toContain(`limits.${name} (${limit})`);
      expect(refusal(() => limited.decode(unlimited.encode(payload))).message).toContain(`limits.${name} (${limit})`);
    }
    const bytes = unlimited.encode(value);
    const small = await createCodec(format, { schema, limits: { maxBytes: bytes.length - 1 } });
    expect(refusal(() => small.encode(value)).message).toContain(`limits.maxBytes (${bytes.length - 1})`);
    expect(refusal(() => small.decode(bytes)).message).toContain(`limits.maxBytes (${bytes.length - 1})`);
    const exact = await createCodec(format, { schema, limits: { maxBytes: bytes.length, maxStringLength: 6, maxCollectionLength: 4, maxDepth: 3 } });
    expect(exact.decode(exact.encode(value))).toEqual(value);
  });

  it('refuses limits that are not positive integers, or unknown', async () => {
    await expect(createCodec('json', { limits: { maxDepth: 0 } })).rejects.toThrow(/limits\.maxDepth must be a positive integer/);
    await expect(createCodec('cbor', { limits: { maxBytes: 1.5 } })).rejects.toThrow(/limits\.maxBytes must be a positive integer/);
    await expect(createCodec('msgpack', { limits: { maxDeep: 3 } as unknown as Partial<Limits> })).rejects.toThrow(/unknown limit "maxDeep"/);
  });
});

describe('encode refuses exactly what decode refuses: nesting', () => {
  // FlatBuffers must not write 70 nested records (or 23 levels inside an `any` field) that its own decoder refuses at table depth 64.
  it.each(SCHEMA_CODECS)('%s writes and reads 70 nested records and 40 levels inside a dynamic value', (_format, make) => {
    const records = deepObject(70);
    const records_ = make(inferSchema(records));
    expect(records_.decode(records_.encode(records))).toEqual(records);
    const dynamic = { any: [1, 'a', deepArray(40)] };
    const dynamic_ = make(inferSchema(dynamic));
    expect(dynamic_.decode(dynamic_.encode(dynamic))).toEqual(dynamic);
  });

  it.each(FORMATS)('%s: one level past maxDepth is refused by encode, and by decode of bytes written under a higher limit', async (format) => {
    const maxDepth = 40;
    const at = deepArray(maxDepth);
    const past = deepArray(maxDepth + 1);
    const schema = inferSchema([1, 'any JSON value']);
    const strict = await createCodec(format, { schema, limits: { maxDepth } });
    const loose = await createCodec(format, { schema, limits: { maxDepth: maxDepth + 10 } });
    expect(strict.decode(strict.encode(at))).toEqual(at);
    expect(refusal(() => strict.encode(past)).message).toContain(`limits.maxDepth (${maxDepth})`);
    expect(refusal(() => strict.decode(loose.encode(past))).message).toContain(`limits.maxDepth (${maxDepth})`);
  });
});

describe('the wrapped root counts as its value, not as a level of nesting', () => {
  const formats: FormatId[] = ['protobuf', 'flatbuffers'];
  it.each(formats)('%s', async (format) => {
    const schema: Schema = inferSchema([[1]]);
    const codec = await createCodec(format, { schema, limits: { maxDepth: 2 } });
    expect(codec.decode(codec.encode([[1]]))).toEqual([[1]]);
    expect(refusal(() => codec.encode([[[1]]])).message).toContain('limits.maxDepth (2)');
  });
});

const SCHEMALESS: FormatId[] = ['json', 'msgpack', 'cbor'];

describe('limits.maxDepth has a ceiling every codec holds both ways', () => {
  it.each(['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'] as const)(
    '%s refuses maxDepth past MAX_DEPTH when the codec is made, saying why',
    async (format) => {
      const schema = inferSchema({ a: 1 });
      await expect(createCodec(format, { schema, limits: { maxDepth: 1e7 } })).rejects.toThrow(
        new RegExp(`^${format}: limits\\.maxDepth can be at most ${MAX_DEPTH}, got 10000000: .*call stack`),
      );
      await expect(createCodec(format, { schema, limits: { maxDepth: MAX_DEPTH } })).resolves.toBeDefined();
    },
  );

  it.each(SCHEMALESS)('%s writes and reads MAX_DEPTH levels of arrays and of objects, and refuses one more as a limit', async (format) => {
    const codec = await createCodec(format, { limits: { maxDepth: MAX_DEPTH } });
    for (const deep of [deepArray, deepObject]) {
      expect(codec.decode(codec.encode(deep(MAX_DEPTH)))).toStrictEqual(deep(MAX_DEPTH));
      expect(() => codec.encode(deep(MAX_DEPTH + 1))).toThrow(/nesting level 1001 at \$.* exceeds limits\.maxDepth \(1000\)/);
    }
  });

  it.each(['msgpack', 'cbor'] as const)('%s refuses 100,000 levels of bytes by the limit, not by the stack', async (format) => {
    const codec = await createCodec(format, { limits: { maxDepth: MAX_DEPTH } });
    // One-element arrays nested 100,000 deep, around a 1 (msgpack fixarray 0x91, CBOR 0x81).
    const bytes = new Uint8Array(100_001).fill(format === 'msgpack' ? 0x91 : 0x81);
    bytes[100_000] = 0x01;
    expect(() => codec.decode(bytes)).toThrow(/exceeds limits\.maxDepth \(1000\)/);
  });

  it('FlatBuffers writes and reads MAX_DEPTH levels with a schema inferred from them', async () => {
    for (const deep of [deepArray, deepObject]) {
      const value = deep(MAX_DEPTH);
      const codec = await createCodec('flatbuffers', { schema: inferSchema(value), limits: { maxDepth: MAX_DEPTH } });
      expect(codec.decode(codec.encode(value))).toStrictEqual(value);
    }
  });

  it.each(implementationCases(FORMATS).map((c) => [c.name, c] as const))(
    '%s writes and reads arrays and objects nested DEFAULT_LIMITS.maxDepth deep with the default limits',
    async (_name, c) => {
      for (const deep of [deepArray, deepObject]) {
        const value = deep(DEFAULT_LIMITS.maxDepth);
        const codec = await createCodec(c.format, {
          implementation: c.implementation,
          schema: SCHEMA_FORMATS.includes(c.format) ? inferSchema(value) : undefined,
        });
        expect(codec.decode(codec.encode(value))).toStrictEqual(value);
      }
    },
  );

  it('inferSchema refuses a sample deeper than MAX_DEPTH with a WirebenchError, not a stack overflow', () => {
    expect(() => inferSchema(deepArray(100_000))).toThrow(WirebenchError);
    expect(() => inferSchema(deepObject(MAX_DEPTH + 1))).toThrow(/nests deeper than 1000 levels/);
    expect(() => inferSchema(deepObject(MAX_DEPTH))).not.toThrow();
  });

  it.each(SCHEMALESS)('%s, property: whatever maxDepth a codec is made with, it writes and reads that depth and refuses one more', async (format) => {
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: MAX_DEPTH }), fc.integer({ min: 1, max: 20_000 })), fc.nat(), async (maxDepth, shape) => {
        let codec: Codec;
        try {
          codec = await createCodec(format, { limits: { maxDepth } });
        } catch (error) {
          expect(error).toBeInstanceOf(WirebenchError);
          expect(maxDepth).toBeGreaterThan(MAX_DEPTH);
          return;
        }
        made++;
        const value = deepMixed(maxDepth, shape);
        expect(codec.decode(codec.encode(value))).toStrictEqual(value);
        expect(() => codec.encode(deepMixed(maxDepth + 1, shape))).toThrow(/exceeds limits\.maxDepth/);
      }),
      { numRuns: 40, seed: 31 },
    );
    expect(made).toBeGreaterThan(10);
  });
});

/**
 * A worker's stack for as much JavaScript as Node's main thread has (V8's 984 KB): Node gives a
 * worker's JavaScript its stackSizeMb less 192 KB. Node 20, measured cold at 1,000 levels: every
 * implementation fits in 0.95 MB (770 KB of JavaScript); in 0.9 MB the encoders of msgpackr and
 * cbor-x (records), the flatbuffers runtime's encoder (arrays) and inferSchema (records) ran out.
 */
const MAIN_THREAD_STACK_MB = (984 + 192) / 1024;

describe('limits.maxDepth holds cold: every implementation, each depth in a worker that has run nothing', () => {
  // Protobuf's recursion limit (100 messages) comes first: these shapes take about a message a level.
  const capOf = (format: FormatId): number => (format === 'protobuf' ? DEFAULT_LIMITS.maxDepth : MAX_DEPTH);

  it.each(implementationCases(FORMATS).map((c) => [c.name, c] as const))(
    '%s writes and reads arrays and objects nested to every depth of a stride up to its cap, and refuses one more',
    (_name, c) => {
      const cap = capOf(c.format);
      // Every depth would take a worker each (0.1 s): a stride, a few drawn at random, and the cap's neighbours.
      const drawn = fc.sample(fc.integer({ min: 1, max: cap }), 3);
      const depths = [...new Set([1, 2, 3, 10, Math.floor(cap / 2), ...drawn, cap - 2, cap - 1, cap])].sort((a, b) => a - b);
      const checks = (['array', 'object'] as const).flatMap((shape) => [...depths, cap + 1].map((depth) => ({ shape, depth, maxDepth: cap })));
      const results = coldDepthInChild(c.format, c.implementation, checks, { stackSizeMb: MAIN_THREAD_STACK_MB });
      const said = (r: DepthResult): string =>
        r.outcome === 'ok'
          ? 'ok'
          : r.outcome === 'refused' &&
              r.name === 'WirebenchError' &&
              new RegExp(`limits\\.maxDepth \\(${cap}\\)|nests deeper than ${cap} levels`).test(r.message)
            ? 'refused by the limit'
            : JSON.stringify(r);
      expect(checks.map((check, i) => `${check.shape} ${check.depth}: ${said(results[i] as DepthResult)}`)).toEqual(
        checks.map((check) => `${check.shape} ${check.depth}: ${check.depth <= cap ? 'ok' : 'refused by the limit'}`),
      );
    },
    60_000,
  );
});

// ---------------------------------------------------------------------------------------------
// One meaning of each limit, whoever runs the format

/** A string of exactly `bytes` UTF-8 bytes, of characters 1 to 4 bytes long (`seed` picks them), so a count of UTF-16 units or characters is off. */
function utf8Text(bytes: number, seed: number): string {
  const random = seededRandom(seed);
  const widths = ['a', 'é', '€', '😀'];
  let text = '';
  for (let left = bytes; left > 0; ) {
    const width = 1 + Math.floor(random() * Math.min(4, left));
    text += widths[width - 1];
    left -= width;
  }
  return text;
}

/** A limit, the values `n` it is drawn from, and JSON data that reaches `n` exactly (given `n + 1`: one past it), shaped by `seed`. */
interface LimitCase {
  readonly name: Exclude<keyof Limits, 'maxBytes' | 'maxValuesPerByte'>;
  readonly n: fc.Arbitrary<number>;
  readonly value: (n: number, seed: number) => unknown;
}

const LIMIT_CASES: readonly LimitCase[] = [
  // Protobuf's own recursion limit (100 messages) stays out of the way up to 45 levels of any mix.
  { name: 'maxDepth', n: fc.integer({ min: 1, max: 45 }), value: (n, seed) => deepMixed(n, seed) },
  // Elements of an array, keys of a record or of an id-keyed map (a map in the schema formats), one level down.
  {
    name: 'maxCollectionLength',
    n: fc.integer({ min: 1, max: 100 }),
    value: (n, seed) => {
      const keys = Array.from({ length: n }, (_, i) => (seed % 3 === 2 ? String(1000 + i) : `key${i}`));
      return { items: seed % 3 === 0 ? keys.map((_, i) => i) : Object.fromEntries(keys.map((key, i) => [key, i])) };
    },
  },
  // A string value, or a key (a record's field name in the schema formats).
  { name: 'maxStringLength', n: fc.integer({ min: 1, max: 200 }), value: (n, seed) => (seed % 2 ? { text: utf8Text(n, seed) } : { [utf8Text(n, seed)]: 1 }) },
];

/** What a codec of `c` made with `limits` does with `value`: encode it, and decode what a codec without them wrote. */
async function decisions(c: ImplementationCase, value: unknown, limits: Partial<Limits>): Promise<{ encode: string; decode: string }> {
  const schema = SCHEMA_FORMATS.includes(c.format) ? inferSchema(value) : undefined;
  const limited = await createCodec(c.format, { implementation: c.implementation, schema, limits });
  const open = await createCodec(c.format, { implementation: c.implementation, schema });
  const decided = (action: () => unknown): string => {
    try {
      expect(action()).toEqual(value);
      return 'accepted';
    } catch (error) {
      if (!(error instanceof WirebenchError)) throw error;
      return error.message.match(/limits\.\w+ \(\d+\)/)?.[0] ?? error.message;
    }
  };
  return { encode: decided(() => limited.decode(limited.encode(value))), decode: decided(() => limited.decode(open.encode(value))) };
}

describe.each(implementationCases(FORMATS).map((c) => [c.name, c] as const))(
  '%s: each limit means what it means for wirebench, at the limit and one past it',
  (_name, c) => {
    const own = { ...c, implementation: 'wirebench' as const };
    it.each(LIMIT_CASES.map((l) => [l.name, l] as const))('%s', async (name, limit) => {
      await fc.assert(
        fc.asyncProperty(limit.n, fc.nat(), async (n, seed) => {
          const refused = { encode: `limits.${name} (${n})`, decode: `limits.${name} (${n})` };
          for (const [value, expected] of [
            [limit.value(n, seed), { encode: 'accepted', decode: 'accepted' }],
            [limit.value(n + 1, seed), refused],
          ] as const) {
            const limits = { [name]: n };
            expect({ [c.name]: await decisions(c, value, limits), wirebench: await decisions(own, value, limits) }).toEqual({
              [c.name]: expected,
              wirebench: expected,
            });
          }
        }),
        { numRuns: 6 },
      );
    });

    // The bytes are the implementation's own, so each is held to its own size, limit and one past it.
    it('maxBytes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(fc.integer(), fc.string()), { minLength: 1, maxLength: 40 }), async (items) => {
          const value = { items: items.map(String) };
          const schema = SCHEMA_FORMATS.includes(c.format) ? inferSchema(value) : undefined;
          const length = (await createCodec(c.format, { implementation: c.implementation, schema })).encode(value).length;
          expect(await decisions(c, value, { maxBytes: length })).toEqual({ encode: 'accepted', decode: 'accepted' });
          expect(await decisions(c, value, { maxBytes: length - 1 })).toEqual({
            encode: `limits.maxBytes (${length - 1})`,
            decode: `limits.maxBytes (${length - 1})`,
          });
        }),
        { numRuns: 6 },
      );
    });
  },
);

/** CBOR's head of major type `major` with a 16-bit count. */
const head16 = (major: number, count: number): number[] => [(major << 5) | 25, count >> 8, count & 0xff];
/** `count` small integers (msgpack's positive fixints, CBOR's 0–23), each a byte. */
const smallInts = (count: number): number[] => Array.from({ length: count }, (_, i) => i % 20);
/** `count` different 16-bit integers (msgpack `cd`, CBOR `19`), for a Set that keeps them all. */
const distinctInts = (format: FormatId, count: number): number[] =>
  Array.from({ length: count }, (_, i) => [format === 'cbor' ? 0x19 : 0xcd, i >> 8, i & 0xff]).flat();

describe('limits hold inside what a library builds that is not JSON data', () => {
  const limits = { maxCollectionLength: 10, maxDepth: 5, maxStringLength: 20 };
  const deep = [...new Array(50).fill(0x81), 0x01]; // CBOR: 50 one-item arrays around 1
  const CASES: Array<[string, ImplementationCase['implementation'], FormatId, number[], RegExp]> = [
    [
      "cbor-x's Set (tag 258) of 1,000 items",
      'cbor-x',
      'cbor',
      [0xd9, 0x01, 0x02, ...head16(4, 1000), ...distinctInts('cbor', 1000)],
      /a Set of 1000 at \$ exceeds limits\.maxCollectionLength \(10\)/,
    ],
    ["cbor-x's Set holding 50 nested arrays", 'cbor-x', 'cbor', [0xd9, 0x01, 0x02, 0x81, ...deep], /exceeds limits\.maxDepth \(5\)/],
    [
      'a CBOR byte string of 1,000 bytes (cbor-x)',
      'cbor-x',
      'cbor',
      [...head16(2, 1000), ...smallInts(1000)],
      /a byte string of 1000 bytes at \$ exceeds limits\.maxStringLength \(20\)/,
    ],
    [
      "msgpackr's Set extension (0x73) of 1,000 items",
      'msgpackr',
      'msgpack',
      [0xd4, 0x73, 0x00, 0xdc, 0x03, 0xe8, ...distinctInts('msgpack', 1000)],
      /a Set of 1000 at \$ exceeds limits\.maxCollectionLength \(10\)/,
    ],
    [
      "msgpackr's Set holding 50 nested arrays",
      'msgpackr',
      'msgpack',
      [0xd4, 0x73, 0x00, 0x91, ...new Array(50).fill(0x91), 0x01],
      /exceeds limits\.maxDepth \(5\)/,
    ],
  ];

  it.each(CASES)('%s is refused, naming the limit', async (_what, implementation, format, bytes, message) => {
    const codec = await createCodec(format, { implementation, limits });
    expect(refusal(() => codec.decode(Uint8Array.from(bytes))).message).toMatch(message);
    // Without a shape limit the library's value comes back as it builds it.
    const open = await createCodec(format, { implementation });
    expect(open.decode(Uint8Array.from(bytes))).toBeTypeOf('object');
  });

  it("cbor-x's one long string referenced 300,000 times is refused as sharing, not checked once per reference", async () => {
    // 965,011 bytes; each check of the 65,000-char string's length cost its length: 47 s before the walk charged it.
    const bytes = cborSharedString(65_000, 300_000);
    const codec = await createCodec('cbor', { implementation: 'cbor-x', limits: { maxStringLength: 100_000 } });
    expect(refusal(() => codec.decode(bytes)).message).toMatch(/holds more values than its 965011 bytes can once each: it shares parts/);
  });
});
