import type { Codec, FormatId, GeneratedCodeOptions } from './codec.js';
import { FORMATS, requireSchema } from './codec.js';
import { WirebenchError } from './errors.js';
import type { ImplementationId } from './implementations.js';
import type { Schema } from './schema/types.js';

/**
 * Options of `createCodec`: a schema for protobuf and FlatBuffers, the implementation, and the
 * options of every codec; `interpreted` is for the implementations that compile code per schema
 * (ignored by those that compile none, refused by protobufjs, which cannot run without it).
 */
export interface CreateCodecOptions extends GeneratedCodeOptions {
  /** Required by protobuf and flatbuffers: `inferSchema(sample)` for any JSON, or `schemaFromProto(...)` from `@wirebench/core/schema`. */
  schema?: Schema;
  /**
   * Who runs the format: `'wirebench'` (the default) or a library's npm name, one of
   * `IMPLEMENTATIONS[format]` (`'@msgpack/msgpack'`, `'msgpackr'`, `'cbor-x'`, `'protobufjs'`,
   * `'flatbuffers'`). A library is an optional peer dependency: install it to use it.
   */
  implementation?: ImplementationId;
}

/** Builds wirebench's own codec of one format. */
type OwnCodecLoader = (schema: Schema | undefined, options: GeneratedCodeOptions) => Promise<Codec>;

/**
 * wirebench's own codec of each format: the registry's `entry` and `factory` for `'wirebench'`
 * (IMPLEMENTATIONS, which a test holds this table to), each behind a dynamic import of its own so
 * bundlers split them. A table typed by FormatId rather than the registry itself: the registry
 * holds every implementation's facts (capabilities, bundle bytes), which an app calling
 * `createCodec('json')` must not download; a format without its loader here does not compile.
 */
const OWN_CODECS: { readonly [F in FormatId]: OwnCodecLoader } = {
  json: async (_schema, options) => (await import('./formats/json/codec.js')).jsonCodec(options),
  simdjson: async (_schema, options) => (await import('./formats/simdjson/codec.js')).simdjsonCodec(options),
  msgpack: async (_schema, options) => (await import('./formats/msgpack/codec.js')).msgpackCodec(options),
  cbor: async (_schema, options) => (await import('./formats/cbor/codec.js')).cborCodec(options),
  protobuf: async (schema, options) => (await import('./formats/protobuf/codec.js')).protobufCodec(requireSchema('protobuf', schema), options),
  flatbuffers: async (schema, options) => (await import('./formats/flatbuffers/codec.js')).flatbuffersCodec(requireSchema('flatbuffers', schema), options),
};

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
  return OWN_CODECS[format](schema, codecOptions);
}
