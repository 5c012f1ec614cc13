import type { Codec, FormatId, SchemaCodecOptions } from './codec.js';
import { FORMATS, requireSchema } from './codec.js';
import { WirebenchError } from './errors.js';
import type { Schema } from './schema/types.js';

/** Options of `createCodec`: a schema for protobuf and FlatBuffers, the implementation, and the options of every codec. */
export interface CreateCodecOptions extends SchemaCodecOptions {
  /** Required by protobuf and flatbuffers: `inferSchema(sample)` for any JSON, or `schemaFromProto(...)` from `@wirebench/core/schema`. */
  schema?: Schema;
  /**
   * Who runs the format: `'wirebench'` (the default) or a library's npm name, one of
   * `IMPLEMENTATIONS[format]` (`'@msgpack/msgpack'`, `'msgpackr'`, `'cbor-x'`, `'protobufjs'`,
   * `'flatbuffers'`). A library is an optional peer dependency: install it to use it.
   */
  implementation?: string;
}

/**
 * A codec for any format and implementation, loading only that codec's module and library (each
 * lives behind a dynamic import, so bundlers split them). Rejects with a WirebenchError that says
 * what is missing: a schema, or the library's package and how to install it.
 */
export async function createCodec(format: FormatId, options: CreateCodecOptions = {}): Promise<Codec> {
  const { schema, implementation = 'wirebench', ...codecOptions } = options;
  if (!FORMATS.includes(format)) {
    throw new WirebenchError(`unknown format ${JSON.stringify(format)}; expected one of ${FORMATS.join(', ')}`);
  }
  // The libraries' table and loader are a chunk of their own: an app of wirebench's codecs never loads them.
  if (implementation !== 'wirebench') return (await import('./formats/libraries/load.js')).loadLibraryCodec(format, implementation, schema, codecOptions);
  return load(format, schema, codecOptions);
}

async function load(format: FormatId, schema: Schema | undefined, options: SchemaCodecOptions): Promise<Codec> {
  switch (format) {
    case 'json':
      return (await import('./formats/json/codec.js')).jsonCodec(options);
    case 'simdjson':
      return (await import('./formats/simdjson/codec.js')).simdjsonCodec(options);
    case 'msgpack':
      return (await import('./formats/msgpack/codec.js')).msgpackCodec(options);
    case 'cbor':
      return (await import('./formats/cbor/codec.js')).cborCodec(options);
    case 'protobuf':
      return (await import('./formats/protobuf/codec.js')).protobufCodec(requireSchema(format, schema), options);
    case 'flatbuffers':
      return (await import('./formats/flatbuffers/codec.js')).flatbuffersCodec(requireSchema(format, schema), options);
  }
}
