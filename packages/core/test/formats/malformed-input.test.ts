import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Codec, FormatId } from '../../src/codec.js';
import { FORMATS } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { jsonKind } from '../../src/fidelity.js';
import { canonicalCases } from '../support/canonical.js';

const order = canonicalCases().find((c) => c.shape === 'order')!;
const codecFor = (format: FormatId): Promise<Codec> => createCodec(format, { schema: order.schema });
const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Inputs each format's decoder must refuse: truncations, invalid markers, non-JSON types. */
const MALFORMED: Record<FormatId, Array<[string, Uint8Array]>> = {
  json: [
    ['truncated object', utf8('{"a":')],
    ['invalid UTF-8', bytes(0x22, 0xff, 0x22)],
    ['an encoded surrogate in a string', bytes(0x22, 0x61, 0xed, 0xa0, 0x80, 0x22)],
    ['empty input', bytes()],
    ['trailing garbage', utf8('{} x')],
  ],
  simdjson: [
    ['truncated object', utf8('{"a":')],
    ['invalid UTF-8', bytes(0x22, 0xff, 0x22)],
    ['empty input', bytes()],
  ],
  msgpack: [
    ['truncated map', bytes(0x81, 0xa1, 0x61)],
    ['the never-used byte 0xc1', bytes(0xc1)],
    ['a timestamp extension (not JSON data)', bytes(0xd6, 0xff, 0, 0, 0, 1)],
    ['a binary string (not JSON data)', bytes(0xc4, 0x01, 0x00)],
    ['an array header claiming 4 billion items', bytes(0xdd, 0xff, 0xff, 0xff, 0xff, 0x01)],
    ['empty input', bytes()],
  ],
  cbor: [
    ['truncated map', bytes(0xa1, 0x61, 0x61)],
    ['a stray break byte', bytes(0xff)],
    ['a date tag (not JSON data)', bytes(0xc1, 0x1a, 0, 0, 0, 1)],
    ['a byte string (not JSON data)', bytes(0x41, 0x00)],
    ['an array header claiming 2^64 items', bytes(0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)],
    ['empty input', bytes()],
  ],
  protobuf: [
    ['a string longer than the input', bytes(0x1a, 0x7f, 0x61)],
    ['wire type 7', bytes(0x0f)],
    ['a truncated varint', bytes(0x08, 0xff)],
  ],
  flatbuffers: [
    ['empty input', bytes()],
    ['a root offset past the end', bytes(0xff, 0xff, 0, 0)],
    ['a vtable offset past the end', bytes(4, 0, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f)],
  ],
};

describe.each(FORMATS)('%s decoder facing malformed bytes', (format) => {
  it.each(MALFORMED[format])('throws WirebenchError for %s', async (_what, input) => {
    const codec = await codecFor(format);
    let thrown: unknown;
    try {
      codec.decode(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WirebenchError);
    expect((thrown as WirebenchError).format).toBe(format);
    expect((thrown as WirebenchError).message.length).toBeGreaterThan(format.length + 10);
  });

  it('throws WirebenchError for every truncation of a valid encoding, or returns plain data', async () => {
    const codec = await codecFor(format);
    const valid = codec.encode(order.value);
    for (let end = 0; end < valid.length; end++) expectRefusedOrPlain(codec, valid.subarray(0, end));
  });

  it('refuses a string where bytes are expected, naming what it got', async () => {
    const codec = await codecFor(format);
    expect(() => codec.decode('{"a":1}' as unknown as Uint8Array)).toThrow(/expects a Uint8Array, got string/);
  });

  it('never crashes, hangs or pollutes prototypes on random and mutated bytes', async () => {
    const codec = await codecFor(format);
    const valid = codec.encode(order.value);
    const mutated = fc
      .array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 })
      .map((edits) => {
        const copy = valid.slice();
        for (const [at, value] of edits) copy[at] = value;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 256 }), mutated), (input) => expectRefusedOrPlain(codec, input)),
      { numRuns: 400, seed: 42 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

/** A decoder may accept bytes that happen to be valid, but then it must return plain JSON-like data. */
function expectRefusedOrPlain(codec: Codec, input: Uint8Array): void {
  let value: unknown;
  try {
    value = codec.decode(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    return;
  }
  expectPlainData(value);
}

function expectPlainData(root: unknown): void {
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    const kind = jsonKind(value);
    expect(['null', 'boolean', 'number', 'string', 'array', 'object']).toContain(kind);
    if (kind === 'array') pending.push(...(value as unknown[]));
    if (kind === 'object') pending.push(...Object.values(value as object));
  }
}

describe('hostile payloads', () => {
  it('a __proto__ key in msgpack, cbor and json is data or refused, never a prototype change', async () => {
    const hostile = utf8('{"__proto__":{"polluted":true},"a":1}');
    for (const format of ['json', 'msgpack', 'cbor'] as const) {
      const codec = await codecFor(format);
      const asFormat = format === 'json' ? hostile : codec.encode(JSON.parse('{"__proto__":{"polluted":true},"a":1}'));
      try {
        const value = codec.decode(asFormat) as Record<string, unknown>;
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      } catch (error) {
        expect(error).toBeInstanceOf(WirebenchError);
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('flatbuffers bounds the work of a vector whose length claims more than the buffer holds', async () => {
    const codec = await codecFor('flatbuffers');
    const valid = codec.encode(order.value);
    // Overwrite every 4-byte word, one at a time, with a huge length: the decoder must refuse or read plain data quickly.
    for (let at = 0; at + 4 <= valid.length; at += 4) {
      const copy = valid.slice();
      new DataView(copy.buffer).setUint32(at, 0x7fffffff, true);
      expectRefusedOrPlain(codec, copy);
    }
  });
});
