/**
 * The msgpack and CBOR writer (src/formats/schemaless-binary/writer.ts) places a string's UTF-8 after a header
 * sized from its JavaScript length and moves it when the UTF-8 needs a bigger header. These tests put
 * strings whose UTF-8 length lands on every side of each header threshold at every end position
 * around the writer's buffer sizes, and read them back with wirebench and with the library.
 */
import { decode as msgpackLibraryDecode } from '@msgpack/msgpack';
import { decode as cborLibraryDecode } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { cborCodec } from '../../../src/formats/cbor/codec.js';
import { msgpackCodec } from '../../../src/formats/msgpack/codec.js';

const FORMATS = {
  msgpack: { make: msgpackCodec, library: msgpackLibraryDecode, fixLimit: 32 },
  cbor: { make: cborCodec, library: (bytes: Uint8Array): unknown => cborLibraryDecode(bytes), fixLimit: 24 },
} as const;

/** Characters of each UTF-8 width, with their UTF-16 length. */
const WIDTHS = [
  { bytes: 2, char: 'é' },
  { bytes: 3, char: '中' },
  { bytes: 4, char: '😀' },
] as const;

/** The writer's first buffer, and the buffer a used writer keeps after growing once. */
const BUFFER_SIZES = [2048, 4096];

/**
 * Strings whose UTF-8 length is each threshold − 2 … + 2 (where the width allows), made of
 * characters of one width, padded with ASCII to the exact byte count.
 */
function stringsAround(threshold: number): string[] {
  const out: string[] = [];
  for (const { bytes, char } of WIDTHS) {
    for (let target = threshold - 2; target <= threshold + 2; target++) {
      const wide = Math.floor(target / bytes);
      out.push(char.repeat(wide) + 'a'.repeat(target - wide * bytes));
      // All wide, no padding: the case where the JavaScript length guesses the header most wrong.
      if (target % bytes === 0 && wide > 0) out.push(char.repeat(wide - 1) + 'a'.repeat(bytes));
    }
  }
  return out;
}

/** The header bytes of a string of `byteLength` UTF-8 bytes (the same steps in both formats). */
function headerSize(byteLength: number, fixLimit: number): number {
  return byteLength < fixLimit ? 1 : byteLength < 0x100 ? 2 : byteLength < 0x10000 ? 3 : 5;
}

/**
 * `[0, 0, …, text, 7]` with as many zeros (one byte each, and each grows the buffer by doubling only)
 * as put the end of `text` `shift` bytes from `size`.
 */
function placed(text: string, size: number, shift: number, fixLimit: number): unknown[] {
  const byteLength = new TextEncoder().encode(text).length;
  const zeros = size + shift - headerSize(byteLength, fixLimit) - byteLength - 3; // 3: the array16 head
  return [...Array<number>(Math.max(16, zeros)).fill(0), text, 7];
}

/** Encodes `value`, reads it back with wirebench and with the library, and returns the bytes. */
function roundTrips(codec: Codec, library: (bytes: Uint8Array) => unknown, value: unknown[]): Uint8Array {
  const bytes = codec.encode(value);
  expect(codec.decode(bytes)).toStrictEqual(value);
  expect(library(bytes)).toStrictEqual(value);
  return bytes;
}

describe.each(Object.entries(FORMATS))('%s writes every string whole', (_format, { make, library, fixLimit }) => {
  it('a 3-byte string past the fix-length header, ending at the end of the first buffer', () => {
    // On 3a33d87 the last byte of the string fell off the buffer: the library read "…中一".
    const value = [...Array<number>(2011).fill(0), '中'.repeat(11), 7];
    roundTrips(make(), library, value);
  });

  it('a 3-byte string whose UTF-8 needs a 32-bit length, on a fresh writer', () => {
    roundTrips(make(), library, ['中'.repeat(21846)]);
  });

  it.each([fixLimit, 0x100])(
    'strings of 2-, 3- and 4-byte characters around the %i-byte header threshold, at every end around the buffer sizes, fresh and used',
    (threshold) => {
      const used = make();
      for (const text of stringsAround(threshold)) {
        for (const size of BUFFER_SIZES) {
          for (let shift = -8; shift <= 8; shift++) {
            const value = placed(text, size, shift, fixLimit);
            // The string ends where it was placed: one byte (the 7) before the end of the bytes.
            expect(roundTrips(make(), library, value).length - 1).toBe(size + shift);
            // A used writer: its buffer grown to 4096 by an earlier encode (and kept, being filled past an eighth).
            used.encode(Array<number>(3000).fill(0));
            roundTrips(used, library, value);
          }
        }
      }
    },
  );

  it('strings around the 65,536-byte threshold, which outgrow any buffer: the buffer grows to the reservation exactly', () => {
    const used = make();
    for (const text of stringsAround(0x10000)) {
      for (let pad = 0; pad <= 4; pad++) {
        const value = ['a'.repeat(pad), text, 7];
        roundTrips(make(), library, value);
        roundTrips(used, library, value);
      }
    }
  });
});
