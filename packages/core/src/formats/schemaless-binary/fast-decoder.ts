import type { Utf8Batch } from '../../wire/utf8.js';
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
const MAX_CACHED_KEY = 64;
const cachedBytes: Array<Uint8Array | undefined> = new Array<Uint8Array | undefined>(KEY_CACHE_SIZE).fill(undefined);
const cachedText: string[] = new Array<string>(KEY_CACHE_SIZE).fill('');
/**
 * When each cache slot was last used, on the clock `maps` (one tick per map begun, never reset):
 * a key whose slot has not been used since its map began is not in that map yet, so the map is
 * not searched for it. A lookup on the object being built cost as much as the store itself
 * (twitter.json, msgpack: 14 % of the decode).
 */
const usedAt = new Float64Array(KEY_CACHE_SIZE);
let maps = 0;

/** The time a map begins, to pass to `readKey` with each of its keys. */
export function beginMap(): number {
  return ++maps;
}

/**
 * The key at `bytes[from, to)` (bounds-checked) of `object`, a map begun at `begun` (beginMap), or
 * BAIL when the map holds it already. A short key comes through the cache (decoded by `decodeUtf8`,
 * wire/utf8.ts, and kept as a string of its own, never a slice of a batch that the cache would keep
 * alive), a longer one as any string (`strings`). Store its value with `putEntry`.
 */
export function readKey(object: Record<string, unknown>, begun: number, src: Uint8Array, from: number, to: number, strings: Utf8Batch): string {
  const length = to - from;
  if (length > MAX_CACHED_KEY || length === 0) return checkNew(object, strings.read(src, from, length));
  const pair = keySlot(src, from, to);
  // The first slot of the pair inline: the rest in a function of its own keeps this one small enough to inline.
  return sameKey(pair, src, from, length) ? cachedKey(object, begun, pair) : otherSlot(object, begun, src, from, to, pair);
}

/** The key in cache slot `slot`, checked against `object` only when the slot was used since the map began (`begun`). */
function cachedKey(object: Record<string, unknown>, begun: number, slot: number): string {
  // Every use of a slot since the map began stamped it later than `begun`, this key's included.
  const fresh = (usedAt[slot] as number) < begun;
  usedAt[slot] = maps;
  const text = cachedText[slot] as string;
  return fresh ? text : checkNew(object, text);
}

/**
 * readKey past the first slot of the key's pair: the second, or a miss. Two slots per key, so two
 * keys that hash alike (twitter.json's retweet_count and geo_enabled) do not evict each other in
 * every record.
 */
function otherSlot(object: Record<string, unknown>, begun: number, src: Uint8Array, from: number, to: number, pair: number): string {
  if (sameKey(pair + 1, src, from, to - from)) return cachedKey(object, begun, pair + 1);
  const text = decodeUtf8(src, from, to);
  // __proto__ is never cached, so it always reaches checkNew.
  if (text !== '__proto__') {
    // The slot of the pair used least lately.
    const into = (usedAt[pair] as number) <= (usedAt[pair + 1] as number) ? pair : pair + 1;
    cachedBytes[into] = src.slice(from, to);
    cachedText[into] = text;
    usedAt[into] = maps;
  }
  return checkNew(object, text);
}

/** Whether cache slot `slot` holds the key `src[from, from + length)`. */
function sameKey(slot: number, src: Uint8Array, from: number, length: number): boolean {
  const entry = cachedBytes[slot];
  if (entry === undefined || entry.length !== length) return false;
  let i = 0;
  while (i < length && entry[i] === src[from + i]) i++;
  return i === length;
}

/**
 * The first of the two cache slots of the key `src[from, to)` (1 to MAX_CACHED_KEY bytes), from its
 * length and its first, middle and last bytes. Cheap, and with two slots per key, github_events.json's
 * 114 distinct keys miss 6 times a decode (one slot per key: 62 misses). A hash of twelve bytes that
 * spreads keys as chance would made twitter.json's decode 5 % slower.
 */
function keySlot(src: Uint8Array, from: number, to: number): number {
  const length = to - from;
  return ((length << 7) ^ ((src[from] as number) << 4) ^ ((src[from + (length >> 1)] as number) << 1) ^ (src[to - 1] as number)) & (KEY_CACHE_SIZE - 2);
}

/**
 * `key`, or BAIL when `object` holds it already. JSON values are never undefined, so a defined
 * lookup means the key is there already or is inherited (`toString`, `__proto__`): only then is it
 * looked at closely. `__proto__` becomes an own data property here, as JSON.parse makes it, so the
 * store that follows (putEntry) sets that property, not the object's prototype.
 */
function checkNew(object: Record<string, unknown>, key: string): string {
  if (object[key] !== undefined) {
    if (Object.hasOwn(object, key)) throw BAIL;
    if (key === '__proto__') Object.defineProperty(object, key, { value: null, enumerable: true, writable: true, configurable: true });
  }
  return key;
}

/** Stores a map entry whose key came from `readKey` (which made a `__proto__` key an own property already). */
export function putEntry(object: Record<string, unknown>, key: string, value: unknown): void {
  object[key] = value;
}
