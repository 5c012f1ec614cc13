/**
 * cbor-x behind the Codec API (src/formats/cbor/libraries/cbor-x.ts): the corpus and the canonical
 * payloads exactly, interop with wirebench's cbor both ways, and what the library changes or makes
 * of foreign bytes, measured on the installed version and asserted.
 */
import { Tag } from 'cbor-x';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from 'wirebench/samples';
import { createCodec } from '../../../../src/create-codec.js';
import { cborCodec } from '../../../../src/formats/cbor/codec.js';
import { decodeInChild } from '../../../support/hostile-bytes.mjs';
import {
  ascii,
  bytes,
  cborXOwnBignum,
  describeLibraryCodec,
  EVERY_KIND_EXACT,
  loneSurrogateInLongString,
  PROTO_KEY_RENAMED,
  Refused,
} from '../../../support/library-codecs.js';

describeLibraryCodec({
  format: 'cbor',
  implementation: 'cbor-x',
  losses: [
    EVERY_KIND_EXACT,
    PROTO_KEY_RENAMED,
    {
      what: 'a lone surrogate in a short string: written as 3 bytes that are not UTF-8, read as three U+FFFD',
      value: { s: 'a\ud800b' },
      roundTrip: [{ path: '$.s', kind: 'value', expected: 'a\ud800b', actual: 'a\ufffd\ufffd\ufffdb' }],
      wirebenchReads: /malformed UTF-8/,
      readsWirebench: /lone surrogate/,
    },
    loneSurrogateInLongString('a lone surrogate in a long string becomes one U+FFFD', 300),
  ],
  foreign: [
    ['a uint 64 of 2^53 + 1: the nearest double, as JSON.parse (int64AsNumber)', bytes(0x1b, 0, 0x20, 0, 0, 0, 0, 0, 1), 2 ** 53],
    ['the largest uint 64', bytes(0x1b, 255, 255, 255, 255, 255, 255, 255, 255), 2 ** 64],
    ['the smallest negative 64-bit integer, -2^64', bytes(0x3b, 255, 255, 255, 255, 255, 255, 255, 255), -(2 ** 64)],
    ['a uint 64 holding 5', bytes(0x1b, 0, 0, 0, 0, 0, 0, 0, 5), 5],
    ['a half-float -0', bytes(0xf9, 0x80, 0x00), -0],
    ['a half-float NaN', bytes(0xf9, 0x7e, 0x00), NaN],
    ['undefined', bytes(0xf7), undefined],
    ['the simple value 16', bytes(0xf0), new Refused(/No packed values available/)],
    ['a bignum tag: a BigInt', bytes(0xc2, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0), 2n ** 64n],
    ['an epoch date tag', bytes(0xc1, 0x1a, 0, 0, 0, 1), new Date(1000)],
    ['a typed-array tag', bytes(0xd8, 0x40, 0x43, 1, 2, 3), bytes(1, 2, 3)],
    ['a set tag (258)', bytes(0xd9, 0x01, 0x02, 0x81, 0x01), new Set([1])],
    ['a map tag (259) with an array key', bytes(0xd9, 0x01, 0x03, 0xa1, 0x80, 0x01), new Map([[[], 1]])],
    ['a generic-object tag (27) naming Error', bytes(0xd8, 0x1b, 0x82, 0x65, ...ascii('Error'), 0x61, 0x78), new Error('x')],
    ['a tag it does not know: a Tag', bytes(0xd9, 0x03, 0xe7, 0x01), new Tag(1, 999)],
    ['the self-described CBOR tag', bytes(0xd9, 0xd9, 0xf7, 0x01), 1],
    ['a byte string', bytes(0x41, 0x00), bytes(0)],
    [
      'an indefinite-length text string (valid CBOR)',
      bytes(0x7f, 0x61, 0x61, 0x61, 0x62, 0xff),
      new Refused(/Indefinite length not supported for byte or text strings/),
    ],
    ['an indefinite-length map', bytes(0xbf, 0x61, 0x61, 0x01, 0xff), { a: 1 }],
    ['invalid UTF-8 (0xff): U+FFFD', bytes(0x61, 0xff), '\ufffd'],
    ['an encoded surrogate (ed a0 80): three U+FFFD', bytes(0x63, 0xed, 0xa0, 0x80), '\ufffd\ufffd\ufffd'],
    ['an overlong NUL (c0 80): two U+FFFD', bytes(0x62, 0xc0, 0x80), '\ufffd\ufffd'],
    ['duplicate keys: the last wins', bytes(0xa2, 0x61, 0x61, 1, 0x61, 0x61, 2), { a: 2 }],
    ['a number key: a string key', bytes(0xa1, 0x01, 0x02), { '1': 2 }],
    ['a null key: the key "null"', bytes(0xa1, 0xf6, 0x02), { null: 2 }],
    ['an array key', bytes(0xa1, 0x80, 0x02), new Refused(/Invalid property name type object/)],
    ['a __proto__ key: renamed __proto_', bytes(0xa1, 0x69, ...ascii('__proto__'), 0xa1, 0x68, ...ascii('polluted'), 0x01), { __proto_: { polluted: 1 } }],
    ['a trailing byte', bytes(0x01, 0x02), new Refused(/Data read, but end of buffer not reached/)],
  ],
});

// ---------------------------------------------------------------------------------------------
// Bignums (tags 2 and 3): cbor-x's reader, in linear time

/** The head of tag 2 or 3, in its shortest form or one of the longer ones cbor-x also reads. */
const tagHead = (tag: 2 | 3, form: number): number[] =>
  [[0xc0 | tag], [0xd8, tag], [0xd9, 0, tag], [0xda, 0, 0, 0, tag], [0xdb, 0, 0, 0, 0, 0, 0, 0, tag]][form % 5] as number[];

/** A byte string's head for `length` bytes. */
function byteStringHead(length: number): number[] {
  if (length < 24) return [0x40 | length];
  if (length < 0x100) return [0x58, length];
  if (length < 0x10000) return [0x59, length >> 8, length & 0xff];
  return [0x5a, length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/**
 * A bignum of `payload` wrapped `levels` deep in arrays or maps (`{ "k": … }`) as `shape`'s bits
 * say: its CBOR, and the value cbor-x's own (quadratic) reader would give it.
 */
function bignumCbor(payload: Uint8Array, tag: 2 | 3, form: number, levels: number, shape: number): { cbor: Uint8Array; expected: () => unknown } {
  const prefix: number[] = [];
  for (let i = 0; i < levels; i++) prefix.unshift(...((shape >> (i % 31)) & 1 ? [0xa1, 0x61, 0x6b] : [0x81]));
  const head = [...prefix, ...tagHead(tag, form), ...byteStringHead(payload.length)];
  const cbor = new Uint8Array(head.length + payload.length);
  cbor.set(head);
  cbor.set(payload, head.length);
  const expected = (): unknown => {
    const magnitude = cborXOwnBignum(payload);
    let value: unknown = tag === 2 ? magnitude : BigInt(-1) - magnitude;
    for (let i = 0; i < levels; i++) value = (shape >> (i % 31)) & 1 ? { k: value } : [value];
    return value;
  };
  return { cbor, expected };
}

describe('cbor-x: bignums (tags 2 and 3) are read in linear time, as cbor-x reads them', () => {
  it('reads every bignum anywhere in the input: tags 2 and 3, every head form, inside arrays and maps', async () => {
    const codec = await createCodec('cbor', { implementation: 'cbor-x' });
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom(2 as const, 3 as const),
        fc.nat(4),
        fc.nat(6),
        fc.nat(),
        (payload, tag, form, levels, shape) => {
          const { cbor, expected } = bignumCbor(payload, tag, form, levels, shape);
          expect(codec.decode(cbor)).toEqual(expected());
        },
      ),
      { numRuns: 300 },
    );
    // An indefinite-length byte string in a bignum: cbor-x refuses it, as any other.
    expect(() => codec.decode(bytes(0xc2, 0x5f, 0x41, 0x01, 0xff))).toThrow(/Indefinite length not supported/);
  });

  it('a bignum of up to 1 MB (tag 2 or 3, nested at random) decodes within 20× the time of an ordinary input of its size (median of 3, in a fresh process)', () => {
    const random = seededRandom(2);
    /** CBOR of strings and numbers, about `size` bytes (wirebench's encoder; every implementation reads it). */
    const ordinary = (size: number): Uint8Array => cborCodec().encode(Array.from({ length: Math.round(size / 12) }, (_, i) => (i % 2 ? `name ${i}` : i * 1.5)));
    const sizes = [...fc.sample(fc.integer({ min: 64 * 1024, max: 1024 * 1024 }), 3), 1024 * 1024];
    const figures: string[] = [];
    for (const size of sizes) {
      const payload = new Uint8Array(size).map(() => random() * 256);
      const { cbor } = bignumCbor(payload, random() < 0.5 ? 2 : 3, Math.floor(random() * 5), Math.floor(random() * 4), Math.floor(random() * 16));
      const [hostile, usual] = [cbor, ordinary(size)].map((input) => decodeInChild('cbor', 'cbor-x', input, { rounds: 3, timeoutMs: 60_000 }));
      expect(hostile?.outcome, `a bignum of ${size} bytes`).toBe('decoded');
      expect(usual?.outcome).toBe('decoded');
      const [bignumMs, ordinaryMs] = [hostile, usual].map((result) => (result as { ms: number }).ms) as [number, number];
      figures.push(`${size} B: ${bignumMs.toFixed(1)} ms against ${ordinaryMs.toFixed(1)} ms`);
      expect(bignumMs / ordinaryMs, figures.at(-1)).toBeLessThan(20);
    }
    console.log(`cbor (cbor-x) bignums, median of 3 decodes: ${figures.join('; ')}`);
  }, 120_000);
});
