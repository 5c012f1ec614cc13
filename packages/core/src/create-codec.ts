import type { Codec, FormatId, SchemaCodecOptions } from './codec.js';
import { FORMATS } from './codec.js';
import { WirebenchError } from './errors.js';
import type { Schema } from './schema/types.js';

/** Options of `createCodec`: a schema for protobuf and FlatBuffers, and the options of every codec. */
export interface CreateCodecOptions extends SchemaCodecOptions {
  /** Required by protobuf and flatbuffers: `inferSchema(sample)` for any JSON, or `schemaFromProto(...)` from `@wirebench/core/schema`. */
  schema?: Schema;
}

/**
 * A codec for any format, loading only that format's library (each lives behind a dynamic import,
 * so bundlers split them). Rejects with a WirebenchError that says what is missing.
 */
export async function createCodec(format: FormatId, options: CreateCodecOptions = {}): Promise<Codec> {
  const { schema, ...codecOptions } = options;
  switch (format) {
    case 'json':
      return (await import('./formats/json/codec.js')).jsonCodec(codecOptions);
    case 'simdjson':
      return (await import('./formats/simdjson/codec.js')).simdjsonCodec(codecOptions);
    case 'msgpack':
      return (await import('./formats/msgpack/codec.js')).msgpackCodec(codecOptions);
    case 'cbor':
      return (await import('./formats/cbor/codec.js')).cborCodec(codecOptions);
    case 'protobuf':
      return (await import('./formats/protobuf/codec.js')).protobufCodec(requireSchema(format, schema), codecOptions);
    case 'flatbuffers':
      return (await import('./formats/flatbuffers/codec.js')).flatbuffersCodec(requireSchema(format, schema), codecOptions);
    default:
      throw new WirebenchError(`unknown format ${JSON.stringify(format)}; expected one of ${FORMATS.join(', ')}`);
  }
}

function requireSchema(format: FormatId, schema: Schema | undefined): Schema {
  if (!schema) {
    throw new WirebenchError(
      `needs a schema: createCodec('${format}', { schema: inferSchema(sample) }) or a schema from schemaFromProto(protoText, rootMessage) (import it from '@wirebench/core/schema')`,
      { format },
    );
  }
  return schema;
}
