import { isPlainObject } from '../json-data.js';
import type { TypeRef } from '../schema/types.js';
import type { PathNode } from './path-tree.js';
import { notAttributable } from './refuse.js';
import type { SchemaPaths } from './schema-paths.js';
import { isMap } from './schema-paths.js';
import { jsonStringSize } from './text-size.js';

/**
 * JSON as the json codec writes it (`JSON.stringify`, no whitespace, as UTF-8), sized by a walk that
 * follows JSON.stringify's rules rather than by encoding and re-reading the text: exact, linear and
 * with no text built. keys: each quoted key (escapes included) at the member's path; values: each
 * literal (`null`, `true`, `false`, the number as `String(n)` writes it, strings quoted and escaped);
 * framing: `{` `}` `[` `]` at the container's path, and each `:` and separating `,` at the path of
 * the member or element it introduces. Values JSON.stringify would change or drop (NaN, ±Infinity,
 * undefined, functions, class instances) are refused: they are not JSON data.
 */
export function attributeJsonValue(value: unknown, node: PathNode, type: TypeRef | undefined, paths: SchemaPaths): void {
  if (value === null) {
    node.values += 4;
    return;
  }
  switch (typeof value) {
    case 'boolean':
      node.values += value ? 4 : 5;
      return;
    case 'number':
      if (value - value !== 0) throw notAttributable('json', node.path, value);
      // ASCII digits, sign, point and exponent: one byte a character. -0 is written as 0, as String does.
      node.values += String(value).length;
      return;
    case 'string':
      node.values += jsonStringSize(value);
      return;
    case 'object':
      break;
    default:
      throw notAttributable('json', node.path, value);
  }
  if (Array.isArray(value)) {
    node.framing += 2;
    const length = value.length;
    if (length === 0) return;
    const element = node.element();
    const elementType = paths.element(type);
    element.framing += length - 1;
    for (let i = 0; i < length; i++) attributeJsonValue(value[i], element, elementType, paths);
    return;
  }
  if (!isPlainObject(value)) throw notAttributable('json', node.path, value);
  node.framing += 2;
  const map = isMap(type);
  let first = true;
  for (const key of Object.keys(value)) {
    const member = map ? node.anyMember() : node.member(key);
    // The `:` and, for all but the first member, the `,` before it.
    member.framing += first ? 1 : 2;
    first = false;
    member.keys += jsonStringSize(key);
    attributeJsonValue(value[key], member, paths.member(type, key), paths);
  }
}
