/**
 * The CBOR reader (src/formats/cbor/reader.ts): what CBOR has and JSON does not, and the forms other
 * writers produce that the one-pass decoder leaves to it (indefinite lengths, half floats, 64-bit
 * heads, the self-described tag), within the limits.
 */
import { describe, expect, it } from 'vitest';
import { WirebenchError } from '../../../src/errors.js';
import { cborCodec } from '../../../src/formats/cbor/codec.js';
import { ascii, bytes, refusal } from '../../support/schemaless-binary.js';

describe('cbor', () => {
  const codec = cborCodec();

  it.each([
    ['a byte string', bytes(0x41, 0), /byte string/],
    ['a date tag', bytes(0xc1, 0x1a, 0, 0, 0, 1), /tag 1/],
    ['a shared-value tag', bytes(0xd8, 0x1c, 0x80), /shared or cyclic/],
    ['undefined', bytes(0xf7), /undefined/],
    ['the simple value 16', bytes(0xf0), /simple value 16/],
    ['the simple value 255', bytes(0xf8, 0xff), /simple value 255/],
    ['reserved info 28', bytes(0x1c), /reserved/],
    ['an indefinite integer', bytes(0x1f), /indefinite/],
    ['a stray break', bytes(0xff), /break/],
    ['a half-float NaN', bytes(0xf9, 0x7e, 0x00), /NaN/],
    ['a half-float Infinity', bytes(0xf9, 0x7c, 0x00), /Infinity/],
    ['an indefinite map ending after a key', bytes(0xbf, 0x61, 0x61, 0xff), /without its value/],
    ['an indefinite string holding a byte string', bytes(0x7f, 0x41, 0x00, 0xff), /only hold definite-length text/],
    ['an indefinite string split inside a character', bytes(0x7f, 0x61, 0xc3, 0x61, 0xa9, 0xff), /malformed UTF-8/],
    ['an indefinite array without its break', bytes(0x9f, 0x01), /truncated/],
  ])('refuses %s', (_what, input, message) => {
    expect(refusal('cbor', () => codec.decode(input)).message).toMatch(message);
  });

  it('decodes what other writers produce: indefinite lengths, half and single floats, 64-bit heads', () => {
    const indefinite = bytes(0xbf, 0x7f, 0x62, ...ascii('ke'), 0x61, 0x79, 0xff, 0x9f, 0x01, 0x7f, 0xff, 0x62, ...ascii('ab'), 0xff, 0xff);
    expect(codec.decode(indefinite)).toEqual({ key: [1, '', 'ab'] });
    expect(codec.decode(bytes(0xf9, 0x3e, 0x00))).toBe(1.5);
    expect(Object.is(codec.decode(bytes(0xf9, 0x80, 0x00)), -0)).toBe(true);
    expect(codec.decode(bytes(0xf9, 0x00, 0x01))).toBe(2 ** -24);
    expect(codec.decode(bytes(0xf9, 0x7b, 0xff))).toBe(65504);
    expect(codec.decode(bytes(0xfa, 0x3f, 0xc0, 0, 0))).toBe(1.5);
    expect(codec.decode(bytes(0xfa, 0x47, 0xc3, 0x50, 0x00))).toBe(100000);
    expect(codec.decode(bytes(0x9b, 0, 0, 0, 0, 0, 0, 0, 1, 0xf6))).toEqual([null]);
    expect(codec.decode(bytes(0xd9, 0xd9, 0xf7, 0x82, 0xf5, 0xf4))).toEqual([true, false]);
    expect(codec.decode(bytes(0xbf, 0x69, ...ascii('__proto__'), 0x01, 0xff))).toEqual(JSON.parse('{"__proto__":1}'));
  });

  it('refuses shared and cyclic values instead of looping', () => {
    // tag 28 (shareable) around [tag 29 (sharedref 0)]: an array that contains itself.
    const cyclic = Uint8Array.from([0xd8, 0x1c, 0x81, 0xd8, 0x1d, 0x00]);
    expect(() => cborCodec().decode(cyclic)).toThrow(WirebenchError);
    expect(() => cborCodec().decode(cyclic)).toThrow(/shared or cyclic/);
  });

  it('applies the limits to indefinite-length containers and strings', () => {
    const small = cborCodec({ limits: { maxCollectionLength: 2, maxStringLength: 2, maxDepth: 1 } });
    expect(small.decode(bytes(0x9f, 0x01, 0x02, 0xff))).toEqual([1, 2]);
    expect(refusal('cbor', () => small.decode(bytes(0x9f, 0x01, 0x02, 0x03, 0xff))).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal('cbor', () => small.decode(bytes(0xbf, 0x61, 0x61, 1, 0x61, 0x62, 2, 0x61, 0x63, 3, 0xff))).message).toMatch(/limits\.maxCollectionLength/);
    expect(refusal('cbor', () => small.decode(bytes(0x7f, 0x62, 0x61, 0x62, 0x61, 0x63, 0xff))).message).toMatch(/limits\.maxStringLength/);
    expect(refusal('cbor', () => small.decode(bytes(0x9f, 0x9f, 0xff, 0xff))).message).toMatch(/limits\.maxDepth/);
  });
});
