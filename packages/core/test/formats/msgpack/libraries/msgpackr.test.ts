/**
 * msgpackr behind the Codec API (src/formats/msgpack/libraries/msgpackr.ts): the corpus and the
 * canonical payloads exactly, interop with wirebench's msgpack both ways, and what the library
 * changes or makes of foreign bytes, measured on the installed version and asserted.
 */
import { C1 } from 'msgpackr';
import {
  ascii,
  bytes,
  describeLibraryCodec,
  EVERY_KIND_EXACT,
  loneSurrogateInLongString,
  MSGPACK_KEYS_READ_ALIKE,
  msgpackReadAlike,
  PROTO_KEY_RENAMED,
  Refused,
} from '../../../support/library-codecs.js';

describeLibraryCodec({
  format: 'msgpack',
  implementation: 'msgpackr',
  losses: [
    EVERY_KIND_EXACT,
    PROTO_KEY_RENAMED,
    {
      what: 'a lone surrogate becomes U+FFFD',
      value: { s: 'a\ud800b' },
      roundTrip: [{ path: '$.s', kind: 'value', expected: 'a\ud800b', actual: 'a\ufffdb' }],
      wirebenchReads: [{ path: '$.s', kind: 'value', expected: 'a\ud800b', actual: 'a\ufffdb' }],
      readsWirebench: /lone surrogate/,
    },
    loneSurrogateInLongString('a lone surrogate in a long string becomes U+FFFD', 60),
  ],
  foreign: [
    ...msgpackReadAlike('int64AsType: number'),
    ['ext 0: undefined', bytes(0xd4, 0x00, 0x00), undefined],
    ["msgpackr's Set extension", bytes(0xd4, 0x73, 0x00, 0x91, 0x01), new Set([1])],
    ["msgpackr's RegExp extension", bytes(0xd4, 0x78, 0x00, 0x92, 0xa3, ...ascii('ab+'), 0xa1, ...ascii('g')), /ab+/g],
    ["msgpackr's Error extension", bytes(0xd4, 0x65, 0x00, 0x93, 0xa5, ...ascii('Error'), 0xa4, ...ascii('boom'), 0xc0), new Error('boom')],
    ["msgpackr's typed-array extension", bytes(0xc7, 0x09, 0x74, 0x08, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f), Float64Array.of(1.5)],
    [
      "msgpackr's BigInt extension",
      bytes(0xd8, 0x42, 0x00, 0x00, 0x00, 0x0c, 0x9f, 0x2c, 0x9c, 0xd0, 0x46, 0x74, 0xed, 0xea, 0x40, 0x00, 0x00, 0x00),
      10n ** 30n,
    ],
    ['an ext of a type it does not know', bytes(0xd4, 0x01, 0x00), new Refused(/Unknown extension/)],
    [
      'the identity extension of structured clones (structuredClone: false)',
      bytes(0xd6, 0x69, 0, 0, 0, 1, 0x90),
      new Refused(/Structured clone extension is disabled/),
    ],
    ['the pointer extension of structured clones', bytes(0xd6, 0x70, 0, 0, 0, 1), new Refused(/Structured clone extension is disabled/)],
    ["the never-used byte 0xc1: msgpackr's C1 object", bytes(0xc1), C1],
    ['invalid UTF-8 (0xff): U+FFFD', bytes(0xa1, 0xff), '\ufffd'],
    ['an encoded surrogate (ed a0 80): three U+FFFD', bytes(0xa3, 0xed, 0xa0, 0x80), '\ufffd\ufffd\ufffd'],
    ['an overlong NUL (c0 80): two U+FFFD', bytes(0xa2, 0xc0, 0x80), '\ufffd\ufffd'],
    ...MSGPACK_KEYS_READ_ALIKE,
    ['a nil key: the key "null"', bytes(0x81, 0xc0, 0x02), { null: 2 }],
    ['an array key', bytes(0x81, 0x90, 0x02), new Refused(/Invalid property type for record/)],
    ['a __proto__ key: renamed __proto_', bytes(0x81, 0xa9, ...ascii('__proto__'), 0x81, 0xa8, ...ascii('polluted'), 0x01), { __proto_: { polluted: 1 } }],
    ['a trailing byte', bytes(0x01, 0x02), new Refused(/Data read, but end of buffer not reached/)],
  ],
});
