import type { Codec } from '../../codec.js';
import type { CodecOptions } from '../../limits.js';
import type { SchemalessBinaryParts } from '../schemaless-binary/codec.js';
import { schemalessBinaryCodec } from '../schemaless-binary/codec.js';
import { decodeCbor } from './fast-decoder.js';
import { CborReader } from './reader.js';
import { CborWriter } from './writer.js';

/** CBOR's parts of the codec msgpack and CBOR share (../schemaless-binary/codec.ts). */
const CBOR: SchemalessBinaryParts = {
  format: 'cbor',
  writer: (limits) => new CborWriter(limits),
  fastDecode: decodeCbor,
  reader: (limits) => new CborReader(limits),
};

/**
 * CBOR (RFC 8949), written and read in one pass each, with every check on the way. The bytes are
 * the standard maps and arrays cbor-x writes with records and structure sharing off (cbor-x
 * extensions other CBOR readers do not understand), and cbor-x reads them. Encode refuses what is
 * not JSON data with its path; decode refuses malformed input with its byte offset and reason
 * (`CborReader`, run only when the one-pass decoder, fast-decoder.ts, stops, and which also builds
 * the rare forms that decoder leaves to it: indefinite-length text, the self-described tag).
 */
export function cborCodec(options: CodecOptions = {}): Codec {
  return schemalessBinaryCodec(CBOR, options);
}
