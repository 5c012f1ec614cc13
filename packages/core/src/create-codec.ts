import type { Codec, FormatId, SchemaCodecOptions } from './codec.js';
import { FORMATS, SCHEMA_FORMATS } from './codec.js';
import { WirebenchError } from './errors.js';
import type { Implementation } from './implementations.js';
import { DEFAULT_IMPLEMENTATION, findImplementation, missingLibrary } from './implementations.js';
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
  const { schema, implementation: id = DEFAULT_IMPLEMENTATION, ...codecOptions } = options;
  if (!FORMATS.includes(format)) {
    throw new WirebenchError(`unknown format ${JSON.stringify(format)}; expected one of ${FORMATS.join(', ')}`);
  }
  const implementation = findImplementation(format, id);
  try {
    return await load(implementation, schema, codecOptions);
  } catch (error) {
    throw missingLibrary(implementation, error);
  }
}

async function load(implementation: Implementation, schema: Schema | undefined, options: SchemaCodecOptions): Promise<Codec> {
  const { format } = implementation;
  if (implementation.id !== DEFAULT_IMPLEMENTATION) return loadLibrary(implementation, schema, options);
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

type LibraryFactory = (schemaOrOptions?: Schema | SchemaCodecOptions, options?: SchemaCodecOptions) => Codec;

/**
 * A library codec's module, imported by a URL that bundlers do not follow: an app bundles no
 * library it does not import by name, and its build needs none of them installed. Node (and any
 * unbundled ESM runtime) loads the module here; a bundled page imports it itself, from its entry
 * (`Implementation.entry`) or from `@wirebench/core/libraries`.
 */
async function loadLibrary(implementation: Implementation, schema: Schema | undefined, options: SchemaCodecOptions): Promise<Codec> {
  const { format } = implementation;
  // Sources run as .ts under a test runner, the package as .js.
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const url = new URL(`./formats/${format}/libraries/${implementation.module}${extension}`, import.meta.url).href;
  let module: Record<string, unknown>;
  try {
    module = (await import(/* @vite-ignore */ /* webpackIgnore: true */ url)) as Record<string, unknown>;
  } catch (error) {
    const missing = missingLibrary(implementation, error);
    if (missing !== error) throw missing;
    throw new WirebenchError(
      `createCodec could not load the ${implementation.id} implementation here (${(error as Error).message}); in a bundled page import it by name: import { ${implementation.factory} } from '${implementation.entry}', or createCodecWithLibraries from '@wirebench/core/libraries'`,
      { format, cause: error },
    );
  }
  const factory = module[implementation.factory] as LibraryFactory;
  return SCHEMA_FORMATS.includes(format) ? factory(requireSchema(format, schema), options) : factory(options);
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
