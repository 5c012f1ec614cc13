export type { Codec, FormatId } from './codec.js';
export { FORMATS, MEDIA_TYPES, SCHEMA_FORMATS } from './codec.js';
export { WirebenchError } from './errors.js';
export type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './schema/types.js';
export { schemaFromProto } from './schema/from-proto.js';
export { toProto } from './schema/to-proto.js';
export { toFbs } from './schema/to-fbs.js';
export { createCodec } from './create-codec.js';
export type { CheckOptions, Diff, DiffKind, RoundTripReport } from './fidelity.js';
export { checkRoundTrip } from './fidelity.js';
export type {
  CodecResult,
  Compressor,
  MeasureOptions,
  MeasureProgress,
  MeasureTarget,
  Payload,
  TimingStats,
} from './measure.js';
export { gzipSize, measure } from './measure.js';
export { inferSchema } from './schema/infer.js';
