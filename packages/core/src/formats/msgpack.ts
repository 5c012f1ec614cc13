import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { assertBytes } from '../errors.js';
import type { CodecOptions } from '../limits.js';
import { checkByteLength, resolveLimits } from '../limits.js';
import { decodeMsgpack } from './msgpack-decode.js';
import { MsgpackReader } from './msgpack-reader.js';
import { MsgpackWriter } from './msgpack-writer.js';
import { refusal, writeWith } from './value-writer.js';

/**
 * MessagePack, written and read in one pass each, with every check on the way (a separate
 * validating pass cost as much as the decoding itself). The bytes are `@msgpack/msgpack`'s, and it
 * reads ours. Encode refuses what is not JSON data with its path (`refusal`); decode refuses
 * malformed input with its byte offset and reason (`MsgpackReader`, run only when the one-pass
 * decoder stops).
 */
export function msgpackCodec(options: CodecOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'msgpack');
  const make = (): MsgpackWriter => new MsgpackWriter(limits);
  const writer = make();
  const reader = new MsgpackReader(limits);
  return {
    format: 'msgpack',
    mediaType: MEDIA_TYPES.msgpack,
    encode(value) {
      let bytes: Uint8Array;
      try {
        bytes = writeWith(writer, make, value);
      } catch (error) {
        throw refusal(value, 'msgpack', limits, error);
      }
      checkByteLength('msgpack', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('msgpack', bytes);
      checkByteLength('msgpack', limits, bytes.length);
      try {
        return decodeMsgpack(bytes, limits);
      } catch {
        // Malformed, beyond a limit, or rare (see one-pass.ts): the reader refuses with the reason, or builds it.
        return reader.build(bytes);
      }
    },
  };
}
