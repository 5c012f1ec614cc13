/**
 * Malformed, truncated, random and hostile bytes through every implementation of every format
 * (IMPLEMENTATIONS: wirebench's codecs and each library): a WirebenchError of the format or data,
 * never another error, a hang or a changed Object.prototype. Where a library decodes bytes that
 * are not JSON data, or cannot bound depth or memory, the test says exactly what it does
 * (LIBRARY_FACTS in support/library-codecs.ts, and the tables below), so a library upgrade that
 * changes it shows up. A library module that is still a placeholder is skipped with its message.
 */

import fc from 'fast-check';
import { C1 } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import type { Codec, FormatId } from '../../src/codec.js';
import { FORMATS } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { jsonKind } from '../../src/fidelity.js';
import type { ImplementationId } from '../../src/implementations.js';
import { canonicalCases } from '../support/canonical.js';
import type { ChildDecode } from '../support/hostile-bytes.mjs';
import { cborPackedPrefixCopies, decodeInChild, nestedClaims } from '../support/hostile-bytes.mjs';
import type { ImplementationCase } from '../support/library-codecs.js';
import { implementationCases, LIBRARY_FACTS, placeholderReason } from '../support/library-codecs.js';

const order = canonicalCases().find((c) => c.shape === 'order')!;
const codecFor = (format: FormatId, implementation: ImplementationId = 'wirebench'): Promise<Codec> =>
  createCodec(format, { schema: order.schema, implementation });

const IMPLEMENTATION_CASES = await Promise.all(implementationCases(FORMATS).map(async (c) => ({ ...c, skipped: await placeholderReason(c, order.schema) })));
const available = IMPLEMENTATION_CASES.filter((c) => !c.skipped);
const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Inputs each format's decoder must refuse: truncations, invalid markers, non-JSON types. */
const MALFORMED: Record<FormatId, Array<[string, Uint8Array]>> = {
  json: [
    ['truncated object', utf8('{"a":')],
    ['invalid UTF-8', bytes(0x22, 0xff, 0x22)],
    ['an encoded surrogate in a string', bytes(0x22, 0x61, 0xed, 0xa0, 0x80, 0x22)],
    ['empty input', bytes()],
    ['trailing garbage', utf8('{} x')],
  ],
  simdjson: [
    ['truncated object', utf8('{"a":')],
    ['invalid UTF-8', bytes(0x22, 0xff, 0x22)],
    ['empty input', bytes()],
  ],
  msgpack: [
    ['truncated map', bytes(0x81, 0xa1, 0x61)],
    ['the never-used byte 0xc1', bytes(0xc1)],
    ['a timestamp extension (not JSON data)', bytes(0xd6, 0xff, 0, 0, 0, 1)],
    ['a binary string (not JSON data)', bytes(0xc4, 0x01, 0x00)],
    ['an array header claiming 4 billion items', bytes(0xdd, 0xff, 0xff, 0xff, 0xff, 0x01)],
    ['empty input', bytes()],
  ],
  cbor: [
    ['truncated map', bytes(0xa1, 0x61, 0x61)],
    ['a stray break byte', bytes(0xff)],
    ['a date tag (not JSON data)', bytes(0xc1, 0x1a, 0, 0, 0, 1)],
    ['a byte string (not JSON data)', bytes(0x41, 0x00)],
    ['an array header claiming 2^64 items', bytes(0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)],
    ['empty input', bytes()],
  ],
  protobuf: [
    ['a string longer than the input', bytes(0x1a, 0x7f, 0x61)],
    ['wire type 7', bytes(0x0f)],
    ['a truncated varint', bytes(0x08, 0xff)],
  ],
  flatbuffers: [
    ['empty input', bytes()],
    ['a root offset past the end', bytes(0xff, 0xff, 0, 0)],
    ['a vtable offset past the end', bytes(4, 0, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f)],
  ],
};

/**
 * MALFORMED inputs a library decodes instead of refusing, and exactly what it makes of them: bytes
 * that are valid MessagePack or CBOR but not JSON data (the library's own types).
 */
const LIBRARY_DECODES: Partial<Record<ImplementationId, Record<string, unknown>>> = {
  '@msgpack/msgpack': {
    'a timestamp extension (not JSON data)': new Date(1000),
    'a binary string (not JSON data)': Uint8Array.of(0),
  },
  msgpackr: {
    'the never-used byte 0xc1': C1,
    'a timestamp extension (not JSON data)': new Date(1000),
    'a binary string (not JSON data)': Uint8Array.of(0),
  },
  'cbor-x': {
    'a date tag (not JSON data)': new Date(1000),
    'a byte string (not JSON data)': Uint8Array.of(0),
  },
};

for (const c of IMPLEMENTATION_CASES.filter((x) => x.skipped)) {
  describe(`${c.name} decoder facing malformed bytes`, () => {
    it.skip(`skipped: ${String(c.skipped)}`, () => {});
  });
}

describe.each(available.map((c) => [c.name, c] as const))('%s decoder facing malformed bytes', (_name, { format, implementation }) => {
  const decodes = LIBRARY_DECODES[implementation] ?? {};
  it.each(MALFORMED[format])('throws WirebenchError for %s (or decodes it as the library is known to)', async (what, input) => {
    const codec = await codecFor(format, implementation);
    let thrown: unknown;
    let value: unknown;
    try {
      value = codec.decode(input);
    } catch (error) {
      thrown = error;
    }
    if (Object.hasOwn(decodes, what)) {
      expect(thrown).toBeUndefined();
      expect(value).toStrictEqual(decodes[what]);
      return;
    }
    expect(thrown).toBeInstanceOf(WirebenchError);
    expect((thrown as WirebenchError).format).toBe(format);
    expect((thrown as WirebenchError).message.length).toBeGreaterThan(format.length + 10);
  });

  it('throws WirebenchError for every truncation of a valid encoding, or returns plain data', async () => {
    const codec = await codecFor(format, implementation);
    const valid = codec.encode(order.value);
    for (let end = 0; end < valid.length; end++) expectRefusedOrPlain(codec, valid.subarray(0, end), implementation);
  });

  it('refuses a string where bytes are expected, naming what it got', async () => {
    const codec = await codecFor(format, implementation);
    expect(() => codec.decode('{"a":1}' as unknown as Uint8Array)).toThrow(/expects a Uint8Array, got string/);
  });

  it('never crashes, hangs or pollutes prototypes on random and mutated bytes', async () => {
    const codec = await codecFor(format, implementation);
    const valid = codec.encode(order.value);
    const mutated = fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((edits) => {
      const copy = valid.slice();
      for (const [at, value] of edits) copy[at] = value;
      return copy;
    });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 256 }), mutated), (input) => expectRefusedOrPlain(codec, input, implementation)),
      { numRuns: 400, seed: 42 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

/**
 * A decoder may accept bytes that happen to be valid, but then it must return plain JSON-like data;
 * a library may also return the values that are not JSON data it is known for (LIBRARY_FACTS).
 */
function expectRefusedOrPlain(codec: Codec, input: Uint8Array, implementation: ImplementationId = 'wirebench'): void {
  let value: unknown;
  try {
    value = codec.decode(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    expect((error as WirebenchError).format).toBe(codec.format);
    return;
  }
  expectPlainData(value, LIBRARY_FACTS[implementation]?.nonJsonData);
}

/** The name LIBRARY_FACTS gives a value that is not JSON data (as notJsonData in support/fuzz.ts does). */
const nonJsonName = (value: unknown): string =>
  typeof value === 'number' ? String(value) : typeof value === 'object' && value !== null ? ((value as object).constructor?.name ?? 'object') : typeof value;

function expectPlainData(root: unknown, known?: RegExp): void {
  const pending = [root];
  // cbor-x may return shared and cyclic references (tags 28/29): each object is visited once.
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const value = pending.pop();
    const kind = jsonKind(value);
    const plain = ['null', 'boolean', 'string', 'array', 'object'].includes(kind) || (kind === 'number' && Number.isFinite(value));
    if (!plain) {
      // Not JSON data: wirebench never returns it; a library only what it is known for.
      expect(known === undefined ? `${nonJsonName(value)} (not JSON data)` : nonJsonName(value)).toMatch(known ?? /^$/);
      continue;
    }
    if (seen.has(value)) continue;
    if (kind === 'array' || kind === 'object') seen.add(value);
    if (kind === 'array') pending.push(...(value as unknown[]));
    if (kind === 'object') pending.push(...Object.values(value as object));
  }
}

describe('hostile payloads', () => {
  it.each(available.filter((c) => ['json', 'msgpack', 'cbor'].includes(c.format)).map((c) => [c.name, c] as const))(
    'a __proto__ key is data or refused, never a prototype change: %s',
    async (_name, { format, implementation }) => {
      const hostile = utf8('{"__proto__":{"polluted":true},"a":1}');
      const codec = await codecFor(format, implementation);
      const asFormat = format === 'json' ? hostile : codec.encode(JSON.parse('{"__proto__":{"polluted":true},"a":1}'));
      try {
        const value = codec.decode(asFormat) as Record<string, unknown>;
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      } catch (error) {
        expect(error).toBeInstanceOf(WirebenchError);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    },
  );

  it('flatbuffers bounds the work of a vector whose length claims more than the buffer holds', async () => {
    const codec = await codecFor('flatbuffers');
    const valid = codec.encode(order.value);
    // Overwrite every 4-byte word, one at a time, with a huge length: the decoder must refuse or read plain data quickly.
    for (let at = 0; at + 4 <= valid.length; at += 4) {
      const copy = valid.slice();
      new DataView(copy.buffer).setUint32(at, 0x7fffffff, true);
      expectRefusedOrPlain(codec, copy);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Depth and memory, implementation by implementation: what each one bounds, and what it does not.

const SCHEMALESS = available.filter((c) => c.format === 'msgpack' || c.format === 'cbor') as Array<ImplementationCase & { format: 'msgpack' | 'cbor' }>;

/** `levels` arrays nested around a null, in `format`. */
const nestedArrays = (format: 'msgpack' | 'cbor', levels: number): Uint8Array => {
  const bytes = new Uint8Array(levels + 1).fill(format === 'msgpack' ? 0x91 : 0x81);
  bytes[levels] = format === 'msgpack' ? 0xc0 : 0xf6;
  return bytes;
};

/** How deep a decoded value nests (arrays only). */
const depthOf = (value: unknown): number => {
  let depth = 0;
  for (let at = value; Array.isArray(at); at = at[0]) depth++;
  return depth;
};

/**
 * What each implementation does with arrays nested 101 levels (one past limits.maxDepth) and
 * 100,000 levels (past any call stack): wirebench refuses both, naming the limit; the libraries
 * have no depth option. msgpackr and cbor-x decode recursively, so the call stack is their bound
 * (wrapped as 'the data is nested too deeply'); @msgpack/msgpack keeps its own stack, so nothing
 * bounds it but the input (a byte per level, memory linear in the input), and it returns a value
 * nested 100,000 deep, which its own encoder (maxDepth) and any recursive consumer refuse.
 */
const NESTING: Record<string, { readonly at101: 'refused' | 'decoded'; readonly deep: 'refused' | 'decoded'; readonly refusal: RegExp }> = {
  'msgpack/wirebench': { at101: 'refused', deep: 'refused', refusal: /nesting level 101 .*exceeds limits\.maxDepth \(100\)/ },
  'cbor/wirebench': { at101: 'refused', deep: 'refused', refusal: /nesting level 101 .*exceeds limits\.maxDepth \(100\)/ },
  'msgpack/@msgpack/msgpack': { at101: 'decoded', deep: 'decoded', refusal: /^$/ },
  'msgpack/msgpackr': { at101: 'decoded', deep: 'refused', refusal: /msgpackr decode failed: the data is nested too deeply/ },
  'cbor/cbor-x': { at101: 'decoded', deep: 'refused', refusal: /cbor-x decode failed: the data is nested too deeply/ },
};

describe.each(SCHEMALESS.map((c) => [c.name, c] as const))('%s: nesting', (name, { format, implementation }) => {
  const expected = NESTING[name];
  it('101 and 100,000 levels of arrays: refused or decoded, as listed in NESTING', async () => {
    expect(expected === undefined ? `${name} is not listed in NESTING` : '').toBe('');
    const codec = await codecFor(format, implementation);
    for (const [levels, outcome] of [
      [101, expected!.at101],
      [100_000, expected!.deep],
    ] as const) {
      const bytes = nestedArrays(format, levels);
      if (outcome === 'decoded') expect(depthOf(codec.decode(bytes))).toBe(levels);
      else expect(() => codec.decode(bytes)).toThrow(expected!.refusal);
    }
  });
});

/** A hostile input decoded in a process of its own (support/hostile-bytes.mjs: a heap cap and a timeout). */
interface ChildCase {
  readonly what: string;
  readonly formats: ReadonlyArray<'msgpack' | 'cbor'>;
  readonly bytes: (format: 'msgpack' | 'cbor') => Uint8Array;
  readonly maxOldSpaceMb?: number;
  /** What happens, by implementation row name; any row not listed must refuse it with little allocated. */
  readonly known: Readonly<Record<string, (result: ChildDecode) => void>>;
}

/** A refusal that allocated no more than this (a decoder's fixed overhead; the inputs are a few KB). */
const SMALL_ALLOCATION = 4 * 1024 * 1024;

const outOfMemory = (result: ChildDecode): void => {
  expect(result.outcome).toBe('crashed');
  expect(result.outcome === 'crashed' && result.outOfMemory).toBe(true);
};

const CHILD_CASES: ChildCase[] = [
  {
    what: 'an array header claiming 4,294,967,295 items (6 bytes)',
    formats: ['msgpack', 'cbor'],
    bytes: (format) => nestedClaims(format, 1, 0xffffffff),
    known: {},
  },
  {
    what: '10 nested array headers claiming 1,000,000 items each (51 bytes)',
    formats: ['msgpack', 'cbor'],
    bytes: (format) => nestedClaims(format, 10, 1_000_000),
    known: {
      // @msgpack/msgpack allocates every array its header claims (up to maxArrayLength, which is
      // limits.maxCollectionLength) before reading an item, and checks no count against the bytes
      // left: 51 bytes made it allocate about 80 MB before it found the input too short.
      'msgpack/@msgpack/msgpack': (result) => {
        expect(result.outcome).toBe('refused');
        expect(result.outcome === 'refused' && result.name).toBe('WirebenchError');
        expect(result.outcome === 'refused' && result.allocated).toBeGreaterThan(50 * 1024 * 1024);
      },
    },
  },
  {
    what: '100 nested array headers claiming 16,777,215 items each (501 bytes), in a 256 MB heap',
    formats: ['msgpack', 'cbor'],
    bytes: (format) => nestedClaims(format, 100, 0xffffff),
    maxOldSpaceMb: 256,
    known: {
      // The same, 100 times 128 MB: the process dies (V8's heap out of memory, not an exception).
      'msgpack/@msgpack/msgpack': outOfMemory,
    },
  },
  {
    what: "cbor-x's packed form: 2,000 references to a 10,000-item prefix (16 KB)",
    formats: ['cbor'],
    bytes: () => cborPackedPrefixCopies(10_000, 2_000),
    maxOldSpaceMb: 1024,
    known: {
      // Tag 51 (packed values) is decoded whatever the options, and each 3-byte reference to a
      // prefix array builds a copy of it: 16 KB kept about 160 MB (10,000×).
      'cbor/cbor-x': (result) => {
        expect(result.outcome).toBe('decoded');
        expect(result.outcome === 'decoded' && result.retained / result.input).toBeGreaterThan(1000);
      },
    },
  },
  {
    what: "cbor-x's packed form: 20,000 references to a 20,000-item prefix (80 KB), in a 256 MB heap",
    formats: ['cbor'],
    bytes: () => cborPackedPrefixCopies(20_000, 20_000),
    maxOldSpaceMb: 256,
    known: {
      // 400 million array slots: the process dies (V8's heap out of memory).
      'cbor/cbor-x': outOfMemory,
    },
  },
];

describe.each(CHILD_CASES.map((c) => [c.what, c] as const))('hostile bytes in a process of their own: %s', (_what, childCase) => {
  it.each(SCHEMALESS.filter((c) => childCase.formats.includes(c.format)).map((c) => [c.name, c] as const))(
    '%s: refused with little allocated, or what is listed for it',
    (name, { format, implementation }) => {
      const result = decodeInChild(format, implementation, childCase.bytes(format), { maxOldSpaceMb: childCase.maxOldSpaceMb ?? 512, timeoutMs: 30_000 });
      expect(result.outcome).not.toBe('timedOut');
      const known = childCase.known[name];
      if (known) return known(result);
      expect(result.outcome === 'refused' ? result.name : result).toBe('WirebenchError');
      expect(result.outcome === 'refused' && result.allocated).toBeLessThan(SMALL_ALLOCATION);
    },
    60_000,
  );
});

describe('cbor-x: value-sharing tags (28/29) are decoded whatever its options', () => {
  /** `levels` shareable arrays, each holding the next one and a reference to it: a DAG of 2^levels paths from ~7 bytes a level. */
  const sharedDag = (levels: number): Uint8Array => {
    const build = (left: number, id: number): number[] =>
      left === 0 ? [0xd8, 0x1c, 0x80] : [0xd8, 0x1c, 0x82, ...build(left - 1, id + 1), 0xd8, 0x1d, ...(id + 1 < 24 ? [id + 1] : [0x18, id + 1])];
    return Uint8Array.from(build(levels, 0));
  };
  const cborX = available.find((c) => c.implementation === 'cbor-x');

  it.runIf(cborX !== undefined)('6 bytes decode as an array that holds itself (wirebench refuses the tag)', async () => {
    const bytes = Uint8Array.of(0xd8, 0x1c, 0x81, 0xd8, 0x1d, 0x00); // tag 28 around [tag 29 → reference 0]
    const value = (await codecFor('cbor', 'cbor-x')).decode(bytes) as unknown[];
    expect(value[0]).toBe(value);
    expect(() => JSON.stringify(value)).toThrow(TypeError);
    await expect(codecFor('cbor').then((c) => c.decode(bytes))).rejects.toThrow(/tag 28/);
  });

  it.runIf(cborX !== undefined)('190 bytes decode as 30 levels of shared arrays: 2^30 paths for any consumer that walks the value', async () => {
    const bytes = sharedDag(30);
    expect(bytes.length).toBe(190);
    let at = (await codecFor('cbor', 'cbor-x')).decode(bytes) as unknown[];
    let levels = 0;
    while (at.length === 2) {
      // The same array twice: JSON.stringify, checkRoundTrip or an encoder would visit it twice, and so on down.
      expect(at[0]).toBe(at[1]);
      at = at[0] as unknown[];
      levels++;
    }
    expect(levels).toBe(30);
  });

  it.runIf(cborX !== undefined)(
    'with a limit set, those 190 bytes are refused once the walk that checks limits has seen a value per byte, not walked 2^30 times',
    async () => {
      const codec = await createCodec('cbor', { implementation: 'cbor-x', limits: { maxDepth: 100 } });
      expect(() => codec.decode(sharedDag(30))).toThrow(/the decoded value holds more values than its 190 bytes can once each/);
      // An array holding itself is as deep as the limit lets a walk go.
      expect(() => codec.decode(Uint8Array.of(0xd8, 0x1c, 0x81, 0xd8, 0x1d, 0x00))).toThrow(WirebenchError);
    },
  );

  it.runIf(cborX !== undefined)('a reference to an id no tag 28 defined is a TypeError inside cbor-x, wrapped as a WirebenchError', async () => {
    const codec = await codecFor('cbor', 'cbor-x');
    let thrown: unknown;
    try {
      codec.decode(Uint8Array.of(0xd8, 0x1d, 0x00));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WirebenchError);
    expect((thrown as WirebenchError).cause).toBeInstanceOf(TypeError);
    expect((thrown as WirebenchError).message).toMatch(LIBRARY_FACTS['cbor-x']!.internalErrors!);
  });
});
