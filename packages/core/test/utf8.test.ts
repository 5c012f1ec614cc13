/**
 * wire/utf8.ts: the UTF-8 under protobuf and FlatBuffers. Utf8Strings cuts ASCII strings from
 * windows of the buffer, so its reads must equal a strict TextDecoder's whatever the order of the
 * reads, the bytes around the strings and the strings' lengths, and refuse malformed UTF-8.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WirebenchError } from '../src/errors.js';
import { ASCII_ENCODE, SHORT_DECODE, SHORT_ENCODE, Utf8Strings, decodeUtf8InJs, readUtf8, writeUtf8 } from '../src/wire/utf8.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** A buffer of strings laid between filler bytes: tags and lengths (ASCII) or binary (any byte). */
interface Layout {
  bytes: Uint8Array;
  strings: { start: number; length: number; text: string }[];
}

const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz:/.-_0123456789'), maxLength: 140 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary-ascii', minLength: SHORT_DECODE + 1, maxLength: 130 }),
);
const filler = fc.oneof(fc.uint8Array({ max: 0x7f, maxLength: 6 }), fc.uint8Array({ maxLength: 6 }));

const layout: fc.Arbitrary<Layout> = fc.array(fc.tuple(filler, text), { maxLength: 40 }).map((parts) => {
  const chunks: Uint8Array[] = [];
  const strings: Layout['strings'] = [];
  let position = 0;
  for (const [gap, value] of parts) {
    const encoded = encoder.encode(value);
    chunks.push(gap, encoded);
    strings.push({ start: position + gap.length, length: encoded.length, text: value });
    position += gap.length + encoded.length;
  }
  const bytes = new Uint8Array(position);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, strings };
});

/** Whether the read opened a new window (the generator must make reads that do). */
function opensWindow(reader: Utf8Strings, read: () => string): boolean {
  const before = (reader as unknown as { window: string }).window;
  read();
  return (reader as unknown as { window: string }).window !== before;
}

describe('Utf8Strings', () => {
  it('reads every string as a strict TextDecoder does, forward, backward and shuffled', () => {
    let windows = 0;
    let nonAscii = 0;
    let longAscii = 0;
    fc.assert(
      fc.property(layout, fc.constantFrom('forward', 'backward', 'shuffled'), fc.integer(), ({ bytes, strings }, order, seed) => {
        const reads = [...strings];
        if (order === 'backward') reads.reverse();
        if (order === 'shuffled') reads.sort((a, b) => ((a.start * 2654435761) ^ seed) - ((b.start * 2654435761) ^ seed));
        const reader = new Utf8Strings(bytes, 'protobuf');
        for (const { start, length, text: expected } of reads) {
          if (opensWindow(reader, () => reader.read(start, length))) windows++;
          expect(reader.read(start, length)).toBe(expected);
          expect(reader.read(start, length)).toBe(strict.decode(bytes.subarray(start, start + length)));
          if (/[^\x00-\x7f]/.test(expected)) nonAscii++;
          else if (length > SHORT_DECODE) longAscii++;
        }
      }),
      { numRuns: 400 },
    );
    // The cases the generator claims: new windows opened, non-ASCII strings, long ASCII ones.
    expect(windows).toBeGreaterThan(250);
    expect(nonAscii).toBeGreaterThan(250);
    expect(longAscii).toBeGreaterThan(300);
  });

  it('cuts strings that lie in one ASCII run from one decoded window', () => {
    const parts = ['https://ci.example.org/job/build-42/', 'SUCCESS', 'https://ci.example.org/job/build-43/'];
    const bytes = encoder.encode(parts.join('\n'));
    const reader = new Utf8Strings(bytes, 'protobuf');
    const calls: number[] = [];
    const decode = TextDecoder.prototype.decode;
    TextDecoder.prototype.decode = function (this: TextDecoder, input?: AllowSharedBufferSource) {
      calls.push(input instanceof Uint8Array ? input.length : -1);
      return decode.call(this, input);
    };
    try {
      let start = 0;
      for (const part of parts) {
        expect(reader.read(start, part.length)).toBe(part);
        start += part.length + 1;
      }
    } finally {
      TextDecoder.prototype.decode = decode;
    }
    expect(calls).toEqual([bytes.length]);
  });

  it('refuses malformed UTF-8 of every length with a WirebenchError naming the byte', () => {
    for (const length of [1, 5, SHORT_DECODE, SHORT_DECODE + 1, 100, 129, 600]) {
      const bytes = new Uint8Array(length + 8).fill(0x61);
      bytes[4 + (length >> 1)] = 0xc0; // an overlong lead byte: never valid
      const reader = new Utf8Strings(bytes, 'flatbuffers');
      expect(() => reader.read(4, length)).toThrow(WirebenchError);
      expect(() => reader.read(4, length)).toThrow(/string at byte 4 is not valid UTF-8.*flatbuffers/);
      expect(reader.read(0, 4)).toBe('aaaa');
    }
  });
});

describe('decodeUtf8InJs', () => {
  it('gives what a strict TextDecoder gives, and undefined exactly where it throws', () => {
    let malformed = 0;
    let wellFormed = 0;
    // Bytes near UTF-8's edges: lead bytes, continuation bytes, the overlong and surrogate ranges.
    const edgeByte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xbf }), fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff));
    const bytes = fc.oneof(
      fc.array(edgeByte, { maxLength: 24 }).map((list) => Uint8Array.from(list)),
      fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) => encoder.encode(text)),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        let expected: string | undefined;
        try {
          expected = strict.decode(input);
          wellFormed++;
        } catch {
          expected = undefined;
          malformed++;
        }
        expect(decodeUtf8InJs(input, 0, input.length)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    expect(malformed).toBeGreaterThan(500);
    expect(wellFormed).toBeGreaterThan(500);
  });
});

describe('readUtf8 and writeUtf8', () => {
  it('round-trip any well-formed string, and writeUtf8 refuses a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (value) => {
        const bytes = new Uint8Array(3 * value.length + 2);
        const end = writeUtf8(value, bytes, 1);
        expect(bytes.subarray(1, end)).toEqual(encoder.encode(value));
        expect(readUtf8(bytes, 1, end - 1, 'protobuf')).toBe(value);
      }),
    );
    expect(writeUtf8('a\ud800b', new Uint8Array(9), 0)).toBe(-1);
    expect(writeUtf8('\udc00'.repeat(70), new Uint8Array(210), 0)).toBe(-1);
  });

  it('write what TextEncoder writes at every length around the loop limits, whatever unit comes where', () => {
    // Below SHORT_ENCODE any text is written in JavaScript, up to ASCII_ENCODE only ASCII (the
    // rest starts over natively), beyond it all natively: each band, with the odd unit at each end.
    expect(ASCII_ENCODE).toBeGreaterThan(SHORT_ENCODE);
    const odd = ['é', '€', '😀', '\u007f', '\u0080', '\uffff'];
    for (let length = SHORT_ENCODE - 2; length <= ASCII_ENCODE + 2; length++) {
      const ascii = 'x'.repeat(length);
      const texts = [ascii, ...odd.flatMap((unit) => [unit + ascii.slice(unit.length), ascii.slice(unit.length) + unit, ascii.slice(0, length >> 1) + unit + ascii.slice((length >> 1) + unit.length)])];
      for (const text of texts) {
        const bytes = new Uint8Array(3 * text.length + 4).fill(0xee);
        const end = writeUtf8(text, bytes, 2);
        expect(bytes.subarray(2, end), `${length}: ${JSON.stringify(text.slice(0, 3))}…`).toEqual(encoder.encode(text));
      }
      for (const lone of ['\ud800', '\udfff']) {
        expect(writeUtf8(ascii.slice(1) + lone, new Uint8Array(3 * length + 3), 0)).toBe(-1);
        expect(writeUtf8(lone + ascii.slice(1), new Uint8Array(3 * length + 3), 0)).toBe(-1);
      }
    }
  });
});
