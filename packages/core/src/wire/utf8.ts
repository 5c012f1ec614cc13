/**
 * UTF-8 for every codec, exact both ways: the one place that makes a TextDecoder or TextEncoder on
 * the codec paths (json, simdjson, msgpack, CBOR, protobuf, FlatBuffers, the fetch client). Each part
 * makes the ones it uses, so a bundle holds only those.
 *
 * One call into the native TextDecoder/TextEncoder costs more than a JavaScript loop for the short
 * keys, codes and names most payloads are made of, so short strings go through loops and long ones
 * go native, at one set of measured thresholds (utf8/thresholds.ts). Its parts:
 *
 * - utf8/decode.ts: `decodeUtf8` (a string inside a format's bytes; malformed UTF-8 throws the
 *   TextDecoder's TypeError), `readUtf8` (the same, malformed as a WirebenchError).
 * - utf8/strings.ts: `Utf8Strings`, protobuf's and FlatBuffers' reads, short ASCII strings cut from
 *   windows of the buffer decoded at once.
 * - utf8/batch.ts: `Utf8Batch`, msgpack's and CBOR's reads: the short ASCII strings a walk over the
 *   item heads ahead finds, copied end to end and decoded at once.
 * - utf8/encode.ts: `writeUtf8` into an encoder's buffer.
 * - utf8/document.ts: whole documents both ways (`decodeDocument`, `encodeUtf8`: JSON's) and error
 *   bodies (`decodeLossy`).
 * - utf8/validate.ts: `invalidUtf8Offset`, where well-formed UTF-8 stops, so a refusal names the byte.
 */

export type { ItemHeads } from './utf8/batch.js';
export { HEAD_ARRAY, HEAD_MAP, HEAD_SKIP, HEAD_STOP, HEAD_TEXT, itemHeads, Utf8Batch } from './utf8/batch.js';
export { decodeUtf8, decodeUtf8InJs, readUtf8 } from './utf8/decode.js';
export { decodeDocument, decodeLossy, encodeUtf8 } from './utf8/document.js';
export { writeUtf8 } from './utf8/encode.js';
export { SHORT_STRING, Utf8Strings } from './utf8/strings.js';
export { ASCII_ENCODE, ASCII_IN_JS, ASCII_LOOP, DECODE_IN_JS, SHORT_ENCODE } from './utf8/thresholds.js';
export { invalidUtf8Offset } from './utf8/validate.js';
