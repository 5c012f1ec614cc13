/**
 * What the cross-cutting harnesses (fuzz, malformed input) and the library codecs' own tests share
 * about the implementations: how to build each one for a harness (skipping a placeholder module
 * with a registered message), and what each library is KNOWN to do with bytes that are not JSON
 * data. Those facts are measured on the installed versions and asserted, not hidden: a library
 * upgrade that changes one shows up as a failing test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalSamples } from 'wirebench/samples';
import type { Codec, FormatId } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import type { Diff } from '../../src/fidelity.js';
import { checkRoundTrip } from '../../src/fidelity.js';
import type { Implementation, ImplementationId } from '../../src/implementations.js';
import { IMPLEMENTATIONS } from '../../src/implementations.js';
import type { Schema } from '../../src/schema/types.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from './paths.js';

/** A codec's name in test titles: its format and implementation, `msgpack/msgpackr`. */
export function implementationLabel(format: FormatId, implementation: string): string {
  return `${format}/${implementation}`;
}

// ---------------------------------------------------------------------------------------------
// Every implementation, for the harnesses

/** One implementation of one format, as the harnesses name it (`msgpack/wirebench`, `msgpack/msgpackr`). */
export interface ImplementationCase {
  readonly format: FormatId;
  readonly implementation: ImplementationId;
  readonly name: string;
}

/** Every implementation of the given formats, from IMPLEMENTATIONS (a library joins when it is listed there). */
export function implementationCases(formats: readonly FormatId[]): ImplementationCase[] {
  return formats.flatMap((format) =>
    IMPLEMENTATIONS[format].map((i: Implementation) => ({ format, implementation: i.id, name: implementationLabel(format, i.id) })),
  );
}

/** The message a library codec's module throws while it is a placeholder (protobufjs, flatbuffers until they land). */
export const placeholderMessage = (format: FormatId, implementation: ImplementationId): string =>
  `${format}: the ${implementation} implementation is not built yet`;

/**
 * Why an implementation cannot run in a harness here, or undefined when it can: a library module
 * that is still a placeholder (its factory throws exactly `placeholderMessage`). Any other failure
 * to build it is not a reason to skip: the harness then fails on it.
 */
export async function placeholderReason(c: ImplementationCase, schema?: Schema): Promise<string | undefined> {
  if (c.implementation === 'wirebench') return undefined;
  try {
    await createCodec(c.format, { implementation: c.implementation, schema });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message === placeholderMessage(c.format, c.implementation) ? message : undefined;
  }
}

/**
 * What a library is known to do with bytes that are not JSON data, as the harnesses see it. The
 * fuzz test counts every case these explain and fails on any they do not.
 */
export interface HarnessFacts {
  /**
   * The values that are not JSON data the library's decode returns, as `notJsonData` names them
   * (`$.x: Date`): matched against the text after the path.
   */
  readonly nonJsonData: RegExp;
  /** A TypeError inside the library (a bug of its own), which the wrapper turns into a WirebenchError. */
  readonly internalErrors?: RegExp;
  /** JSON data the library decodes but does not give back through encode and decode: a fuzz failure rule, a pattern of its detail, and why. */
  readonly reEncodeLosses?: ReadonlyArray<{ readonly rule: string; readonly detail: RegExp; readonly why: string }>;
}

/** A lone surrogate (as `JSON.stringify` escapes it) that comes back as U+FFFD. */
const LONE_SURROGATE_TO_FFFD = /\\ud[89a-f][0-9a-f]{2}.*→ ".*\ufffd/i;

export const LIBRARY_FACTS: Partial<Record<ImplementationId, HarnessFacts>> = {
  '@msgpack/msgpack': {
    // bin, timestamp, other ext types; floats that JSON numbers cannot be.
    nonJsonData: /^(Uint8Array|Date|ExtData|NaN|-?Infinity)$/,
    reEncodeLosses: [
      // The decoder is not recursive and has no depth option; the encoder stops past maxDepth (100),
      // its option set to 101 as it counts the scalars inside the deepest array as a level.
      {
        rule: 'decoded value does not re-encode',
        detail: /Too deep objects in depth 102/,
        why: 'decode nests without bound, encode refuses past limits.maxDepth',
      },
      // Its JS UTF-8 decoder (strings up to 200 bytes) reads a surrogate's 3-byte sequence as a
      // lone surrogate; its encoder writes strings over 50 units with TextEncoder, as U+FFFD.
      { rule: 'decode(encode(decoded)) differs', detail: LONE_SURROGATE_TO_FFFD, why: 'a lone surrogate in a string over 50 units is written as U+FFFD' },
    ],
  },
  msgpackr: {
    // bin (a Buffer when the input is one, as msgpackr's own encoder returns in Node), timestamp,
    // 0xc1 (msgpackr's C1 object), ext 0 (undefined), its own extensions.
    nonJsonData: /^(Uint8Array|Buffer|Date|C1Type|undefined|bigint|Set|Error|[A-Za-z]*Error|RegExp|[A-Za-z0-9]+Array|NaN|-?Infinity)$/,
    reEncodeLosses: [
      // Both are recursive, and the encoder's frames are bigger: it runs out of stack on nesting
      // the decoder still reads.
      {
        rule: 'decoded value does not re-encode',
        detail: /msgpackr encode failed: the data is nested too deeply/,
        why: 'decode reads nesting its encoder cannot write',
      },
    ],
  },
  'cbor-x': {
    // byte strings (a Buffer when the input is one, as cbor-x's own encoder returns in Node), undefined, tags it knows (dates, bignums, typed arrays, sets, maps, errors,
    // regexps, generic objects) and unknown tags (Tag); shared and cyclic references (tags 28/29),
    // which notJsonData walks until its limit of a million values.
    nonJsonData:
      /^(Uint8Array|Buffer|Date|bigint|undefined|Tag|Set|Map|Error|[A-Za-z]*Error|RegExp|String|Number|Boolean|[A-Za-z0-9]+Array|NaN|-?Infinity|more than a million values)$/,
    // Tag 29 (a shared reference) to an id no tag 28 defined: cbor-x reads a property of undefined.
    // A string cut short: the native string extractor (cbor-extract) says so with a TypeError.
    internalErrors:
      /cbor-x decode failed: (Cannot read properties of (undefined|null) \(reading '(get|used|target)'\)|Unexpected end of buffer reading string)/,
    reEncodeLosses: [
      // As msgpackr: the encoder runs out of stack first (1,800 levels did, in a vitest worker).
      {
        rule: 'decoded value does not re-encode',
        detail: /cbor-x encode failed: the data is nested too deeply/,
        why: 'decode reads nesting its encoder cannot write',
      },
    ],
  },
  protobufjs: {
    // A double field may hold NaN or ±Infinity on the wire; protobufjs reads them as they are.
    nonJsonData: /^(NaN|-?Infinity)$/,
    reEncodeLosses: [
      {
        rule: 'decode(encode(decoded)) differs',
        detail: /: 9223372036854776000 → -9223372036854776000$/,
        why: 'an int64 near 2^63 reads as 2^63, which encode wraps to -2^63',
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// A library codec's own tests

/** JSON data of every kind no library changes: nulls, mixed and nested arrays, odd keys, a map, big and tiny numbers, every integer width. */
export const EVERY_KIND: unknown = {
  'user-name': 'Zoë 名前 🎧',
  '': null,
  list: [1, 'two', null, [3, [4.5]], { a: true }, [], {}],
  map: { '1001': { n: 1 }, '1002': { n: 2 }, '1003': { n: -0.5 } },
  numbers: [
    0,
    23,
    24,
    255,
    256,
    65535,
    65536,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    -(2 ** 32) - 1,
    2 ** 53 - 1,
    -(2 ** 53 - 1),
    2 ** 53 + 2,
    -(2 ** 63),
    2 ** 64,
    1e21,
    1e300,
    5e-324,
    0.1,
    -1.5,
  ],
  bom: '\ufeffstarts with a BOM',
  nested: [[[]], [[1, 2]]],
  flag: false,
  text: 'é'.repeat(300),
};

/** An expected outcome: the non-order diffs checkRoundTrip reports, or a WirebenchError whose message matches. */
export type Outcome = readonly Diff[] | RegExp;

/** JSON data, and what becomes of it through the library and between the library and wirebench. */
export interface LossCase {
  readonly what: string;
  readonly value: unknown;
  /** decode(encode(value)) with the library (default: exact, `[]`). */
  readonly roundTrip?: Outcome;
  /** wirebench's codec reads the library's bytes (default: exact). */
  readonly wirebenchReads?: Outcome;
  /** The library reads wirebench's bytes (default: exact); a RegExp here may also match wirebench's encoder refusing the value. */
  readonly readsWirebench?: Outcome;
}

/** Bytes some other writer may send, and what the library decodes them to (`toStrictEqual`), or the refusal. */
export type ForeignCase = readonly [what: string, bytes: Uint8Array, expected: unknown];

export interface LibrarySpec {
  readonly format: 'msgpack' | 'cbor';
  readonly implementation: '@msgpack/msgpack' | 'msgpackr' | 'cbor-x';
  readonly losses: readonly LossCase[];
  readonly foreign: readonly ForeignCase[];
}

/** cbor-x 1.6.9's own tag 2 (bignum) reader (decode.js), which the cbor-x codec replaces: quadratic, and the reference for what it returns. */
export function cborXOwnBignum(content: unknown): bigint {
  const buffer = content as { byteLength: number; [index: number]: unknown };
  let value = BigInt(0);
  for (let i = 0, l = buffer.byteLength; i < l; i++) value = BigInt(buffer[i] as bigint) + (value << BigInt(8));
  return value;
}

/** Marks an expected decode refusal in a ForeignCase. */
export class Refused {
  constructor(readonly message: RegExp) {}
}

/** Bytes as another writer sends them, for a ForeignCase. */
export const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** A text's UTF-8 bytes, to spread into `bytes(…)`. */
export const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];

/** An object with a `__proto__` key, as JSON.parse makes it: an own key, not a prototype. */
export const PROTO_KEY_VALUE = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;

// The losses the libraries here share, each measured on every library that lists it.

export const EVERY_KIND_EXACT: LossCase = { what: 'JSON data of every kind', value: EVERY_KIND };

/** Renamed while decoding, so no decode changes a prototype (msgpackr, cbor-x). */
const PROTO_RENAMED_DIFFS = [
  { path: '$.__proto__', kind: 'missing', expected: { polluted: true } },
  { path: '$.__proto_', kind: 'extra', actual: { polluted: true } },
] as const;

export const PROTO_KEY_RENAMED: LossCase = {
  what: 'a __proto__ key is renamed __proto_ when decoding',
  value: PROTO_KEY_VALUE,
  roundTrip: PROTO_RENAMED_DIFFS,
  readsWirebench: PROTO_RENAMED_DIFFS,
};

/**
 * A lone surrogate at the end of a string `xLength` x's long, which the library hands to the
 * platform's TextEncoder: written as U+FFFD, so both it and wirebench read U+FFFD; wirebench
 * refuses to write the lone surrogate at all.
 */
export function loneSurrogateInLongString(what: string, xLength: number): LossCase {
  const long = 'x'.repeat(xLength);
  const replaced = [{ path: '$.s', kind: 'value', expected: `${long}\udc00`, actual: `${long}\ufffd` }] as const;
  return { what, value: { s: `${long}\udc00` }, roundTrip: replaced, wirebenchReads: replaced, readsWirebench: /lone surrogate/ };
}

/**
 * MessagePack bytes both msgpack libraries read alike (measured on each): 64-bit integers as the
 * nearest double, float 64 -0 and NaN, a timestamp, a bin; `int64Option` names the option that
 * makes the library read 64-bit integers so, if one does.
 */
export function msgpackReadAlike(int64Option?: string): ForeignCase[] {
  return [
    [`a uint 64 of 2^53 + 1: the nearest double, as JSON.parse${int64Option ? ` (${int64Option})` : ''}`, bytes(0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1), 2 ** 53],
    ['the largest uint 64', bytes(0xcf, 255, 255, 255, 255, 255, 255, 255, 255), 2 ** 64],
    ['the smallest int 64', bytes(0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0), -(2 ** 63)],
    ['a uint 64 holding 5', bytes(0xcf, 0, 0, 0, 0, 0, 0, 0, 5), 5],
    ['a float 64 -0', bytes(0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0), -0],
    ['a float 64 NaN', bytes(0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0), NaN],
    ['a timestamp', bytes(0xd6, 0xff, 0, 0, 0, 1), new Date(1000)],
    ['a bin', bytes(0xc4, 0x01, 0x00), bytes(0)],
  ];
}

/** MessagePack maps both msgpack libraries read alike: the last of duplicate keys wins, a number key becomes a string key. */
export const MSGPACK_KEYS_READ_ALIKE: readonly ForeignCase[] = [
  ['duplicate keys: the last wins', bytes(0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2), { a: 2 }],
  ['a number key: a string key', bytes(0x81, 0x01, 0x02), { '1': 2 }],
];

const valueDiffs = (expected: unknown, actual: unknown): Diff[] => checkRoundTrip(expected, actual, { maxDiffs: 20 }).diffs.filter((d) => d.kind !== 'order');

/** Runs `produce` and compares with `outcome`: diffs against `value`, or a WirebenchError matching it. */
function expectOutcome(value: unknown, produce: () => unknown, outcome: Outcome): void {
  let actual: unknown;
  try {
    actual = produce();
  } catch (error) {
    if (!(outcome instanceof RegExp)) throw error;
    expect(error).toBeInstanceOf(WirebenchError);
    expect((error as Error).message).toMatch(outcome);
    return;
  }
  if (outcome instanceof RegExp) expect.fail(`decoded, where a refusal matching ${String(outcome)} was expected`);
  expect(valueDiffs(value, actual)).toEqual(outcome);
}

/** Canonical payloads of three seeds: the project's own data, always there. */
const canonical = (): Array<readonly [string, unknown]> =>
  [1, 2, 3].flatMap((seed) => canonicalSamples(seed).map((s) => [`${s.shape} (seed ${seed})`, s.value] as const));

/**
 * The tests of one library codec: the corpus and the canonical payloads round-trip exactly through
 * `createCodec(format, { implementation })` and interoperate both ways with wirebench's codec of
 * the format; the known losses come back as exactly the diffs (or refusals) listed, by JSON path;
 * foreign bytes decode to exactly what is listed.
 */
export function describeLibraryCodec(spec: LibrarySpec): void {
  const { format, implementation } = spec;
  const library = (): Promise<Codec> => createCodec(format, { implementation });
  const wirebench = (): Promise<Codec> => createCodec(format);

  const exactAndInteroperable = (value: unknown) => async () => {
    const [lib, own] = await Promise.all([library(), wirebench()]);
    const bytes = lib.encode(value);
    expect(valueDiffs(value, lib.decode(bytes))).toEqual([]);
    expect(valueDiffs(value, own.decode(bytes))).toEqual([]);
    expect(valueDiffs(value, lib.decode(own.encode(value)))).toEqual([]);
  };

  describe(`${implementationLabel(format, implementation)}: JSON data round-trips exactly and interoperates with wirebench both ways`, () => {
    it('createCodec builds it', async () => {
      const codec = await library();
      expect(codec.implementation).toBe(implementation);
      expect(codec.format).toBe(format);
    });
    withCorpus(`${implementation} on the corpus`, () => {
      it.each(corpusFiles())('%s', async (name) => {
        await exactAndInteroperable(JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as unknown)();
      });
    });
    it.each(canonical())('canonical %s', async (_name, value) => {
      await exactAndInteroperable(value)();
    });
  });

  describe(`${implementationLabel(format, implementation)}: what it changes, by JSON path`, () => {
    it.each(spec.losses.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
      const [lib, own] = await Promise.all([library(), wirebench()]);
      expectOutcome(c.value, () => lib.decode(lib.encode(c.value)), c.roundTrip ?? []);
      // What the library writes, wirebench reads (or refuses, saying why); and the other way.
      expectOutcome(c.value, () => own.decode(lib.encode(c.value)), c.wirebenchReads ?? []);
      expectOutcome(c.value, () => lib.decode(own.encode(c.value)), c.readsWirebench ?? []);
    });
  });

  describe(`${implementationLabel(format, implementation)}: bytes another writer may send`, () => {
    it.each(spec.foreign.map(([what, bytes, expected]) => [what, bytes, expected] as const))('%s', async (_what, bytes, expected) => {
      const lib = await library();
      if (expected instanceof Refused) {
        expect(() => lib.decode(bytes)).toThrow(WirebenchError);
        expect(() => lib.decode(bytes)).toThrow(expected.message);
      } else {
        expect(lib.decode(bytes)).toStrictEqual(expected);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });
  });
}
