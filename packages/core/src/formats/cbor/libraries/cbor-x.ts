import { Encoder } from 'cbor-x';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec } from '../../libraries/codec.js';

/**
 * CBOR by cbor-x (an optional peer dependency), native string extension included where it loads,
 * in its standard mode (`useRecords: false`, `pack: false`: plain maps any CBOR reader takes).
 */
export function cborXCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'cbor');
  const encoder = new Encoder({ useRecords: false, mapsAsObjects: true, pack: false });
  return libraryCodec({
    format: 'cbor',
    implementation: 'cbor-x',
    limits,
    encode: (value) => encoder.encode(value),
    decode: (bytes) => encoder.decode(bytes) as unknown,
  });
}
