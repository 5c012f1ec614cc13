import type { Codec, SchemaCodecOptions } from '../../../codec.js';
import { WirebenchError } from '../../../errors.js';
import type { Schema } from '../../../schema/types.js';

/** FlatBuffers by the flatbuffers runtime's Builder and ByteBuffer, driven by the schema. (Being written.) */
export function flatbuffersRuntimeCodec(schema: Schema, options: SchemaCodecOptions = {}): Codec {
  void schema;
  void options;
  throw new WirebenchError('the flatbuffers implementation is not built yet', { format: 'flatbuffers' });
}
