/**
 * Property: any JSON value, with a schema inferred from it, comes back exactly from all six formats.
 * The generator leans on the hard cases: nesting, nulls, mixed arrays, keys that are not
 * identifiers, integers past int32 / 2^53 / 2^63, -0, and all of Unicode.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { checkRoundTrip } from '../src/fidelity.js';
import { inferSchema } from '../src/schema/infer.js';

const ODD_KEYS = ['@type', 'user-name', '1st', '', 'é', 'ключ', '名前', 'user_name', 'userName', 'a b', 'constructor', 'toString', 'value', 'Value', 'syntax', 'message'];
const EDGE_NUMBERS = [0, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 63, -(2 ** 63), 2 ** 64, 1e21, 1e300, -5e-324, 0.1];

interface JsonOptions {
  /** Key characters (simdjson cuts keys at \u0000). */
  readonly keyChars: fc.Arbitrary<string>;
  readonly numbers: fc.Arbitrary<number>;
}

function jsonValue({ keyChars, numbers }: JsonOptions): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ unit: keyChars, maxLength: 6 }));
  const scalar = fc.oneof(fc.constant(null), fc.boolean(), numbers, fc.string({ unit: 'binary', maxLength: 12 }));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 5 }),
      // Arrays of similar records: the case where inference finds optional, nullable and mixed fields.
      fc.array(fc.dictionary(fc.constantFrom('id', 'name', '@type', 'tags', 'geo'), tie('value'), { maxKeys: 5 }), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  }));
  return value;
}

const allNumbers = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...EDGE_NUMBERS));
const anyKeyChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** Integers that JSON.stringify writes out in full and that fit neither int64 nor uint64 as printed. */
const outside64Bits = (n: number): boolean => Number.isInteger(n) && (n <= -(2 ** 63) || n >= 2 ** 64) && Math.abs(n) < 1e21;

async function roundTripsIn(format: FormatId, value: unknown): Promise<void> {
  const codec = await createCodec(format, { schema: inferSchema(value) });
  const report = checkRoundTrip(value, codec.decode(codec.encode(value)));
  expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('random JSON round-trips exactly', () => {
  it.each(FORMATS.filter((f) => f !== 'simdjson'))('%s', async (format) => {
    await fc.assert(
      fc.asyncProperty(jsonValue({ keyChars: anyKeyChar, numbers: allNumbers }), (value) => roundTripsIn(format, value)),
      { numRuns: 150 },
    );
  });

  // simdjson 0.9.2's defects (pinned below) are left out of its generator and reported in the README.
  it('simdjson, without its known defects: no \\u0000 in keys, no integers written out in full outside 64 bits', async () => {
    const keyChars = anyKeyChar.filter((c) => c !== '\u0000');
    const numbers = allNumbers.filter((n) => !outside64Bits(n));
    await fc.assert(fc.asyncProperty(jsonValue({ keyChars, numbers }), (value) => roundTripsIn('simdjson', value)), { numRuns: 150 });
  });
});

describe('simdjson 0.9.2 defects the README reports', () => {
  const decode = async (text: string): Promise<unknown> => (await createCodec('simdjson')).decode(new TextEncoder().encode(text));

  it('cuts a key at an escaped \\u0000', async () => {
    expect(Object.keys((await decode('{"a\\u0000b":1}')) as object)).not.toEqual(['a\u0000b']);
  });

  it('cannot read an integer written out in full below -2^63 or from 2^64 (up to 10^21, where JSON switches to 1e21)', async () => {
    await expect(decode(JSON.stringify([2 ** 64]))).rejects.toThrow();
    // -2^63 itself prints as -9223372036854776000, past int64's end.
    await expect(decode(JSON.stringify([-(2 ** 63)]))).rejects.toThrow();
    expect(await decode(JSON.stringify([2 ** 63, 1e21]))).toEqual([2 ** 63, 1e21]);
  });
});

describe('a "__proto__" key (JSON.parse makes it an own key)', () => {
  const value = JSON.parse('{"__proto__":{"polluted":1},"list":[{"__proto__":2}]}') as unknown;

  it.each(['json', 'protobuf', 'flatbuffers'] as const)('%s keeps it as data', async (format) => {
    await roundTripsIn(format, value);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each(['msgpack', 'cbor'] as const)('%s does not round-trip it (a known limit in the README)', async (format) => {
    await expect(roundTripsIn(format, value)).rejects.toThrow();
  });
});
