/** answer/served.ts: a row's figures for the encoding the server sends, or why they are missing. */

import { WirebenchError } from '@wirebench/core';
import { describe, expect, it } from 'vitest';
import { SERVED_ENCODINGS, servedParts } from '../../src/answer/served.js';

const FIGURES = { bytes: 41_000, compressed: { gzip: 7_900, brotli: 7_100 }, decompressMs: { gzip: 0.12, brotli: 0.15 }, decodeMs: 0.3 };

describe('servedParts', () => {
  it('picks the bytes and decompression of the served encoding; none decompresses nothing', () => {
    expect(SERVED_ENCODINGS).toEqual(['none', 'gzip', 'brotli']);
    expect(servedParts(FIGURES, 'none')).toEqual({ served: 'none', bytes: 41_000, decompressMs: 0, decodeMs: 0.3 });
    expect(servedParts(FIGURES, 'gzip')).toEqual({ served: 'gzip', bytes: 7_900, decompressMs: 0.12, decodeMs: 0.3 });
    expect(servedParts(FIGURES, 'brotli')).toEqual({ served: 'brotli', bytes: 7_100, decompressMs: 0.15, decodeMs: 0.3 });
  });

  it("gives the whole body's inflate at the streaming rate where the row has one: its decompressed bytes over the rate", () => {
    const streamed = { ...FIGURES, inflateBytesPerMs: { gzip: 410_000 } };
    expect(servedParts(streamed, 'gzip')).toEqual({ served: 'gzip', bytes: 7_900, decompressMs: 0.12, inflateMs: 41_000 / 410_000, decodeMs: 0.3 });
    expect(servedParts(streamed, 'brotli').inflateMs).toBeUndefined();
    expect(servedParts(streamed, 'none').inflateMs).toBeUndefined();
    expect(() => servedParts({ ...FIGURES, inflateBytesPerMs: { gzip: 0 } }, 'gzip')).toThrow(/gzip inflate bytes per ms must be a finite number > 0, got 0/);
    // No encoded bytes: nothing to inflate, with a rate or without.
    expect(servedParts({ ...FIGURES, bytes: 0 }, 'gzip').inflateMs).toBe(0);
  });

  it('says which figure is missing', () => {
    expect(() => servedParts({ ...FIGURES, compressed: { gzip: 7_900 } }, 'brotli')).toThrow(
      /no brotli size: the runtime that measured this row had no brotli compressor/,
    );
    expect(() => servedParts({ bytes: 1, compressed: { gzip: 1 }, decodeMs: 1 }, 'gzip')).toThrow(/no gzip decompression time/);
    expect(() => servedParts(FIGURES, 'zstd' as never)).toThrow(/no served encoding "zstd"/);
  });

  it('refuses negative or non-finite figures', () => {
    expect(() => servedParts({ ...FIGURES, decodeMs: -1 }, 'none')).toThrow(WirebenchError);
    expect(() => servedParts({ ...FIGURES, bytes: Number.NaN }, 'none')).toThrow(/bytes must be a finite number ≥ 0, got NaN/);
    expect(() => servedParts({ ...FIGURES, decompressMs: { gzip: Infinity } }, 'gzip')).toThrow(
      /gzip decompression ms must be a finite number ≥ 0, got Infinity/,
    );
  });
});
