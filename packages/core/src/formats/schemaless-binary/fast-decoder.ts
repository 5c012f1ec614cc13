import { decodeUtf8 } from '../../wire/utf8.js';

/**
 * Shared pieces of the one-pass msgpack and CBOR decoders (msgpack/fast-decoder.ts, cbor/fast-decoder.ts).
 *
 * A one-pass decoder builds the value straight from the bytes while checking everything the
 * validating reader (reader.ts) checks. It never explains a refusal: on anything wrong or
 * unusual it throws `BAIL` (malformed UTF-8: the TextDecoder's TypeError, from wire/utf8.ts), and
 * the codec hands the same bytes to the reader, which refuses with the exact message (or builds
 * the rare value the fast path leaves to it). So the fast path only has to be right about what it
 * accepts: the same values the reader would build, nothing it refuses.
 */

/** Thrown by the one-pass decoders to hand the input to the validating reader. */
export const BAIL: unique symbol = Symbol('bail');

// Map keys repeat (every object of an array has the same ones): short keys are decoded once and
// the same string is handed back, which also makes the property stores hit V8's caches.
const KEY_CACHE_SIZE = 4096;
const MAX_CACHED_KEY = 16;
const cachedBytes: Array<Uint8Array | undefined> = new Array<Uint8Array | undefined>(KEY_CACHE_SIZE).fill(undefined);
const cachedText: string[] = new Array<string>(KEY_CACHE_SIZE).fill('');

/** A map key: `decodeUtf8` (wire/utf8.ts), through a cache for short keys. */
export function readKey(src: Uint8Array, from: number, to: number): string {
  const length = to - from;
  if (length > MAX_CACHED_KEY || length === 0) return decodeUtf8(src, from, to);
  const slot = ((length << 7) ^ ((src[from] as number) << 4) ^ ((src[from + (length >> 1)] as number) << 1) ^ (src[to - 1] as number)) & (KEY_CACHE_SIZE - 1);
  const entry = cachedBytes[slot];
  if (entry !== undefined && entry.length === length) {
    let i = 0;
    while (i < length && entry[i] === src[from + i]) i++;
    if (i === length) return cachedText[slot] as string;
  }
  const text = decodeUtf8(src, from, to);
  cachedBytes[slot] = src.slice(from, to);
  cachedText[slot] = text;
  return text;
}

/**
 * Stores a map entry as JSON.parse would (`__proto__` as an own data property), or bails on a
 * key the map already holds. JSON values are never undefined, so a defined lookup means the key
 * is there already or is inherited (`toString`, `__proto__`): only then is it looked at closely.
 */
export function putEntry(object: Record<string, unknown>, key: string, value: unknown): void {
  if (object[key] !== undefined) {
    if (Object.hasOwn(object, key)) throw BAIL;
    if (key === '__proto__') {
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
  }
  object[key] = value;
}
