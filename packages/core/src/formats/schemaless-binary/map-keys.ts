import { decodeUtf8 } from '../../wire/utf8.js';

/**
 * The keys of the maps the validating reader has open, to refuse a map that holds one key twice.
 * JSON.parse keeps the last value, @msgpack/msgpack and cbor-x keep the last too, but other readers
 * keep the first or refuse: the bytes mean different data to different readers, and our encoders
 * (from plain objects) never write such maps, so they are malformed input here, not data to pick from.
 *
 * One region per open map (nested maps stack above their parent's keys); each key is kept as its
 * byte range and a hash, and compared as text only when two hashes are equal.
 */
export class MapKeys {
  private top = 0;
  private hashes = new Int32Array(64);
  /** Byte range of each key, or -1 for a key given in chunks (its text is in `text`; `to` holds where it starts). */
  private from = new Float64Array(64);
  private to = new Float64Array(64);
  private text: Array<string | undefined> = [];
  private sortScratch = new Int32Array(64);

  /** Where the keys of a map opened now begin: pass it to `duplicate` when the map closes. */
  get mark(): number {
    return this.top;
  }

  /** Forgets every key (between inputs, and so no key text outlives one). */
  clear(): void {
    this.top = 0;
    this.text.length = 0;
  }

  /** A key of the innermost open map: the bytes `[from, to)`, or with `text` for a key given in chunks (that began at byte `start`). */
  add(start: number, from: number, to: number, hash: number, text: string | undefined): void {
    const index = this.top++;
    if (index >= this.hashes.length) this.grow();
    this.hashes[index] = hash;
    this.from[index] = text === undefined ? from : -1;
    this.to[index] = text === undefined ? to : start;
    if (text !== undefined) this.text[index] = text;
  }

  /** Drops the keys added since `base` (a map that closed) and returns the first key among them held twice, with the byte offsets of both. */
  duplicate(base: number, bytes: Uint8Array): { key: string; first: number; second: number } | undefined {
    const top = this.top;
    this.top = base;
    const count = top - base;
    if (count < 2) return undefined;
    const hashes = this.hashes;
    if (count <= 12) {
      for (let i = base + 1; i < top; i++) {
        const hash = hashes[i];
        for (let j = base; j < i; j++) {
          const found = hashes[j] === hash ? this.same(bytes, j, i) : undefined;
          if (found) return found;
        }
      }
      return undefined;
    }
    if (this.sortScratch.length < count) this.sortScratch = new Int32Array(Math.max(count, this.sortScratch.length * 2));
    const sorted = this.sortScratch.subarray(0, count);
    sorted.set(hashes.subarray(base, top));
    sorted.sort();
    for (let i = 1; i < count; i++) {
      if (sorted[i] !== sorted[i - 1]) continue;
      // Equal hashes (rare): compare the keys themselves.
      const hash = sorted[i];
      for (let a = base; a < top; a++) {
        if (hashes[a] !== hash) continue;
        for (let b = a + 1; b < top; b++) {
          const found = hashes[b] === hash ? this.same(bytes, a, b) : undefined;
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /** Keys `a` and `b` when they are the same text. */
  private same(bytes: Uint8Array, a: number, b: number): { key: string; first: number; second: number } | undefined {
    const key = this.keyText(bytes, a);
    if (key !== this.keyText(bytes, b)) return undefined;
    return { key, first: this.offsetOf(a), second: this.offsetOf(b) };
  }

  private keyText(bytes: Uint8Array, index: number): string {
    const from = this.from[index] as number;
    return from === -1 ? (this.text[index] as string) : decodeUtf8(bytes, from, this.to[index] as number);
  }

  private offsetOf(index: number): number {
    return this.from[index] === -1 ? (this.to[index] as number) : (this.from[index] as number);
  }

  private grow(): void {
    const size = this.hashes.length * 2;
    const hashes = new Int32Array(size);
    const from = new Float64Array(size);
    const to = new Float64Array(size);
    hashes.set(this.hashes);
    from.set(this.from);
    to.set(this.to);
    this.hashes = hashes;
    this.from = from;
    this.to = to;
  }
}

export const HASH_SEED = 0x811c9dc5 | 0;

/** FNV-1a over `bytes[from, to)`, continuing from `hash`: the hash `MapKeys.add` takes. */
export function hashBytes(hash: number, bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash;
}
