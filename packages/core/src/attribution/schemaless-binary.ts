import { isPlainObject } from '../json-data.js';
import type { TypeRef } from '../schema/types.js';
import type { PathNode } from './path-tree.js';
import { notAttributable } from './refuse.js';
import type { SchemaPaths } from './schema-paths.js';
import { isMap } from './schema-paths.js';
import { utf8Size } from './text-size.js';

/**
 * The header sizes wirebench's msgpack and CBOR writers choose (formats/msgpack/writer.ts,
 * formats/cbor/writer.ts, on formats/schemaless-binary/writer.ts). Both write each item once, in one
 * pass, with a size that depends only on the item itself, so a walk that adds up the same choices is
 * exact without writing a byte: simpler and cheaper than tracing a decode of the bytes.
 */
export interface ItemSizes {
  readonly format: 'msgpack' | 'cbor';
  /** A whole number item: its head and payload. */
  number(value: number): number;
  /** The head of a text string of `byteLength` UTF-8 bytes. */
  stringHeader(byteLength: number): number;
  arrayHeader(length: number): number;
  mapHeader(size: number): number;
}

/** MessagePack: fixint / int 8-64 / float 64 (never float 32), fixstr / str 8-32, fix / 16 / 32 headers. */
export const MSGPACK_SIZES: ItemSizes = {
  format: 'msgpack',
  number(value) {
    if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) {
      if (value >= 0) return value < 0x80 ? 1 : value < 0x100 ? 2 : value < 0x10000 ? 3 : value < 0x100000000 ? 5 : 9;
      return value >= -0x20 ? 1 : value >= -0x80 ? 2 : value >= -0x8000 ? 3 : value >= -0x80000000 ? 5 : 9;
    }
    // -0, fractions and integers past 2^53: float 64.
    return 9;
  },
  stringHeader: (n) => (n < 32 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5),
  arrayHeader: (n) => (n < 16 ? 1 : n < 0x10000 ? 3 : 5),
  mapHeader: (n) => (n < 16 ? 1 : n < 0x10000 ? 3 : 5),
};

/** CBOR's smallest head for an argument (major types 0, 1, 3, 4). */
const cborHead = (argument: number): number => (argument < 24 ? 1 : argument < 0x100 ? 2 : argument < 0x10000 ? 3 : 5);

/**
 * CBOR as cbor-x writes it with the codec's options: integers within 32 bits in the smallest head,
 * other numbers as float 64 (never half or single), maps always with a 16- or 32-bit count.
 */
export const CBOR_SIZES: ItemSizes = {
  format: 'cbor',
  number(value) {
    if (value >>> 0 === value && (value !== 0 || 1 / value > 0)) return cborHead(value);
    if (value >> 0 === value && value !== 0) return cborHead(-1 - value);
    if (value < 0 && value >= -0x100000000 && Math.floor(value) === value) return 5;
    return 9;
  },
  stringHeader: cborHead,
  arrayHeader: cborHead,
  mapHeader: (n) => (n < 0x10000 ? 3 : 5),
};

/**
 * One value's items, by path. keys: each key string, header included, at the member's path;
 * values: each scalar item whole (head and payload); framing: array and map headers at the
 * container's path. Keys are written in `Object.keys` order, as the writer's for-in is.
 */
export function attributeBinaryValue(sizes: ItemSizes, value: unknown, node: PathNode, type: TypeRef | undefined, paths: SchemaPaths): void {
  if (value === null) {
    node.values += 1;
    return;
  }
  switch (typeof value) {
    case 'boolean':
      node.values += 1;
      return;
    case 'number':
      if (value - value !== 0) throw notAttributable(sizes.format, node.path, value);
      node.values += sizes.number(value);
      return;
    case 'string': {
      const size = utf8Size(value);
      if (size < 0) throw notAttributable(sizes.format, node.path, value);
      node.values += sizes.stringHeader(size) + size;
      return;
    }
    case 'object':
      break;
    default:
      throw notAttributable(sizes.format, node.path, value);
  }
  if (Array.isArray(value)) {
    const length = value.length;
    node.framing += sizes.arrayHeader(length);
    if (length === 0) return;
    const element = node.element();
    const elementType = paths.element(type);
    for (let i = 0; i < length; i++) attributeBinaryValue(sizes, value[i], element, elementType, paths);
    return;
  }
  if (!isPlainObject(value)) throw notAttributable(sizes.format, node.path, value);
  const keys = Object.keys(value);
  node.framing += sizes.mapHeader(keys.length);
  const map = isMap(type);
  for (const key of keys) {
    const member = map ? node.anyMember() : node.member(key);
    const size = utf8Size(key);
    if (size < 0) throw notAttributable(sizes.format, member.path, key);
    member.keys += sizes.stringHeader(size) + size;
    attributeBinaryValue(sizes, value[key], member, paths.member(type, key), paths);
  }
}
