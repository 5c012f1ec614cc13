/**
 * The protobufjs implementation of protobuf (formats/protobuf/libraries/protobufjs.ts): JSON data
 * round-trips through it exactly on an inferred or hand-written schema; its bytes are the .proto's
 * (`toProto`), so wirebench's codec reads them and it reads wirebench's; what protobufjs changes is
 * listed by JSON path; hostile bytes are a WirebenchError and never touch Object.prototype.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalSamples } from 'wirebench/samples';
import type { Codec } from '../../../../src/codec.js';
import { createCodec } from '../../../../src/create-codec.js';
import { WirebenchError } from '../../../../src/errors.js';
import type { Diff } from '../../../../src/fidelity.js';
import { checkRoundTrip } from '../../../../src/fidelity.js';
import { protobufCodec } from '../../../../src/formats/protobuf/codec.js';
import { protobufjsCodec } from '../../../../src/formats/protobuf/libraries/protobufjs.js';
import { inferSchema } from '../../../../src/schema/infer.js';
import { toProto } from '../../../../src/schema/to-proto.js';
import type { Schema } from '../../../../src/schema/types.js';
import { canonicalCases } from '../../../support/canonical.js';
import { protobufRepeated } from '../../../support/hostile-bytes.mjs';
import { jsonValue } from '../../../support/json-arbitrary.js';
import { deepArray } from '../../../support/nesting.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../../../support/paths.js';
import { refusal } from '../../../support/refusal.js';

const library = (schema: Schema): Promise<Codec> => createCodec('protobuf', { schema, implementation: 'protobufjs' });
const valueDiffs = (expected: unknown, actual: unknown): Diff[] => checkRoundTrip(expected, actual, { maxDiffs: 20 }).diffs.filter((d) => d.kind !== 'order');
const corpus = (name: string): unknown => JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as unknown;

/** Round trip through protobufjs, and both directions between protobufjs and wirebench's codec, all exact. */
async function expectExactAndInteroperable(value: unknown, schema: Schema = inferSchema(value)): Promise<void> {
  const lib = await library(schema);
  const own = protobufCodec(schema);
  const bytes = lib.encode(value);
  expect(valueDiffs(value, lib.decode(bytes))).toEqual([]);
  expect(valueDiffs(value, own.decode(bytes))).toEqual([]);
  expect(valueDiffs(value, lib.decode(own.encode(value)))).toEqual([]);
}

/** Shapes that need the lowering's helper messages, odd keys, presence and big numbers. */
const EDGE_CASES: ReadonlyArray<readonly [string, unknown]> = [
  ['a mixed array root', [1, 'two', null, [3, [4.5]], { a: null }, { a: 1, b: [] }, true, -0]],
  ['scalar roots', -0],
  ['a null root', null],
  ['an empty object', {}],
  [
    'nested lists',
    {
      coordinates: [
        [
          [-65.6, 43.4],
          [-65.7, 43.5],
        ],
        [],
      ],
    },
  ],
  [
    'keys absent, null, or both',
    [
      { a: 1, b: null, c: [1], d: null },
      { a: null, c: null, d: 'x' },
      { a: 2, b: 3 },
    ],
  ],
  ['optional and nullable zeros, empty strings and lists', [{ n: 0, s: '', l: [] }, { n: null, s: null, l: null }, {}]],
  ['keys that are not identifiers', JSON.parse('{"first name": 1, "__proto__": {"x": 1}, "constructor": 2, "toString": "s", "123": [true], "": null}')],
  [
    'objects used as maps, __proto__ included',
    { ids: JSON.parse(`{${Array.from({ length: 70 }, (_, i) => `"k${i}": {"n": ${i}}`).join(',')}, "__proto__": {"n": -1}}`) },
  ],
  ['int64 near the edges', { n: [2 ** 53 + 2, -(2 ** 63), 2 ** 63 - 1024, 0, -1], big: 2 ** 63, tiny: 5e-324, fractions: [0.1, -0] }],
  ['unicode', { s: 'é€😀 名前', long: 'ü'.repeat(100) }],
];

describe('protobufjs: JSON data round-trips exactly and interoperates with wirebench both ways', () => {
  it('createCodec builds it', async () => {
    const codec = await library(inferSchema({ a: 1 }));
    expect(codec.implementation).toBe('protobufjs');
    expect(codec.format).toBe('protobuf');
  });

  withCorpus('protobufjs on the corpus', () => {
    it.each(corpusFiles())('%s', async (name) => {
      await expectExactAndInteroperable(corpus(name));
    });
  });

  it.each([1, 2].flatMap((seed) => canonicalSamples(seed).map((s) => [`${s.shape} (seed ${seed})`, s.value] as const)))(
    'canonical %s, inferred schema',
    async (_name, value) => {
      await expectExactAndInteroperable(value);
    },
  );

  it.each(canonicalCases().map((c) => [c.message, c] as const))('canonical %s, schema from schemas/canonical.proto', async (_name, c) => {
    await expectExactAndInteroperable(c.value, c.schema);
  });

  it.each(EDGE_CASES)('%s', async (_name, value) => {
    await expectExactAndInteroperable(value);
  });

  it('writes the bytes toProto describes: protobufjs parsing the printed .proto re-encodes them byte for byte', async () => {
    // The codec's types come from a descriptor, not the parser: any difference from the .proto in
    // packing or presence (an `optional` zero written or not) would show here.
    for (const [, value] of [...EDGE_CASES, ['canonical', canonicalSamples(1)[0]?.value] as const]) {
      const schema = inferSchema(value);
      const parsed = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
      const bytes = (await library(schema)).encode(value);
      expect(Uint8Array.from(parsed.encode(parsed.decode(bytes)).finish())).toEqual(bytes);
    }
  });

  it("returns bytes that own their whole buffer (not a view of protobufjs's pool, nor a Node Buffer)", async () => {
    const codec = await library(inferSchema({ id: 1, tags: ['a'] }));
    const [a, b] = [codec.encode({ id: 1, tags: ['a'] }), codec.encode({ id: 2, tags: [] })];
    for (const bytes of [a, b]) {
      expect(bytes.constructor).toBe(Uint8Array);
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    }
    structuredClone(a, { transfer: [a.buffer as ArrayBuffer] });
    expect(codec.decode(b)).toStrictEqual({ id: 2, tags: [] });
  });
});

describe('protobufjs: what it changes, by JSON path', () => {
  /** Values outside their field's type (the schema came from another sample): wirebench refuses each; protobufjs writes it changed, and both read the change back. */
  const outOfType: ReadonlyArray<readonly [string, unknown, unknown, readonly Diff[]]> = [
    ['a fraction in an int32 field', { n: 1 }, { n: 1.5 }, [{ path: '$.n', kind: 'value', expected: 1.5, actual: 1 }]],
    ['2^31 in an int32 field', { n: 1 }, { n: 2 ** 31 }, [{ path: '$.n', kind: 'value', expected: 2 ** 31, actual: -(2 ** 31) }]],
    ['2^32 + 5 in an int32 field', { n: 1 }, { n: 2 ** 32 + 5 }, [{ path: '$.n', kind: 'value', expected: 2 ** 32 + 5, actual: 5 }]],
    ['2^63 in an int64 field', { n: 2 ** 40 }, { n: 2 ** 63 }, [{ path: '$.n', kind: 'value', expected: 2 ** 63, actual: -(2 ** 63) }]],
    ['2^64 in an int64 field', { n: 2 ** 40 }, { n: 2 ** 64 }, [{ path: '$.n', kind: 'value', expected: 2 ** 64, actual: 0 }]],
  ];

  it.each(outOfType)('%s', async (_what, sample, value, diffs) => {
    const schema = inferSchema(sample);
    const [lib, own] = [await library(schema), protobufCodec(schema)];
    expect(valueDiffs(value, lib.decode(lib.encode(value)))).toEqual(diffs);
    expect(valueDiffs(value, own.decode(lib.encode(value)))).toEqual(diffs);
    expect(() => own.encode(value)).toThrow(WirebenchError);
  });

  describe('lone surrogates: protobufjs writes what UTF-8 cannot carry', () => {
    const schema = inferSchema({ s: 'a', m: JSON.parse(`{${Array.from({ length: 65 }, (_, i) => `"k${i}": ${i}`).join(',')}}`) });
    const short = { s: 'a\ud800', m: {} };

    it('a short string: invalid UTF-8 bytes (its JS writer), which protobufjs and wirebench refuse to read', async () => {
      const bytes = (await library(schema)).encode(short);
      expect(refusal(() => protobufjsCodec(schema).decode(bytes)).message).toMatch(/^protobuf: protobufjs decode failed: .*not valid for encoding utf-8/);
      expect(refusal(() => protobufCodec(schema).decode(bytes)).message).toMatch(/not valid UTF-8/);
    });

    it("a string or map key of 40 units or more, in Node: U+FFFD (Buffer's UTF-8 writer), read back changed", async () => {
      const lib = await library(schema);
      const long = 'a\ud800'.repeat(20);
      expect(valueDiffs({ s: long, m: {} }, lib.decode(lib.encode({ s: long, m: {} })))).toEqual([
        { path: '$.s', kind: 'value', expected: long, actual: 'a\ufffd'.repeat(20) },
      ]);
      expect(lib.decode(lib.encode({ s: '', m: { [long]: 1 } }))).toStrictEqual({ s: '', m: { ['a\ufffd'.repeat(20)]: 1 } });
      // A short key takes the JS writer, as a short string does: refused on decode.
      expect(() => lib.decode(lib.encode({ s: '', m: { ['k\udc00']: 1 } }))).toThrow(/not valid for encoding utf-8/);
    });
  });
});

describe('protobufjs: bytes another writer may send', () => {
  const schema = inferSchema({ n: 2 ** 40, x: 0.5 });
  const parsed = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
  const foreign = (n: unknown, x: number): Uint8Array => parsed.encode({ n, x }).finish();
  const INT64_MAX = { low: -1, high: 0x7fffffff }; // 2^63 - 1 as protobufjs's writers take it

  it('NaN and ±Infinity doubles come back as they are, which JSON cannot hold (wirebench refuses them)', () => {
    for (const x of [NaN, Infinity, -Infinity]) {
      expect(protobufjsCodec(schema).decode(foreign(1, x))).toStrictEqual({ n: 1, x });
      expect(() => protobufCodec(schema).decode(foreign(1, x))).toThrow(/not a JSON number/);
    }
  });

  it('an int64 of 2^63 - 1 comes back as 2^63, which its encode wraps to -2^63 (wirebench refuses it)', () => {
    const codec = protobufjsCodec(schema);
    const decoded = codec.decode(foreign(INT64_MAX, 0.5)) as { n: number };
    expect(decoded.n).toBe(2 ** 63);
    expect(codec.decode(codec.encode(decoded))).toStrictEqual({ n: -(2 ** 63), x: 0.5 });
    expect(() => protobufCodec(schema).decode(foreign(INT64_MAX, 0.5))).toThrow(/outside its type's range/);
  });
});

describe('protobufjs: the JSON mapping refuses, with the JSON path, what the schema cannot hold', () => {
  const schema = inferSchema({ id: 1, user: { name: 'a', tags: [[1, 2]] } });

  it.each([
    ['an unknown key', { id: 1, user: { name: 'a', tags: [], email: 'x' } }, /^protobuf: \$\.user: key "email" is not in the schema/],
    ['a missing key', { user: { name: 'a', tags: [] } }, /^protobuf: \$: key "id" is missing/],
    ['a wrong type', { id: '1', user: { name: 'a', tags: [] } }, /^protobuf: \$\.id: expected an integer, got the string "1"/],
    ['a wrong type inside nested lists', { id: 1, user: { name: 'a', tags: [[1], [2, 'x']] } }, /^protobuf: \$\.user\.tags\[1\]\[1\]: expected an integer/],
    ['an array for a record', { id: 1, user: [] }, /^protobuf: \$\.user: expected an object/],
    ['a value that is not JSON data', { id: 1, user: { name: undefined, tags: [] } }, /^protobuf: \$\.user\.name holds undefined/],
  ])('%s', async (_what, value, message) => {
    expect(refusal(() => protobufjsCodec(schema).encode(value)).message).toMatch(message);
  });

  it("drops unknown keys with { unknownKeys: 'drop' }", async () => {
    const codec = await createCodec('protobuf', { schema, implementation: 'protobufjs', unknownKeys: 'drop' });
    const value = { id: 1, user: { name: 'a', tags: [[3]], email: 'x' }, extra: [1] };
    expect(codec.decode(codec.encode(value))).toStrictEqual({ id: 1, user: { name: 'a', tags: [[3]] } });
  });
});

/** Lone surrogates (mostly), big and odd numbers, odd keys; map keys well-formed (see the examples above). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const stringUnit = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 100 },
  { arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)), weight: 1 },
);
const anyJson = jsonValue({
  keys: fc.oneof(fc.constantFrom('id', '__proto__', 'constructor', 'toString', 'first name', '123', '', 'value', 'Value', 'kind'), fc.string({ maxLength: 5 })),
  numbers: fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 2 ** 63, 2 ** 64, 5e-324),
  ),
  strings: fc.oneof(fc.string({ unit: stringUnit, maxLength: 6 }), fc.string({ unit: stringUnit, minLength: 40, maxLength: 60 })),
});

/**
 * What protobufjs may do to a value instead of giving it back exactly: refuse it (a WirebenchError)
 * or turn its lone surrogates into U+FFFD (as its Node writer does past 39 units), nothing else.
 */
function expectExactOrKnownLoss(value: unknown, produce: () => unknown): 'exact' | 'refused' | 'U+FFFD' {
  let actual: unknown;
  try {
    actual = produce();
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    expect(holdsLoneSurrogate(value)).toBe(true);
    return 'refused';
  }
  const diffs = valueDiffs(value, actual);
  for (const diff of diffs) {
    expect(diff.kind).toBe('value');
    expect(typeof diff.expected === 'string' && LONE_SURROGATE.test(diff.expected)).toBe(true);
    expect(diff.actual).toBe((diff.expected as string).replace(new RegExp(LONE_SURROGATE, 'g'), '\ufffd'));
  }
  return diffs.length === 0 ? 'exact' : 'U+FFFD';
}

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || holdsLoneSurrogate(item));
}

describe('protobufjs and wirebench on random JSON (property)', () => {
  const tally = { exact: 0, refused: 0, 'U+FFFD': 0 };
  afterAll(() => {
    // The property is not vacuous: most values come back exactly, and lone surrogates did reach both outcomes.
    expect(tally.exact).toBeGreaterThan(tally.refused + tally['U+FFFD']);
    expect(tally.refused).toBeGreaterThan(0);
  });

  it('protobufjs writes, wirebench reads; wirebench writes, protobufjs reads: exact, or a WirebenchError, or U+FFFD for a lone surrogate', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const schema = inferSchema(value);
        const [lib, own] = [protobufjsCodec(schema), protobufCodec(schema)];
        for (const [write, read] of [
          [lib, own],
          [own, lib],
          [lib, lib],
        ] as const) {
          tally[expectExactOrKnownLoss(value, () => read.decode(write.encode(value)))]++;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('protobufjs on hostile bytes', () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  const order = canonicalCases()[1] as ReturnType<typeof canonicalCases>[number];
  const orderCodec = protobufjsCodec(order.schema);
  const orderBytes = orderCodec.encode(order.value);

  /** Decode returns or throws a WirebenchError, nothing else. */
  const decodeOrRefuse = (codec: Codec, bytes: Uint8Array): 'decoded' | 'refused' => {
    try {
      codec.decode(bytes);
      return 'decoded';
    } catch (error) {
      expect(error).toBeInstanceOf(WirebenchError);
      return 'refused';
    }
  };

  it('every truncation of an encoding decodes or is a WirebenchError naming protobufjs; one inside a field is refused', () => {
    const outcomes = Array.from({ length: orderBytes.length }, (_, n) => decodeOrRefuse(orderCodec, orderBytes.subarray(0, n)));
    expect(outcomes).toContain('refused');
    // Without its last byte, the last field ends past the data.
    expect(refusal(() => orderCodec.decode(orderBytes.subarray(0, orderBytes.length - 1))).message).toMatch(/^protobuf: protobufjs decode failed: /);
  });

  it('random bytes decode or are a WirebenchError (property)', () => {
    const mixed = protobufjsCodec(inferSchema([1, 'two', { a: [null] }]));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        decodeOrRefuse(orderCodec, bytes);
        decodeOrRefuse(mixed, bytes);
      }),
      { numRuns: 2000 },
    );
  });

  it("Values nested past 100 messages are refused by protobufjs's recursion limit, decoding and encoding", () => {
    const schema = inferSchema([1, 'two']); // a list of Value: Value → ListOfValue → Value …
    let value: Uint8Array = new Uint8Array(0); // an empty Value: null
    for (let level = 0; level < 200; level++) value = delimited(0x2a, delimited(0x0a, value)); // Value.list_value, ListOfValue.values
    const bytes = delimited(0x0a, value); // the root's repeated Value
    expect(refusal(() => protobufjsCodec(schema).decode(bytes)).message).toMatch(/protobufjs decode failed: max depth exceeded/);
    expect(refusal(() => protobufjsCodec(schema).encode([deepArray(60)])).message).toMatch(/protobufjs encode failed: max depth exceeded/);
  });

  it('__proto__ map keys from the wire are own properties, in maps of scalars and of messages', () => {
    const keys = Array.from({ length: 70 }, (_, i) => `"k${i}": 1`).join(',');
    const value = JSON.parse(`{"scalars": {${keys}, "__proto__": 2}, "any": [1, "a", {"__proto__": {"polluted": 1}}]}`) as Record<string, unknown>;
    const schema = inferSchema(value);
    const back = protobufjsCodec(schema).decode(protobufCodec(schema).encode(value)) as Record<string, Record<string, unknown>>;
    expect(valueDiffs(value, back)).toEqual([]);
    const scalars = back['scalars'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(scalars)).toBe(Object.prototype);
    expect(Object.hasOwn(scalars, '__proto__')).toBe(true);
    const inner = (back['any'] as unknown as unknown[])[2] as Record<string, unknown>;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.hasOwn(inner, '__proto__')).toBe(true);
  });

  it('has no value budget: bytes of empty sub-messages decode into records of defaults of any size (wirebench refuses them)', () => {
    const keys = Array.from({ length: 63 }, (_, i) => `field${i}`);
    const schema = inferSchema({ items: [Object.fromEntries(keys.map((k) => [k, 'text'])), Object.fromEntries(keys.map((k) => [k, null]))] });
    const bytes = protobufRepeated([0x0a, 0x00], 20_000); // 40 KB
    const decoded = protobufjsCodec(schema).decode(bytes) as { items: unknown[] };
    expect(decoded.items).toHaveLength(20_000);
    expect(Object.keys(decoded.items[0] as object)).toHaveLength(63);
    expect(refusal(() => protobufCodec(schema).decode(bytes)).message).toMatch(/limits\.maxValuesPerByte/);
  });

  it('checks the byte limit before protobufjs reads anything', () => {
    expect(refusal(() => protobufjsCodec(order.schema, { limits: { maxBytes: 8 } }).decode(orderBytes)).message).toMatch(/exceeds limits\.maxBytes \(8\)/);
  });
});

/** `body` as a length-delimited field with tag byte `tag`. */
function delimited(tag: number, body: Uint8Array): Uint8Array {
  const length: number[] = [];
  for (let n = body.length; ; n >>>= 7) {
    if (n < 128) {
      length.push(n);
      break;
    }
    length.push((n & 127) | 128);
  }
  const out = new Uint8Array(1 + length.length + body.length);
  out.set([tag, ...length]);
  out.set(body, 1 + length.length);
  return out;
}
