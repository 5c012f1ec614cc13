import type { Codec } from '../../codec.js';
import type { CodecOptions } from '../../limits.js';
import type { SchemalessBinaryParts } from '../schemaless-binary/codec.js';
import { schemalessBinaryCodec } from '../schemaless-binary/codec.js';
import { decodeMsgpack } from './fast-decoder.js';
import { MsgpackReader } from './reader.js';
import { MsgpackWriter } from './writer.js';

/** MessagePack's parts of the codec msgpack and CBOR share (../schemaless-binary/codec.ts). */
const MSGPACK: SchemalessBinaryParts = {
  format: 'msgpack',
  writer: (limits) => new MsgpackWriter(limits),
  fastDecode: decodeMsgpack,
  reader: (limits) => new MsgpackReader(limits),
};

/**
 * MessagePack, written and read in one pass each, with every check on the way. The bytes are
 * `@msgpack/msgpack`'s, and it reads ours. Encode refuses what is not JSON data with its path;
 * decode refuses malformed input with its byte offset and reason (`MsgpackReader`, run only when the
 * one-pass decoder, fast-decoder.ts, stops).
 */
export function msgpackCodec(options: CodecOptions = {}): Codec {
  return schemalessBinaryCodec(MSGPACK, options);
}
