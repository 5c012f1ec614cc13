/**
 * @msgpack/msgpack behind the Codec API (src/formats/msgpack/libraries/msgpack-msgpack.ts): the
 * corpus and the canonical payloads exactly, interop with wirebench's msgpack both ways, and what
 * the library changes or makes of foreign bytes, measured on the installed version and asserted.
 */
import { ExtData } from '@msgpack/msgpack';
import {
  ascii,
  bytes,
  describeLibraryCodec,
  EVERY_KIND_EXACT,
  loneSurrogateInLongString,
  MSGPACK_KEYS_READ_ALIKE,
  msgpackReadAlike,
  PROTO_KEY_VALUE,
  Refused,
} from '../../../support/library-codecs.js';

describeLibraryCodec({
  format: 'msgpack',
  implementation: '@msgpack/msgpack',
  losses: [
    EVERY_KIND_EXACT,
    {
      what: 'a __proto__ key is refused when decoding',
      value: PROTO_KEY_VALUE,
      roundTrip: /The key __proto__ is not allowed/,
      readsWirebench: /The key __proto__ is not allowed/,
    },
    {
      what: 'a lone surrogate in a short string comes back exactly, in bytes that are not UTF-8',
      value: { s: 'a\ud800b' },
      wirebenchReads: /malformed UTF-8/,
      readsWirebench: /lone surrogate/,
    },
    loneSurrogateInLongString('a lone surrogate in a string over 50 units becomes U+FFFD', 60),
  ],
  foreign: [
    ...msgpackReadAlike(),
    ['an ext of type 1', bytes(0xd4, 0x01, 0x00), new ExtData(1, bytes(0))],
    ['the never-used byte 0xc1', bytes(0xc1), new Refused(/0xc1/)],
    ['invalid UTF-8 (0xff) in a short string: read as Latin-1', bytes(0xa1, 0xff), 'ÿ'],
    ['invalid UTF-8 (0xff) in a string over 200 bytes: U+FFFD', bytes(0xd9, 250, ...ascii('x'.repeat(249)), 0xff), `${'x'.repeat(249)}\ufffd`],
    ['an encoded surrogate (ed a0 80): read as a lone surrogate', bytes(0xa3, 0xed, 0xa0, 0x80), '\ud800'],
    ['an overlong NUL (c0 80): read as NUL', bytes(0xa2, 0xc0, 0x80), '\u0000'],
    ...MSGPACK_KEYS_READ_ALIKE,
    ['a nil key', bytes(0x81, 0xc0, 0x02), new Refused(/The type of key must be string or number/)],
    ['a __proto__ key', bytes(0x81, 0xa9, ...ascii('__proto__'), 0x81, 0xa8, ...ascii('polluted'), 0x01), new Refused(/The key __proto__ is not allowed/)],
    ['a trailing byte', bytes(0x01, 0x02), new Refused(/Extra 1 of 2 byte/)],
  ],
});
