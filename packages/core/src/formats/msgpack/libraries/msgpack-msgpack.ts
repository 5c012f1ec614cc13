import { Decoder, Encoder } from '@msgpack/msgpack';
import type { Codec } from '../../../codec.js';
import type { CodecOptions } from '../../../limits.js';
import { resolveLimits } from '../../../limits.js';
import { libraryCodec } from '../../libraries/codec.js';

/**
 * MessagePack by `@msgpack/msgpack` (an optional peer dependency), one reused `Encoder` and
 * `Decoder` as its docs advise, with its defaults; the decoder's length limits are the codec's.
 */
export function msgpackMsgpackCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  const encoder = new Encoder();
  const decoder = new Decoder({
    maxStrLength: limits.maxStringLength,
    maxBinLength: limits.maxStringLength,
    maxArrayLength: limits.maxCollectionLength,
    maxMapLength: limits.maxCollectionLength,
  });
  return libraryCodec({
    format: 'msgpack',
    implementation: '@msgpack/msgpack',
    limits,
    encode: (value) => encoder.encode(value),
    decode: (bytes) => decoder.decode(bytes),
  });
}
