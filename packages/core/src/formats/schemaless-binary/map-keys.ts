/**
 * The keys of the maps the validating reader has open, to refuse a map that holds one key twice.
 * JSON.parse keeps the last value, @msgpack/msgpack and cbor-x keep the last too, but other readers
 * keep the first or refuse: the bytes mean different data to different readers, and our encoders
 * (from plain objects) never write such maps, so they are malformed input here, not data to pick from.
 *
 * One region per open map (nested maps stack above their parent's keys); each key is kept as its
 * text, a hash of its bytes and where it began. A map's hashes are sorted (native, O(n log n)); only
 * when two are equal are the keys themselves sorted and compared. The hash is public and 32 bits,
 * so anyone can build keys that collide (a whole map of them): that costs one comparison sort of the
 * texts, O(n log n) comparisons whatever the keys, never a comparison of every pair.
 */
export class MapKeys {
  private top = 0;
  private hashes = new Int32Array(64);
  private offsets = new Float64Array(64);
  private texts: string[] = [];
  private sortScratch = new Int32Array(64);

  /** Where the keys of a map opened now begin: pass it to `duplicate` when the map closes. */
  get mark(): number {
    return this.top;
  }

  /** Forgets every key (between inputs, and so no key text outlives one). */
  clear(): void {
    this.top = 0;
    this.texts.length = 0;
  }

  /** A key of the innermost open map: its text, the hash of its UTF-8 bytes (`hashBytes`) and the byte it began at. */
  add(offset: number, hash: number, text: string): void {
    const index = this.top++;
    if (index >= this.hashes.length) this.grow();
    this.hashes[index] = hash;
    this.offsets[index] = offset;
    this.texts[index] = text;
  }

  /**
   * Drops the keys added since `base` (a map that closed) and returns the key held twice whose
   * second occurrence comes first, with the byte offsets of its first two occurrences.
   */
  duplicate(base: number): { key: string; first: number; second: number } | undefined {
    const top = this.top;
    this.top = base;
    const count = top - base;
    if (count < 2) return undefined;
    const hashes = this.hashes;
    const texts = this.texts;
    if (count <= 12) {
      for (let i = base + 1; i < top; i++) {
        for (let j = base; j < i; j++) {
          if (hashes[j] === hashes[i] && texts[j] === texts[i]) return this.found(j, i);
        }
      }
      return undefined;
    }
    if (this.sortScratch.length < count) this.sortScratch = new Int32Array(Math.max(count, this.sortScratch.length * 2));
    const sorted = this.sortScratch.subarray(0, count);
    sorted.set(hashes.subarray(base, top));
    sorted.sort();
    for (let i = 1; i < count; i++) {
      if (sorted[i] === sorted[i - 1]) return this.duplicateBySorting(base, top);
    }
    return undefined;
  }

  /** `duplicate` when some hashes are equal: the keys sorted by text (then position), equal neighbours compared. */
  private duplicateBySorting(base: number, top: number): { key: string; first: number; second: number } | undefined {
    const texts = this.texts;
    const order: number[] = [];
    for (let i = base; i < top; i++) order.push(i);
    order.sort((a, b) => {
      const x = texts[a] as string;
      const y = texts[b] as string;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    // In a run of equal texts (positions ascending) the first two are the key's first two occurrences.
    let first = -1;
    let second = top;
    for (let i = 1; i < order.length; i++) {
      const at = order[i] as number;
      const before = order[i - 1] as number;
      if (texts[at] !== texts[before]) continue;
      const runStart = i === 1 || texts[order[i - 2] as number] !== texts[at];
      if (runStart && at < second) {
        first = before;
        second = at;
      }
    }
    return first === -1 ? undefined : this.found(first, second);
  }

  private found(first: number, second: number): { key: string; first: number; second: number } {
    return { key: this.texts[first] as string, first: this.offsets[first] as number, second: this.offsets[second] as number };
  }

  private grow(): void {
    const size = this.hashes.length * 2;
    const hashes = new Int32Array(size);
    const offsets = new Float64Array(size);
    hashes.set(this.hashes);
    offsets.set(this.offsets);
    this.hashes = hashes;
    this.offsets = offsets;
  }
}

export const HASH_SEED = 0x811c9dc5 | 0;

/** FNV-1a over `bytes[from, to)`, continuing from `hash`: the hash `MapKeys.add` takes. */
export function hashBytes(hash: number, bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash;
}
