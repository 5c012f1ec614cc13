/**
 * cbor-x behind the Codec API (src/formats/cbor/libraries/cbor-x.ts): the corpus and the canonical
 * payloads exactly, interop with wirebench's cbor both ways, and what the library changes or makes
 * of foreign bytes, measured on the installed version and asserted.
 */
import { Tag } from 'cbor-x';
import { ascii, bytes, describeLibraryCodec, EVERY_KIND_EXACT, loneSurrogateInLongString, NEGATIVE_ZERO_AS_INTEGER, PROTO_KEY_RENAMED, Refused } from '../../../support/library-codecs.js';

describeLibraryCodec({
  format: 'cbor',
  implementation: 'cbor-x',
  losses: [
    EVERY_KIND_EXACT,
    NEGATIVE_ZERO_AS_INTEGER,
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
    ['an indefinite-length text string (valid CBOR)', bytes(0x7f, 0x61, 0x61, 0x61, 0x62, 0xff), new Refused(/Indefinite length not supported for byte or text strings/)],
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
