import protobuf from 'protobufjs';
import { ownedBytes } from '../bytes.js';
import type { Codec, SchemaCodecOptions } from '../codec.js';
import { MEDIA_TYPES } from '../codec.js';
import { WirebenchError, assertBytes, wrapError } from '../errors.js';
import { childPath } from '../fidelity.js';
import { assertEncodable, setOwn } from '../json-data.js';
import type { Limits } from '../limits.js';
import { checkByteLength, limitExceeded, resolveLimits, stringTooLong } from '../limits.js';
import type { LoweredSchema } from '../schema/lower.js';
import { PROTOBUF_RULES, helperAdapter, lowerSchema } from '../schema/lower.js';
import { toProto } from '../schema/to-proto.js';
import { generate, literalKey } from '../schema/records.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from '../schema/types.js';
import { findMessage, rootPayload, rootRecord } from '../schema/types.js';
import { checkKnownKeys, describeValue, finiteDouble, int64InRange, recordLimits, isPlainObject, missingKey, scalarMismatch, schemaMismatch } from '../schema/values.js';

/** JSON data → the record protobufjs writes; `path` names the value in errors. */
type ToWire = (value: unknown, path: string) => unknown;
/** A decoded protobufjs value → JSON data; `depth` is the JSON nesting level of the value (the payload is 1). */
type FromWire = (value: unknown, depth: number) => unknown;

interface FieldConverter {
  readonly field: FieldDef;
  readonly toWire: ToWire;
  readonly fromWire: FromWire;
  /** Explicit presence: absent on the wire means absent (optional) or null (nullable) in JSON. */
  readonly tracksPresence: boolean;
  /** What the field adds to a JSON path (`.name` or `["odd key"]`). */
  readonly pathStep: string;
}

/**
 * Protobuf via protobufjs, built at run time from `toProto(schema)`. Converters compiled from the
 * schema map JSON keys to wire names on the way in (checking every value against its field type,
 * since protobufjs would silently write a wrong-typed value, and refusing keys the schema does not
 * know) and back to plain JSON data on the way out (Long → number, Buffer → Uint8Array, absent
 * optional fields left absent), within the codec's limits both ways.
 */
export function protobufCodec(schema: Schema, options: SchemaCodecOptions = {}): Codec {
  findMessage(schema, schema.root);
  const limits = resolveLimits(options.limits, 'protobuf');
  let rootType: protobuf.Type;
  try {
    rootType = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
  } catch (error) {
    throw wrapError('protobuf', 'building the codec from the schema', error);
  }
  const settings: Settings = { limits, strictKeys: (options.unknownKeys ?? 'error') === 'error', transparentRoot: schema.wrappedRoot ? schema.root : undefined };
  const root = compileMessages(lowerSchema(schema, PROTOBUF_RULES), settings).get(schema.root) as MessageConverter;
  return {
    format: 'protobuf',
    mediaType: MEDIA_TYPES.protobuf,
    encode(value) {
      let bytes: Uint8Array;
      try {
        assertEncodable(value, 'protobuf', limits);
        bytes = ownedBytes(rootType.encode(root.toWire(rootRecord(schema, value), '$') as Record<string, unknown>).finish());
      } catch (error) {
        throw wrapError('protobuf', 'encode', messageDepth(error));
      }
      checkByteLength('protobuf', limits, bytes.length);
      return bytes;
    },
    decode(bytes) {
      assertBytes('protobuf', bytes);
      checkByteLength('protobuf', limits, bytes.length);
      try {
        return rootPayload(schema, root.fromWire(rootType.decode(bytes), 1) as Record<string, unknown>);
      } catch (error) {
        throw wrapError('protobuf', 'decode', messageDepth(error));
      }
    },
  };
}

/**
 * protobufjs refuses messages nested more than 100 deep, both ways, as protoc and the other protobuf
 * runtimes do by default; JSON nesting costs one or two messages per level (helper messages).
 */
function messageDepth(error: unknown): unknown {
  if (!(error instanceof Error) || error.message !== 'max depth exceeded') return error;
  return new WirebenchError(
    `the data nests more than ${protobuf.util.recursionLimit} messages deep, the protobuf recursion limit that protoc and other readers share ` +
      '(each level of JSON nesting takes one or two messages)',
    { format: 'protobuf', cause: error },
  );
}

interface Settings {
  readonly limits: Limits;
  /** Refuse keys the schema does not know (`unknownKeys: 'error'`). */
  readonly strictKeys: boolean;
  /** The wrapped root message, which stands for its `value` rather than for a JSON object. */
  readonly transparentRoot: string | undefined;
}

interface MessageConverter {
  toWire: ToWire;
  fromWire: FromWire;
}

function compileMessages({ schema, roles }: LoweredSchema, { limits, strictKeys, transparentRoot }: Settings): Map<string, MessageConverter> {
  const converters = new Map<string, MessageConverter>();
  // Every message gets its converter object first, so recursive message types can refer to each other.
  for (const message of schema.messages) converters.set(message.name, { toWire: unset, fromWire: unset });
  const tooDeep = (depth: number) => limitExceeded('protobuf', 'maxDepth', limits.maxDepth, `nesting level ${depth}`);
  const tooLong = (length: number) => limitExceeded('protobuf', 'maxCollectionLength', limits.maxCollectionLength, `a collection of ${length}`);
  const typeConverter = (type: TypeRef): { toWire: ToWire; fromWire: FromWire } => {
    switch (type.kind) {
      case 'scalar': {
        const scalar = type.scalar;
        const toWire: ToWire = (value, path) => {
          const mismatch = scalarMismatch(scalar, value);
          if (mismatch) throw schemaMismatch('protobuf', path, mismatch);
          return value;
        };
        const fromWire: FromWire =
          scalar === 'int64' || scalar === 'uint64'
            ? longToNumber
            : scalar === 'bytes'
              ? plainBytes
              : scalar === 'float64'
                ? finiteNumber
                : scalar === 'string'
                ? (value) => {
                    if (stringTooLong(value as string, limits)) throw limitExceeded('protobuf', 'maxStringLength', limits.maxStringLength, 'a string');
                    return value;
                  }
                : identity;
        return { toWire, fromWire };
      }
      case 'message': {
        const target = converters.get(type.name);
        if (!target) throw new WirebenchError(`schema refers to a missing message ${type.name}`, { format: 'protobuf' });
        return { toWire: (v, p) => target.toWire(v, p), fromWire: (v, d) => target.fromWire(v, d) };
      }
      case 'list': {
        const element = typeConverter(type.of);
        return {
          toWire: (value, path) => {
            if (!Array.isArray(value)) throw mismatch(path, 'an array', value);
            return value.map((item, i) => element.toWire(item, `${path}[${i}]`));
          },
          fromWire: (value, depth) => {
            const items = value as unknown[];
            if (depth > limits.maxDepth) throw tooDeep(depth);
            if (items.length > limits.maxCollectionLength) throw tooLong(items.length);
            // protobufjs hands out a fresh array per decode: lists that need no conversion are returned as they are.
            if (element.fromWire === identity) return items;
            if (element.fromWire === finiteNumber) {
              for (let i = 0; i < items.length; i++) finiteNumber(items[i], depth);
              return items;
            }
            const out = new Array<unknown>(items.length);
            for (let i = 0; i < items.length; i++) out[i] = element.fromWire(items[i], depth + 1);
            return out;
          },
        };
      }
      case 'map': {
        const entry = typeConverter(type.of);
        return {
          toWire: (value, path) => {
            if (!isPlainObject(value)) throw mismatch(path, 'an object', value);
            const out: Record<string, unknown> = {};
            for (const [key, item] of Object.entries(value)) setOwn(out, key, entry.toWire(item, childPath(path, key)));
            return out;
          },
          fromWire: (value, depth) => {
            const entries = Object.entries(value as Record<string, unknown>);
            if (depth > limits.maxDepth) throw tooDeep(depth);
            if (entries.length > limits.maxCollectionLength) throw tooLong(entries.length);
            const out: Record<string, unknown> = {};
            for (const [key, item] of entries) {
              if (stringTooLong(key, limits)) throw limitExceeded('protobuf', 'maxStringLength', limits.maxStringLength, 'a key');
              setOwn(out, key, entry.fromWire(item, depth + 1));
            }
            return out;
          },
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
      pathStep: childPath('', field.jsonName),
    }));
    const known = new Set(message.fields.map((field) => field.jsonName));
    const target = converters.get(message.name) as MessageConverter;
    const role = roles.get(message.name);
    // Helper messages and a wrapped root stand for the JSON value they hold, not for an object of their
    // own: they add no nesting level and no key to error paths.
    const transparent = role !== undefined || message.name === transparentRoot;
    const toWire: ToWire = (value, path) => {
      if (!isPlainObject(value)) throw mismatch(path, `an object (${message.name})`, value);
      const wire: Record<string, unknown> = {};
      let present = 0;
      for (const { field, toWire, pathStep } of fields) {
        const item = Object.hasOwn(value, field.jsonName) ? value[field.jsonName] : undefined;
        if (item === undefined) {
          if (!field.optional) throw missingKey('protobuf', path, field);
          continue;
        }
        present++;
        // A nullable field is null exactly when it is absent on the wire.
        if (item === null && field.nullable) continue;
        wire[field.name] = toWire(item, transparent ? path : path + pathStep);
      }
      if (strictKeys) checkKnownKeys('protobuf', path, value, known, present);
      return wire;
    };
    const fromWire = generatedFromWire(message, fields, transparent ? undefined : limits.maxDepth, tooDeep);
    if (!fromWire) {
      // protobufjs itself generates its encoders and decoders: the codec cannot work without eval.
      throw new WirebenchError("the page's Content-Security-Policy forbids generated code, which protobufjs needs ('unsafe-eval')", {
        format: 'protobuf',
      });
    }
    const adapter = helperAdapter(role, 'protobuf');
    const checkRecord = transparent ? undefined : recordLimits('protobuf', message, limits);
    const readRecord: FromWire = checkRecord
      ? (value, depth) => {
          const record = fromWire(value, depth) as Record<string, unknown>;
          checkRecord(record);
          return record;
        }
      : fromWire;
    target.toWire = adapter ? (value, path) => toWire(adapter.toRecord(value, path), path) : toWire;
    target.fromWire = adapter ? (value, depth) => adapter.fromRecord(fromWire(value, depth) as Record<string, unknown>) : readRecord;
  }
  return converters;
}

const missingMessage = (message: MessageDef) => () => new WirebenchError(`a required ${message.name} message is missing`, { format: 'protobuf' });

/**
 * JSON data from a decoded protobufjs message, by code generated for this message: literal keys,
 * so the record is built as one object literal (see schema/records.ts) and every property access
 * is monomorphic. Fields with presence are added after the others. A message that is a JSON
 * object (`maxDepth` set) checks its depth and puts its fields one level deeper.
 */
function generatedFromWire(
  message: MessageDef,
  fields: readonly FieldConverter[],
  maxDepth: number | undefined,
  tooDeep: (depth: number) => WirebenchError,
): FromWire | undefined {
  const always = fields.flatMap((f, i) => (f.tracksPresence ? [] : [`${literalKey(f.field.jsonName)}: c${i}(w[${JSON.stringify(f.field.name)}], d)`]));
  const tracked = fields.flatMap((f, i) => {
    if (!f.tracksPresence) return [];
    const name = JSON.stringify(f.field.name);
    const key = JSON.stringify(f.field.jsonName);
    const absent = f.field.nullable ? ` else setOwn(o, ${key}, null);` : '';
    return [`x = w[${name}]; if (x !== null && x !== undefined && hasOwn(w, ${name})) setOwn(o, ${key}, c${i}(x, d));${absent}`];
  });
  const depthCheck = maxDepth === undefined ? 'const d = depth;' : `if (depth > ${maxDepth}) throw tooDeep(depth);\n  const d = depth + 1;`;
  const body = `return function fromWire(w, depth) {
  if (w === null || w === undefined) throw missing();
  ${depthCheck}
  const o = { ${always.join(', ')} };
  let x;
  ${tracked.join('\n  ')}
  return o;
};`;
  const converters = fields.map((_, i) => `c${i}`);
  return generate<FromWire>(
    ['missing', 'tooDeep', 'setOwn', 'hasOwn', ...converters],
    body,
    missingMessage(message),
    tooDeep,
    setOwn,
    Object.hasOwn,
    ...fields.map((f) => f.fromWire),
  );
}

function unset(): never {
  throw new Error('converter used before it was compiled');
}

const identity: FromWire = (value) => value;

const finiteNumber: FromWire = (value) => finiteDouble('protobuf', value as number);

/**
 * protobufjs yields int64 as a Long (when the long package is present) or a number. Past 2^53 this
 * is the nearest double, the same rounding JSON.parse applies to the same digits (protoc and flatc
 * fed JSON text write the decimal value, which our encoders never need).
 */
const longToNumber: FromWire = (value) => {
  if (typeof value === 'number') return value;
  const long = value as { toNumber(): number; unsigned: boolean };
  return int64InRange('protobuf', long.toNumber(), long.unsigned);
};

const plainBytes: FromWire = (value) => {
  const bytes = value as Uint8Array;
  // A copy: a view would change whenever the caller reuses the input buffer.
  return new Uint8Array(bytes);
};

function mismatch(path: string, expected: string, value: unknown): WirebenchError {
  return schemaMismatch('protobuf', path, `expected ${expected}, got ${describeValue(value)}`);
}
