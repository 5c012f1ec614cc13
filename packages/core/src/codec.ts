import { WirebenchError } from './errors.js';
import type { FormatId, WireFormat } from './format-id.js';
import type { ImplementationId } from './implementations.js';
import type { CodecOptions } from './limits.js';
import type { Schema } from './schema/types.js';

export type { FormatId, WireFormat } from './format-id.js';

/** Every format id, in the order the bench and the CLI list them (and the registry, IMPLEMENTATIONS, holds them). */
export const FORMATS: readonly FormatId[] = ['json', 'simdjson', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];

/**
 * Format ids that name another format's bytes run by another library: `'simdjson'` is JSON
 * parsed by simdjson (the registry's `json/simdjson`). The id stays a format because result
 * files, row names and the command lines' `--formats` say it; its bytes are the aliased format's.
 */
export const FORMAT_ALIASES: Readonly<Partial<Record<FormatId, WireFormat>>> = { simdjson: 'json' };

/** Formats that need a `Schema` to encode anything. */
export const SCHEMA_FORMATS: readonly FormatId[] = ['protobuf', 'flatbuffers'];

/** The schema a schema format needs, or the WirebenchError that says how to get one. */
export function requireSchema(format: FormatId, schema: Schema | undefined): Schema {
  if (!schema) {
    throw new WirebenchError(
      `needs a schema: createCodec('${format}', { schema: inferSchema(sample) }) or a schema from schemaFromProto(protoText, rootMessage) (import it from '@wirebench/core/schema')`,
      { format },
    );
  }
  return schema;
}

/** The `Content-Type` each codec sends (`Codec.mediaType`); json and simdjson share `application/json`. */
export const MEDIA_TYPES: Readonly<Record<FormatId, string>> = {
  json: 'application/json',
  simdjson: 'application/json',
  msgpack: 'application/msgpack',
  cbor: 'application/cbor',
  protobuf: 'application/x-protobuf',
  flatbuffers: 'application/x-flatbuffers',
};

/** One wire format behind one shape: plain JSON data in, bytes out, and back. */
export interface Codec {
  readonly format: FormatId;
  readonly mediaType: string;
  /**
   * The code that runs the format: `'wirebench'` for wirebench's own codecs, the npm name of the
   * library for the others (see `IMPLEMENTATIONS`); absent on codecs made outside wirebench.
   */
  readonly implementation?: ImplementationId;
  /**
   * `true` on a codec of an implementation that compiles code per schema with `new Function`
   * (capabilities `eval: 'generated'`) when it runs without it: made with `interpreted: true`, or
   * where the page's Content-Security-Policy forbids `Function`. Absent on the others.
   */
  readonly interpreted?: boolean;
  encode(value: unknown): Uint8Array;
  /** Returns plain JS data; throws `WirebenchError` on malformed or hostile bytes. */
  decode(bytes: Uint8Array): unknown;
}

/** Options of the protobuf and FlatBuffers codecs, which encode by a schema. */
export interface SchemaCodecOptions extends CodecOptions {
  /**
   * A key the schema does not know: `'error'` (the default) refuses the payload with the key's
   * JSON path; `'drop'` leaves the key out of the bytes, so it is missing after decode.
   */
  readonly unknownKeys?: 'error' | 'drop';
}

/**
 * Options of the schema codecs that compile code per schema with `new Function` where the page
 * allows it: wirebench's protobuf and FlatBuffers codecs and the flatbuffers library's adapter.
 */
export interface GeneratedCodeOptions extends SchemaCodecOptions {
  /**
   * Compile nothing (default false): run the same plans interpreted, as a page whose CSP forbids
   * `Function` runs them anyway. Same bytes, same values, other timings; such a page is also spared
   * the CSP violation that trying would raise.
   */
  readonly interpreted?: boolean;
}
