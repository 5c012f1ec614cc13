import { WirebenchError } from '@wirebench/core';
import type { Attribution } from '@wirebench/core/attribution';
import { defaultCompressors } from '../measure/compress.js';
import type { Compressor } from '../measure/types.js';

/**
 * The attribution with the compressed sizes of its encoding beside it (`compressed.gzip`, and
 * `compressed.brotli` where the runtime's CompressionStream has it). Only the totals: compressed
 * bytes are not attributed to paths, because a compressor's output cannot be assigned to input
 * bytes exactly (one back-reference stands for bytes of whichever paths repeat; compressing each
 * path's bytes alone would measure a different thing and not add up). `bytes` must be the encoding
 * the attribution describes (`codec.encode(value)`); a length that differs is refused.
 */
export async function withCompressedTotals(
  attribution: Attribution,
  bytes: Uint8Array,
  compressors: Readonly<Record<string, Compressor>> = defaultCompressors(),
): Promise<Attribution> {
  if (bytes.length !== attribution.total) {
    throw new WirebenchError(`the bytes given are ${bytes.length} long, but the attribution is of an encoding of ${attribution.total} bytes`, {
      format: attribution.format,
    });
  }
  const compressed: Record<string, number> = {};
  for (const [name, compressor] of Object.entries(compressors)) compressed[name] = (await compressor.compress(bytes)).length;
  return { ...attribution, compressed };
}
