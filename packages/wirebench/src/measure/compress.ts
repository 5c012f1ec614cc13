import type { Compressor } from './types.js';

/**
 * A content encoding through the runtime's CompressionStream and DecompressionStream (Node ≥ 18 and
 * every evergreen browser have gzip). A browser undoes `Content-Encoding` in its network stack, out of
 * reach of a page's timers; DecompressionStream runs the same zlib (brotli) code in the page, so its
 * rate over a long stream fed directly (`decompressStreaming`) is the page's nearest measure of that
 * work. One call through a Blob and a Response (`decompress`) is what an app that decompresses a body
 * itself pays.
 */
function streamCompressor(format: string): Compressor {
  const through = async (bytes: Uint8Array, stream: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> =>
    new Uint8Array(await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream)).arrayBuffer());
  const decompressor = (): TransformStream<Uint8Array, Uint8Array> =>
    new DecompressionStream(format as CompressionFormat) as TransformStream<Uint8Array, Uint8Array>;
  return {
    compress: (bytes) => through(bytes, new CompressionStream(format as CompressionFormat) as TransformStream<Uint8Array, Uint8Array>),
    decompress: (bytes) => through(bytes, decompressor()),
    decompressStreaming: (bytes) => fed(bytes, decompressor()),
  };
}

/**
 * `bytes` written into `stream` and its output read back, with no Blob or Response around it: the
 * stream's own work, which a Blob source would bury (about 1 ms a call in Chromium, even on an empty
 * body, against about 54 µs written directly).
 */
async function fed(bytes: Uint8Array, stream: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  // Seen by the read below, which rejects too; awaited after it so neither rejection goes unhandled.
  written.catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await written;
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
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
