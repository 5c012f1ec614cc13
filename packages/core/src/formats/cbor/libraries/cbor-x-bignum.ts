import type { Extension } from 'cbor-x';
import { addExtension } from 'cbor-x';

// cbor-x's tag 2 (bignum) reader without its quadratic cost; why and what it changes: cborXCodec.
let bignumReader = false;

/** Installs `bignumOf` as cbor-x's tag 2 reader, once (see cborXCodec). */
export function readBignumsInLinearTime(): void {
  if (bignumReader) return;
  bignumReader = true;
  // No `Class`: a decoding extension only (cbor-x's typings ask for an encoder too).
  addExtension({ tag: 2, decode: bignumOf } as unknown as Extension<bigint, unknown>);
}

/**
 * What cbor-x's tag 2 reader computes, `value = BigInt(content[i]) + (value << 8n)` for every `i`
 * below `content.byteLength`, in O(n log n) time: from 64-bit words, halves joined by one shift,
 * for a byte string (what a bignum holds); by halves of the elements for anything else with a
 * `byteLength` (another tag's typed array, a map with that key), where the first element BigInt
 * refuses throws what it throws in cbor-x's loop.
 */
export function bignumOf(content: unknown): bigint {
  const items = content as { readonly byteLength: unknown; readonly [index: number]: unknown };
  // Read first, as cbor-x does: null or undefined content throws the same TypeError.
  const length = items.byteLength as number;
  if (content instanceof Uint8Array) return bytesValue(content);
  // Elements up to the first missing one: BigInt(undefined) throws there, as in cbor-x's loop.
  let count = 0;
  while (count < length && items[count] !== undefined) count++;
  const value = elementsValue(items, 0, count);
  return count < length ? BigInt(items[count] as bigint) : value;
}

function bytesValue(bytes: Uint8Array): bigint {
  const head = bytes.length % 8;
  let value = BigInt(0);
  for (let i = 0; i < head; i++) value = (value << BigInt(8)) | BigInt(bytes[i] as number);
  if (head === bytes.length) return value;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (value << BigInt(8 * (bytes.length - head))) | wordsValue(view, head, bytes.length);
}

/** The big-endian 64-bit words from `start` to `end` (a multiple of 8 bytes apart) as one number. */
function wordsValue(view: DataView, start: number, end: number): bigint {
  if (end - start <= 64) {
    let value = BigInt(0);
    for (let at = start; at < end; at += 8) value = (value << BigInt(64)) | view.getBigUint64(at);
    return value;
  }
  const middle = start + (((end - start) >> 4) << 3);
  return (wordsValue(view, start, middle) << BigInt(8 * (end - middle))) | wordsValue(view, middle, end);
}

/** Σ BigInt(items[i]) · 256^(end − 1 − i): elements may be any size or sign, so halves are added, not or-ed. Leaves run left to right. */
function elementsValue(items: { readonly [index: number]: unknown }, start: number, end: number): bigint {
  if (end - start <= 8) {
    let value = BigInt(0);
    for (let i = start; i < end; i++) value = BigInt(items[i] as bigint) + (value << BigInt(8));
    return value;
  }
  const middle = (start + end) >>> 1;
  return (elementsValue(items, start, middle) << BigInt(8 * (end - middle))) + elementsValue(items, middle, end);
}
