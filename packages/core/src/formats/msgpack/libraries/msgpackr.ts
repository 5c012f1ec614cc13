import { Packr } from 'msgpackr';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec } from '../../libraries/codec.js';

/**
 * MessagePack by msgpackr (an optional peer dependency), native string extension included where
 * it loads, in its standard mode (`useRecords: false`: plain maps any MessagePack reader takes).
 */
export function msgpackrCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  const packr = new Packr({ useRecords: false, mapsAsObjects: true });
  return libraryCodec({
    format: 'msgpack',
    implementation: 'msgpackr',
    limits,
    encode: (value) => packr.pack(value),
    decode: (bytes) => packr.unpack(bytes) as unknown,
  });
}
