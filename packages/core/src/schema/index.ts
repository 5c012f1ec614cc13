/**
 * `@wirebench/core/schema`: the schema tools in one place. `schemaFromProto` lives here and not in
 * the root because it parses `.proto` text with protobufjs (synchronously, so it cannot load it
 * lazily): an app that never reads a `.proto` never loads protobufjs. `inferSchema`, `toProto`
 * and `toFbs` load no format library and are in the root as well.
 */

export { schemaFromProto } from './from-proto.js';
export type { InferOptions } from './infer.js';
export { inferSchema } from './infer.js';
export { toFbs } from './to-fbs.js';
export { toProto } from './to-proto.js';
export type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from './types.js';
