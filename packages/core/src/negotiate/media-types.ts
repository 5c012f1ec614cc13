import type { FormatId } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';

/**
 * Every media type that names a wirebench format, lowercase. The codecs send `MEDIA_TYPES` (the
 * names the public API fixed); peers in the wild also send these, so they are read as the same
 * format, both in `Accept` and in `Content-Type`:
 *
 * - `application/vnd.msgpack`: the type IANA registered for MessagePack in 2024;
 *   `application/x-msgpack`: the older unregistered name many servers still send.
 * - `application/protobuf`: the type RFC 9996 registered for binary protobuf, which lists
 *   `application/x-protobuf` and `application/x-protobuffer` as its deprecated aliases.
 *
 * Not aliases: `application/vnd.google.protobuf` (Prometheus sends length-delimited messages under
 * it, which is not one message) and `application/protobuf+json` (ProtoJSON: JSON text, but with
 * int64 as strings and camelCase keys, so it is read as JSON text, see `formatForContentType`).
 */
const FORMAT_OF_MEDIA_TYPE: ReadonlyMap<string, FormatId> = new Map<string, FormatId>([
  [MEDIA_TYPES.json, 'json'],
  [MEDIA_TYPES.msgpack, 'msgpack'],
  ['application/vnd.msgpack', 'msgpack'],
  ['application/x-msgpack', 'msgpack'],
  [MEDIA_TYPES.cbor, 'cbor'],
  [MEDIA_TYPES.protobuf, 'protobuf'],
  ['application/protobuf', 'protobuf'],
  ['application/x-protobuffer', 'protobuf'],
  [MEDIA_TYPES.flatbuffers, 'flatbuffers'],
]);

/** RFC 9110's `token`: the characters a type, a subtype or a parameter name may hold. */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A `type/subtype` in lowercase, or undefined when the text is not one. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
}

export function parseTypeAndSubtype(text: string): MediaType | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const type = text.slice(0, slash).trim().toLowerCase();
  const subtype = text
    .slice(slash + 1)
    .trim()
    .toLowerCase();
  return TOKEN.test(type) && TOKEN.test(subtype) ? { type, subtype } : undefined;
}

/** The media types that name `format`, its own first (json and simdjson share `application/json`). */
export function mediaTypesOf(format: FormatId): string[] {
  const own = MEDIA_TYPES[format];
  const names = [own];
  const base = FORMAT_OF_MEDIA_TYPE.get(own);
  for (const [name, named] of FORMAT_OF_MEDIA_TYPE) if (named === base && name !== own) names.push(name);
  return names;
}

/**
 * The format whose codec reads a body of this `Content-Type`, or undefined when none does.
 * Parameters (`; charset=utf-8`) are ignored and case does not matter. Besides the names above,
 * a structured syntax suffix says how the bytes are written (RFC 6838): `+json` types
 * (`application/problem+json`, `application/protobuf+json`) are JSON text and read as `json`,
 * `+cbor` types are read as `cbor`. `application/json` is `json`, never `simdjson`: the reader
 * picks whichever codec it holds for JSON.
 */
export function formatForContentType(contentType: string | null | undefined): FormatId | undefined {
  if (!contentType) return undefined;
  const semicolon = contentType.indexOf(';');
  const essence = parseTypeAndSubtype(semicolon < 0 ? contentType : contentType.slice(0, semicolon));
  if (!essence) return undefined;
  const named = FORMAT_OF_MEDIA_TYPE.get(`${essence.type}/${essence.subtype}`);
  if (named) return named;
  if (essence.subtype.endsWith('+json')) return 'json';
  if (essence.subtype.endsWith('+cbor')) return 'cbor';
  return undefined;
}
