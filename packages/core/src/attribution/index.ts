/**
 * Where the bytes go: for JSON and each format, wirebench's own encoding of a value split by
 * generalised JSON path (`$.statuses[*].user.name`: every array element is `[*]`, every member of an
 * object the schema types as a map is `.*`, so repeated records aggregate into one path) and by kind
 * (keys, values, framing; the rules in result.ts). Exact: the bytes attributed to a format add up to
 * `codec.encode(value).length`. Only the uncompressed bytes are attributed (the tool, `wirebench`,
 * shows compressed totals beside them). `compareAttributions` says what a format saves over
 * another (JSON) on each path.
 */

export type { AttributeOptions } from './attribute.js';
export { ATTRIBUTED_FORMATS, attribute, attributeFormats } from './attribute.js';
export type { Comparison, PathSaving, Saving } from './compare.js';
export { compareAttributions, topPaths } from './compare.js';
export type { Attribution, ByteKind, ByteSplit, PathBytes } from './result.js';
