/**
 * `@wirebench/core/libraries`: every library implementation, imported by name, for a page that
 * compares them all (the playground, the browser bench). An app that ships one library imports
 * that library's own entry instead (`IMPLEMENTATIONS[format][i].entry`), and bundles only it.
 */
import type { Codec, FormatId, GeneratedCodeOptions } from '../../codec.js';
import type { CreateCodecOptions } from '../../create-codec.js';
import { createCodec } from '../../create-codec.js';
import { WirebenchError } from '../../errors.js';
import type { ImplementationId } from '../../implementations.js';
import { checkInterpreted, DEFAULT_IMPLEMENTATION, findImplementation } from '../../implementations.js';
import type { Schema } from '../../schema/types.js';
import { cborXCodec } from '../cbor/libraries/cbor-x.js';
import { flatbuffersRuntimeCodec } from '../flatbuffers/libraries/flatbuffers.js';
import { msgpackMsgpackCodec } from '../msgpack/libraries/msgpack-msgpack.js';
import { msgpackrCodec } from '../msgpack/libraries/msgpackr.js';
import { protobufjsCodec } from '../protobuf/libraries/protobufjs.js';

export { cborXCodec, flatbuffersRuntimeCodec, msgpackMsgpackCodec, msgpackrCodec, protobufjsCodec };

/** A library implementation's id: every implementation but wirebench's own. */
type LibraryId = Exclude<ImplementationId, 'wirebench'>;

/** Builds a library codec, given the schema (`needSchema` throws where there is none) and the codec options. */
type LibraryFactory = (needSchema: () => Schema, options: GeneratedCodeOptions) => Codec;

/**
 * Each library implementation's factory, imported by name: the registry's `factory` of each id
 * (a test holds them equal); a library the registry adds does not compile until it has one here.
 */
const LIBRARY_FACTORIES: { readonly [I in LibraryId]: LibraryFactory } = {
  '@msgpack/msgpack': (_schema, options) => msgpackMsgpackCodec(options),
  msgpackr: (_schema, options) => msgpackrCodec(options),
  'cbor-x': (_schema, options) => cborXCodec(options),
  protobufjs: (needSchema, options) => protobufjsCodec(needSchema(), options),
  flatbuffers: (needSchema, options) => flatbuffersRuntimeCodec(needSchema(), options),
};

/** `createCodec`, with every library implementation bundled in rather than loaded by URL. */
export async function createCodecWithLibraries(format: FormatId, options: CreateCodecOptions = {}): Promise<Codec> {
  const { schema, implementation: id = DEFAULT_IMPLEMENTATION, ...codecOptions } = options;
  if (id === DEFAULT_IMPLEMENTATION) return createCodec(format, options);
  const implementation = findImplementation(format, id);
  checkInterpreted(implementation, codecOptions);
  const needSchema = (): Schema => {
    if (!schema) throw new WirebenchError(`needs a schema: pass { schema: inferSchema(sample) }`, { format });
    return schema;
  };
  return LIBRARY_FACTORIES[implementation.id as LibraryId](needSchema, codecOptions);
}
