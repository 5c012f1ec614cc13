/**
 * measure/decompression.ts's long body for the streaming rate: the row's bytes, or copies of them
 * each relabelled by a byte permutation of its own, which compress about as the bytes do (where plain
 * repeats would compress into references to the copy before).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { STREAM_BYTES, streamBody } from '../../src/measure/decompression.js';

const text = new TextEncoder().encode(
  JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, name: `user ${i}`, active: i % 3 === 0, tags: ['a', 'bb', `t${i % 7}`] }))),
);

describe('streamBody', () => {
  it('is the bytes themselves when they are long enough', () => {
    const long = new Uint8Array(STREAM_BYTES).fill(7);
    expect(streamBody(long)).toBe(long);
    expect(streamBody(text, text.length)).toBe(text);
    expect(streamBody(new Uint8Array(0))).toHaveLength(0);
  });

  it('is whole copies to at least the bytes asked for, the first as it is, each other one a relabelling of its own', () => {
    const body = streamBody(text, 20 * text.length + 1);
    expect(body.length).toBe(21 * text.length);
    expect(streamBody(text).length).toBeGreaterThanOrEqual(STREAM_BYTES);
    const copies = Array.from({ length: 21 }, (_, k) => body.subarray(k * text.length, (k + 1) * text.length));
    expect(copies[0]).toEqual(text);
    for (const copy of copies.slice(1)) {
      // A bijection of byte values: the same byte in the bytes is the same byte in the copy, and only then.
      const map = new Map<number, number>();
      const back = new Map<number, number>();
      const consistent = text.every((b, i) => {
        const c = copy[i] as number;
        const ok = (map.get(b) ?? c) === c && (back.get(c) ?? b) === b;
        map.set(b, c);
        back.set(c, b);
        return ok;
      });
      expect(consistent).toBe(true);
      expect(copy).not.toEqual(text);
    }
    expect(new Set(copies.map((c) => Buffer.from(c).toString('hex'))).size).toBe(21);
    // Seeded: the same body every time.
    expect(Buffer.from(streamBody(text, 20 * text.length + 1)).equals(body)).toBe(true);
  });

  it('compresses about as its copies would one by one, where plain repeats compress to almost nothing', () => {
    const copies = 40;
    const body = streamBody(text, copies * text.length);
    const alone = copies * gzipSync(text).length;
    const ratio = gzipSync(body).length / alone;
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.3);
    const repeated = new Uint8Array(body.length);
    for (let k = 0; k < copies; k++) repeated.set(text, k * text.length);
    expect(gzipSync(repeated).length / alone).toBeLessThan(0.2);
  });
});
