/**
 * wire/utf8.ts: the one UTF-8 module. Every way it decodes (loops, decodeUtf8InJs, TextDecoder, and
 * Utf8Strings' windows) must give what a strict TextDecoder gives at every length around its
 * thresholds, and refuse malformed UTF-8 exactly where that decoder throws; every codec built on it
 * must refuse malformed UTF-8 with a WirebenchError. Utf8Strings cuts ASCII strings from windows of
 * the buffer, so its reads must also not depend on the order of the reads or the bytes around them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { WirebenchError } from '../../src/errors.js';
import { inferSchema } from '../../src/schema/infer.js';
import {
  ASCII_ENCODE,
  ASCII_IN_JS,
  ASCII_LOOP,
  DECODE_IN_JS,
  decodeDocument,
  decodeLossy,
  decodeUtf8,
  decodeUtf8InJs,
  invalidUtf8Offset,
  readUtf8,
  SHORT_ENCODE,
  SHORT_STRING,
  Utf8Strings,
  writeUtf8,
} from '../../src/wire/utf8.js';

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
  fc.string({ unit: 'binary-ascii', minLength: SHORT_STRING + 1, maxLength: 130 }),
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
  return { bytes: Uint8Array.from(chunks.flatMap((chunk) => [...chunk])), strings };
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
          if (/[\x80-\uffff]/.test(expected)) nonAscii++;
          else if (length > SHORT_STRING) longAscii++;
        }
      }),
      { numRuns: 400 },
    );
    // The cases the generator claims: new windows opened (a string alone in its run opens none), non-ASCII strings, long ASCII ones.
    expect(windows).toBeGreaterThan(75);
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
    for (const length of [1, 5, SHORT_STRING, SHORT_STRING + 1, 100, 129, 600]) {
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
    const edgeByte = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
    );
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
      const texts = [
        ascii,
        ...odd.flatMap((unit) => [
          unit + ascii.slice(unit.length),
          ascii.slice(unit.length) + unit,
          ascii.slice(0, length >> 1) + unit + ascii.slice((length >> 1) + unit.length),
        ]),
      ];
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

/** Text of exactly `length` UTF-8 bytes: ASCII padding first, then `unit` repeated. */
function textOf(unit: string, pad: string, length: number): string {
  const size = encoder.encode(unit).length;
  return pad.repeat(length % size) + unit.repeat(Math.floor(length / size));
}

/** Each kind of text twice, with every byte different between the two (so a diff finds the string in a codec's bytes). */
const KINDS: ReadonlyArray<readonly [kind: string, unit: string, other: string]> = [
  ['ASCII', 'a', 'b'],
  ['2-byte', 'é', 'ѐ'],
  ['3-byte', '中', '日'],
  ['4-byte', '😀', '\u{50505}'],
];

/**
 * Every length within 3 of each threshold the decoders switch at (with the values they take in
 * browsers, 80 and 96, and msgpack's old 12), and the shortest ones.
 */
const LENGTHS = [
  ...new Set([
    0,
    1,
    2,
    3,
    4,
    5,
    8,
    ...[12, ASCII_LOOP, ASCII_IN_JS, DECODE_IN_JS, 80, 96, SHORT_STRING, 128].flatMap((t) => [t - 3, t - 2, t - 1, t, t + 1, t + 2, t + 3]),
  ]),
]
  .filter((n) => n >= 0)
  .sort((a, b) => a - b);

/** Ways to make `length` bytes of UTF-8 malformed in place, each with what it is. */
function malformations(good: Uint8Array): Array<[string, Uint8Array]> {
  const n = good.length;
  const out: Array<[string, Uint8Array]> = [];
  const change = (what: string, at: number, ...values: number[]): void => {
    if (n === 0 || at < 0 || at + values.length > n) return;
    const bad = good.slice();
    bad.set(values, at);
    out.push([what, bad]);
  };
  change('FF at the start', 0, 0xff);
  change('FF in the middle', n >> 1, 0xff);
  change('FF at the end', n - 1, 0xff);
  change('a stray continuation byte at the start', 0, 0x80);
  change('an overlong lead (C0) at the end', n - 1, 0xc0);
  // After ASCII, a lead byte cut short by the end; else the last character cut short by an ASCII byte.
  change('a sequence cut short at the end', n - 1, (good[n - 1] as number) < 0x80 ? 0xe4 : 0x61);
  change('an overlong 3-byte form', 0, 0xe0, 0x80, 0xaf);
  change('a surrogate (ED A0 80)', 0, 0xed, 0xa0, 0x80);
  change('a code point past U+10FFFF', 0, 0xf4, 0x90, 0x80, 0x80);
  for (const [what, bad] of out) expect(() => strict.decode(bad), what).toThrow(TypeError);
  return out;
}

describe('the decode thresholds', () => {
  it('are one ordered set: the loop, then decodeUtf8InJs, then TextDecoder', () => {
    expect(ASCII_LOOP).toBeLessThanOrEqual(ASCII_IN_JS);
    expect(ASCII_LOOP).toBeLessThan(DECODE_IN_JS);
  });
});

describe('decodeUtf8 and readUtf8', () => {
  it('give what a strict TextDecoder gives at every length around each threshold, for ASCII, 2-, 3- and 4-byte text', () => {
    for (const [kind, unit] of KINDS) {
      for (const length of LENGTHS) {
        // The text alone, and ASCII with one character of the kind at its start, middle and end.
        const ascii = 'x'.repeat(length);
        const texts = [textOf(unit, 'a', length)];
        const size = encoder.encode(unit).length;
        const middle = Math.min(length >> 1, length - size);
        if (length >= size) texts.push(unit + ascii.slice(size), ascii.slice(size) + unit, ascii.slice(0, middle) + unit + ascii.slice(middle + size));
        for (const text of texts) {
          const encoded = encoder.encode(text);
          expect(encoded.length).toBe(length);
          // Between filler bytes, as inside a format's bytes.
          const bytes = new Uint8Array(length + 8).fill(0xa5);
          bytes.set(encoded, 4);
          const label = `${kind}, ${length} bytes: ${JSON.stringify(text.slice(0, 4))}…`;
          expect(decodeUtf8(bytes, 4, 4 + length), label).toBe(text);
          expect(readUtf8(bytes, 4, length, 'protobuf'), label).toBe(text);
          expect(decodeUtf8InJs(bytes, 4, 4 + length), label).toBe(text);
          expect(new Utf8Strings(bytes, 'flatbuffers').read(4, length), label).toBe(text);
        }
      }
    }
  });

  it('refuse malformed UTF-8 at every length around each threshold: the TextDecoder error, and a WirebenchError naming the byte', () => {
    let cases = 0;
    for (const [kind, unit] of KINDS) {
      for (const length of LENGTHS) {
        for (const [what, bad] of malformations(encoder.encode(textOf(unit, 'a', length)))) {
          const bytes = new Uint8Array(length + 8).fill(0x61);
          bytes.set(bad, 4);
          const label = `${kind}, ${length} bytes, ${what}`;
          expect(() => decodeUtf8(bytes, 4, 4 + length), label).toThrow(TypeError);
          expect(decodeUtf8InJs(bytes, 4, 4 + length), label).toBeUndefined();
          expect(() => readUtf8(bytes, 4, length, 'protobuf'), label).toThrow(WirebenchError);
          expect(() => new Utf8Strings(bytes, 'flatbuffers').read(4, length), label).toThrow(/string at byte 4 is not valid UTF-8/);
          expect(invalidUtf8Offset(bytes, 4, 4 + length), label).toBeGreaterThanOrEqual(4);
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(1000);
  });
});

describe('every codec on the UTF-8 module', () => {
  const FORMATS: FormatId[] = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];
  const schema = inferSchema({ s: 'text' });

  it.each(FORMATS)('%s decodes strings of every length around the thresholds and refuses malformed UTF-8 in them with a WirebenchError', async (format) => {
    const codec = await createCodec(format, { schema });
    let refused = 0;
    for (const [kind, unit, other] of KINDS) {
      for (const length of LENGTHS) {
        if (length === 0) continue;
        const text = textOf(unit, 'a', length);
        const encoded = codec.encode({ s: text });
        expect(codec.decode(encoded)).toEqual({ s: text });
        // The string's bytes: where the encoding of a text with every byte different differs.
        const twin = codec.encode({ s: textOf(other, 'b', length) });
        expect(twin.length).toBe(encoded.length);
        const differ = [...encoded.keys()].filter((i) => encoded[i] !== twin[i]);
        const start = differ[0] as number;
        expect(differ.length, `${kind}, ${length} bytes`).toBe(length);
        for (const [what, bad] of malformations(encoded.subarray(start, start + length))) {
          const input = encoded.slice();
          input.set(bad, start);
          let thrown: unknown;
          try {
            codec.decode(input);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, `${format}: ${kind}, ${length} bytes, ${what}`).toBeInstanceOf(WirebenchError);
          expect((thrown as WirebenchError).format).toBe(format);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});

describe('decodeDocument and decodeLossy', () => {
  it('read a whole document as TextDecoder does by default, a leading byte order mark dropped; decodeDocument throws on malformed UTF-8', () => {
    expect(decodeDocument(encoder.encode('\ufeff[1]'))).toBe('[1]');
    expect(decodeDocument(encoder.encode('["\ufffd", "é"]'))).toBe('["\ufffd", "é"]');
    expect(() => decodeDocument(Uint8Array.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]))).toThrow(TypeError);
    expect(decodeLossy(Uint8Array.from([0xef, 0xbb, 0xbf, 0x6f, 0x6b, 0xff]))).toBe('ok\ufffd');
  });
});

/** Whether the bytes are complete, well-formed UTF-8, or (`stream`) could still begin some. */
function decodes(bytes: Uint8Array, stream = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}

/**
 * invalidUtf8Offset by another road, with the fatal TextDecoder alone: find the first byte that no
 * UTF-8 text can go on with (or the end, for a sequence cut short there); the ill-formed sequence
 * starts after the longest well-formed prefix before that byte.
 */
function offsetByDecoder(bytes: Uint8Array): number {
  if (decodes(bytes)) return -1;
  let stop = bytes.length;
  for (let n = 1; n <= bytes.length; n++) {
    if (!decodes(bytes.subarray(0, n), true)) {
      stop = n;
      break;
    }
  }
  let offset = stop - 1;
  while (offset > 0 && !decodes(bytes.subarray(0, offset))) offset--;
  return offset;
}

describe('invalidUtf8Offset', () => {
  const bytes = (...parts: Array<string | number>): Uint8Array =>
    Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : [part])));

  it.each<[string, Uint8Array, number]>([
    ['ASCII', bytes('{"a": 1}'), -1],
    ['2-, 3- and 4-byte characters, U+FFFD and U+10FFFF', bytes('Zoë 中 😀 \ufffd', 0xf4, 0x8f, 0xbf, 0xbf), -1],
    ['a lone continuation byte', bytes('ab', 0x80, 'c'), 2],
    ['a truncated 3-byte sequence at the end', bytes('ab', 0xe4, 0xb8), 2],
    ['a truncated 3-byte sequence before ASCII', bytes(0xe4, 0xb8, 'a'), 0],
    ['a truncated 4-byte sequence before another lead byte', bytes('a', 0xf0, 0x9f, 0x98, 0xc3, 0xa9), 1],
    ['an overlong 2-byte form (C0 AF for "/")', bytes('x', 0xc0, 0xaf), 1],
    ['an overlong 3-byte form (E0 80 AF)', bytes('xy', 0xe0, 0x80, 0xaf), 2],
    ['an overlong 4-byte form (F0 8F BF BF)', bytes(0xf0, 0x8f, 0xbf, 0xbf), 0],
    ['a surrogate encoded in UTF-8 (ED A0 80, U+D800)', bytes('"', 0xed, 0xa0, 0x80, '"'), 1],
    ['a code point past U+10FFFF (F4 90 80 80)', bytes('ok', 0xf4, 0x90, 0x80, 0x80), 2],
    ['F5, which leads no sequence', bytes(0xf5, 0x80, 0x80, 0x80), 0],
    ['Latin-1 text', bytes('caf', 0xe9), 3],
    ['UTF-16 with its byte order mark', Uint8Array.from([0xff, 0xfe, 0x7b, 0x00]), 0],
  ])('%s', (_, input, offset) => {
    expect(invalidUtf8Offset(input, 0, input.length)).toBe(offset);
    expect(offsetByDecoder(input)).toBe(offset);
  });

  // Sequences cut at the table's boundaries (a lead byte, then bytes at the edges of the ranges that
  // may follow it), valid characters, and random bytes.
  const lead = fc.constantFrom(0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff);
  const next = fc.constantFrom(0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0);
  const piece = fc.oneof(
    fc.tuple(lead, fc.array(next, { maxLength: 3 })).map(([first, rest]) => [first, ...rest]),
    fc.integer({ min: 0, max: 0xff }).map((byte) => [byte]),
    fc.string({ unit: 'grapheme', maxLength: 2 }).map((text) => [...new TextEncoder().encode(text)]),
  );
  const input = fc.array(piece, { maxLength: 12 }).map((pieces) => Uint8Array.from(pieces.flat()));

  it('agrees with the fatal TextDecoder on any bytes', () => {
    fc.assert(
      fc.property(input, (bytes) => {
        expect(invalidUtf8Offset(bytes, 0, bytes.length)).toBe(offsetByDecoder(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('looks only at bytes [from, to): a sequence cut short by `to` is ill-formed there', () => {
    fc.assert(
      fc.property(input, input, input, (before, inside, after) => {
        const all = Uint8Array.from([...before, ...inside, ...after]);
        const offset = offsetByDecoder(inside);
        expect(invalidUtf8Offset(all, before.length, before.length + inside.length)).toBe(offset < 0 ? -1 : before.length + offset);
      }),
      { numRuns: 1000 },
    );
  });
});
