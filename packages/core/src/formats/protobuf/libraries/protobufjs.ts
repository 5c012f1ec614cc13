import type { Codec, SchemaCodecOptions } from '../../../codec.js';
import { WirebenchError } from '../../../errors.js';
import type { Schema } from '../../../schema/types.js';

/** Protobuf by protobufjs's runtime reflection over the lowered schema. (Being written.) */
export function protobufjsCodec(schema: Schema, options: SchemaCodecOptions = {}): Codec {
  void schema;
  void options;
  throw new WirebenchError('the protobufjs implementation is not built yet', { format: 'protobuf' });
}
