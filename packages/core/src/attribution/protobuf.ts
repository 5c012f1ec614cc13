import type { FieldPlan, Plans } from '../formats/protobuf/plan.js';
import { compilePlans } from '../formats/protobuf/plan.js';
import { scalarWires } from '../formats/protobuf/scalars.js';
import { isPlainObject } from '../json-data.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { lowerSchema, PROTOBUF_RULES } from '../schema/lower.js';
import type { ScalarType, Schema } from '../schema/types.js';
import { rootRecord } from '../schema/types.js';
import { describeValue, scalarMismatch } from '../schema/values.js';
import type { PathNode } from './path-tree.js';
import { doesNotFit, notAttributable } from './refuse.js';
import type { ByteKind } from './result.js';
import { utf8Size } from './text-size.js';

/**
 * Protobuf as wirebench's codec writes it (formats/protobuf/interpret.ts and value.ts; the generated
 * code writes the same bytes), on the same plans: the schema lowered by `lowerSchema` and compiled by
 * `compilePlans`, so every tag, wire type, packing and helper message is the codec's own. Sized by a
 * walk in the encoder's order that returns each message's size to its parent, which then adds the
 * varint length prefix the writer would: exact, linear, and no bytes written. (A tracing decode would
 * need the plans as well, plus an encode.)
 *
 * keys: the tag of a field of a record message (a tag replaces the JSON key), at the member's path;
 * a repeated field or a map repeats its tag before every element or entry: the first names the field
 * (keys), the others delimit elements as JSON's commas do (framing), all at the field's path; a map
 * entry's key (its tag, length and UTF-8), at the `.*` path. values: scalar payloads with their own length
 * prefix for strings, at the scalar's path; in a dynamic `Value`, the member tag of a scalar (it is
 * the value's type, as msgpack's type byte). framing: lengths of messages and packed lists, tags of
 * helper messages (box, nullable, the wrapped root's `value`, a map entry's value, `Value`'s list and
 * object members and their entries), at the path of the value they frame.
 */
export function attributeProtobuf(schema: Schema, payload: unknown, root: PathNode, strictKeys: boolean): number {
  const plans = compilePlans(
    lowerSchema(schema, PROTOBUF_RULES),
    schema.root,
    schema.wrappedRoot ? schema.root : undefined,
    DEFAULT_LIMITS,
    strictKeys,
    scalarWires(DEFAULT_LIMITS),
  );
  // The root message has no length prefix: its fields are the whole encoding.
  return new ProtobufSizer(plans).message(plans.root, rootRecord(schema, payload), root);
}

// Tags of the dynamic Value message and its list and map helpers (formats/protobuf/value.ts): each
// is one byte, as are the tags of map entries' keys and values.
const ONE_BYTE_TAG = 1;

class ProtobufSizer {
  constructor(private readonly plans: Plans) {}

  /** The fields of message `index` for `x` (without the message's own length prefix); returns their size. */
  message(index: number, x: unknown, node: PathNode): number {
    const plan = this.plans.messages[index];
    if (plan === undefined) throw doesNotFit('protobuf', node.path, `no message ${index}`);
    if (plan.role === 'dynamic') return this.dynamic(x, node);
    const fields = plan.fieldsById;
    if (plan.role === 'box' || plan.role === 'nullable') {
      if (plan.role === 'nullable' && x === null) return 0;
      return this.field(fields[0] as FieldPlan, x, node, 'framing');
    }
    if (!isPlainObject(x)) throw doesNotFit('protobuf', node.path, `expected an object (${plan.name}), got ${describeValue(x)}`);
    const tagKind: ByteKind = plan.transparent ? 'framing' : 'keys';
    let size = 0;
    let present = 0;
    for (const field of fields) {
      const own = Object.hasOwn(x, field.key);
      const item = own ? x[field.key] : undefined;
      if (item === undefined) {
        if (own) throw notAttributable('protobuf', node.member(field.key).path, item);
        if (!field.def.optional) throw doesNotFit('protobuf', node.path, `the required key ${JSON.stringify(field.key)} is missing`);
        continue;
      }
      present++;
      // A nullable field is null exactly when it is absent on the wire.
      if (item === null && field.presence === 'nullable') continue;
      size += this.field(field, item, plan.transparent ? node : node.member(field.key), tagKind);
    }
    if (this.plans.strictKeys && Object.keys(x).length !== present) {
      const unknown = Object.keys(x).filter((key) => !plan.known.has(key));
      throw doesNotFit('protobuf', node.path, `keys the schema does not know: ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
    }
    return size;
  }

  /** One field's tags and values; `tagKind` says whether its tag stands for a JSON key. */
  private field(field: FieldPlan, x: unknown, node: PathNode, tagKind: ByteKind): number {
    if (field.shape === 'single') {
      const tag = varintSize(field.tag);
      node[tagKind] += tag;
      return tag + this.one(field, x, node);
    }
    if (field.shape === 'list') {
      if (!Array.isArray(x)) throw doesNotFit('protobuf', node.path, `expected an array, got ${describeValue(x)}`);
      // proto3 writes nothing for an empty repeated field.
      if (x.length === 0) return 0;
      const element = node.element();
      if (field.packedTag >= 0) {
        const tag = varintSize(field.packedTag);
        node[tagKind] += tag;
        let content = 0;
        for (const item of x) content += this.scalar(field.scalar as ScalarType, item, element);
        const prefix = varintSize(content);
        node.framing += prefix;
        return tag + prefix + content;
      }
      const tag = varintSize(field.tag);
      // The first tag names the field; the others delimit elements, as JSON's commas do.
      node[tagKind] += tag;
      node.framing += tag * (x.length - 1);
      let size = tag * x.length;
      for (const item of x) size += this.one(field, item, element);
      return size;
    }
    if (!isPlainObject(x)) throw doesNotFit('protobuf', node.path, `expected an object, got ${describeValue(x)}`);
    const member = node.anyMember();
    const tag = varintSize(field.tag);
    const valueTag = varintSize(field.entryValueTag);
    const keys = Object.keys(x);
    if (keys.length === 0) return 0;
    // As a list's: the first entry's tag names the field, the others delimit entries.
    node[tagKind] += tag;
    node.framing += tag * (keys.length - 1);
    let size = 0;
    for (const key of keys) {
      const keyBytes = utf8Size(key);
      if (keyBytes < 0) throw notAttributable('protobuf', member.path, key);
      const keyPart = ONE_BYTE_TAG + varintSize(keyBytes) + keyBytes;
      member.keys += keyPart;
      member.framing += valueTag;
      const entry = keyPart + valueTag + this.one(field, x[key], member);
      const prefix = varintSize(entry);
      member.framing += prefix;
      size += tag + prefix + entry;
    }
    return size;
  }

  /** One value of a field (or element, or map value) without its tag: a scalar, or a length-prefixed message. */
  private one(field: FieldPlan, x: unknown, node: PathNode): number {
    if (field.scalar !== undefined) return this.scalar(field.scalar, x, node);
    const inner = this.message(field.message, x, node);
    const prefix = varintSize(inner);
    node.framing += prefix;
    return prefix + inner;
  }

  private scalar(type: ScalarType, x: unknown, node: PathNode): number {
    const mismatch = scalarMismatch(type, x);
    if (mismatch !== undefined) throw doesNotFit('protobuf', node.path, mismatch);
    const size = scalarSize(type, x);
    node.values += size;
    return size;
  }

  /** The dynamic Value message for any JSON value (formats/protobuf/value.ts), without its length prefix. */
  private dynamic(v: unknown, node: PathNode): number {
    if (v === null) return 0;
    switch (typeof v) {
      case 'boolean':
        node.values += 2;
        return 2;
      case 'string': {
        const length = utf8Size(v);
        if (length < 0) throw notAttributable('protobuf', node.path, v);
        const size = ONE_BYTE_TAG + varintSize(length) + length;
        node.values += size;
        return size;
      }
      case 'number': {
        if (v - v !== 0) throw notAttributable('protobuf', node.path, v);
        // Integers as int64 varints; -0, fractions and integers past 2^53 as doubles.
        const size = ONE_BYTE_TAG + (Number.isSafeInteger(v) && !(v === 0 && 1 / v < 0) ? int64Size(v) : 8);
        node.values += size;
        return size;
      }
      case 'object':
        break;
      default:
        throw notAttributable('protobuf', node.path, v);
    }
    if (Array.isArray(v)) {
      // list_value: a ListOfValue whose repeated `values` are Value messages.
      let content = 0;
      if (v.length > 0) {
        const element = node.element();
        for (const item of v) {
          const inner = this.dynamic(item, element);
          const framing = ONE_BYTE_TAG + varintSize(inner);
          element.framing += framing;
          content += framing + inner;
        }
      }
      const framing = ONE_BYTE_TAG + varintSize(content);
      node.framing += framing;
      return framing + content;
    }
    if (!isPlainObject(v)) throw notAttributable('protobuf', node.path, v);
    // object_value: a MapOfValue, entries { key = 1; Value value = 2 }.
    let content = 0;
    for (const key of Object.keys(v)) {
      const member = node.member(key);
      const keyBytes = utf8Size(key);
      if (keyBytes < 0) throw notAttributable('protobuf', member.path, key);
      const keyPart = ONE_BYTE_TAG + varintSize(keyBytes) + keyBytes;
      member.keys += keyPart;
      const inner = this.dynamic(v[key], member);
      const valuePart = ONE_BYTE_TAG + varintSize(inner) + inner;
      const entry = keyPart + valuePart;
      const entryFraming = ONE_BYTE_TAG + varintSize(entry);
      member.framing += entryFraming + ONE_BYTE_TAG + varintSize(inner);
      content += entryFraming + entry;
    }
    const framing = ONE_BYTE_TAG + varintSize(content);
    node.framing += framing;
    return framing + content;
  }
}

/** Bytes of a scalar that fits its type (checked by the caller). */
function scalarSize(type: ScalarType, x: unknown): number {
  switch (type) {
    case 'bool':
      return 1;
    case 'int32':
      // Negative int32 is sign-extended to 64 bits: ten bytes.
      return (x as number) < 0 ? 10 : varintSize(x as number);
    case 'uint32':
      return varintSize(x as number);
    case 'int64':
    case 'uint64':
      return int64Size(x as number);
    case 'float64':
      return 8;
    case 'string': {
      const length = utf8Size(x as string);
      return varintSize(length) + length;
    }
    case 'bytes': {
      const length = (x as Uint8Array).length;
      return varintSize(length) + length;
    }
  }
}

/** A varint of a whole number in [0, 2^64): 7 bits a byte. */
export function varintSize(value: number): number {
  let size = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    size++;
  }
  return size;
}

/** An int64 varint: negative numbers are 64-bit two's complement, ten bytes. */
function int64Size(value: number): number {
  return value < 0 ? 10 : varintSize(value);
}
