/**
 * The format ids, alone in a module of no imports: errors.ts and limits.ts name a format, and
 * codec.ts (which re-exports FormatId) builds on both, so every import points one way.
 */

/** The wire formats wirebench speaks. */
export type FormatId = 'json' | 'simdjson' | 'msgpack' | 'cbor' | 'protobuf' | 'flatbuffers';
