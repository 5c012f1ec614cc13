import type { Compressor } from './types.js';

/**
 * A content encoding through the runtime's CompressionStream and DecompressionStream (Node ≥ 18 and
 * every evergreen browser have gzip). A browser undoes `Content-Encoding` in its network stack, out of
 * reach of a page's timers; DecompressionStream runs the same zlib (brotli) code in the page, so its
 * time is the page's nearest measure of that work.
 */
function streamCompressor(format: string): Compressor {
  const through = async (bytes: Uint8Array, stream: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> =>
    new Uint8Array(await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream)).arrayBuffer());
  return {
    compress: (bytes) => through(bytes, new CompressionStream(format as CompressionFormat) as TransformStream<Uint8Array, Uint8Array>),
    decompress: (bytes) => through(bytes, new DecompressionStream(format as CompressionFormat) as TransformStream<Uint8Array, Uint8Array>),
  };
}

/** gzip through `CompressionStream` and back through `DecompressionStream` (every runtime wirebench supports has gzip). */
export const streamGzip: Compressor = streamCompressor('gzip');

/** Brotli through CompressionStream and DecompressionStream where the runtime has both (newer browsers), else undefined. */
export function streamBrotli(): Compressor | undefined {
  try {
    new CompressionStream('brotli' as CompressionFormat);
    new DecompressionStream('brotli' as CompressionFormat);
    return streamCompressor('brotli');
  } catch {
    return undefined;
  }
}

/** gzip everywhere, brotli where CompressionStream supports it. */
export function defaultCompressors(): Record<string, Compressor> {
  const brotli = streamBrotli();
  return brotli ? { gzip: streamGzip, brotli } : { gzip: streamGzip };
}
