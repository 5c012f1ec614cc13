/**
 * `@wirebench/core`: loads no format library until a codec is created (`createCodec` imports each
 * format lazily); of the codecs, only wirebench's own JSON one comes with it, for the fetch
 * client's JSON fallback. `schemaFromProto`, which needs protobufjs, is in `@wirebench/core/schema`.
 */
export { BUNDLE_GZIP_BYTES, BUNDLE_MEASURED_WITH } from './bundle-sizes.js';
export type { Codec, FormatId, GeneratedCodeOptions, SchemaCodecOptions, WireFormat } from './codec.js';
export { FORMAT_ALIASES, FORMATS, MEDIA_TYPES, SCHEMA_FORMATS } from './codec.js';
export type { CreateCodecOptions } from './create-codec.js';
export { createCodec } from './create-codec.js';
export { WirebenchError } from './errors.js';
export type { CheckOptions, Diff, DiffKind, RoundTripReport } from './fidelity.js';
export { checkRoundTrip } from './fidelity.js';
export type {
  EvalUse,
  Implementation,
  ImplementationCapabilities,
  ImplementationId,
  ImplementationKey,
  ImplementationRegistry,
  Int64Behaviour,
  Runtime,
} from './implementations.js';
export { DEFAULT_IMPLEMENTATION, findImplementation, formatsRunningIn, IMPLEMENTATION_IDS, IMPLEMENTATIONS, librariesRunningIn } from './implementations.js';
export type { LossyNumber } from './json-text/lossy-numbers.js';
export type { ParsedJson } from './json-text/parse-json.js';
export { JsonSyntaxError, parseJson } from './json-text/parse-json.js';
export type { CodecOptions, Limits } from './limits.js';
export { DEFAULT_LIMITS, MAX_DEPTH } from './limits.js';
export type { DecodedResponse, FetchClient, FetchClientOptions, FetchRequest, MediaRange } from './negotiate/index.js';
export {
  acceptHeader,
  createFetchClient,
  formatForContentType,
  HttpStatusError,
  mediaTypesOf,
  negotiateFormat,
  parseAccept,
} from './negotiate/index.js';
export type { InferOptions } from './schema/infer.js';
export { inferSchema } from './schema/infer.js';
export { toFbs } from './schema/to-fbs.js';
export { toProto } from './schema/to-proto.js';
export type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './schema/types.js';
export { invalidUtf8Offset } from './wire/utf8/validate.js';
