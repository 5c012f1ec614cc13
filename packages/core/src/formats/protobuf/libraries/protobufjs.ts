import protobuf from 'protobufjs/light.js';
import type { Codec, SchemaCodecOptions } from '../../../codec.js';
import { WirebenchError } from '../../../errors.js';
import { isPlainObject, setOwn } from '../../../json-data.js';
import { resolveLimits } from '../../../limits.js';
import { Refusal, refusalError } from '../../../refusal.js';
import type { HelperAdapter, LoweredSchema } from '../../../schema/lower.js';
import { helperAdapter, lowerSchema, PROTOBUF_RULES } from '../../../schema/lower.js';
import type { RecordFactory } from '../../../schema/records.js';
import { recordFactory } from '../../../schema/records.js';
import type { FieldDef, MessageDef, ScalarType, Schema, TypeRef } from '../../../schema/types.js';
import { findMessage, rootPayload, rootRecord } from '../../../schema/types.js';
import { missingKey, unknownKey } from '../../../schema/values.js';
import { libraryCodec, shapeCheck } from '../../libraries/codec.js';
import { atRecord, shapeMismatch } from '../interpret.js';
import { notJson } from '../plan.js';
import { mismatch } from '../scalars.js';

/**
 * Protobuf by protobufjs (a dependency), as an app ships it with this schema: its light build
 * (reflection without the .proto parser) loads the lowered schema as the JSON descriptor
 * `pbjs -t json` would write for `toProto(schema)` (proto3: packed repeated scalars, `optional`
 * scalars in their synthetic oneofs, the dynamic Value's `oneof kind`), so its bytes are that
 * .proto's and `protobufCodec(schema)` reads them, and the other way round. The descriptor, not
 * `new Type()`/`new Field()`: types built by hand are pinned to proto2's defaults (no packing,
 * presence on every scalar), and only the descriptor path gives them proto3's.
 *
 * protobufjs's own calls do the wire work: `Type.encode(object)` (its bytes copied out with
 * `finishInto`) and `Type.toObject(Type.decode(bytes), { longs: Number, defaults: true })` (int64
 * as numbers, proto3 defaults filled in); both are code protobufjs generates with `Function`, so a
 * page whose CSP forbids it cannot use this codec (wirebench's own falls back to an interpreter). What the adapter adds around them is the mapping of any JSON to the schema,
 * one walk each way, compiled once per message (`Conversion`): JSON keys to wire field names and
 * back, helper messages (`box`, `nullable`, dynamic `Value`) built from and turned back into the
 * JSON value they stand for (schema/lower.ts `helperAdapter`), the wrapped root, and wirebench's
 * presence rules (a nullable field is null exactly when absent; an optional key absent when
 * missing). Encode checks the JSON kind of each value against its field (a string is not written
 * into an int32) and refuses, with the JSON path, an unknown key (unless `unknownKeys: 'drop'`) or
 * a missing required one; it leaves every value to protobufjs as it is, so what protobufjs changes
 * (fractions in integer fields, integers past int64, lone surrogates) shows in the fidelity report
 * rather than being fixed or refused here.
 *
 * Limits: the byte limit is checked around both calls (libraryCodec). protobufjs bounds message
 * nesting by its own `util.recursionLimit` (100, wirebench's RECURSION_LIMIT too), a setting of the
 * whole module that a codec must not change for the app. It has no bound on collection lengths,
 * string lengths, JSON depth below that, or values per byte (a few bytes of empty sub-messages
 * decode into records of defaults of any size): `maxDepth`, `maxCollectionLength` and
 * `maxStringLength` are checked, when you set one, by a walk over the JSON value before encode and
 * after decode (libraryCodec), with wirebench's meaning; `maxValuesPerByte` is not enforced (the
 * records are built by protobufjs before any check could refuse them). Its decode also gives
 * back what JSON cannot hold or its encode cannot write back: NaN and ±Infinity doubles, and an
 * int64 within 512 of 2^63 as 2^63 (which encode wraps to -2^63). Map keys: protobufjs defines a
 * `__proto__` key as an own property (decode and toObject), and the walk does the same (`setOwn`),
 * so decoded data never touches `Object.prototype`.
 */
export function protobufjsCodec(schema: Schema, options: SchemaCodecOptions = {}): Codec {
  findMessage(schema, schema.root);
  const limits = resolveLimits(options.limits, 'protobuf');
  const lowered = lowerSchema(schema, PROTOBUF_RULES);
  const type = libraryType(lowered, schema);
  const root = compileConversions(lowered, schema, (options.unknownKeys ?? 'error') === 'error');
  return libraryCodec({
    format: 'protobuf',
    implementation: 'protobufjs',
    limits,
    checkShape: shapeCheck('protobuf', options.limits, limits, false),
    encode(payload) {
      let message: unknown;
      try {
        message = root.toLibrary(rootRecord(schema, payload));
      } catch (error) {
        throw refusalError(error);
      }
      const writer = type.encode(message as protobuf.Message);
      // Not finish(): it returns a view of a shared pool (in Node a Buffer, whose slice() is a view
      // too); the Codec gives bytes that own their whole buffer. The same one copy.
      return writer.finishInto(new Uint8Array(writer.pos));
    },
    decode: (bytes) => rootPayload(schema, root.fromLibrary(type.toObject(type.decode(bytes), PLAIN_DATA)) as Record<string, unknown>),
  });
}

/** toObject's conversion to the data wirebench returns: numbers, not Longs, and proto3 defaults filled in. */
const PLAIN_DATA: protobuf.IConversionOptions = { longs: Number, defaults: true };

// ---------------------------------------------------------------------------------------------
// The protobufjs types: the lowered schema as a descriptor

/** The root message's protobufjs type, loaded from the descriptor of the lowered schema. */
function libraryType({ schema: lowered, roles }: LoweredSchema, schema: Schema): protobuf.Type {
  const types: Record<string, protobuf.IType> = {};
  for (const message of lowered.messages) types[message.name] = typeDescriptor(message, roles.get(message.name) === 'dynamic');
  const path = schema.namespace.split('.').filter(Boolean);
  const descriptor = path.reduceRight<protobuf.INamespace>((inner, part) => ({ nested: { [part]: inner } }), { nested: types });
  try {
    return protobuf.Root.fromJSON(descriptor).lookupType([...path, schema.root].join('.'));
  } catch (error) {
    throw new WirebenchError(`protobufjs cannot load the schema: ${(error as Error).message}`, { format: 'protobuf', cause: error });
  }
}

/** One message as `toProto` prints it (see to-proto.ts `fieldDeclaration`). */
function typeDescriptor(message: MessageDef, dynamic: boolean): protobuf.IType {
  const fields: Record<string, protobuf.IField | protobuf.IMapField> = {};
  const oneofs: Record<string, protobuf.IOneOf> = {};
  for (const def of message.fields) {
    const { type } = def;
    const field: protobuf.IField & { keyType?: string } = { id: def.id, type: protoType(type.kind === 'list' || type.kind === 'map' ? type.of : type) };
    if (type.kind === 'list') field.rule = 'repeated';
    if (type.kind === 'map') field.keyType = 'string';
    // Explicit presence, as protobufjs's parser reads `optional` in proto3: the option and a synthetic oneof.
    if (type.kind === 'scalar' && (def.optional || def.nullable) && !dynamic) {
      field.options = { proto3_optional: true };
      oneofs[`_${def.name}`] = { oneof: [def.name] };
    }
    fields[def.name] = field;
  }
  if (dynamic) oneofs['kind'] = { oneof: message.fields.map((def) => def.name) };
  return Object.keys(oneofs).length > 0 ? { fields, oneofs } : { fields };
}

function protoType(type: TypeRef): string {
  if (type.kind === 'message') return type.name;
  if (type.kind === 'scalar') return type.scalar === 'float64' ? 'double' : type.scalar;
  return notLowered(`a ${type.kind} where protobuf needs a scalar or message`);
}

// ---------------------------------------------------------------------------------------------
// The walk: JSON data ↔ the plain objects protobufjs encodes and toObject returns

/** One value of a type both ways: JSON → what protobufjs's encode takes, and toObject's output → JSON. */
interface Conversion {
  toLibrary(value: unknown): unknown;
  fromLibrary(value: unknown): unknown;
}

interface FieldConversion {
  readonly def: FieldDef;
  readonly presence: 'required' | 'optional' | 'nullable';
  readonly value: Conversion;
}

const same = (value: unknown): unknown => value;

/** The JSON kind (`typeof`) of each scalar but bytes. */
const KINDS: Readonly<Record<Exclude<ScalarType, 'bytes'>, string>> = {
  bool: 'boolean',
  string: 'string',
  int32: 'number',
  int64: 'number',
  uint32: 'number',
  uint64: 'number',
  float64: 'number',
};

/** A scalar, checked for its JSON kind only: ranges and exactness are protobufjs's business. */
function scalarConversion(type: ScalarType): Conversion {
  const kind = type === 'bytes' ? undefined : KINDS[type];
  const fits = kind ? (value: unknown) => typeof value === kind : (value: unknown) => value instanceof Uint8Array;
  return {
    toLibrary: (value) => {
      if (!fits(value)) throw mismatch(type, value);
      return value;
    },
    fromLibrary: same,
  };
}

/** A list: an array of scalars goes to protobufjs (and comes from toObject) as it is, once checked. */
function listConversion(item: Conversion, scalar: boolean): Conversion {
  return {
    toLibrary: (value) => {
      if (!Array.isArray(value)) throw shapeMismatch('an array', value);
      let i = 0;
      try {
        if (scalar) {
          for (; i < value.length; i++) item.toLibrary(value[i]); // checks each
          return value;
        }
        const out = new Array<unknown>(value.length);
        for (; i < value.length; i++) out[i] = item.toLibrary(value[i]);
        return out;
      } catch (thrown) {
        if (thrown instanceof Refusal) thrown.keys.push(i);
        throw thrown;
      }
    },
    fromLibrary: scalar ? same : (value) => (value as unknown[]).map(item.fromLibrary),
  };
}

/** A JSON object used as a map, likewise; keys (`__proto__` too) become own properties of the objects built. */
function mapConversion(item: Conversion, scalar: boolean): Conversion {
  return {
    toLibrary: (value) => {
      if (!isPlainObject(value)) throw shapeMismatch('an object', value);
      let key = '';
      try {
        if (scalar) {
          for (key in value) item.toLibrary(value[key]); // checks each
          return value;
        }
        const out: Record<string, unknown> = {};
        for (key of Object.keys(value)) setOwn(out, key, item.toLibrary(value[key]));
        return out;
      } catch (thrown) {
        if (thrown instanceof Refusal) thrown.keys.push(key);
        throw thrown;
      }
    },
    fromLibrary: scalar
      ? same
      : (value) => {
          const from = value as Record<string, unknown>;
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(from)) setOwn(out, key, item.fromLibrary(from[key]));
          return out;
        },
  };
}

/**
 * A message of the schema's own: a JSON record ↔ the plain object keyed by wire names, each
 * present field converted, with the checks every schema codec makes (a plain object, no unknown
 * key, no missing one). A wrapped root adds no key to paths.
 */
function recordConversion(message: MessageDef, fields: readonly FieldConversion[], wrappedRoot: boolean, strictKeys: boolean): Conversion {
  const known = new Set(fields.map((field) => field.def.jsonName));
  // A key Object.prototype has (toString, constructor, …) would be inherited where the record lacks it.
  const inherited = (key: string): boolean => key in Object.prototype;
  const jsonRead = fields.map((field) => (inherited(field.def.jsonName) ? own : property));
  // toObject sets every field without presence (`defaults`), and the others only when present.
  const wireRead = fields.map((field) => (field.presence !== 'required' && inherited(field.def.name) ? own : property));
  const always = fields.flatMap((field, f) => (field.presence === 'optional' ? [] : [f]));
  const optional = fields.flatMap((field, f) => (field.presence === 'optional' ? [f] : []));
  // Object literals, one hidden class per message, both ways (see records.ts).
  const wireRecord: RecordFactory = recordFactory(fields.map((field) => field.def.name));
  const jsonRecord: RecordFactory = recordFactory(always.map((f) => (fields[f] as FieldConversion).def.jsonName));

  return {
    toLibrary(value) {
      if (!isPlainObject(value)) throw shapeMismatch(`an object (${message.name})`, value);
      const values = new Array<unknown>(fields.length);
      let present = 0;
      let f = 0;
      try {
        for (; f < fields.length; f++) {
          const field = fields[f] as FieldConversion;
          const x = (jsonRead[f] as typeof own)(value, field.def.jsonName);
          if (x === undefined) {
            if (Object.hasOwn(value, field.def.jsonName)) throw notJson(x);
            if (!field.def.optional) throw atRecord((path) => missingKey('protobuf', path, field.def));
            continue;
          }
          present++;
          // A null nullable field is left unset: explicit presence says null.
          if (x !== null || field.presence !== 'nullable') values[f] = field.value.toLibrary(x);
        }
      } catch (thrown) {
        if (thrown instanceof Refusal && !thrown.atRecord && !wrappedRoot) thrown.keys.push((fields[f] as FieldConversion).def.jsonName);
        throw thrown;
      }
      if (strictKeys && !keyCountIs(value, present)) throw new Refusal((path) => unknownKey('protobuf', path, value, known));
      return wireRecord(values);
    },
    fromLibrary(value) {
      const object = value as Record<string, unknown>;
      const values = new Array<unknown>(always.length);
      for (let i = 0; i < always.length; i++) {
        const f = always[i] as number;
        const field = fields[f] as FieldConversion;
        const x = (wireRead[f] as typeof own)(object, field.def.name);
        // toObject's defaults fill in every absent scalar, list and map: only a message can be missing.
        if (x != null) values[i] = field.value.fromLibrary(x);
        else if (field.presence === 'nullable') values[i] = null;
        else throw new WirebenchError(`a required ${message.name}.${field.def.name} message is missing`, { format: 'protobuf' });
      }
      const record = jsonRecord(values);
      for (const f of optional) {
        const field = fields[f] as FieldConversion;
        const x = (wireRead[f] as typeof own)(object, field.def.name);
        if (x != null) setOwn(record, field.def.jsonName, field.value.fromLibrary(x));
      }
      return record;
    },
  };
}

/**
 * A helper message: its adapter (schema/lower.ts) makes the record from the JSON value and reads
 * the value back from it. That record is ours, keyed by the helper's field names (its wire names
 * too), so its fields are converted in place, without a JSON record's checks; so is toObject's.
 */
function helperConversion(fields: readonly FieldConversion[], adapter: HelperAdapter): Conversion {
  const names = fields.map((field) => field.def.name);
  const values = fields.map((field) => field.value);
  return {
    toLibrary(value) {
      let record: Record<string, unknown>;
      try {
        record = adapter.toRecord(value, '');
      } catch {
        // Only the dynamic Value's adapter refuses anything: a value that is not JSON data.
        throw notJson(value);
      }
      for (let i = 0; i < names.length; i++) {
        const x = record[names[i] as string];
        if (x !== undefined) record[names[i] as string] = (values[i] as Conversion).toLibrary(x);
      }
      return record;
    },
    fromLibrary(value) {
      const record = value as Record<string, unknown>;
      for (let i = 0; i < names.length; i++) {
        const x = record[names[i] as string];
        if (x != null) record[names[i] as string] = (values[i] as Conversion).fromLibrary(x);
      }
      return adapter.fromRecord(record);
    },
  };
}

/** An own property only: a key such as `constructor` must not find Object.prototype's. */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Any property: where the key is not one of Object.prototype's, absent reads as undefined anyway. */
function property(object: Record<string, unknown>, key: string): unknown {
  return object[key];
}

/** Whether `present` is the record's number of keys: for-in allocates nothing; Object.keys settles a difference (for-in also sees inherited keys). */
function keyCountIs(record: Record<string, unknown>, present: number): boolean {
  let count = 0;
  for (const _ in record) count++;
  return count === present || Object.keys(record).length === present;
}

/** The conversion of the root message, every message's compiled from the lowered schema. */
function compileConversions({ schema: lowered, roles }: LoweredSchema, schema: Schema, strictKeys: boolean): Conversion {
  // Filled in below: messages refer to each other, and the dynamic Value to itself.
  const messages = new Map<string, Conversion>(lowered.messages.map((message) => [message.name, { toLibrary: same, fromLibrary: same }]));
  const conversion = (type: TypeRef): Conversion => {
    switch (type.kind) {
      case 'scalar':
        return scalarConversion(type.scalar);
      case 'message':
        return messages.get(type.name) ?? notLowered(`a reference to a missing message ${type.name}`);
      case 'list':
        return listConversion(conversion(type.of), type.of.kind === 'scalar');
      case 'map':
        return mapConversion(conversion(type.of), type.of.kind === 'scalar');
      case 'any':
        return notLowered('a dynamic value');
    }
  };
  for (const message of lowered.messages) {
    const fields = message.fields.map(
      (def): FieldConversion => ({ def, presence: def.nullable ? 'nullable' : def.optional ? 'optional' : 'required', value: conversion(def.type) }),
    );
    const adapter = helperAdapter(roles.get(message.name), 'protobuf');
    const wrappedRoot = schema.wrappedRoot === true && message.name === schema.root;
    Object.assign(
      messages.get(message.name) as Conversion,
      adapter ? helperConversion(fields, adapter) : recordConversion(message, fields, wrappedRoot, strictKeys),
    );
  }
  return messages.get(schema.root) as Conversion;
}

function notLowered(what: string): never {
  throw new WirebenchError(`the lowered schema still has ${what}, which protobuf cannot express`, { format: 'protobuf' });
}
