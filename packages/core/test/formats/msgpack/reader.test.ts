/** The msgpack reader (src/formats/msgpack/reader.ts) names what MessagePack has and JSON does not. */
import { describe, expect, it } from 'vitest';
import { msgpackCodec } from '../../../src/formats/msgpack/codec.js';
import { bytes, refusal } from '../../support/schemaless-binary.js';

describe('msgpack refuses what JSON does not have', () => {
  const codec = msgpackCodec();
  it.each([
    ['the never-used byte 0xc1', bytes(0xc1), /0xc1/],
    ['a bin 8', bytes(0xc4, 1, 0), /bin/],
    ['a timestamp', bytes(0xd6, 0xff, 0, 0, 0, 1), /timestamp/],
    ['an ext 8', bytes(0xc7, 1, 5, 0), /ext value of type 5/],
    ['empty input', bytes(), /empty/],
  ])('%s', (_what, input, message) => {
    expect(refusal('msgpack', () => codec.decode(input)).message).toMatch(message);
  });
});
