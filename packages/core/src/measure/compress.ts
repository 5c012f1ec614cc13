import type { Compressor } from './types.js';

/** Compressed size through the runtime's CompressionStream (Node ≥ 18 and every evergreen browser have gzip). */
function streamCompressor(format: string): Compressor {
  return async (bytes) => {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream(format as CompressionFormat));
    return (await new Response(stream).arrayBuffer()).byteLength;
  };
}

/** gzip size through `CompressionStream` (every runtime wirebench supports has gzip). */
export const gzipSize: Compressor = streamCompressor('gzip');

/** Brotli through CompressionStream where the runtime has it (newer browsers), else undefined. */
export function streamBrotli(): Compressor | undefined {
  try {
    new CompressionStream('brotli' as CompressionFormat);
    return streamCompressor('brotli');
  } catch {
    return undefined;
  }
}

/** gzip everywhere, brotli where CompressionStream supports it. */
export function defaultCompressors(): Record<string, Compressor> {
  const brotli = streamBrotli();
  return brotli ? { gzip: gzipSize, brotli } : { gzip: gzipSize };
}
