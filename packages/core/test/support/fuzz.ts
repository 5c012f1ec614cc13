/**
 * A small, seeded, dependency-free fuzzer for wirebench's decoders: mutations of valid encodings
 * (bit flips, interesting bytes, 16/32-bit lengths and offsets, varints, dictionary tokens, chunk
 * insert/delete/duplicate, truncation, splicing two encodings) plus purely random bytes, and the
 * rules every case must keep (see `runCase`). Every case is generated from (seed, format, index)
 * alone, so any failure is reproduced by its seed and case index.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from 'wirebench/samples';
import type { Codec, FormatId } from '../../src/codec.js';
import { WirebenchError } from '../../src/errors.js';
import type { Diff } from '../../src/fidelity.js';
import { checkRoundTrip, childPath } from '../../src/fidelity.js';
import { REPO_ROOT } from './paths.js';

export type Rng = () => number;

export const CRASHERS_DIR = join(REPO_ROOT, 'packages/core/test/formats/fuzz-crashers');
/** Inputs never grow past this: each case stays a few KB. */
export const MAX_INPUT = 4096;

/** One decoder under test and the valid encodings its mutations start from. */
export interface FuzzTarget {
  /** e.g. `protobuf/Order`; schemaless formats have one target. */
  readonly name: string;
  readonly codec: Codec;
  /** A codec whose decode this one's must match exactly (json, for simdjson). */
  readonly reference?: Codec | undefined;
  /** Values where the difference from `reference` is a known, documented defect (not failed). */
  readonly knownDefect?: ((referenceValue: unknown) => boolean) | undefined;
  /**
   * The json codecs decode as JSON.parse does, which reads a literal past the double range (1e400)
   * as ±Infinity (documented; parseJson reports such literals); JSON.stringify writes it back as null.
   */
  readonly overflowsToInfinity?: boolean;
  readonly seeds: readonly Uint8Array[];
}

// ---------------------------------------------------------------------------------------------
// Case generation

/** A 32-bit hash of a few integers: each case gets its own PRNG stream. */
export function mix(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

const below = (rng: Rng, n: number): number => Math.floor(rng() * n);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[below(rng, items.length)] as T;

const INTERESTING_8 = [0x00, 0x01, 0x02, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x10, 0x20, 0x3f, 0x40];
const INTERESTING_32 = [
  0, 1, 2, 3, 4, 7, 8, 12, 16, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0xfffffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
];
const INTERESTING_VARINT = [0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 0x7fffffff, 0xffffffff, 2 ** 32, 2 ** 53 - 1, 2 ** 63, 2 ** 64 - 1];

const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
const repeat = (bytes: number[], times: number): number[] => Array.from({ length: times }, () => bytes).flat();

/** Bytes and byte strings that mean something to each format's reader. */
const FORMAT_BYTES: Record<FormatId, number[]> = {
  json: ascii('{}[]",:\\-+.eE0123456789ntfu \t\n'),
  simdjson: ascii('{}[]",:\\-+.eE0123456789ntfu \t\n'),
  // nil, never-used, bool, bin, ext, float, uint, int, fixext, str, array, map; fix* headers.
  msgpack: [
    0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9,
    0xda, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xe0,
  ],
  // Each major type with each additional-info width, indefinite lengths, break, simple values, tags, floats.
  cbor: [
    0x18, 0x19, 0x1a, 0x1b, 0x1f, 0x38, 0x3b, 0x40, 0x58, 0x5f, 0x60, 0x78, 0x7a, 0x7b, 0x7f, 0x80, 0x98, 0x9f, 0xa0, 0xb8, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xd8,
    0xd9, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xff,
  ],
  // Tags for fields 1-15 with every wire type (0-7), and continuation bits.
  protobuf: [0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x12, 0x15, 0x18, 0x1a, 0x22, 0x2a, 0x32, 0x3a, 0x42, 0x7a, 0x80, 0xff, 0x00],
  flatbuffers: [0x00, 0x04, 0x08, 0x0c, 0x10, 0xfc, 0xf8, 0xff],
};

/** Whole tokens to insert or overwrite with: hostile values, other types, deep nesting. */
const FORMAT_TOKENS: Record<FormatId, number[][]> = {
  json: [
    ascii('-0'),
    ascii('1e999'),
    ascii('-1e999'),
    ascii('1e-400'),
    ascii('9007199254740993'),
    ascii('18446744073709551616'),
    ascii('"__proto__"'),
    ascii('{"__proto__":{"polluted":1}}'),
    ascii('{"constructor":{"prototype":{"polluted":1}}}'),
    ascii('"\\ud800"'),
    ascii('"\\udc00"'),
    ascii('"\\udc00x"'),
    ascii('{"\\udfff":1}'),
    ascii('"\\ud83d\\ude00"'),
    ascii('"\\u0000"'),
    ascii('"\\uZZZZ"'),
    [0x22, 0xed, 0xa0, 0x80, 0x22],
    [0x22, 0xc0, 0x80, 0x22],
    ascii('null'),
    ascii('true'),
    ascii('[]'),
    ascii('{}'),
    ascii('"'),
    ascii('\\'),
    [...repeat(ascii('['), 1500), ...repeat(ascii(']'), 1500)],
    repeat(ascii('{"a":'), 600),
  ],
  simdjson: [],
  msgpack: [
    [0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0], // float64 -0
    [0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0], // float64 NaN
    [0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0], // float64 Infinity
    [0xca, 0x7f, 0xc0, 0, 0], // float32 NaN
    [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // uint64 max
    [0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1], // 2^53 + 1
    [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0], // int64 min
    [0xd6, 0xff, 0, 0, 0, 1], // timestamp ext
    [0xc7, 0x00, 0x05], // empty ext
    [0xc4, 0x02, 0x01, 0x02], // bin
    [0x81, 0xa9, ...ascii('__proto__'), 0x81, 0xa8, ...ascii('polluted'), 0x01],
    [0x81, 0xab, ...ascii('constructor'), 0x81, 0xa9, ...ascii('prototype'), 0x81, 0xa8, ...ascii('polluted'), 0x01],
    [0xa3, 0xed, 0xa0, 0x80], // CESU-8 lone surrogate
    [0xa2, 0xc0, 0x80], // overlong NUL
    [0xa1, 0xff], // invalid UTF-8
    [0x81, 0x01, 0x02], // integer key
    [0x81, 0x90, 0x01], // array key
    [0x81, 0xc0, 0x01], // nil key
    [0xdd, 0xff, 0xff, 0xff, 0xff], // 4G-item array header
    [0xdf, 0x7f, 0xff, 0xff, 0xff], // 2G-entry map header
    [0xdb, 0x7f, 0xff, 0xff, 0xff], // 2 GB string header
    [...repeat([0x91], 2000), 0xc0],
    repeat([0x81, 0xa1, 0x61], 1000),
  ],
  cbor: [
    [0xf9, 0x80, 0x00], // half -0
    [0xf9, 0x7e, 0x00], // half NaN
    [0xf9, 0x7c, 0x00], // half Infinity
    [0xfb, 0x80, 0, 0, 0, 0, 0, 0, 0], // float64 -0
    [0xf7], // undefined
    [0xf0], // simple(16)
    [0xf8, 0xff], // simple(255)
    [0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // uint64 max
    [0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // -2^64
    [0x1b, 0, 0x20, 0, 0, 0, 0, 0, 1], // 2^53 + 1
    [0xc2, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0], // bignum
    [0xc1, 0x1a, 0, 0, 0, 1], // epoch date
    [0xd8, 0x1c, 0x80], // shareable tag 28
    [0xd8, 0x1d, 0x00], // shared-ref tag 29
    [0xd9, 0xd9, 0xf7], // self-describe
    [0xd8, 0x40, 0x43, 1, 2, 3], // typed array tag
    [0xa1, 0x69, ...ascii('__proto__'), 0xa1, 0x68, ...ascii('polluted'), 0x01],
    [0xa1, 0x6b, ...ascii('constructor'), 0xa1, 0x69, ...ascii('prototype'), 0xa1, 0x68, ...ascii('polluted'), 0x01],
    [0x63, 0xed, 0xa0, 0x80], // CESU-8 lone surrogate
    [0x61, 0xff], // invalid UTF-8
    [0x7f, 0x61, 0x61, 0x61, 0x62, 0xff], // indefinite text
    [0x5f, 0x41, 0x00, 0xff], // indefinite bytes
    [0x9f, 0x01, 0x02, 0xff], // indefinite array
    [0xbf, 0x61, 0x61, 0x01, 0xff], // indefinite map
    [0xa1, 0x01, 0x02], // integer key
    [0xa1, 0x80, 0x01], // array key
    [0xa1, 0xf6, 0x01], // null key
    [0x9b, 0, 0, 0, 1, 0, 0, 0, 0], // 2^32-item array header
    [0x7b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // huge text header
    [...repeat([0x81], 2000), 0xf6],
    repeat([0xa1, 0x61, 0x61], 1000),
  ],
  protobuf: [
    [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], // 10-byte varint
    repeat([0xff], 12), // overlong varint
    [0x0a, 0xff, 0xff, 0xff, 0xff, 0x07], // field 1, length 2^31-1
    [0x12, 0xff, 0xff, 0xff, 0xff, 0x0f], // field 2, length 2^32-1
    [0x0b],
    [0x0c],
    [0x13, 0x14], // group start / end
    [0x09, 0, 0, 0, 0, 0, 0, 0, 0x80], // fixed64 -0
    [0x09, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f], // fixed64 NaN
    [0x0d, 0, 0, 0xc0, 0x7f], // fixed32 NaN
    [0x00],
    [0x02, 0x00], // field 0
    [0xc2, 0x3e, 0x01, 0x00], // field 1000
    [0xf8, 0xff, 0xff, 0xff, 0x0f, 0x01], // field 2^29-1
    [0x0a, 0x02, 0xc0, 0x80], // overlong NUL in a string
    [0x0a, 0x03, 0xed, 0xa0, 0x80], // CESU-8 lone surrogate
    [0x0a, 0x01, 0xff], // invalid UTF-8
    [0x0a, 0x09, ...ascii('__proto__')],
    [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], // varint field 1 = 2^64-1
    repeat([0x0a, 0x7f], 40),
  ],
  flatbuffers: [
    [0xff, 0xff, 0xff, 0x7f],
    [0x00, 0x00, 0x00, 0x80],
    [0xfc, 0xff, 0xff, 0xff],
    [0x04, 0x00, 0x04, 0x00],
    [0x00, 0x00, 0x04, 0x00],
    [0x04, 0x00, 0x00, 0x00], // an offset to itself (+4)
    [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80], // double -0
    [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f], // double NaN
    [0x03, 0x00, 0x00, 0x00, 0xed, 0xa0, 0x80, 0x00], // string with a CESU-8 lone surrogate
    [0x01, 0x00, 0x00, 0x00, 0xff, 0x00], // string with invalid UTF-8
    [0x09, 0x00, 0x00, 0x00, ...ascii('__proto__'), 0x00],
  ],
};
FORMAT_TOKENS.simdjson = FORMAT_TOKENS.json;

function writeUint(out: Uint8Array, at: number, value: number, width: number, littleEndian: boolean): void {
  for (let i = 0; i < width; i++) {
    const shift = littleEndian ? i : width - 1 - i;
    if (at + shift < out.length) out[at + shift] = Math.floor(value / 2 ** (8 * i)) & 0xff;
  }
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Mutator = (rng: Rng, input: Uint8Array, format: FormatId, donors: readonly Uint8Array[]) => Uint8Array;

const chunkLength = (rng: Rng, max: number): number => (max <= 0 ? 0 : 1 + below(rng, Math.min(max, rng() < 0.7 ? 8 : 128)));

/** Mutators by name; the name goes into the case description. */
export const MUTATORS: Record<string, Mutator> = {
  flipBits(rng, input) {
    const out = input.slice();
    if (out.length === 0) return out;
    for (let n = 1 + below(rng, 4); n > 0; n--) {
      const at = below(rng, out.length);
      out[at] = (out[at] as number) ^ (1 << below(rng, 8));
    }
    return out;
  },
  setInterestingByte(rng, input, format) {
    const out = input.slice();
    if (out.length === 0) return out;
    out[below(rng, out.length)] = rng() < 0.5 ? pick(rng, INTERESTING_8) : pick(rng, FORMAT_BYTES[format]);
    return out;
  },
  addToByte(rng, input) {
    const out = input.slice();
    if (out.length === 0) return out;
    const at = below(rng, out.length);
    out[at] = ((out[at] as number) + (rng() < 0.5 ? 1 : -1) * (1 + below(rng, 16))) & 0xff;
    return out;
  },
  randomByte(rng, input) {
    const out = input.slice();
    if (out.length > 0) out[below(rng, out.length)] = below(rng, 256);
    return out;
  },
  overwrite32(rng, input) {
    const out = input.slice();
    if (out.length < 4) return out;
    let at = below(rng, out.length - 3);
    if (rng() < 0.5) at -= at % 4;
    const current = new DataView(out.buffer, out.byteOffset).getUint32(at, true);
    const choice = below(rng, 4);
    const value =
      choice === 0
        ? pick(rng, INTERESTING_32)
        : choice === 1
          ? out.length + below(rng, 9) - 4
          : choice === 2
            ? (current + below(rng, 33) - 16) >>> 0
            : below(rng, 2 ** 32);
    writeUint(out, at, value >>> 0, 4, rng() < 0.7);
    return out;
  },
  overwrite16(rng, input) {
    const out = input.slice();
    if (out.length < 2) return out;
    const at = below(rng, out.length - 1);
    const value = rng() < 0.5 ? pick(rng, INTERESTING_32) & 0xffff : (out.length + below(rng, 9) - 4) & 0xffff;
    writeUint(out, at, value, 2, rng() < 0.5);
    return out;
  },
  writeVarint(rng, input) {
    // biome-ignore lint/complexity/useMathMinMax: the test and the value each draw from rng; Math.max would draw once and change every seed's cases.
    const bytes = varint(rng() < 0.7 ? pick(rng, INTERESTING_VARINT) : input.length + below(rng, 9) - 4 >= 0 ? input.length + below(rng, 9) - 4 : 0);
    const at = below(rng, input.length + 1);
    if (rng() < 0.5) return concat(input.subarray(0, at), bytes, input.subarray(at));
    return concat(input.subarray(0, at), bytes, input.subarray(Math.min(input.length, at + bytes.length)));
  },
  insertToken(rng, input, format) {
    const tokens = FORMAT_TOKENS[format];
    if (tokens.length === 0) return input;
    const token = pick(rng, tokens);
    const at = below(rng, input.length + 1);
    return rng() < 0.5
      ? concat(input.subarray(0, at), token, input.subarray(at))
      : concat(input.subarray(0, at), token, input.subarray(Math.min(input.length, at + token.length)));
  },
  insertRandomChunk(rng, input) {
    const at = below(rng, input.length + 1);
    const chunk = Array.from({ length: 1 + below(rng, 16) }, () => (rng() < 0.3 ? pick(rng, INTERESTING_8) : below(rng, 256)));
    return concat(input.subarray(0, at), chunk, input.subarray(at));
  },
  deleteChunk(rng, input) {
    if (input.length === 0) return input;
    const at = below(rng, input.length);
    const n = chunkLength(rng, input.length - at);
    return concat(input.subarray(0, at), input.subarray(at + n));
  },
  duplicateChunk(rng, input) {
    if (input.length === 0) return input;
    const from = below(rng, input.length);
    const chunk = input.slice(from, from + chunkLength(rng, input.length - from));
    const at = below(rng, input.length + 1);
    const times = rng() < 0.8 ? 1 : 2 + below(rng, 30);
    return concat(input.subarray(0, at), ...Array.from({ length: times }, () => chunk), input.subarray(at));
  },
  copyChunkOver(rng, input) {
    if (input.length < 2) return input;
    const from = below(rng, input.length);
    const chunk = input.slice(from, from + chunkLength(rng, input.length - from));
    const out = input.slice();
    out.set(chunk.subarray(0, Math.max(0, out.length - below(rng, out.length))), below(rng, Math.max(1, out.length - chunk.length)));
    return out;
  },
  truncate(rng, input) {
    if (input.length === 0) return input;
    return input.slice(0, rng() < 0.5 ? below(rng, input.length) : input.length - 1 - below(rng, Math.min(8, input.length)));
  },
  splice(rng, input, _format, donors) {
    const other = pick(rng, donors);
    return concat(input.subarray(0, below(rng, input.length + 1)), other.subarray(below(rng, other.length + 1)));
  },
  spliceInsert(rng, input, _format, donors) {
    const other = pick(rng, donors);
    const from = below(rng, other.length + 1);
    const chunk = other.subarray(from, from + chunkLength(rng, other.length - from));
    const at = below(rng, input.length + 1);
    return concat(input.subarray(0, at), chunk, input.subarray(at));
  },
};
const MUTATOR_NAMES = Object.keys(MUTATORS);

export interface FuzzCase {
  readonly index: number;
  /** Index into the format's targets. */
  readonly target: number;
  /** What was done, e.g. `seed#2 | flipBits | truncate`. */
  readonly recipe: string;
  readonly input: Uint8Array;
}

/** The case `index` of `format` under `seed`: a pure function of its arguments. */
export function generateCase(seed: number, format: FormatId, index: number, targets: readonly FuzzTarget[]): FuzzCase {
  const rng = seededRandom(mix(seed, FORMAT_IDS.indexOf(format), index));
  const target = below(rng, targets.length);
  const donors = targets.flatMap((t) => t.seeds);
  const roll = rng();
  if (roll < 0.05) {
    const length = rng() < 0.5 ? below(rng, 16) : below(rng, 512);
    return { index, target, recipe: `random(${length})`, input: Uint8Array.from({ length }, () => below(rng, 256)) };
  }
  const seeds = (targets[target] as FuzzTarget).seeds;
  const seedIndex = below(rng, seeds.length);
  let input = seeds[seedIndex] as Uint8Array;
  const steps: string[] = [`seed#${seedIndex}`];
  if (roll < 0.06) return { index, target, recipe: `${steps[0]} unchanged`, input };
  // Havoc: mostly one or two mutations, sometimes a stack of up to eight.
  const count = rng() < 0.6 ? 1 : rng() < 0.7 ? 2 : 3 + below(rng, 6);
  for (let i = 0; i < count; i++) {
    const name = pick(rng, MUTATOR_NAMES);
    input = (MUTATORS[name] as Mutator)(rng, input, format, donors);
    if (input.length > MAX_INPUT) input = input.slice(0, MAX_INPUT);
    steps.push(name);
  }
  return { index, target, recipe: steps.join(' | '), input };
}

const FORMAT_IDS: FormatId[] = ['json', 'simdjson', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];

// ---------------------------------------------------------------------------------------------
// The rules

export type Rule =
  | 'decode threw a non-WirebenchError'
  | 'WirebenchError without its format'
  | 'WirebenchError hiding an internal error'
  | 'case too slow'
  | 'Object.prototype polluted'
  | 'decoded value is not JSON data'
  | 'decoded value does not re-encode'
  | 're-encoded bytes do not decode'
  | 'decode(encode(decoded)) differs'
  | 'differs from JSON.parse';

export interface Failure {
  readonly rule: Rule;
  readonly detail: string;
}

export interface CaseOutcome {
  /** 'decoded' (and re-encoded), or 'refused' (a WirebenchError). */
  readonly outcome: 'decoded' | 'refused';
  readonly failures: Failure[];
  /** Milliseconds spent in the codec (decode, and re-encode + decode when it decoded). */
  readonly ms: number;
  /** -0 that came back as 0 on re-encode, reported by checkRoundTrip (allowed, counted). */
  readonly negativeZeroDiffs: number;
}

const PROTO_BASELINE = snapshotPrototype();

function snapshotPrototype(): Map<PropertyKey, PropertyDescriptor> {
  const map = new Map<PropertyKey, PropertyDescriptor>();
  for (const key of Reflect.ownKeys(Object.prototype)) map.set(key, Object.getOwnPropertyDescriptor(Object.prototype, key) as PropertyDescriptor);
  return map;
}

/** What changed on Object.prototype since this module loaded; puts it back so later cases run clean. */
export function prototypeChanges(): string | undefined {
  const changes: string[] = [];
  for (const key of Reflect.ownKeys(Object.prototype)) {
    const now = Object.getOwnPropertyDescriptor(Object.prototype, key) as PropertyDescriptor;
    const before = PROTO_BASELINE.get(key);
    if (!before) {
      changes.push(`new key ${String(key)}`);
      delete (Object.prototype as Record<PropertyKey, unknown>)[key];
    } else if (now.value !== before.value || now.get !== before.get || now.set !== before.set) {
      changes.push(`changed ${String(key)}`);
      Object.defineProperty(Object.prototype, key, before);
    }
  }
  const polluted = ({} as Record<string, unknown>)['polluted'];
  if (polluted !== undefined) changes.push(`({}).polluted is ${String(polluted)}`);
  return changes.length > 0 ? changes.join(', ') : undefined;
}

/** Where `value` is not JSON data (plain objects and arrays, strings, finite numbers, booleans, null). */
export function notJsonData(value: unknown, allowInfinity = false): string | undefined {
  const stack: Array<[string, unknown]> = [['$', value]];
  let visited = 0;
  while (stack.length > 0) {
    const [path, item] = stack.pop() as [string, unknown];
    if (++visited > 1_000_000) return `${path}: more than a million values`;
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number') {
      if (!Number.isFinite(item) && !(allowInfinity && Math.abs(item) === Infinity)) return `${path}: ${item}`;
      continue;
    }
    if (typeof item !== 'object') return `${path}: ${typeof item}`;
    if (Array.isArray(item)) {
      if (Object.getPrototypeOf(item) !== Array.prototype) return `${path}: an array with a foreign prototype`;
      for (let i = 0; i < item.length; i++) {
        if (!(i in item)) return `${path}: a hole at [${i}]`;
        stack.push([childPath(path, i), item[i]]);
      }
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(item);
    if (proto !== Object.prototype && proto !== null) {
      const name = (item as { constructor?: { name?: string } }).constructor?.name;
      return `${path}: ${proto && typeof name === 'string' && name !== 'Object' ? name : 'an object whose prototype is not Object.prototype'}`;
    }
    if (Object.getOwnPropertySymbols(item).length > 0) return `${path}: symbol keys`;
    for (const key of Object.keys(item)) stack.push([childPath(path, key), (item as Record<string, unknown>)[key]]);
  }
  return undefined;
}

/**
 * A programming error inside a decoder or its library (a TypeError or ReferenceError), except the
 * TypeError a fatal TextDecoder throws for invalid UTF-8, which is a refusal.
 */
function isInternalError(cause: unknown): boolean {
  if (cause instanceof ReferenceError) return true;
  return (
    cause instanceof TypeError && (cause as { code?: unknown }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA' && !/not valid for encoding/.test(cause.message)
  );
}

const errorLine = (error: unknown): string =>
  error instanceof Error ? `${error.constructor?.name ?? 'Error'}: ${error.message.slice(0, 200)}` : `${typeof error}: ${String(error).slice(0, 200)}`;

/**
 * One input through one codec, checked against the rules: decode returns or throws a
 * WirebenchError (carrying its format); Object.prototype stays as it was; what decodes is JSON
 * data, re-encodes with the same codec, and decodes again to the same value (checkRoundTrip,
 * numbers by Object.is; -0 that comes back as 0 is counted, not failed, as long as checkRoundTrip
 * reports it); the codec calls together take at most `boundMs` (confirmed by a second run).
 * With a `reference` codec (json, for simdjson), decode must also refuse what it refuses and
 * otherwise return the same value.
 */
export function runCase(
  target: Pick<FuzzTarget, 'codec' | 'reference' | 'knownDefect' | 'overflowsToInfinity'>,
  input: Uint8Array,
  boundMs: number,
  confirmSlow = true,
): CaseOutcome {
  const { codec, reference, knownDefect, overflowsToInfinity = false } = target;
  const failures: Failure[] = [];
  let outcome: CaseOutcome['outcome'] = 'refused';
  let negativeZeroDiffs = 0;
  const start = performance.now();
  let ms = 0;
  let value: unknown;
  let decoded = false;
  try {
    value = codec.decode(input);
    decoded = true;
  } catch (error) {
    if (!(error instanceof WirebenchError)) failures.push({ rule: 'decode threw a non-WirebenchError', detail: errorLine(error) });
    else if (error.format !== codec.format)
      failures.push({ rule: 'WirebenchError without its format', detail: `format ${String(error.format)}: ${error.message.slice(0, 200)}` });
    else if (isInternalError(error.cause)) {
      // A TypeError is the decoder's own bug (reading past what it checked), not a refusal a person can act on.
      failures.push({ rule: 'WirebenchError hiding an internal error', detail: `${error.message.slice(0, 200)} (cause: ${errorLine(error.cause)})` });
    }
  }
  if (decoded) {
    outcome = 'decoded';
    let bytes: Uint8Array | undefined;
    try {
      bytes = codec.encode(value);
    } catch (error) {
      failures.push({ rule: 'decoded value does not re-encode', detail: errorLine(error) });
    }
    let again: unknown;
    let decodedAgain = false;
    if (bytes) {
      try {
        again = codec.decode(bytes);
        decodedAgain = true;
      } catch (error) {
        failures.push({ rule: 're-encoded bytes do not decode', detail: errorLine(error) });
      }
    }
    ms = performance.now() - start;
    const where = notJsonData(value, overflowsToInfinity);
    if (where) failures.push({ rule: 'decoded value is not JSON data', detail: where });
    if (decodedAgain) {
      const report = checkRoundTrip(value, again, { maxDiffs: 50 });
      const infinityWrittenAsNull = (d: Diff): boolean =>
        overflowsToInfinity && d.kind === 'type' && Math.abs(d.expected as number) === Infinity && d.actual === null;
      const bad = report.diffs.filter(
        (d) => d.kind !== 'order' && !(d.kind === 'value' && Object.is(d.expected, -0) && Object.is(d.actual, 0)) && !infinityWrittenAsNull(d),
      );
      negativeZeroDiffs = report.diffs.filter((d) => d.kind === 'value' && Object.is(d.expected, -0) && Object.is(d.actual, 0)).length;
      if (bad.length > 0 || (!report.ok && negativeZeroDiffs === 0 && !overflowsToInfinity)) {
        const first = bad[0];
        failures.push({
          rule: 'decode(encode(decoded)) differs',
          detail: first
            ? `${first.kind} at ${first.path}: ${short(first.expected)} → ${short(first.actual)}${bad.length > 1 ? ` (+${bad.length - 1} more)` : ''}`
            : 'not ok',
        });
      }
    }
  } else {
    ms = performance.now() - start;
  }
  if (reference) {
    // simdjson promises exactly what JSON.parse gives: the same refusals, the same values.
    let expected: unknown;
    let refused = false;
    try {
      expected = reference.decode(input);
    } catch {
      refused = true;
    }
    if (refused !== !decoded)
      failures.push({
        rule: 'differs from JSON.parse',
        detail: refused ? 'JSON.parse refuses it, this decoder does not' : 'JSON.parse reads it, this decoder refuses',
      });
    else if (decoded && !knownDefect?.(expected)) {
      const report = checkRoundTrip(expected, value, { maxDiffs: 50 });
      const first = report.diffs.find((d) => d.kind !== 'order');
      if (first)
        failures.push({ rule: 'differs from JSON.parse', detail: `${first.kind} at ${first.path}: ${short(first.expected)} → ${short(first.actual)}` });
    }
  }
  const polluted = prototypeChanges();
  if (polluted) failures.unshift({ rule: 'Object.prototype polluted', detail: polluted });
  if (ms > boundMs) {
    // One slow run may be a GC pause or a JIT tier-up; a second slow run is the input's fault.
    const second = confirmSlow ? runCase(target, input, boundMs, false).ms : ms;
    if (second > boundMs) failures.push({ rule: 'case too slow', detail: `${ms.toFixed(0)} ms, then ${second.toFixed(0)} ms (bound ${boundMs} ms)` });
  }
  return { outcome, failures, ms, negativeZeroDiffs };
}

function short(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  } catch {
    return String(value);
  }
}

/**
 * A valid encoding must decode to the value it was made from (a decoder that refuses everything
 * would pass every other rule): returns what is wrong, if anything.
 */
export function checkSeed(codec: Codec, value: unknown, bytes: Uint8Array): string | undefined {
  let decoded: unknown;
  try {
    decoded = codec.decode(bytes);
  } catch (error) {
    return `its own encoding of a canonical payload is refused: ${errorLine(error)}`;
  }
  const report = checkRoundTrip(value, decoded, { maxDiffs: 5 });
  const first = report.diffs.find((d) => d.kind !== 'order');
  return first ? `its own encoding of a canonical payload decodes differently: ${first.kind} at ${first.path}` : undefined;
}

/** Groups failures of one kind: the rule and the message with numbers, quotes and paths blurred. */
export function signature(failure: Failure): string {
  const blurred = failure.detail
    .replace(/\$[^\s:]*/g, '$…')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, 'N')
    .slice(0, 80);
  return `${failure.rule}: ${blurred}`;
}

/**
 * Shrinks `input` while `stillFails` holds: removes chunks (halving their size), then zeroes
 * bytes. Stops after `budgetMs`.
 */
export function minimise(input: Uint8Array, stillFails: (bytes: Uint8Array) => boolean, budgetMs = 1500): Uint8Array {
  const deadline = performance.now() + budgetMs;
  let best = input;
  for (let size = Math.max(1, best.length >> 1); size >= 1; size = size === 1 ? 0 : size >> 1) {
    for (let at = 0; at < best.length && performance.now() < deadline; ) {
      const candidate = concat(best.subarray(0, at), best.subarray(at + size));
      if (candidate.length < best.length && stillFails(candidate)) best = candidate;
      else at += size;
    }
    if (performance.now() >= deadline) break;
  }
  return best;
}

export const hex = (bytes: Uint8Array, max = 96): string => {
  const text = Array.from(bytes.subarray(0, max), (b) => b.toString(16).padStart(2, '0')).join('');
  return bytes.length > max ? `${text}… (${bytes.length} bytes)` : text;
};

export const shortHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** Writes a regression input; returns its path relative to the repo. */
export function saveCrasher(format: FormatId, bytes: Uint8Array): string {
  const dir = join(CRASHERS_DIR, format);
  mkdirSync(dir, { recursive: true });
  const name = `${shortHash(bytes)}.bin`;
  writeFileSync(join(dir, name), bytes);
  return `packages/core/test/formats/fuzz-crashers/${format}/${name}`;
}

/** Every saved regression input of a format, sorted by name. */
export function crasherFiles(format: FormatId): Array<{ name: string; bytes: Uint8Array }> {
  const dir = join(CRASHERS_DIR, format);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.bin'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }));
}
