/**
 * The msgpack and CBOR codecs write and read in one pass of their own: their bytes must be the
 * ones @msgpack/msgpack and cbor-x write (same sizes in every report), and either side reads the
 * other's.
 */
import { Decoder as MsgpackDecoder, Encoder as MsgpackEncoder } from '@msgpack/msgpack';
import { Decoder as CborDecoder, Encoder as CborEncoder } from 'cbor-x';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cborCodec } from '../../../src/formats/cbor/codec.js';
import { msgpackCodec } from '../../../src/formats/msgpack/codec.js';
import { isWellFormed } from '../../../src/json-data.js';

const CBOR_OPTIONS = { useRecords: false, mapsAsObjects: true, pack: false, structuredClone: false } as const;
const libraries = {
  msgpack: { codec: msgpackCodec(), encoder: new MsgpackEncoder(), decoder: new MsgpackDecoder() },
  cbor: { codec: cborCodec(), encoder: new CborEncoder(CBOR_OPTIONS), decoder: new CborDecoder(CBOR_OPTIONS) },
};

/** JSON data without -0 (which the libraries write as the integer 0) and with numbers of every width. */
const jsonData = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const numbers = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 32 }),
  fc.constantFrom(0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), -(2 ** 32) - 1, 2 ** 53 - 1, -(2 ** 53 - 1), 0.5, -1e300),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
);
const strings = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ maxLength: 300 })).filter((s) => isWellFormed(s));

describe.each(['msgpack', 'cbor'] as const)('%s bytes are the library’s', (format) => {
  const { codec, encoder, decoder } = libraries[format];
  const same = (value: unknown): void => {
    const ours = codec.encode(value);
    const theirs = encoder.encode(value);
    if (!sameBytes(ours, theirs)) expect(ours).toEqual(new Uint8Array(theirs)); // shows the difference
    // Both libraries refuse (msgpack) or rename (cbor-x) a __proto__ key: that case is ours alone.
    if (!JSON.stringify(value).includes('"__proto__"')) expect(decoder.decode(ours)).toStrictEqual(value);
  };

  it('on random JSON data', () => {
    fc.assert(
      fc.property(jsonData, (value) => same(value)),
      { numRuns: 800, seed: 11 },
    );
  });

  it('on numbers and strings of every width, and long collections', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(numbers, strings), { maxLength: 20 }), (value) => same(value)),
      { numRuns: 400, seed: 12 },
    );
    same(Array.from({ length: 70_000 }, (_, i) => i));
    same(Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, i])));
  });

  it('reads what the library writes', () => {
    fc.assert(
      fc.property(jsonData, (value) => {
        if (!JSON.stringify(value).includes('"__proto__"')) expect(codec.decode(encoder.encode(value))).toStrictEqual(value);
      }),
      { numRuns: 800, seed: 13 },
    );
  });
});

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
