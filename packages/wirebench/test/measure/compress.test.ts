/**
 * measure/compress.ts: the stream compressors' two ways back, one call through a Blob and a Response
 * (what an app that decompresses a body itself does) and one stream fed directly (the streaming
 * rate's), give the same bytes, and a corrupt body rejects either way.
 */
import { describe, expect, it } from 'vitest';
import { streamGzip } from '../../src/measure/compress.js';

describe('streamGzip', () => {
  it('gives the bytes back both ways, whatever the size', async () => {
    for (const length of [0, 1, 1_000, 300_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 7919) % 251);
      const compressed = await streamGzip.compress(bytes);
      // Compared as Buffers: vitest's deep equality walks a typed array element by element.
      expect(Buffer.from(await streamGzip.decompress(compressed)).equals(bytes)).toBe(true);
      expect(Buffer.from(await streamGzip.decompressStreaming!(compressed)).equals(bytes)).toBe(true);
    }
  });

  it('rejects a corrupt body either way', async () => {
    const compressed = await streamGzip.compress(new TextEncoder().encode('hello '.repeat(100)));
    const corrupt = compressed.slice(0, compressed.length - 12);
    await expect(Promise.resolve(streamGzip.decompress(corrupt))).rejects.toThrow();
    await expect(Promise.resolve(streamGzip.decompressStreaming!(corrupt))).rejects.toThrow();
  });
});
