/**
 * msgpackr behind the Codec API (src/formats/msgpack/libraries/msgpackr.ts): the corpus and the
 * canonical payloads exactly, interop with wirebench's msgpack both ways, and what the library
 * changes or makes of foreign bytes, measured on the installed version and asserted.
 */
import { C1 } from 'msgpackr';
import { describeLibraryCodec, EVERY_KIND, Refused } from '../../../support/library-codecs.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
const PROTO = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as unknown;
const RENAMED = [
  { path: '$.__proto__', kind: 'missing', expected: { polluted: true } },
  { path: '$.__proto_', kind: 'extra', actual: { polluted: true } },
] as const;

describeLibraryCodec({
  format: 'msgpack',
  implementation: 'msgpackr',
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
    { what: 'a __proto__ key is renamed __proto_ when decoding', value: PROTO, roundTrip: RENAMED, readsWirebench: RENAMED },
    {
      what: 'a lone surrogate becomes U+FFFD',
      value: { s: 'a\ud800b' },
      roundTrip: [{ path: '$.s', kind: 'value', expected: 'a\ud800b', actual: 'a\ufffdb' }],
      wirebenchReads: [{ path: '$.s', kind: 'value', expected: 'a\ud800b', actual: 'a\ufffdb' }],
      readsWirebench: /lone surrogate/,
    },
    {
      what: 'a lone surrogate in a long string becomes U+FFFD',
      value: { s: `${'x'.repeat(60)}\udc00` },
      roundTrip: [{ path: '$.s', kind: 'value', expected: `${'x'.repeat(60)}\udc00`, actual: `${'x'.repeat(60)}\ufffd` }],
      wirebenchReads: [{ path: '$.s', kind: 'value', expected: `${'x'.repeat(60)}\udc00`, actual: `${'x'.repeat(60)}\ufffd` }],
      readsWirebench: /lone surrogate/,
    },
  ],
  foreign: [
    ['a uint 64 of 2^53 + 1: the nearest double, as JSON.parse (int64AsType: number)', bytes(0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1), 2 ** 53],
    ['the largest uint 64', bytes(0xcf, 255, 255, 255, 255, 255, 255, 255, 255), 2 ** 64],
    ['the smallest int 64', bytes(0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0), -(2 ** 63)],
    ['a uint 64 holding 5', bytes(0xcf, 0, 0, 0, 0, 0, 0, 0, 5), 5],
    ['a float 64 -0', bytes(0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0), -0],
    ['a float 64 NaN', bytes(0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0), NaN],
    ['a timestamp', bytes(0xd6, 0xff, 0, 0, 0, 1), new Date(1000)],
    ['a bin', bytes(0xc4, 0x01, 0x00), bytes(0)],
    ['ext 0: undefined', bytes(0xd4, 0x00, 0x00), undefined],
    ["msgpackr's Set extension", bytes(0xd4, 0x73, 0x00, 0x91, 0x01), new Set([1])],
    ["msgpackr's RegExp extension", bytes(0xd4, 0x78, 0x00, 0x92, 0xa3, ...ascii('ab+'), 0xa1, ...ascii('g')), /ab+/g],
    ["msgpackr's Error extension", bytes(0xd4, 0x65, 0x00, 0x93, 0xa5, ...ascii('Error'), 0xa4, ...ascii('boom'), 0xc0), new Error('boom')],
    ["msgpackr's typed-array extension", bytes(0xc7, 0x09, 0x74, 0x08, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f), Float64Array.of(1.5)],
    ["msgpackr's BigInt extension", bytes(0xd8, 0x42, 0x00, 0x00, 0x00, 0x0c, 0x9f, 0x2c, 0x9c, 0xd0, 0x46, 0x74, 0xed, 0xea, 0x40, 0x00, 0x00, 0x00), 10n ** 30n],
    ['an ext of a type it does not know', bytes(0xd4, 0x01, 0x00), new Refused(/Unknown extension/)],
    ['the identity extension of structured clones (structuredClone: false)', bytes(0xd6, 0x69, 0, 0, 0, 1, 0x90), new Refused(/Structured clone extension is disabled/)],
    ['the pointer extension of structured clones', bytes(0xd6, 0x70, 0, 0, 0, 1), new Refused(/Structured clone extension is disabled/)],
    ["the never-used byte 0xc1: msgpackr's C1 object", bytes(0xc1), C1],
    ['invalid UTF-8 (0xff): U+FFFD', bytes(0xa1, 0xff), '\ufffd'],
    ['an encoded surrogate (ed a0 80): three U+FFFD', bytes(0xa3, 0xed, 0xa0, 0x80), '\ufffd\ufffd\ufffd'],
    ['an overlong NUL (c0 80): two U+FFFD', bytes(0xa2, 0xc0, 0x80), '\ufffd\ufffd'],
    ['duplicate keys: the last wins', bytes(0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2), { a: 2 }],
    ['a number key: a string key', bytes(0x81, 0x01, 0x02), { '1': 2 }],
    ['a nil key: the key "null"', bytes(0x81, 0xc0, 0x02), { null: 2 }],
    ['an array key', bytes(0x81, 0x90, 0x02), new Refused(/Invalid property type for record/)],
    ['a __proto__ key: renamed __proto_', bytes(0x81, 0xa9, ...ascii('__proto__'), 0x81, 0xa8, ...ascii('polluted'), 0x01), { __proto_: { polluted: 1 } }],
    ['a trailing byte', bytes(0x01, 0x02), new Refused(/Data read, but end of buffer not reached/)],
  ],
});
