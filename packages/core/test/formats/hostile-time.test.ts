/**
 * Time on hostile bytes, for every decoder of every implementation (IMPLEMENTATIONS): the worst
 * input known for its format, of up to 1 MB, is decoded or refused within MULTIPLE times the time
 * per byte of an ordinary input of about the same size, both decoded in one fresh process
 * (support/hostile-time.mjs, on the built package), interleaved, median of three. What a library
 * does not bound is listed in KNOWN with what it does instead, as docs/guarantees.md says it.
 *
 * Each hostile input is built for what it attacks: keys of one hash for the duplicate-key check
 * (support/colliding-keys.ts, for the hash in use), nesting past any depth limit, bignums for
 * cbor-x's BigInt reader, records of nulls and shared offsets for the schema formats' value budget.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededRandom } from 'wirebench/samples';
import type { FormatId } from '../../src/codec.js';
import { FORMATS } from '../../src/codec.js';
import { cborCodec } from '../../src/formats/cbor/codec.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { msgpackCodec } from '../../src/formats/msgpack/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import type { Limits } from '../../src/limits.js';
import { inferSchema } from '../../src/schema/infer.js';
import type { Schema } from '../../src/schema/types.js';
import { collidingKeys } from '../support/colliding-keys.js';
import { cborPackedPrefixCopies, cborSharedString, flatbuffersSharedVector, nestedClaims, protobufRepeated } from '../support/hostile-bytes.mjs';
import { implementationCases } from '../support/library-codecs.js';

/** The most a hostile input may cost per byte, as a multiple of an ordinary input's cost per byte, unless its case says more. */
const MULTIPLE = 10;
/** A hostile decode faster than this passes whatever its ratio: at 51 bytes the timer and the call cost are all there is to see. */
const FLOOR_MS = 5;
/** About the size of every input. */
const SIZE = 1_000_000;
const CHILD = fileURLToPath(new URL('../support/hostile-time.mjs', import.meta.url));

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const schemaless = { msgpack: msgpackCodec(), cbor: cborCodec() } as const;
const isJson = (format: FormatId): boolean => format === 'json' || format === 'simdjson';

/** Ordinary API records (ids, names, URLs, dates, scores, tags, a nested object), about `size` bytes as JSON. */
function records(size: number): unknown[] {
  const random = seededRandom(7);
  const out: unknown[] = [];
  for (let length = 0; length < size; ) {
    const id = Math.floor(random() * 1e9);
    const record = {
      id,
      login: `user${id.toString(36)}`,
      url: `https://api.example.com/users/${id}/events?page=${Math.floor(random() * 100)}`,
      created_at: new Date(1.7e12 + Math.floor(random() * 1e10)).toISOString(),
      score: Math.round(random() * 1e6) / 100,
      public: random() < 0.5,
      tags: ['alpha', 'beta', 'gamma'].slice(0, 1 + Math.floor(random() * 3)),
      repo: { id: id + 1, name: `repo-${id % 997}`, stars: Math.floor(random() * 5000) },
    };
    length += JSON.stringify(record).length + 1;
    out.push(record);
  }
  return out;
}

/** Ordinary records of about `size` bytes in a schemaless `format` (its wirebench codec writes what every implementation reads). */
function ordinaryOfSize(format: FormatId, size: number): Uint8Array {
  const codec = isJson(format) ? undefined : schemaless[format as 'msgpack' | 'cbor'];
  const bytesOf = (value: unknown): Uint8Array => (codec ? codec.encode(value) : utf8(JSON.stringify(value)));
  // The binary formats are smaller than JSON for the same records: grow the JSON size until the bytes reach `size`.
  let bytes = bytesOf(records(size));
  for (let jsonSize = size; bytes.length < size * 0.9; ) bytes = bytesOf(records((jsonSize *= 1.1)));
  return bytes;
}

/** One input for the child: its bytes, and the schema its codec is built with (schema formats). */
interface TimedInput {
  readonly bytes: Uint8Array;
  readonly schema?: Schema;
  /** Limits the codec is made with (the defaults when absent). */
  readonly limits?: Partial<Limits>;
}

/** A hostile input for the formats it attacks, and an ordinary input to compare it with (by default records of its size). */
interface HostileCase {
  readonly what: string;
  readonly formats: readonly FormatId[];
  /** The hostile input (about SIZE bytes where its form allows), and its own ordinary input where records of its size will not do. */
  readonly build: (format: FormatId) => { hostile: TimedInput; ordinary?: TimedInput };
  /** A higher multiple than MULTIPLE, and why this input costs more per byte than records. */
  readonly multiple?: { readonly times: number; readonly why: string };
  /** Implementation labels (`msgpack/@msgpack/msgpack`) known to exceed the bound on this input, with what they do instead (docs/guarantees.md). */
  readonly exceeds?: Readonly<Record<string, string>>;
}

/** `bytes` with one more byte: the one-pass decoders hand such input to the validating reader, which checks every key before refusing the byte. */
const trailing = (bytes: Uint8Array): Uint8Array => Uint8Array.from([...bytes, 0]);

/** The bytes of a map from each of `keys` to its index. */
const mapOf = (format: FormatId, keys: readonly string[]): Uint8Array => {
  const value = Object.fromEntries(keys.map((key, i) => [key, i]));
  return isJson(format) ? utf8(JSON.stringify(value)) : schemaless[format as 'msgpack' | 'cbor'].encode(value);
};

/** Ordinary keys of the same lengths as `keys`, all different. */
const ordinaryKeys = (keys: readonly string[]): string[] => keys.map((key, i) => key.slice(0, -8) + String(i).padStart(8, '0'));

/** 16,384 keys of one hash, 56 bytes each: a map of about SIZE bytes. */
const COLLIDING = collidingKeys(14);

/** `levels` nested one-item arrays around null (a byte or two per level). */
function nestedArrays(format: FormatId, levels: number): Uint8Array {
  if (isJson(format)) return utf8(`${'['.repeat(levels)}null${']'.repeat(levels)}`);
  const [open, nil] = format === 'msgpack' ? [0x91, 0xc0] : [0x81, 0xf6];
  const bytes = new Uint8Array(levels + 1).fill(open);
  bytes[levels] = nil;
  return bytes;
}

// The schema formats: records of 63 fields, null (absent from the wire) in the hostile input.
const FIELDS = Array.from({ length: 63 }, (_, i) => `field${i}`);
const FULL = Object.fromEntries(FIELDS.map((key) => [key, 'text']));
const RECORD_SCHEMA = inferSchema({ items: [FULL, Object.fromEntries(FIELDS.map((key) => [key, null]))] });
const STRINGS_SCHEMA = inferSchema({ items: ['text'] });
const schemaCodec = (format: FormatId, schema: Schema) => (format === 'protobuf' ? protobufCodec(schema) : flatbuffersCodec(schema));

const VALUE_BUDGET_WHY =
  'the value budget lets a decode build up to 8 values (8-byte words) per input byte before it refuses, and the ordinary records hold about one per 6 bytes';

const CASES: HostileCase[] = [
  {
    what: 'a map of keys of one hash, and a trailing byte',
    formats: ['msgpack', 'cbor'],
    build: (format) => ({ hostile: { bytes: trailing(mapOf(format, COLLIDING)) }, ordinary: { bytes: trailing(mapOf(format, ordinaryKeys(COLLIDING))) } }),
  },
  {
    what: 'a map of keys of one hash',
    formats: ['json', 'simdjson', 'msgpack', 'cbor'],
    build: (format) => ({ hostile: { bytes: mapOf(format, COLLIDING) }, ordinary: { bytes: mapOf(format, ordinaryKeys(COLLIDING)) } }),
  },
  {
    what: 'nested arrays, a level per byte or two',
    formats: ['json', 'simdjson', 'msgpack', 'cbor'],
    build: (format) => ({ hostile: { bytes: nestedArrays(format, isJson(format) ? SIZE / 2 : SIZE) } }),
    multiple: {
      times: 60,
      why: "a decoder that bounds no depth builds an array per level, nested (JSON.parse: wirebench's json checks depth only when a shape limit is set; @msgpack/msgpack), where records hold a value per ~20 bytes",
    },
  },
  {
    what: 'a CBOR bignum (tag 2) as long as the input',
    formats: ['cbor'],
    build: () => {
      const bytes = new Uint8Array(6 + SIZE).fill(0xff);
      bytes.set([0xc2, 0x5a]);
      new DataView(bytes.buffer).setUint32(2, SIZE);
      return { hostile: { bytes } };
    },
  },
  {
    what: 'a 65,000-character string referenced 300,000 times (CBOR tags 28/29), with a shape limit set',
    formats: ['cbor'],
    // A shape limit makes a library codec walk what the library built: each reference is a visit, and each visit of the string costs its length.
    build: () => {
      const limits = { maxStringLength: 100_000 };
      return { hostile: { bytes: cborSharedString(65_000, 300_000), limits }, ordinary: { bytes: ordinaryOfSize('cbor', 965_000), limits } };
    },
  },
  {
    what: '10 nested array headers claiming 1,000,000 items each (51 bytes)',
    formats: ['msgpack', 'cbor'],
    build: (format) => ({ hostile: { bytes: nestedClaims(format as 'msgpack' | 'cbor', 10, 1_000_000) } }),
    exceeds: { 'msgpack/@msgpack/msgpack': 'allocates every array a header claims before reading an item (about 80 MB for these 51 bytes)' },
  },
  {
    what: "cbor-x's packed form: 2,000 references to a 10,000-item prefix (16 KB)",
    formats: ['cbor'],
    build: () => ({ hostile: { bytes: cborPackedPrefixCopies(10_000, 2_000) } }),
    exceeds: { 'cbor/cbor-x': 'copies the prefix into every 3-byte reference, whatever its options (16 KB build 20 million array slots)' },
  },
  {
    what: 'records whose 63 fields are all absent (defaults to fill in)',
    formats: ['protobuf', 'flatbuffers'],
    build: (format) => {
      const codec = schemaCodec(format, RECORD_SCHEMA);
      const full = codec.encode({ items: Array.from({ length: Math.round(SIZE / 420) }, () => FULL) });
      // A protobuf empty sub-message is 2 bytes (tag, length 0); FlatBuffers' share one empty table.
      const hostile =
        format === 'protobuf'
          ? protobufRepeated([0x0a, 0x00], SIZE / 2)
          : flatbuffersSharedVector(SIZE / 4 - 4, (builder) => (builder.startObject(0), builder.endObject()));
      return { hostile: { bytes: hostile, schema: RECORD_SCHEMA }, ordinary: { bytes: full, schema: RECORD_SCHEMA } };
    },
    // protobufjs has no value budget: it fills in every default, 63 fields per 2-byte record, in time linear in them (its memory: docs/guarantees.md).
    multiple: { times: 50, why: VALUE_BUDGET_WHY },
  },
  {
    what: 'a vector of offsets to one 32-byte string',
    formats: ['flatbuffers'],
    build: () => {
      const ordinary = flatbuffersCodec(STRINGS_SCHEMA).encode({ items: Array.from({ length: Math.round(SIZE / 40) }, (_, i) => `${i}`.padStart(32, 'x')) });
      const hostile = flatbuffersSharedVector(SIZE / 4 - 16, (builder) => builder.createString('x'.repeat(32)));
      return { hostile: { bytes: hostile, schema: STRINGS_SCHEMA }, ordinary: { bytes: ordinary, schema: STRINGS_SCHEMA } };
    },
    multiple: { times: 50, why: VALUE_BUDGET_WHY },
  },
];

interface ChildResult {
  readonly ms: number;
  readonly bytes: number;
  readonly outcome: 'decoded' | 'refused';
  readonly error?: string;
}

/** Decodes the inputs in one fresh process of `implementation`, interleaved, and returns each one's median time. */
function timeInChild(format: FormatId, implementation: string, inputs: Record<string, TimedInput>): Record<string, ChildResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-hostile-'));
  try {
    const list = Object.entries(inputs).map(([name, input], i) => {
      writeFileSync(join(dir, `${i}.bin`), input.bytes);
      if (input.schema) writeFileSync(join(dir, `${i}.schema.json`), JSON.stringify(input.schema));
      return { name, file: `${i}.bin`, ...(input.schema ? { schema: `${i}.schema.json` } : {}), ...(input.limits ? { limits: input.limits } : {}) };
    });
    writeFileSync(join(dir, 'inputs.json'), JSON.stringify(list));
    const run = spawnSync(process.execPath, ['--max-old-space-size=1024', CHILD, format, implementation, dir], { encoding: 'utf8', timeout: 120_000 });
    if (run.error) throw new Error(`${format} (${implementation}): ${run.error.message}`);
    if (run.status !== 0) throw new Error(`${format} (${implementation}) exited ${run.status}: ${run.stderr.slice(-600)}`);
    return JSON.parse(run.stdout.trim().split('\n').pop() as string) as Record<string, ChildResult>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(implementationCases(FORMATS).map((c) => [c.name, c] as const))(
  '%s: hostile bytes against ordinary ones, per byte',
  (name, { format, implementation }) => {
    const cases = CASES.filter((c) => c.formats.includes(format));

    it.runIf(cases.length > 0)(
      "each worst known input is decoded or refused within its multiple of an ordinary input's time per byte",
      () => {
        const inputs: Record<string, TimedInput> = {};
        for (const [i, c] of cases.entries()) {
          const { hostile, ordinary } = c.build(format);
          expect(hostile.bytes.length, c.what).toBeLessThanOrEqual(1_100_000);
          inputs[`hostile ${i}`] = hostile;
          inputs[`ordinary ${i}`] = ordinary ?? { bytes: ordinaryOfSize(format, hostile.bytes.length) };
        }
        const results = timeInChild(format, implementation, inputs);
        const lines: string[] = [];
        const failures: string[] = [];
        for (const [i, c] of cases.entries()) {
          const hostile = results[`hostile ${i}`] as ChildResult;
          const ordinary = results[`ordinary ${i}`] as ChildResult;
          // A refusal is a WirebenchError; anything else escaping the codec is a bug.
          for (const result of [hostile, ordinary]) if (result.outcome === 'refused') expect(result.error, c.what).toMatch(/^WirebenchError: /);
          const perByte = hostile.ms / hostile.bytes / (ordinary.ms / ordinary.bytes);
          const bound = c.multiple?.times ?? MULTIPLE;
          lines.push(
            `  ${c.what}: ${hostile.outcome} in ${hostile.ms.toFixed(1)} ms (${hostile.bytes} B), ordinary ${ordinary.ms.toFixed(1)} ms: ${perByte.toFixed(1)}× per byte`,
          );
          const known = c.exceeds?.[name];
          const within = perByte <= bound || hostile.ms < FLOOR_MS;
          // A library listed as exceeding must still exceed: an upgrade that bounds it shows up here, and the docs change with it.
          if (known !== undefined && within)
            failures.push(`${c.what}: listed as exceeding (${known}), but ${perByte.toFixed(1)}× per byte is within ${bound}×`);
          if (known === undefined && !within) failures.push(`${c.what}: ${perByte.toFixed(1)}× per byte (${hostile.ms.toFixed(1)} ms), past ${bound}×`);
        }
        console.log(`${name}:\n${lines.join('\n')}`);
        expect(failures).toEqual([]);
      },
      180_000,
    );
  },
);
