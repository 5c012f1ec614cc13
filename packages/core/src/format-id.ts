/**
 * The format ids, alone in a module of no imports: errors.ts, limits.ts and the registry of
 * implementations (implementations.ts) name a format, and codec.ts (which re-exports FormatId)
 * builds on them, so every import points one way. Types only: a value here would be a chunk of
 * its own in a bundled app (every format's chunk shares it).
 */

/** The wire formats wirebench speaks; `'simdjson'` is an alias (see FORMAT_ALIASES in codec.ts). */
export type FormatId = 'json' | 'simdjson' | 'msgpack' | 'cbor' | 'protobuf' | 'flatbuffers';

/** The formats whose bytes are their own: every format id but the aliases. */
export type WireFormat = Exclude<FormatId, 'simdjson'>;
