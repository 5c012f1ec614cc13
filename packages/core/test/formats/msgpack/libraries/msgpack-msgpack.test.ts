/**
 * @msgpack/msgpack behind the Codec API (src/formats/msgpack/libraries/msgpack-msgpack.ts): the
 * corpus and the canonical payloads exactly, interop with wirebench's msgpack both ways, and what
 * the library changes or makes of foreign bytes, measured on the installed version and asserted.
 */
import { ExtData } from '@msgpack/msgpack';
import { describeLibraryCodec, EVERY_KIND, Refused } from '../../../support/library-codecs.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
const PROTO = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;

describeLibraryCodec({
  format: 'msgpack',
  implementation: '@msgpack/msgpack',
  losses: [
    { what: 'JSON data of every kind', value: EVERY_KIND },
    {
      what: '-0 is written as the integer 0',
      value: { a: [0, -0], b: -0 },
      roundTrip: [
        { path: '$.b', kind: 'value', expected: -0, actual: 0 },
        { path: '$.a[1]', kind: 'value', expected: -0, actual: 0 },
      ],
      wirebenchReads: [
        { path: '$.b', kind: 'value', expected: -0, actual: 0 },
        { path: '$.a[1]', kind: 'value', expected: -0, actual: 0 },
      ],
    },
    {
      what: 'a __proto__ key is refused when decoding',
      value: PROTO,
      roundTrip: /The key __proto__ is not allowed/,
      readsWirebench: /The key __proto__ is not allowed/,
    },
    {
      what: 'a lone surrogate in a short string comes back exactly, in bytes that are not UTF-8',
      value: { s: 'a\ud800b' },
      wirebenchReads: /malformed UTF-8/,
      readsWirebench: /lone surrogate/,
    },
    {
      what: 'a lone surrogate in a string over 50 units becomes U+FFFD',
      value: { s: `${'x'.repeat(60)}\udc00` },
      roundTrip: [{ path: '$.s', kind: 'value', expected: `${'x'.repeat(60)}\udc00`, actual: `${'x'.repeat(60)}\ufffd` }],
      wirebenchReads: [{ path: '$.s', kind: 'value', expected: `${'x'.repeat(60)}\udc00`, actual: `${'x'.repeat(60)}\ufffd` }],
      readsWirebench: /lone surrogate/,
    },
  ],
  foreign: [
    ['a uint 64 of 2^53 + 1: the nearest double, as JSON.parse', bytes(0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1), 2 ** 53],
    ['the largest uint 64', bytes(0xcf, 255, 255, 255, 255, 255, 255, 255, 255), 2 ** 64],
    ['the smallest int 64', bytes(0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0), -(2 ** 63)],
    ['a uint 64 holding 5', bytes(0xcf, 0, 0, 0, 0, 0, 0, 0, 5), 5],
    ['a float 64 -0', bytes(0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0), -0],
    ['a float 64 NaN', bytes(0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0), NaN],
    ['a timestamp', bytes(0xd6, 0xff, 0, 0, 0, 1), new Date(1000)],
    ['a bin', bytes(0xc4, 0x01, 0x00), bytes(0)],
    ['an ext of type 1', bytes(0xd4, 0x01, 0x00), new ExtData(1, bytes(0))],
    ['the never-used byte 0xc1', bytes(0xc1), new Refused(/0xc1/)],
    ['invalid UTF-8 (0xff) in a short string: read as Latin-1', bytes(0xa1, 0xff), 'ÿ'],
    ['invalid UTF-8 (0xff) in a string over 200 bytes: U+FFFD', bytes(0xd9, 250, ...ascii('x'.repeat(249)), 0xff), `${'x'.repeat(249)}\ufffd`],
    ['an encoded surrogate (ed a0 80): read as a lone surrogate', bytes(0xa3, 0xed, 0xa0, 0x80), '\ud800'],
    ['an overlong NUL (c0 80): read as NUL', bytes(0xa2, 0xc0, 0x80), '\u0000'],
    ['duplicate keys: the last wins', bytes(0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2), { a: 2 }],
    ['a number key: a string key', bytes(0x81, 0x01, 0x02), { '1': 2 }],
    ['a nil key', bytes(0x81, 0xc0, 0x02), new Refused(/The type of key must be string or number/)],
    ['a __proto__ key', bytes(0x81, 0xa9, ...ascii('__proto__'), 0x81, 0xa8, ...ascii('polluted'), 0x01), new Refused(/The key __proto__ is not allowed/)],
    ['a trailing byte', bytes(0x01, 0x02), new Refused(/Extra 1 of 2 byte/)],
  ],
});
