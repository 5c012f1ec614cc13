/**
 * `@wirebench/core/libraries`: every library implementation, imported by name, for a page that
 * compares them all (the playground, the browser bench). An app that ships one library imports
 * that library's own entry instead (`IMPLEMENTATIONS[format][i].entry`), and bundles only it.
 */
import type { Codec, FormatId } from '../../codec.js';
import type { CreateCodecOptions } from '../../create-codec.js';
import { createCodec } from '../../create-codec.js';
import { WirebenchError } from '../../errors.js';
import { DEFAULT_IMPLEMENTATION, findImplementation } from '../../implementations.js';
import type { Schema } from '../../schema/types.js';
import { cborXCodec } from '../cbor/libraries/cbor-x.js';
import { flatbuffersRuntimeCodec } from '../flatbuffers/libraries/flatbuffers.js';
import { msgpackMsgpackCodec } from '../msgpack/libraries/msgpack-msgpack.js';
import { msgpackrCodec } from '../msgpack/libraries/msgpackr.js';
import { protobufjsCodec } from '../protobuf/libraries/protobufjs.js';

export { cborXCodec, flatbuffersRuntimeCodec, msgpackMsgpackCodec, msgpackrCodec, protobufjsCodec };

/** `createCodec`, with every library implementation bundled in rather than loaded by URL. */
export async function createCodecWithLibraries(format: FormatId, options: CreateCodecOptions = {}): Promise<Codec> {
  const { schema, implementation: id = DEFAULT_IMPLEMENTATION, ...codecOptions } = options;
  if (id === DEFAULT_IMPLEMENTATION) return createCodec(format, options);
  const implementation = findImplementation(format, id);
  const needSchema = (): Schema => {
    if (!schema) throw new WirebenchError(`needs a schema: pass { schema: inferSchema(sample) }`, { format });
    return schema;
  };
  switch (implementation.id) {
    case '@msgpack/msgpack':
      return msgpackMsgpackCodec(codecOptions);
    case 'msgpackr':
      return msgpackrCodec(codecOptions);
    case 'cbor-x':
      return cborXCodec(codecOptions);
    case 'protobufjs':
      return protobufjsCodec(needSchema(), codecOptions);
    case 'flatbuffers':
      return flatbuffersRuntimeCodec(needSchema(), codecOptions);
    default:
      throw new WirebenchError(`no library implementation ${JSON.stringify(id)}`, { format });
  }
}
