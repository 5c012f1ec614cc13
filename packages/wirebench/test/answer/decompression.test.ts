/**
 * answer/decompression.ts: what inflating adds to time until usable when the browser inflates while
 * the bytes arrive. The closed form against a step-by-step pipeline, the two cases the model is for
 * (inflate faster than the link adds about nothing; a very fast link shows the inflate), and its
 * bounds and monotony.
 */
import { WirebenchError } from '@wirebench/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INFLATE_CHUNK_BYTES, streamedDecompressionMs } from '../../src/answer/decompression.js';
import { downloadMs } from '../../src/answer/time-until-usable.js';

/** The pipeline itself: n pieces arrive one by one over `download` ms; each is inflated once it is in and the one before is done. */
function simulated(pieces: number, inflateMs: number, download: number): number {
  let done = 0;
  for (let k = 1; k <= pieces; k++) done = Math.max((k * download) / pieces, done) + inflateMs / pieces;
  return done - download;
}

const ms = fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true });
const bytes = fc.integer({ min: 0, max: 50_000_000 });

describe('streamedDecompressionMs', () => {
  it('is what a piece-by-piece pipeline adds after the last byte (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), ms, ms, (pieces, inflateMs, download) => {
        const added = streamedDecompressionMs({ bytes: pieces * INFLATE_CHUNK_BYTES, inflateMs, downloadMs: download });
        expect(added).toBeCloseTo(simulated(pieces, inflateMs, download), 6);
      }),
    );
  });

  it('adds about nothing when inflating is faster than the link: only the last 16 kB piece', () => {
    // twitter.json's JSON gzipped (45,220 B) on 4G: 40 ms of download, against 0.65 ms to inflate it all.
    const bytes = 45_220;
    const added = streamedDecompressionMs({ bytes, inflateMs: 0.65, downloadMs: downloadMs(bytes, 9_000_000) });
    expect(added).toBeCloseTo((0.65 * INFLATE_CHUNK_BYTES) / bytes, 12);
    expect(added).toBeLessThan(0.25);
    // A body ten times larger adds the same: one piece after its last byte.
    expect(streamedDecompressionMs({ bytes: 10 * bytes, inflateMs: 6.5, downloadMs: downloadMs(10 * bytes, 9_000_000) })).toBeCloseTo(added, 12);
  });

  it('shows the inflate on a very fast link, and all of it for a body of one piece', () => {
    const bytes = 452_200;
    // 10 Gbit/s: 0.36 ms to arrive, 6.5 ms to inflate: the inflate is nearly all of it.
    const added = streamedDecompressionMs({ bytes, inflateMs: 6.5, downloadMs: downloadMs(bytes, 10e9) });
    expect(added).toBeGreaterThan(6.1);
    expect(added).toBeLessThan(6.5);
    expect(streamedDecompressionMs({ bytes, inflateMs: 6.5, downloadMs: 0 })).toBe(6.5);
    // One TLS record's worth or less: decrypted whole, then inflated whole, on any link.
    for (const link of [400_000, 9_000_000, 10e9]) {
      expect(streamedDecompressionMs({ bytes: 7_000, inflateMs: 0.04, downloadMs: downloadMs(7_000, link) })).toBe(0.04);
    }
  });

  it('lies between the last piece and the whole inflate, and never below what the link cannot hide (property)', () => {
    fc.assert(
      fc.property(bytes, ms, ms, (b, inflateMs, download) => {
        const added = streamedDecompressionMs({ bytes: b, inflateMs, downloadMs: download });
        expect(added).toBeLessThanOrEqual(inflateMs);
        expect(added).toBeGreaterThanOrEqual(inflateMs - download - 1e-9);
        expect(added).toBeGreaterThanOrEqual(b === 0 ? inflateMs : (inflateMs * Math.min(INFLATE_CHUNK_BYTES, b)) / b - 1e-9);
      }),
    );
  });

  it('never falls as the body grows at the same rates, nor as the link gets faster (property)', () => {
    const rate = fc.double({ min: 1, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(bytes, bytes, rate, rate, (x, y, inflateRate, linkRate) => {
        const [small, large] = x <= y ? [x, y] : [y, x];
        const at = (b: number, link: number): number => streamedDecompressionMs({ bytes: b, inflateMs: b / inflateRate, downloadMs: b / link });
        expect(at(small, linkRate)).toBeLessThanOrEqual(at(large, linkRate) * (1 + 1e-12));
        expect(at(large, linkRate)).toBeLessThanOrEqual(at(large, 2 * linkRate) * (1 + 1e-12));
      }),
    );
  });

  it('takes another piece size, and refuses nonsense', () => {
    expect(streamedDecompressionMs({ bytes: 10_000, inflateMs: 1, downloadMs: 100, chunkBytes: 1_000 })).toBeCloseTo(0.1, 12);
    expect(() => streamedDecompressionMs({ bytes: -1, inflateMs: 1, downloadMs: 1 })).toThrow(WirebenchError);
    expect(() => streamedDecompressionMs({ bytes: 1, inflateMs: Number.NaN, downloadMs: 1 })).toThrow(/inflate ms must be a finite number ≥ 0/);
    expect(() => streamedDecompressionMs({ bytes: 1, inflateMs: 1, downloadMs: Infinity })).toThrow(/download ms must be a finite number ≥ 0/);
    expect(() => streamedDecompressionMs({ bytes: 1, inflateMs: 1, downloadMs: 1, chunkBytes: 0 })).toThrow(/chunk bytes must be a finite number > 0/);
  });
});
