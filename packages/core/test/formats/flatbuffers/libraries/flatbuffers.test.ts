/**
 * FlatBuffers run by the `flatbuffers` npm runtime (formats/flatbuffers/libraries/flatbuffers.ts):
 * JSON data round-trips exactly through it; wirebench's codec reads its bytes and it reads
 * wirebench's, on the corpus, the canonical payloads and arbitrary JSON; and hostile bytes get a
 * WirebenchError in bounded time, with Object.prototype untouched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Builder, ByteBuffer } from 'flatbuffers';
import { describe, expect, it } from 'vitest';
import { canonicalSamples } from 'wirebench/samples';
import type { Codec, SchemaCodecOptions } from '../../../../src/codec.js';
import { createCodec } from '../../../../src/create-codec.js';
import { WirebenchError } from '../../../../src/errors.js';
import type { Diff } from '../../../../src/fidelity.js';
import { checkRoundTrip } from '../../../../src/fidelity.js';
import { flatbuffersCodec } from '../../../../src/formats/flatbuffers/codec.js';
import { flatbuffersRuntimeCodec } from '../../../../src/formats/flatbuffers/libraries/flatbuffers.js';
import { inferSchema } from '../../../../src/schema/infer.js';
import type { Schema } from '../../../../src/schema/types.js';
import { canonicalCases } from '../../../support/canonical.js';
import type { FuzzTarget } from '../../../support/fuzz.js';
import { generateCase, runCase } from '../../../support/fuzz.js';
import { flatbuffersSharedVector } from '../../../support/hostile-bytes.mjs';
import { jsonValue } from '../../../support/json-arbitrary.js';
import { CORPUS_DIR, corpusFiles, withCorpus } from '../../../support/paths.js';
import { refusal } from '../../../support/refusal.js';

const runtime = (schema: Schema, options: SchemaCodecOptions = {}): Promise<Codec> =>
  createCodec('flatbuffers', { schema, implementation: 'flatbuffers', ...options });
const valueDiffs = (expected: unknown, actual: unknown): Diff[] => checkRoundTrip(expected, actual, { maxDiffs: 20 }).diffs.filter((d) => d.kind !== 'order');
const corpusValue = (name: string): unknown => JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as unknown;
const canonical = [1, 2, 3].flatMap((seed) => canonicalSamples(seed).map((s) => [`${s.shape} (seed ${seed})`, s.value] as const));

/** Exact through the runtime, and across to wirebench's codec both ways, with `schema` (default: inferred from the value). */
async function expectExactAndInteroperable(value: unknown, schema: Schema = inferSchema(value)): Promise<void> {
  const lib = await runtime(schema);
  const own = flatbuffersCodec(schema);
  expect(lib.implementation).toBe('flatbuffers');
  const bytes = lib.encode(value);
  expect(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength, 'encode returns bytes that own their buffer').toBe(true);
  expect(valueDiffs(value, lib.decode(bytes)), 'runtime → runtime').toEqual([]);
  expect(valueDiffs(value, own.decode(bytes)), 'runtime bytes → wirebench decode').toEqual([]);
  expect(valueDiffs(value, lib.decode(own.encode(value))), 'wirebench bytes → runtime decode').toEqual([]);
}

describe('JSON data round-trips exactly and interoperates with wirebench both ways', () => {
  withCorpus('the flatbuffers runtime on the corpus', () => {
    it.each(corpusFiles())('%s', async (name) => {
      await expectExactAndInteroperable(corpusValue(name));
    });
  });

  it.each(canonical)('canonical %s, inferred schema', async (_name, value) => {
    await expectExactAndInteroperable(value);
  });

  // The hand-written schemas/canonical.proto: int32, uint32 and double fields inference does not make.
  it.each(canonicalCases().map((c) => [c.shape, c] as const))('canonical %s, schema from canonical.proto', async (_shape, c) => {
    await expectExactAndInteroperable(c.value, c.schema);
  });

  it.each<[string, unknown]>([
    [
      'defaults that are data: 0, false, "", [], {} in optional fields',
      { items: [{ n: 0, f: false, s: '', l: [], m: {} }, {}, { n: 1.5, f: true, s: 'x', l: [1], m: { a: 1 } }] },
    ],
    ['null, absent and present keys of one field', { items: [{ a: null }, {}, { a: 'x' }, { a: '' }] }],
    ['mixed arrays and arrays of arrays (Value and box tables)', [1, 'two', null, [3, [4.5, -0]], { a: true }, [], {}]],
    ['objects used as maps, with odd keys', { m: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [i === 7 ? '' : `id-${i} é`, { n: i }])) }],
    ['integers past 2^53 and near 2^64, -0, the smallest double', { a: 2 ** 53 + 2, b: -(2 ** 63), c: 2 ** 64, d: -0, e: 5e-324, f: [2 ** 63, -(2 ** 53)] }],
    ['a payload that is not an object', [[{ id: 1 }], [], [{ id: 2, extra: null }]]],
    ['null as the whole payload', null],
    ['a key and a map key spelled __proto__', JSON.parse('{"__proto__":{"x":1},"m":{"__proto__":1,"a":2,"b":3,"c":4,"d":5,"e":6,"f":7,"g":8}}') as unknown],
  ])('%s', async (_what, value) => {
    await expectExactAndInteroperable(value);
  });
});

describe('what the runtime would change, and the codec refuses or keeps', () => {
  const schema = inferSchema({ user: { name: 'a', tags: ['x'] } });

  it('a lone surrogate, which the runtime writes as U+FFFD, is refused with its path', async () => {
    const builder = new Builder(64);
    builder.finish(builder.createString('a\ud800'));
    expect(new ByteBuffer(builder.asUint8Array()).__string(0)).toBe('a\ufffd');
    const codec = await runtime(schema);
    expect(refusal(() => codec.encode({ user: { name: 'ok', tags: ['x', 'b\udc00'] } })).message).toMatch(
      /^flatbuffers: \$\.user\.tags\[1\]: the string holds a lone surrogate/,
    );
  });

  it('keys the schema does not know are refused with their path, or dropped by option', async () => {
    const value = { user: { name: 'a', tags: [], extra: 1 } };
    const strict = await runtime(schema);
    expect(refusal(() => strict.encode(value)).message).toMatch(/^flatbuffers: \$\.user: key "extra" is not in the schema/);
    const dropping = await runtime(schema, { unknownKeys: 'drop' });
    expect(dropping.decode(dropping.encode(value))).toStrictEqual({ user: { name: 'a', tags: [] } });
  });

  it('a missing key and a wrong type are refused with their paths', async () => {
    const codec = await runtime(schema);
    expect(refusal(() => codec.encode({ user: { tags: [] } })).message).toMatch(/^flatbuffers: \$\.user: key "name" is missing/);
    expect(refusal(() => codec.encode({ user: { name: 1, tags: [] } })).message).toMatch(/^flatbuffers: \$\.user\.name: expected a string, got number 1/);
    const numbers = await runtime(inferSchema({ n: [1] }));
    expect(refusal(() => numbers.encode({ n: [1, 1.5] })).message).toMatch(/^flatbuffers: \$\.n\[1\]: expected an integer, got number 1\.5/);
    expect(refusal(() => numbers.encode({ n: [Number.NaN] })).message).toMatch(/^flatbuffers: \$\.n\[0\]/);
  });

  it('malformed UTF-8 reads as U+FFFD, as the runtime decodes it, where wirebench refuses it', async () => {
    const schema = inferSchema({ s: 'abc' });
    const bytes = (await runtime(schema)).encode({ s: 'abc' });
    const at = bytes.findIndex((byte, i) => byte === 0x62 && bytes[i - 1] === 0x61);
    bytes[at] = 0xff;
    expect((await runtime(schema)).decode(bytes)).toStrictEqual({ s: 'a\ufffdc' });
    expect(refusal(() => flatbuffersCodec(schema).decode(bytes)).message).toMatch(/UTF-8/);
  });

  it('forces defaults: 0, false and "" are written, so the bytes keep their presence for any reader', async () => {
    const value = { items: [{ n: 0, f: false, s: '' }, {}] };
    const codec = await runtime(inferSchema(value));
    const bytes = codec.encode(value);
    // Read by wirebench's codec, which tells an absent optional field from a default one.
    expect(flatbuffersCodec(inferSchema(value)).decode(bytes)).toStrictEqual(value);
  });

  it('reads defaults that another writer left out (a Builder without forceDefaults), as generated accessors do', async () => {
    const schema = inferSchema({ n: 1, s: 'x', f: true, l: [1] });
    const builder = new Builder(64);
    builder.startObject(4);
    builder.addFieldInt64(0, BigInt(0), BigInt(0)); // equal to its default: left out
    builder.finish(builder.endObject());
    expect((await runtime(schema)).decode(builder.asUint8Array())).toStrictEqual({ n: 0, s: '', f: false, l: [] });
  });

  it('builds decoded records and maps with own keys only: __proto__ never reaches Object.prototype', async () => {
    const value = JSON.parse(
      '{"m":{"__proto__":{"polluted":1},"a":{"polluted":2},"b":{"polluted":3},"c":{"polluted":4},"d":{"polluted":5},"e":{"polluted":6},"f":{"polluted":7}}}',
    ) as Record<string, unknown>;
    const codec = await runtime(inferSchema(value));
    const decoded = codec.decode(codec.encode(value)) as { m: Record<string, unknown> };
    expect(Object.hasOwn(decoded.m, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(decoded.m)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a getter that encodes again while an encode is running gets a Builder of its own', async () => {
    const codec = await runtime(inferSchema({ a: 'x', b: 'y' }));
    let inner: Uint8Array | undefined;
    const value = {
      get a() {
        inner ??= codec.encode({ a: 'inner', b: 'z' });
        return 'outer';
      },
      b: 'y',
    };
    expect(codec.decode(codec.encode(value))).toStrictEqual({ a: 'outer', b: 'y' });
    expect(codec.decode(inner as Uint8Array)).toStrictEqual({ a: 'inner', b: 'z' });
  });
});

describe('limits: encode refuses what decode refuses', () => {
  const KEYS = Array.from({ length: 63 }, (_, i) => `field${i}`);
  const SPARSE = Object.fromEntries(KEYS.map((key) => [key, null]));
  const schema = inferSchema({ items: [Object.fromEntries(KEYS.map((key) => [key, 'text'])), SPARSE] });

  it('the value budget: records of nulls past maxValuesPerByte, both ways and across implementations', () => {
    const value = { items: Array.from({ length: 20_000 }, () => SPARSE) };
    expect(refusal(() => flatbuffersRuntimeCodec(schema).encode(value)).message).toMatch(/exceeds limits\.maxValuesPerByte \(8\)/);
    const raised = flatbuffersRuntimeCodec(schema, { limits: { maxValuesPerByte: 64 } });
    const bytes = raised.encode(value);
    expect(raised.decode(bytes)).toStrictEqual(value);
    expect(refusal(() => flatbuffersRuntimeCodec(schema).decode(bytes)).message).toMatch(/limits\.maxValuesPerByte/);
    expect(refusal(() => flatbuffersCodec(schema).decode(bytes)).message).toMatch(/limits\.maxValuesPerByte/);
  });

  it('maxDepth, maxCollectionLength and maxStringLength, with the path on encode', () => {
    const limits = { maxDepth: 3, maxCollectionLength: 2, maxStringLength: 4 };
    const cases: Array<[unknown, RegExp]> = [
      [{ a: [[[1]]] }, /nesting level 4 at \$\.a\[0\]\[0\] exceeds limits\.maxDepth/],
      [{ a: [1, 2, 3] }, /an array of 3 at \$\.a exceeds limits\.maxCollectionLength/],
      [{ a: ['ok', 'too long'] }, /a string at \$\.a\[1\] exceeds limits\.maxStringLength/],
    ];
    for (const [value, message] of cases) {
      const schema = inferSchema(value);
      expect(refusal(() => flatbuffersRuntimeCodec(schema, { limits }).encode(value)).message).toMatch(message);
      const bytes = flatbuffersCodec(schema).encode(value);
      expect(refusal(() => flatbuffersRuntimeCodec(schema, { limits }).decode(bytes)).message).toMatch(/exceeds limits\.max/);
    }
  });
});

describe('property: arbitrary JSON, with its inferred schema, crosses implementations both ways', () => {
  const ODD_KEYS = ['@type', 'user-name', '', 'é', '名前', 'constructor', '__proto__', 'value', 'Value', 'values', 'bool_value'];
  const json = jsonValue({
    keys: fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 6 })),
    numbers: fc.oneof(
      fc.integer(),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(-0, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 64, 1e300),
    ),
    strings: fc.string({
      unit: fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 50 }, { arbitrary: fc.constant('\ud800'), weight: 1 }),
      maxLength: 8,
    }),
  });

  /** The bytes, or the WirebenchError (anything else fails the property). */
  const attempt = (encode: () => Uint8Array): Uint8Array | WirebenchError => {
    try {
      return encode();
    } catch (error) {
      if (error instanceof WirebenchError) return error;
      throw error;
    }
  };

  it('exact both ways, or a WirebenchError from both encoders', () => {
    fc.assert(
      fc.property(json, (value) => {
        const schema = inferSchema(value);
        const lib = flatbuffersRuntimeCodec(schema);
        const own = flatbuffersCodec(schema);
        const ours = attempt(() => lib.encode(value));
        const theirs = attempt(() => own.encode(value));
        expect(ours instanceof WirebenchError, `runtime: ${String(ours)}; wirebench: ${String(theirs)}`).toBe(theirs instanceof WirebenchError);
        if (ours instanceof WirebenchError || theirs instanceof WirebenchError) return;
        expect(valueDiffs(value, lib.decode(ours))).toEqual([]);
        expect(valueDiffs(value, own.decode(ours))).toEqual([]);
        expect(valueDiffs(value, lib.decode(theirs))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('hostile bytes: a WirebenchError in bounded time, Object.prototype untouched', () => {
  const order = canonicalCases().find((c) => c.shape === 'order')!;
  const codec = flatbuffersRuntimeCodec(order.schema);
  const valid = codec.encode(order.value);

  /** Decodes `bytes`: refused with a WirebenchError naming flatbuffers, or plain data; quickly either way. */
  const expectRefusedOrPlain = (c: Codec, bytes: Uint8Array, bound = 200): 'refused' | 'decoded' => {
    const start = performance.now();
    let outcome: 'refused' | 'decoded' = 'decoded';
    try {
      const value = c.decode(bytes);
      expect(checkRoundTrip(value, JSON.parse(JSON.stringify(value))).ok).toBe(true);
    } catch (error) {
      expect(error).toBeInstanceOf(WirebenchError);
      expect((error as WirebenchError).format).toBe('flatbuffers');
      outcome = 'refused';
    }
    expect(performance.now() - start).toBeLessThan(bound);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    return outcome;
  };

  it.each<[string, number[]]>([
    ['empty input', []],
    ['a root offset past the end', [0xff, 0xff, 0, 0]],
    ['a negative root offset', [0xfc, 0xff, 0xff, 0xff]],
    ['a vtable offset past the end', [4, 0, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f]],
    ['a vtable claiming more bytes than there are', [8, 0, 0, 0, 0xff, 0x7f, 4, 0, 4, 0, 0, 0]],
  ])('refuses %s', (_what, bytes) => {
    expect(refusal(() => codec.decode(Uint8Array.from(bytes))).message).toMatch(/^flatbuffers: /);
  });

  it('refuses every truncation of a valid encoding that cuts into data (the runtime alone would read zeros past the end)', () => {
    for (let end = 0; end < valid.length; end++) {
      const cut = valid.subarray(0, end);
      // Only a last string's NUL terminator (or padding) may go: then the value is still all there.
      if (expectRefusedOrPlain(codec, cut) === 'decoded') expect(valueDiffs(order.value, codec.decode(cut))).toEqual([]);
    }
  });

  it('bounds the work of any 4-byte word made a huge or negative length or offset', () => {
    for (const word of [0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffc]) {
      for (let at = 0; at + 4 <= valid.length; at += 4) {
        const copy = valid.slice();
        new DataView(copy.buffer).setUint32(at, word, true);
        expectRefusedOrPlain(codec, copy);
      }
    }
  });

  it('stops offsets that point back up (a Value whose list holds itself) at maxDepth', () => {
    // inferSchema(null): Root { value: Value }. The runtime reads uoffsets as signed, so -12 points back.
    // 256 bytes (the last ones unused) leave a work budget that lasts past 100 levels.
    const bytes = new Uint8Array(256);
    const view = new DataView(bytes.buffer);
    const u16 = (at: number, ...values: number[]) => {
      values.forEach((v, i) => {
        view.setUint16(at + 2 * i, v, true);
      });
    };
    view.setUint32(0, 28, true); // root table at 28
    u16(4, 14, 8, 0, 0, 0, 0, 4); // Value's vtable: only list_value (slot 4), at +4
    u16(18, 6, 8, 4); // Root's vtable: value (slot 0) at +4
    view.setInt32(28, 28 - 18, true); // Root → its vtable
    view.setUint32(32, 4, true); // Root.value → the Value table at 36
    view.setInt32(36, 36 - 4, true); // Value → its vtable
    view.setUint32(40, 4, true); // Value.list_value → the vector at 44
    view.setUint32(44, 1, true); // one element…
    view.setInt32(48, -12, true); // …pointing back at the Value table at 36
    const lib = flatbuffersRuntimeCodec(inferSchema(null));
    expect(expectRefusedOrPlain(lib, bytes)).toBe('refused');
    expect(refusal(() => lib.decode(bytes)).message).toMatch(/nesting level 101 exceeds limits\.maxDepth/);
  });

  it('refuses 100,000 offsets to one empty table (value budget) and to one string (work budget)', () => {
    const KEYS = Array.from({ length: 63 }, (_, i) => `field${i}`);
    const records = flatbuffersRuntimeCodec(
      inferSchema({ items: [Object.fromEntries(KEYS.map((k) => [k, 'text'])), Object.fromEntries(KEYS.map((k) => [k, null]))] }),
    );
    const tables = flatbuffersSharedVector(100_000, (builder) => {
      builder.startObject(KEYS.length);
      return builder.endObject();
    });
    expect(refusal(() => records.decode(tables)).message).toMatch(/limits\.maxValuesPerByte/);
    const strings = flatbuffersRuntimeCodec(inferSchema({ items: ['x'] }));
    const shared = flatbuffersSharedVector(100_000, (builder) => builder.createString('a'.repeat(64)));
    expect(refusal(() => strings.decode(shared)).message).toMatch(/expands to far more values than its size allows/);
    expect(expectRefusedOrPlain(strings, shared, 500)).toBe('refused');
  });

  it('fuzz: mutated encodings decode to JSON data that re-encodes, or are refused, in bounded time', () => {
    const messy = {
      'user-name': 'Zoë',
      '': null,
      list: [1, 'two', null, [3, [4.5]], { a: true }],
      map: { '1001': { n: 1 }, '1002': { n: 2 }, '1003': { n: -0.5 } },
      big: 2 ** 53 + 2,
    };
    const inferred = flatbuffersRuntimeCodec(inferSchema(messy));
    const targets: FuzzTarget[] = [
      {
        name: 'order',
        codec,
        seeds: canonicalCases(2)
          .filter((c) => c.shape === 'order')
          .map((c) => codec.encode(c.value))
          .concat([valid]),
      },
      { name: 'inferred', codec: inferred, seeds: [inferred.encode(messy)] },
    ];
    const failures: string[] = [];
    let decoded = 0;
    for (let index = 0; index < 3000; index++) {
      const c = generateCase(0x5eed, 'flatbuffers', index, targets);
      const outcome = runCase(targets[c.target] as FuzzTarget, c.input, 200);
      if (outcome.outcome === 'decoded') decoded++;
      for (const f of outcome.failures) failures.push(`case ${index} (${c.recipe}): ${f.rule}: ${f.detail}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // A decoder that refused everything would pass the rest.
    expect(decoded).toBeGreaterThan(100);
  });
});
