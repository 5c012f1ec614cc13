import protobuf from 'protobufjs';
import { ownedBytes } from '../bytes.js';
import type { Codec } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { WirebenchError, assertBytes, wrapError } from '../errors.js';
import { setOwn } from '../json-data.js';
import type { LoweredSchema } from '../schema/lower.js';
import { PROTOBUF_RULES, helperAdapter, lowerSchema } from '../schema/lower.js';
import { toProto } from '../schema/to-proto.js';
import { generate, literalKey } from '../schema/records.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from '../schema/types.js';
import { findMessage, rootPayload, rootRecord } from '../schema/types.js';
import { describeValue, isPlainObject, missingKey, scalarMismatch, schemaMismatch } from '../schema/values.js';

type Converter = (value: unknown, path: string) => unknown;

interface FieldConverter {
  readonly field: FieldDef;
  readonly toWire: Converter;
  readonly fromWire: Converter;
  /** Explicit presence: absent on the wire means absent (optional) or null (nullable) in JSON. */
  readonly tracksPresence: boolean;
}

/**
 * Protobuf via protobufjs, built at run time from `toProto(schema)`. Converters compiled from the
 * schema map JSON keys to wire names on the way in (checking every value against its field type,
 * since protobufjs would silently write a wrong-typed value) and back to plain JSON data on the
 * way out (Long → number, Buffer → Uint8Array, absent optional fields left absent).
 */
export function protobufCodec(schema: Schema): Codec {
  findMessage(schema, schema.root);
  let rootType: protobuf.Type;
  try {
    rootType = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
  } catch (error) {
    throw wrapError('protobuf', 'building the codec from the schema', error);
  }
  const root = compileMessages(lowerSchema(schema, PROTOBUF_RULES)).get(schema.root) as MessageConverter;
  return {
    format: 'protobuf',
    mediaType: MEDIA_TYPES.protobuf,
    encode(value) {
      try {
        return ownedBytes(rootType.encode(root.toWire(rootRecord(schema, value), '$') as Record<string, unknown>).finish());
      } catch (error) {
        throw wrapError('protobuf', 'encode', error);
      }
    },
    decode(bytes) {
      assertBytes('protobuf', bytes);
      try {
        return rootPayload(schema, root.fromWire(rootType.decode(bytes), '$') as Record<string, unknown>);
      } catch (error) {
        throw wrapError('protobuf', 'decode', error);
      }
    },
  };
}

interface MessageConverter {
  toWire: Converter;
  fromWire: Converter;
}

function compileMessages({ schema, roles }: LoweredSchema): Map<string, MessageConverter> {
  const converters = new Map<string, MessageConverter>();
  // Every message gets its converter object first, so recursive message types can refer to each other.
  for (const message of schema.messages) converters.set(message.name, { toWire: unset, fromWire: unset });
  const typeConverter = (type: TypeRef): { toWire: Converter; fromWire: Converter } => {
    switch (type.kind) {
      case 'scalar': {
        const scalar = type.scalar;
        const toWire: Converter = (value, path) => {
          const mismatch = scalarMismatch(scalar, value);
          if (mismatch) throw schemaMismatch('protobuf', path, mismatch);
          return value;
        };
        const fromWire: Converter =
          scalar === 'int64' || scalar === 'uint64' ? longToNumber : scalar === 'bytes' ? plainBytes : identity;
        return { toWire, fromWire };
      }
      case 'message': {
        const target = converters.get(type.name);
        if (!target) throw new WirebenchError(`schema refers to a missing message ${type.name}`, { format: 'protobuf' });
        return { toWire: (v, p) => target.toWire(v, p), fromWire: (v, p) => target.fromWire(v, p) };
      }
      case 'list': {
        const element = typeConverter(type.of);
        return {
          toWire: (value, path) => {
            if (!Array.isArray(value)) throw mismatch(path, 'an array', value);
            return value.map((item, i) => element.toWire(item, `${path}[${i}]`));
          },
          // protobufjs hands out a fresh array per decode: lists that need no conversion are returned as they are.
          fromWire: element.fromWire === identity ? identity : (value, path) => (value as unknown[]).map((item) => element.fromWire(item, path)),
        };
      }
      case 'map': {
        const entry = typeConverter(type.of);
        const mapValues = (convert: Converter) => (value: unknown, path: string) => {
          const out: Record<string, unknown> = {};
          for (const [key, item] of Object.entries(value as Record<string, unknown>)) setOwn(out, key, convert(item, `${path}.${key}`));
          return out;
        };
        const toWire = mapValues(entry.toWire);
        return {
          toWire: (value, path) => {
            if (!isPlainObject(value)) throw mismatch(path, 'an object', value);
            return toWire(value, path);
          },
          fromWire: mapValues(entry.fromWire),
        };
      }
      case 'any':
        throw new WirebenchError('the lowered schema still has a dynamic (any) type', { format: 'protobuf' });
    }
  };
  for (const message of schema.messages) {
    const fields: FieldConverter[] = message.fields.map((field) => ({
      field,
      ...typeConverter(field.type),
      tracksPresence: field.optional || field.nullable,
    }));
    const target = converters.get(message.name) as MessageConverter;
    const toWire: Converter = (value, path) => {
      if (!isPlainObject(value)) throw mismatch(path, `an object (${message.name})`, value);
      const wire: Record<string, unknown> = {};
      for (const { field, toWire } of fields) {
        const item = Object.hasOwn(value, field.jsonName) ? value[field.jsonName] : undefined;
        if (item === undefined) {
          if (!field.optional) throw missingKey('protobuf', path, field);
          continue;
        }
        // A nullable field is null exactly when it is absent on the wire.
        if (item === null && field.nullable) continue;
        wire[field.name] = toWire(item, `${path}.${field.jsonName}`);
      }
      return wire;
    };
    const fromWire = generatedFromWire(message, fields);
    if (!fromWire) {
      // protobufjs itself generates its encoders and decoders: the codec cannot work without eval.
      throw new WirebenchError("the page's Content-Security-Policy forbids generated code, which protobufjs needs ('unsafe-eval')", {
        format: 'protobuf',
      });
    }
    const adapter = helperAdapter(roles.get(message.name), 'protobuf');
    target.toWire = adapter ? (value, path) => toWire(adapter.toRecord(value, path), path) : toWire;
    target.fromWire = adapter ? (value, path) => adapter.fromRecord(fromWire(value, path) as Record<string, unknown>) : fromWire;
  }
  return converters;
}

const missingMessage = (message: MessageDef) => (path: string) => schemaMismatch('protobuf', path, `the ${message.name} message is missing`);

/**
 * JSON data from a decoded protobufjs message, by code generated for this message: literal keys,
 * so the record is built as one object literal (see schema/records.ts) and every property access
 * is monomorphic. Fields with presence are added after the others.
 */
function generatedFromWire(message: MessageDef, fields: readonly FieldConverter[]): Converter | undefined {
  const always = fields.flatMap((f, i) => (f.tracksPresence ? [] : [`${literalKey(f.field.jsonName)}: c${i}(w[${JSON.stringify(f.field.name)}], p)`]));
  const tracked = fields.flatMap((f, i) => {
    if (!f.tracksPresence) return [];
    const name = JSON.stringify(f.field.name);
    const key = JSON.stringify(f.field.jsonName);
    const absent = f.field.nullable ? ` else setOwn(o, ${key}, null);` : '';
    return [`x = w[${name}]; if (x !== null && x !== undefined && hasOwn(w, ${name})) setOwn(o, ${key}, c${i}(x, p));${absent}`];
  });
  const body = `return function fromWire(w, p) {
  if (w === null || w === undefined) throw missing(p);
  const o = { ${always.join(', ')} };
  let x;
  ${tracked.join('\n  ')}
  return o;
};`;
  const converters = fields.map((_, i) => `c${i}`);
  return generate<Converter>(['missing', 'setOwn', 'hasOwn', ...converters], body, missingMessage(message), setOwn, Object.hasOwn, ...fields.map((f) => f.fromWire));
}

function unset(): never {
  throw new Error('converter used before it was compiled');
}

const identity: Converter = (value) => value;

/** protobufjs yields int64 as a Long (when the long package is present) or a number. */
const longToNumber: Converter = (value) =>
  typeof value === 'number' ? value : (value as { toNumber(): number }).toNumber();

const plainBytes: Converter = (value) => {
  const bytes = value as Uint8Array;
  // A copy: a view would change whenever the caller reuses the input buffer.
  return new Uint8Array(bytes);
};

function mismatch(path: string, expected: string, value: unknown): WirebenchError {
  return schemaMismatch('protobuf', path, `expected ${expected}, got ${describeValue(value)}`);
}
