import { WirebenchError } from '../../errors.js';
import { isPlainObject, setOwn } from '../../json-data.js';
import { Refusal } from '../../refusal.js';
import { recordFactory } from '../../schema/records.js';
import { describeValue, missingKey, schemaMismatch, unknownKey } from '../../schema/values.js';
import type { FieldPlan, MessagePlan, Plans } from './plan.js';
import { notJson, planErrors, RECURSION_LIMIT, tooManyMessages } from './plan.js';
import type { ProtoReader } from './reader.js';
import { wrongWireType } from './reader.js';
import type { ValueCodec } from './value.js';
import type { ProtoWriter } from './writer.js';

/** Writes the fields of a message for a JSON value at JSON level `depth`, message level `messages`. */
export type EncodeMessage = (writer: ProtoWriter, value: unknown, depth: number, messages: number) => void;
/** Reads a message that ends at `end` into the JSON value it stands for. */
export type DecodeMessage = (reader: ProtoReader, end: number, depth: number, messages: number) => unknown;

export interface MessageCodecs {
  readonly encoders: EncodeMessage[];
  readonly decoders: DecodeMessage[];
}

/**
 * The protobuf codecs walked from the plans at run time, compiling nothing (its records copy a
 * template): for pages whose Content-Security-Policy forbids generated code, and codecs made
 * `interpreted`. generate.ts writes the same steps out per message; the two must agree byte for
 * byte (packages/core/test/formats/protobuf/generate.test.ts checks it).
 */
export function interpretPlans(plans: Plans, value: ValueCodec): MessageCodecs {
  const { limits, strictKeys, scalars } = plans;
  const { tooDeep, tooLong, keyTooLong, overBudget } = planErrors(limits);
  const encoders: EncodeMessage[] = [];
  const decoders: DecodeMessage[] = [];

  const writeField = (field: FieldPlan, w: ProtoWriter, x: unknown, depth: number, messages: number): void => {
    const scalar = field.scalar ? scalars[field.scalar] : undefined;
    const writeOne = (item: unknown, itemDepth: number) => {
      if (scalar) scalar.write(w, item);
      else {
        const mark = w.begin();
        (encoders[field.message] as EncodeMessage)(w, item, itemDepth, messages + 1);
        w.end(mark);
      }
    };
    if (field.shape === 'single') {
      w.uint32(field.tag);
      writeOne(x, depth);
      return;
    }
    if (field.shape === 'list') {
      if (!Array.isArray(x)) throw shapeMismatch('an array', x);
      if (depth > limits.maxDepth) throw tooDeep(depth);
      if (x.length > limits.maxCollectionLength) throw tooLong(x.length);
      if (x.length === 0) return;
      let i = 0;
      try {
        if (field.packedTag >= 0) {
          w.uint32(field.packedTag);
          const mark = w.begin();
          for (; i < x.length; i++) (scalar as NonNullable<typeof scalar>).write(w, x[i]);
          w.end(mark);
        } else {
          for (; i < x.length; i++) {
            w.uint32(field.tag);
            writeOne(x[i], depth + 1);
          }
        }
      } catch (thrown) {
        if (thrown instanceof Refusal) thrown.keys.push(i);
        throw thrown;
      }
      return;
    }
    if (!isPlainObject(x)) throw shapeMismatch('an object', x);
    if (depth > limits.maxDepth) throw tooDeep(depth);
    const keys = Object.keys(x);
    if (keys.length > limits.maxCollectionLength) throw tooLong(keys.length);
    let key = '';
    try {
      for (key of keys) {
        w.uint32(field.tag);
        const entry = w.begin();
        writeKey(w, key, limits.maxStringLength, keyTooLong);
        w.uint32(field.entryValueTag);
        writeOne(x[key], depth + 1);
        w.end(entry);
      }
    } catch (thrown) {
      if (thrown instanceof Refusal) thrown.keys.push(key);
      throw thrown;
    }
  };

  const encoder = (plan: MessagePlan): EncodeMessage => {
    if (plan.role === 'dynamic') return value.write;
    const fields = plan.fieldsById;
    if (plan.role === 'box' || plan.role === 'nullable') {
      const field = fields[0] as FieldPlan;
      return (w, x, depth, messages) => {
        if (messages > RECURSION_LIMIT) throw tooManyMessages();
        w.values += plan.cost;
        if (plan.role === 'nullable' && x === null) return;
        writeField(field, w, x, depth, messages);
      };
    }
    return (w, o, depth, messages) => {
      if (messages > RECURSION_LIMIT) throw tooManyMessages();
      w.values += plan.cost;
      if (!isPlainObject(o)) throw shapeMismatch(`an object (${plan.name})`, o);
      if (!plan.transparent && depth > limits.maxDepth) throw tooDeep(depth);
      const fieldDepth = plan.transparent ? depth : depth + 1;
      let present = 0;
      let f = 0;
      try {
        for (; f < fields.length; f++) {
          const field = fields[f] as FieldPlan;
          const x = Object.hasOwn(o, field.key) ? o[field.key] : undefined;
          if (x === undefined) {
            if (Object.hasOwn(o, field.key)) throw notJson(x);
            if (!field.def.optional) throw atRecord((path) => missingKey('protobuf', path, field.def));
            continue;
          }
          present++;
          if (x === null && field.presence === 'nullable') continue;
          writeField(field, w, x, fieldDepth, messages);
        }
      } catch (thrown) {
        if (thrown instanceof Refusal && !thrown.atRecord && !plan.transparent) thrown.keys.push((fields[f] as FieldPlan).key);
        throw thrown;
      }
      if (strictKeys && Object.keys(o).length !== present) throw new Refusal((path) => unknownKey('protobuf', path, o, plan.known));
      if (plan.checkRecord) checkRecordOnEncode(plan.checkRecord, o);
    };
  };

  const decoder = (plan: MessagePlan): DecodeMessage => {
    if (plan.role === 'dynamic') return value.read;
    const fields = plan.fields;
    const byTag = new Map<number, number>();
    fields.forEach((field, i) => {
      byTag.set(field.tag, i);
      if (field.packedTag >= 0) byTag.set(field.packedTag, i);
    });
    const numbers = new Set(fields.map((field) => field.def.id));
    const collections = fields.some((field) => field.shape !== 'single');
    const always = fields.flatMap((field, i) => (field.presence === 'optional' ? [] : [i]));
    const optional = fields.flatMap((field, i) => (field.presence === 'optional' ? [i] : []));
    const build = recordFactory(
      always.map((i) => (fields[i] as FieldPlan).key),
      { interpreted: true },
    );
    return (r, end, depth, messages) => {
      if (messages > RECURSION_LIMIT) throw tooManyMessages();
      if ((r.budget -= plan.cost) < 0) throw overBudget(r);
      if (!plan.transparent && depth > limits.maxDepth) throw tooDeep(depth);
      const fieldDepth = plan.transparent ? depth : depth + 1;
      if (collections && fieldDepth > limits.maxDepth) throw tooDeep(fieldDepth);
      const values = new Array<unknown>(fields.length);
      while (r.position < end) {
        const tag = r.uint32();
        const f = byTag.get(tag);
        if (f === undefined) {
          if (numbers.has(tag >>> 3)) throw wrongWireType(tag, plan.name);
          r.skip(tag, end);
          continue;
        }
        const field = fields[f] as FieldPlan;
        const scalar = field.scalar ? scalars[field.scalar] : undefined;
        const readOne = (limit: number, itemDepth: number): unknown => {
          if (scalar) return scalar.read(r, limit);
          const itemEnd = r.delimited(limit);
          return (decoders[field.message] as DecodeMessage)(r, itemEnd, itemDepth, messages + 1);
        };
        if (field.shape === 'single') {
          if (!scalar && values[f] !== undefined) throw splitMessage(plan, field);
          values[f] = readOne(end, fieldDepth);
        } else if (field.shape === 'list') {
          const list = (values[f] ??= []) as unknown[];
          if (tag === field.packedTag) {
            const packedEnd = r.delimited(end);
            while (r.position < packedEnd) {
              if (list.length === limits.maxCollectionLength) throw tooLong(list.length + 1);
              list.push(readOne(packedEnd, fieldDepth + 1));
            }
            r.checkEnd(packedEnd);
          } else {
            if (list.length === limits.maxCollectionLength) throw tooLong(list.length + 1);
            list.push(readOne(end, fieldDepth + 1));
          }
        } else {
          const map = (values[f] ??= { count: 0, object: {} }) as MapInProgress;
          const entryEnd = r.delimited(end);
          if (++map.count > limits.maxCollectionLength) throw tooLong(map.count);
          let key = '';
          let item: unknown;
          while (r.position < entryEnd) {
            const entryTag = r.uint32();
            if (entryTag === KEY_TAG) key = readKey(r, entryEnd, limits.maxStringLength, keyTooLong);
            else if (entryTag === field.entryValueTag) item = readOne(entryEnd, fieldDepth + 1);
            else r.skip(entryTag, entryEnd);
          }
          r.checkEnd(entryEnd);
          // An entry without its value holds the value type's default, as in every protobuf runtime.
          const absent = (): unknown => (scalar ? scalar.absent() : (decoders[field.message] as DecodeMessage)(r, r.position, fieldDepth + 1, messages + 1));
          setOwn(map.object, key, item !== undefined ? item : absent());
        }
      }
      r.checkEnd(end);
      const read = (i: number): unknown => {
        const field = fields[i] as FieldPlan;
        const x = values[i];
        if (field.shape === 'map') return x === undefined ? {} : (x as MapInProgress).object;
        if (x !== undefined) return x;
        if (field.shape === 'list') return [];
        if (field.presence === 'nullable') return null;
        if (field.scalar) return scalars[field.scalar].absent();
        throw missingMessage(plan, field);
      };
      if (plan.role === 'box') return read(0);
      if (plan.role === 'nullable') return values[0] === undefined ? null : values[0];
      // Keys always present first, then optional keys that are (the order the generated literal has).
      const out = build(always.map(read));
      for (const i of optional) if (values[i] !== undefined) setOwn(out, (fields[i] as FieldPlan).key, read(i));
      plan.checkRecord?.(out);
      return out;
    };
  };

  for (const plan of plans.messages) {
    encoders.push(encoder(plan));
    decoders.push(decoder(plan));
  }
  return { encoders, decoders };
}

interface MapInProgress {
  count: number;
  readonly object: Record<string, unknown>;
}

/** The tag of a map entry's key (field 1, length-delimited). */
export const KEY_TAG = 1 * 8 + 2;

/** Writes a map entry's key, refusing a lone surrogate or a key past `maxStringLength`. */
export function writeKey(w: ProtoWriter, key: string, maxStringLength: number, keyTooLong: () => Refusal): void {
  w.uint32(KEY_TAG);
  const length = w.string(key);
  if (length < 0)
    throw new Refusal(
      (path) =>
        new WirebenchError(`${path} holds a key with a lone surrogate (UTF-8 cannot carry it exactly), which this format cannot encode exactly`, {
          format: 'protobuf',
        }),
    );
  if (length > maxStringLength) throw keyTooLong();
}

export function readKey(r: ProtoReader, limit: number, maxStringLength: number, keyTooLong: () => Refusal): string {
  return r.string(limit, maxStringLength, () => keyTooLong().error(''));
}

export function shapeMismatch(expected: string, value: unknown): Refusal {
  return new Refusal((path) => schemaMismatch('protobuf', path, `expected ${expected}, got ${describeValue(value)}`));
}

/** A Refusal about the record itself (a missing key), not about the field being written. */
export function atRecord(error: (path: string) => WirebenchError): Refusal {
  const refusal = new Refusal(error);
  refusal.atRecord = true;
  return refusal;
}

export function checkRecordOnEncode(check: (record: Record<string, unknown>) => void, record: Record<string, unknown>): void {
  try {
    check(record);
  } catch (error) {
    throw new Refusal(() => error as WirebenchError);
  }
}

export function splitMessage(plan: MessagePlan, field: FieldPlan): WirebenchError {
  return new WirebenchError(
    `field ${field.def.name} of ${plan.name} appears twice; wirebench does not merge a message split across the data (its encoders never write one)`,
    { format: 'protobuf' },
  );
}

export function missingMessage(plan: MessagePlan, field: FieldPlan): WirebenchError {
  return new WirebenchError(`a required ${plan.name}.${field.def.name} message is missing`, { format: 'protobuf' });
}
