import { WirebenchError } from '../../errors.js';
import { isPlainObject, setOwn } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { Refusal } from '../../refusal.js';
import type { MessageDef } from '../../schema/types.js';
import { finiteDouble, int64InRange } from '../../schema/values.js';
import { notEncodable, notJson, planErrors, RECURSION_LIMIT, tooManyMessages } from './plan.js';
import type { ProtoReader } from './reader.js';
import { wrongWireType } from './reader.js';
import type { ScalarWires } from './scalars.js';
import type { ProtoWriter } from './writer.js';

// The dynamic `Value` message of schema/lower.ts: a oneof of bool_value = 1, integer_value = 2 (int64),
// number_value = 3 (double), string_value = 4, list_value = 5 (ListOfValue { repeated Value values = 1 })
// and object_value = 6 (MapOfValue { map<string, Value> values = 1 }), none set for null.
const BOOL = 1 * 8 + 0;
const INTEGER = 2 * 8 + 0;
const NUMBER = 3 * 8 + 1;
const STRING = 4 * 8 + 2;
const LIST = 5 * 8 + 2;
const OBJECT = 6 * 8 + 2;
/** `values` (field 1, length-delimited) of ListOfValue and MapOfValue, and `key` of a map entry. */
const FIRST = 1 * 8 + 2;
/** `value` of a map entry. */
const ENTRY_VALUE = 2 * 8 + 2;

export interface ValueCodec {
  /** Writes the fields of the Value message for any JSON value at JSON level `depth`, message level `messages`. */
  write(writer: ProtoWriter, value: unknown, depth: number, messages: number): void;
  /** Reads a Value message that ends at `end`. */
  read(reader: ProtoReader, end: number, depth: number, messages: number): unknown;
}

/**
 * Any JSON value through the Value message, by hand rather than through the generic message plans:
 * a field typed `any` then costs what the value itself does (one tag and the value, or a nested
 * list or map), with no per-value adapter object.
 */
export function valueCodec(limits: Limits, scalars: ScalarWires): ValueCodec {
  const { tooDeep, tooLong, keyTooLong } = planErrors(limits);
  const { maxDepth, maxCollectionLength, maxStringLength } = limits;
  const writeString = scalars.string.write;
  const tooLongString = (length: number) => limitExceeded('protobuf', 'maxStringLength', maxStringLength, `a string of ${length} bytes`);

  const write = (w: ProtoWriter, v: unknown, depth: number, messages: number): void => {
    if (messages > RECURSION_LIMIT) throw tooManyMessages();
    if (v === null) return;
    switch (typeof v) {
      case 'boolean':
        w.uint32(BOOL);
        w.uint32(v ? 1 : 0);
        return;
      case 'string':
        w.uint32(STRING);
        writeString(w, v);
        return;
      case 'number':
        // Integers travel as varints (1–10 bytes, not 8); -0, fractions and huge values need the double.
        if (Number.isSafeInteger(v) && !(v === 0 && 1 / v < 0)) {
          w.uint32(INTEGER);
          w.int64(v);
        } else {
          if (!Number.isFinite(v)) throw notJson(v);
          w.uint32(NUMBER);
          w.double(v);
        }
        return;
      case 'object':
        if (depth > maxDepth) throw tooDeep(depth);
        if (Array.isArray(v)) {
          if (v.length > maxCollectionLength) throw tooLong(v.length);
          w.uint32(LIST);
          const list = w.begin();
          let i = 0;
          try {
            for (; i < v.length; i++) {
              w.uint32(FIRST);
              const item = w.begin();
              write(w, v[i], depth + 1, messages + 2);
              w.end(item);
            }
          } catch (thrown) {
            if (thrown instanceof Refusal) thrown.keys.push(i);
            throw thrown;
          }
          w.end(list);
          return;
        }
        if (!isPlainObject(v)) throw notJson(v);
        {
          const keys = Object.keys(v);
          if (keys.length > maxCollectionLength) throw tooLong(keys.length);
          w.uint32(OBJECT);
          const map = w.begin();
          let key = '';
          try {
            for (key of keys) {
              w.uint32(FIRST);
              const entry = w.begin();
              w.uint32(FIRST);
              const length = w.string(key);
              if (length < 0) throw new Refusal((path) => notEncodable(path, 'a key with a lone surrogate (UTF-8 cannot carry it exactly)'));
              if (length > maxStringLength) throw keyTooLong();
              w.uint32(ENTRY_VALUE);
              const item = w.begin();
              write(w, v[key], depth + 1, messages + 2);
              w.end(item);
              w.end(entry);
            }
          } catch (thrown) {
            if (thrown instanceof Refusal) thrown.keys.push(key);
            throw thrown;
          }
          w.end(map);
        }
        return;
      default:
        throw notJson(v);
    }
  };

  // null (an empty Value) and a one-byte bool without the loop: lists of flags and gaps are mostly
  // these, and a function this small is inlined where the generated code reads a Value.
  const read = (r: ProtoReader, end: number, depth: number, messages: number): unknown => {
    if (messages > RECURSION_LIMIT) throw tooManyMessages();
    const size = end - r.position;
    if (size === 0) return null;
    if (size === 2 && r.bytes[r.position] === BOOL && (r.bytes[r.position + 1] as number) < 2) {
      r.position = end;
      return r.bytes[end - 1] === 1;
    }
    return readMember(r, end, depth, messages);
  };

  const readMember = (r: ProtoReader, end: number, depth: number, messages: number): unknown => {
    let out: unknown = null;
    while (r.position < end) {
      const tag = r.uint32();
      switch (tag) {
        case BOOL:
          out = r.int64(true) !== 0;
          break;
        case INTEGER:
          out = int64InRange('protobuf', r.int64(false), false);
          break;
        case NUMBER:
          out = finiteDouble('protobuf', r.double());
          break;
        case STRING:
          out = r.string(end, maxStringLength, tooLongString);
          break;
        case LIST:
          out = readList(r, r.delimited(end), depth, messages + 1);
          break;
        case OBJECT:
          out = readObject(r, r.delimited(end), depth, messages + 1);
          break;
        default:
          if (tag >>> 3 >= 1 && tag >>> 3 <= 6) throw wrongWireType(tag, 'Value');
          r.skip(tag, end);
      }
    }
    r.checkEnd(end);
    return out;
  };

  const readList = (r: ProtoReader, end: number, depth: number, messages: number): unknown[] => {
    if (messages > RECURSION_LIMIT) throw tooManyMessages();
    if (depth > maxDepth) throw tooDeep(depth);
    const out: unknown[] = [];
    while (r.position < end) {
      const tag = r.uint32();
      if (tag !== FIRST) {
        if (tag >>> 3 === 1) throw wrongWireType(tag, 'ListOfValue');
        r.skip(tag, end);
        continue;
      }
      const item = r.delimited(end);
      if (out.length === maxCollectionLength) throw tooLong(out.length + 1);
      out.push(read(r, item, depth + 1, messages + 1));
    }
    r.checkEnd(end);
    return out;
  };

  const readObject = (r: ProtoReader, end: number, depth: number, messages: number): Record<string, unknown> => {
    if (messages > RECURSION_LIMIT) throw tooManyMessages();
    if (depth > maxDepth) throw tooDeep(depth);
    const out: Record<string, unknown> = {};
    let count = 0;
    while (r.position < end) {
      const tag = r.uint32();
      if (tag !== FIRST) {
        if (tag >>> 3 === 1) throw wrongWireType(tag, 'MapOfValue');
        r.skip(tag, end);
        continue;
      }
      const entryEnd = r.delimited(end);
      if (++count > maxCollectionLength) throw tooLong(count);
      let key = '';
      let value: unknown = null;
      while (r.position < entryEnd) {
        const entryTag = r.uint32();
        if (entryTag === FIRST) key = r.string(entryEnd, maxStringLength, tooLongString);
        else if (entryTag === ENTRY_VALUE) value = read(r, r.delimited(entryEnd), depth + 1, messages + 1);
        else r.skip(entryTag, entryEnd);
      }
      r.checkEnd(entryEnd);
      setOwn(out, key, value);
    }
    r.checkEnd(end);
    return out;
  };

  return { write, read };
}

/** Checks that the lowered schema's dynamic message has the layout this file writes by hand. */
export function checkValueLayout(message: MessageDef): void {
  const expected = ['bool_value', 'integer_value', 'number_value', 'string_value', 'list_value', 'object_value'];
  const actual = [...message.fields].sort((a, b) => a.id - b.id).map((f) => `${f.id}:${f.name}`);
  if (actual.join() !== expected.map((name, i) => `${i + 1}:${name}`).join()) {
    throw new WirebenchError(`the dynamic message ${message.name} has fields ${actual.join(', ')}, not the Value layout`, { format: 'protobuf' });
  }
}
