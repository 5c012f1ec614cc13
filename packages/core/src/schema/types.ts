/**
 * wirebench's schema: one intermediate representation that both schema formats are generated from
 * (`toProto`, `toFbs`) and that drives their codecs at run time. It keeps every field's JSON name
 * next to its wire-safe name, so any JSON key survives a trip through protobuf or FlatBuffers.
 */

/** The scalar types of a field: protobuf's `double` is `float64`; FlatBuffers' `bytes` is `[ubyte]`. */
export type ScalarType = 'bool' | 'int32' | 'int64' | 'uint32' | 'uint64' | 'float64' | 'string' | 'bytes';

/** A field's type: a scalar, a message by name, a list or a string-keyed map of a type, or any JSON value. */
export type TypeRef =
  | { readonly kind: 'scalar'; readonly scalar: ScalarType }
  | { readonly kind: 'message'; readonly name: string }
  | { readonly kind: 'list'; readonly of: TypeRef }
  /** A JSON object used as a dictionary: string keys, values of one type. */
  | { readonly kind: 'map'; readonly of: TypeRef }
  /** Any JSON value: where a field mixes types, or holds only nulls. */
  | { readonly kind: 'any' };

/** One field of a message: its JSON key, wire name, id, type and presence. */
export interface FieldDef {
  /** Wire-safe identifier used in .proto / .fbs text. */
  readonly name: string;
  /** The key as it appears in JSON. */
  readonly jsonName: string;
  /** Field number (protobuf) = 1 + slot (FlatBuffers id). Ids 1–15 get one-byte protobuf tags. */
  readonly id: number;
  readonly type: TypeRef;
  /** The key may be absent. */
  readonly optional: boolean;
  /** The key may hold `null`. */
  readonly nullable: boolean;
}

/** One message (protobuf) or table (FlatBuffers): a name and its fields. */
export interface MessageDef {
  readonly name: string;
  readonly fields: readonly FieldDef[];
}

/** A schema for the protobuf and FlatBuffers codecs: from `inferSchema`, `schemaFromProto` or written by hand. */
export interface Schema {
  /** Protobuf package / FlatBuffers namespace. */
  readonly namespace: string;
  /** The message that a payload is. */
  readonly root: string;
  /**
   * The payload is not a JSON object (an array, a scalar, null, or a map-like object): it travels as
   * the single field `value` of the root message, and codecs wrap and unwrap it.
   */
  readonly wrappedRoot?: boolean;
  readonly messages: readonly MessageDef[];
}

/** The field of a wrapped root message (`Schema.wrappedRoot`) that holds the payload. */
export const ROOT_VALUE_FIELD = 'value';

/** The root message's record for a payload: the payload itself, or `{ value: payload }` when the root is wrapped. */
export function rootRecord(schema: Schema, payload: unknown): unknown {
  return schema.wrappedRoot ? { [ROOT_VALUE_FIELD]: payload } : payload;
}

/** The payload held by a decoded root record (the inverse of `rootRecord`). */
export function rootPayload(schema: Schema, record: Record<string, unknown>): unknown {
  return schema.wrappedRoot ? record[ROOT_VALUE_FIELD] : record;
}

export const scalar = (type: ScalarType): TypeRef => ({ kind: 'scalar', scalar: type });

import { WirebenchError } from '../errors.js';

export function findMessage(schema: Schema, name: string): MessageDef {
  const message = schema.messages.find((m) => m.name === name);
  if (!message) throw new WirebenchError(`the schema has no message named ${name}`);
  return message;
}
