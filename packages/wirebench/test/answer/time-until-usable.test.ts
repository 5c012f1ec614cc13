/**
 * answer/time-until-usable.ts: total = transfer + decompression + decode exactly; transfer follows
 * from the bytes and the preset (one round trip + bytes × 8 / bandwidth), monotone in both; the
 * decompression part is what inflating adds after the last byte (answer/decompression.ts), from the
 * streaming rate where there is one, else from the per-call time.
 */

import { WirebenchError } from '@wirebench/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INFLATE_CHUNK_BYTES, streamedDecompressionMs } from '../../src/answer/decompression.js';
import type { NetworkPreset } from '../../src/answer/networks.js';
import { findNetworkPreset, NETWORK_PRESETS } from '../../src/answer/networks.js';
import { SERVED_ENCODINGS } from '../../src/answer/served.js';
import { downloadMs, rowTimeUntilUsable, timeUntilUsable, timeUntilUsableAcross, transfer } from '../../src/answer/time-until-usable.js';

const ms = fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true });
const bytes = fc.integer({ min: 0, max: 100_000_000 });
const preset = fc.constantFrom(...NETWORK_PRESETS);
const served = fc.constantFrom(...SERVED_ENCODINGS);

/** A custom link: WebPageTest's `custom` connectivity takes any bandwidth and RTT. */
const link = (downloadBps: number, rttMs: number): NetworkPreset => ({
  id: 'custom',
  source: 'custom',
  label: 'custom',
  name: 'custom',
  kind: 'fixed',
  downloadBps,
  uploadBps: downloadBps,
  rttMs,
});

describe('transfer', () => {
  it('is one round trip plus bytes × 8 / download bandwidth', () => {
    // 41 KB on 4G (9 Mbps, 170 ms): 170 + 41,000 × 8 / 9,000,000 s = 170 + 36.44… ms.
    expect(transfer(41_000, '4g')).toEqual({ latencyMs: 170, downloadMs: (41_000 * 8 * 1000) / 9_000_000, transferMs: 170 + (41_000 * 8 * 1000) / 9_000_000 });
    // 7,900 B on 3G Slow (400 Kbps, 400 ms): 400 + 158 ms.
    expect(transfer(7_900, '3g-slow').transferMs).toBeCloseTo(558, 10);
    expect(transfer(0, 'cable')).toEqual({ latencyMs: 28, downloadMs: 0, transferMs: 28 });
    expect(downloadMs(1_000_000, 8_000_000)).toBe(1000);
  });

  it('follows from the bytes and the preset alone (property)', () => {
    fc.assert(
      fc.property(bytes, preset, (b, p) => {
        const t = transfer(b, p.id);
        expect(t.latencyMs).toBe(p.rttMs);
        expect(t.downloadMs).toBe((b * 8 * 1000) / p.downloadBps);
        expect(t.transferMs).toBe(t.latencyMs + t.downloadMs);
      }),
    );
  });

  it('never falls as the bytes grow (property)', () => {
    fc.assert(
      fc.property(bytes, bytes, preset, (a, b, p) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        expect(transfer(small, p).transferMs).toBeLessThanOrEqual(transfer(large, p).transferMs);
        if (small < large) expect(transfer(small, p).transferMs).toBeLessThan(transfer(large, p).transferMs);
      }),
    );
  });

  it('never rises as the bandwidth grows, at the same RTT (property)', () => {
    const bps = fc.integer({ min: 1_000, max: 10_000_000_000 });
    fc.assert(
      fc.property(bytes, bps, bps, fc.integer({ min: 0, max: 2_000 }), (b, x, y, rtt) => {
        const [slow, fast] = x <= y ? [x, y] : [y, x];
        expect(transfer(b, link(fast, rtt)).transferMs).toBeLessThanOrEqual(transfer(b, link(slow, rtt)).transferMs);
      }),
    );
  });

  it('refuses negative or non-finite bytes and a link without bandwidth', () => {
    expect(() => transfer(-1, '4g')).toThrow(/bytes must be a finite number ≥ 0, got -1/);
    expect(() => transfer(Infinity, '4g')).toThrow(WirebenchError);
    expect(() => transfer(1, link(0, 10))).toThrow(/custom: download bandwidth must be a finite number > 0, got 0/);
    expect(() => transfer(1, link(1000, -5))).toThrow(/custom: round-trip time must be a finite number ≥ 0/);
    expect(() => transfer(1, 'moon')).toThrow(/no network preset "moon"/);
  });
});

describe('timeUntilUsable', () => {
  it('gives the parts and their total', () => {
    // 7,900 B arrive in one TLS record, so all of the inflate comes after the last byte.
    const t = timeUntilUsable({ bytes: 7_900, inflateMs: 0.05, decompressMs: 0.9, decodeMs: 0.3 }, '3g-slow', 'gzip');
    expect(t).toEqual({
      network: '3g-slow',
      served: 'gzip',
      bytes: 7_900,
      latencyMs: 400,
      downloadMs: 158,
      transferMs: 558,
      decompressMs: 0.05,
      inflateMs: 0.05,
      inflateFrom: 'stream',
      decodeMs: 0.3,
      totalMs: 558 + 0.05 + 0.3,
    });
  });

  it('counts of the inflate only what the transfer does not hide, from the streaming rate', () => {
    // 45,220 B on 4G arrive over 40 ms; inflating them all takes 0.65 ms: only the last 16 kB record's share is added.
    const t = timeUntilUsable({ bytes: 45_220, inflateMs: 0.65, decompressMs: 2.1, decodeMs: 1 }, '4g', 'gzip');
    expect(t.inflateFrom).toBe('stream');
    expect(t.inflateMs).toBe(0.65);
    expect(t.decompressMs).toBeCloseTo((0.65 * INFLATE_CHUNK_BYTES) / 45_220, 12);
    expect(t.totalMs).toBe(t.transferMs + t.decompressMs + 1);
    // On a link faster than the inflate, the inflate shows.
    const fast = timeUntilUsable({ bytes: 45_220, inflateMs: 0.65, decodeMs: 1 }, link(10e9, 1), 'gzip');
    expect(fast.decompressMs).toBeGreaterThan(0.6);
    expect(fast.decompressMs).toBe(streamedDecompressionMs({ bytes: 45_220, inflateMs: 0.65, downloadMs: fast.downloadMs }));
  });

  it('falls back to the per-call time where there is no streaming rate, and says so', () => {
    const t = timeUntilUsable({ bytes: 45_220, decompressMs: 2.1, decodeMs: 1 }, '4g', 'gzip');
    expect(t.inflateFrom).toBe('per-call');
    expect(t.inflateMs).toBe(2.1);
    expect(t.decompressMs).toBeCloseTo((2.1 * INFLATE_CHUNK_BYTES) / 45_220, 12);
  });

  it('total equals transfer + decompression + decode exactly, and transfer latency + download (property)', () => {
    fc.assert(
      fc.property(bytes, ms, ms, preset, served, (b, decompress, decode, p, s) => {
        const t = timeUntilUsable({ bytes: b, decompressMs: s === 'none' ? 0 : decompress, decodeMs: decode }, p, s);
        expect(t.totalMs).toBe(t.transferMs + t.decompressMs + t.decodeMs);
        expect(t.transferMs).toBe(t.latencyMs + t.downloadMs);
        expect(t.transferMs).toBe(transfer(b, p).transferMs);
        // Inflating while the bytes arrive never costs more than inflating after them.
        expect(t.decompressMs).toBeLessThanOrEqual(s === 'none' ? 0 : decompress);
        expect(JSON.parse(JSON.stringify(t))).toEqual(t);
      }),
    );
  });

  it('decompresses nothing for bytes served as they are, and needs a decompression time otherwise', () => {
    expect(timeUntilUsable({ bytes: 100, decodeMs: 1 }, '4g', 'none')).toMatchObject({ decompressMs: 0, totalMs: 170 + (100 * 8 * 1000) / 9e6 + 1 });
    expect(timeUntilUsable({ bytes: 100, decodeMs: 1 }, '4g', 'none').inflateMs).toBeUndefined();
    expect(() => timeUntilUsable({ bytes: 100, decompressMs: 0.5, decodeMs: 1 }, '4g', 'none')).toThrow(/not decompressed, yet a decompression time of 0.5 ms/);
    expect(() => timeUntilUsable({ bytes: 100, inflateMs: 0.5, decodeMs: 1 }, '4g', 'none')).toThrow(/not decompressed, yet an inflate time of 0.5 ms/);
    expect(() => timeUntilUsable({ bytes: 100, decodeMs: 1 }, '4g', 'brotli')).toThrow(/brotli decompression ms must be a finite number ≥ 0, got undefined/);
    expect(() => timeUntilUsable({ bytes: 100, inflateMs: -1, decodeMs: 1 }, '4g', 'brotli')).toThrow(/brotli inflate ms must be a finite number ≥ 0, got -1/);
  });

  it('refuses negative or non-finite measurements', () => {
    for (const bad of [-0.001, Number.NaN, Infinity, -Infinity]) {
      expect(() => timeUntilUsable({ bytes: 1, decompressMs: 0, decodeMs: bad }, '4g', 'gzip')).toThrow(WirebenchError);
      expect(() => timeUntilUsable({ bytes: 1, decompressMs: bad, decodeMs: 0 }, '4g', 'gzip')).toThrow(WirebenchError);
      expect(() => timeUntilUsable({ bytes: bad, decompressMs: 0, decodeMs: 0 }, '4g', 'gzip')).toThrow(WirebenchError);
    }
  });
});

describe('rowTimeUntilUsable and timeUntilUsableAcross', () => {
  const figures = { bytes: 41_000, compressed: { gzip: 7_900 }, decompressMs: { gzip: 0.1 }, decodeMs: 0.4 };

  it("take a row's bytes and decompression for the served encoding", () => {
    expect(rowTimeUntilUsable(figures, '4g', 'gzip')).toMatchObject({ bytes: 7_900, decompressMs: 0.1, inflateFrom: 'per-call', decodeMs: 0.4 });
    expect(rowTimeUntilUsable(figures, '4g', 'none')).toMatchObject({ bytes: 41_000, decompressMs: 0, decodeMs: 0.4 });
    // With the streaming rate: the row's 41,000 decompressed bytes at 410,000 B/ms, all after the single record.
    expect(rowTimeUntilUsable({ ...figures, inflateBytesPerMs: { gzip: 410_000 } }, '4g', 'gzip')).toMatchObject({
      decompressMs: 0.1,
      inflateMs: 0.1,
      inflateFrom: 'stream',
    });
  });

  it('give one figure per preset, the default ones being slow mobile, 4G and Wi-Fi', () => {
    const across = timeUntilUsableAcross(figures, 'gzip');
    expect(across.map((t) => t.network)).toEqual(['3g-slow', '4g', 'cable']);
    expect(across.map((t) => t.totalMs)).toEqual(['3g-slow', '4g', 'cable'].map((id) => rowTimeUntilUsable(figures, findNetworkPreset(id), 'gzip').totalMs));
    expect(timeUntilUsableAcross(figures, 'none', ['fios']).map((t) => t.network)).toEqual(['fios']);
  });
});
