import { WirebenchError } from '../../errors.js';
import { notJsonScalar } from '../../json-data.js';
import type { Limits } from '../../limits.js';
import { limitExceeded, recordCost, tooManyValues } from '../../limits.js';
import { Refusal } from '../../refusal.js';
import type { HelperRole, LoweredSchema } from '../../schema/lower.js';
import type { FieldDef, ScalarType } from '../../schema/types.js';
import { recordLimits } from '../../schema/values.js';
import { LENGTH_DELIMITED } from './reader.js';
import type { ScalarWires } from './scalars.js';

/**
 * The lowered schema compiled for the protobuf codecs: per message its fields with their tags,
 * shapes and presence. Both the generated code (generate.ts) and the interpreter that pages whose
 * CSP forbids generated code use (interpret.ts) run on these plans, so they write the same bytes.
 */
export interface FieldPlan {
  readonly def: FieldDef;
  /** The JSON key. */
  readonly key: string;
  readonly shape: 'single' | 'list' | 'map';
  /** The scalar type of the value (or of the list element or map value); undefined for messages. */
  readonly scalar: ScalarType | undefined;
  /** The index of the message plan of the value (or element, or map value); -1 for scalars. */
  readonly message: number;
  /** required: always present; optional: absent stays absent; nullable: null is absent on the wire. */
  readonly presence: 'required' | 'optional' | 'nullable';
  /** The tag of one value (of one element, or of one map entry). */
  readonly tag: number;
  /** A packed list's tag (proto3 packs repeated numeric scalars); -1 otherwise. */
  readonly packedTag: number;
  /** The tag of the value inside a map entry; -1 outside maps. */
  readonly entryValueTag: number;
}

export interface MessagePlan {
  readonly index: number;
  readonly name: string;
  readonly role: HelperRole | undefined;
  /** Helper messages and a wrapped root stand for the JSON value they hold: no nesting level, no key in paths. */
  readonly transparent: boolean;
  /** In the schema's order: the order of keys in decoded records. */
  readonly fields: readonly FieldPlan[];
  /** In field-number order: the order encoders write (as protoc and protobufjs do), whatever order the schema lists them in. */
  readonly fieldsById: readonly FieldPlan[];
  readonly known: ReadonlySet<string>;
  /** What one decode of this message charges to the value budget (limits.ts `recordCost`): itself and each field, read or default. */
  readonly cost: number;
  /** Record limits for tight `maxCollectionLength` / `maxStringLength` settings (usually undefined). */
  readonly checkRecord: ((record: Record<string, unknown>) => void) | undefined;
}

export interface Plans {
  readonly messages: readonly MessagePlan[];
  readonly root: number;
  readonly limits: Limits;
  readonly strictKeys: boolean;
  readonly scalars: ScalarWires;
}

/** protobufjs, protoc and the other runtimes refuse messages nested deeper than this; so do we, both ways. */
export const RECURSION_LIMIT = 100;

export function compilePlans(
  { schema, roles }: LoweredSchema,
  root: string,
  transparentRoot: string | undefined,
  limits: Limits,
  strictKeys: boolean,
  scalars: ScalarWires,
): Plans {
  const indexes = new Map(schema.messages.map((m, i) => [m.name, i]));
  const messageIndex = (name: string): number => {
    const index = indexes.get(name);
    if (index === undefined) throw new WirebenchError(`the schema refers to a missing message ${name}`, { format: 'protobuf' });
    return index;
  };
  const messages = schema.messages.map((message, index): MessagePlan => {
    const role = roles.get(message.name);
    const fields = message.fields.map((def): FieldPlan => {
      const type = def.type;
      const shape = type.kind === 'list' ? 'list' : type.kind === 'map' ? 'map' : 'single';
      const valueType = type.kind === 'list' || type.kind === 'map' ? type.of : type;
      if (valueType.kind !== 'scalar' && valueType.kind !== 'message') {
        throw new WirebenchError(`field ${def.name} of ${message.name} was not lowered for protobuf`, { format: 'protobuf' });
      }
      const scalar = valueType.kind === 'scalar' ? valueType.scalar : undefined;
      const wireType = scalar ? scalars[scalar].wireType : LENGTH_DELIMITED;
      const tagOf = (wire: number) => def.id * 8 + wire;
      return {
        def,
        key: def.jsonName,
        shape,
        scalar,
        message: valueType.kind === 'message' ? messageIndex(valueType.name) : -1,
        presence: def.nullable ? 'nullable' : def.optional ? 'optional' : 'required',
        tag: tagOf(shape === 'map' ? LENGTH_DELIMITED : wireType),
        packedTag: shape === 'list' && scalar && scalars[scalar].packed ? tagOf(LENGTH_DELIMITED) : -1,
        entryValueTag: shape === 'map' ? 2 * 8 + wireType : -1,
      };
    });
    const transparent = role !== undefined || message.name === transparentRoot;
    return {
      index,
      name: message.name,
      role,
      transparent,
      fields,
      fieldsById: [...fields].sort((a, b) => a.def.id - b.def.id),
      known: new Set(message.fields.map((f) => f.jsonName)),
      cost: recordCost(fields.length, fields.filter((f) => f.shape === 'list').length, fields.filter((f) => f.shape === 'map').length),
      checkRecord: transparent ? undefined : recordLimits('protobuf', message, limits),
    };
  });
  return { messages, root: messageIndex(root), limits, strictKeys, scalars };
}

/** Errors shared by the generated and the interpreted codecs. */
export function planErrors(limits: Limits) {
  return {
    tooDeep: (depth: number) => new Refusal((path) => limitExceeded('protobuf', 'maxDepth', limits.maxDepth, `nesting level ${depth}`, path)),
    tooLong: (length: number) =>
      new Refusal((path) => limitExceeded('protobuf', 'maxCollectionLength', limits.maxCollectionLength, `a collection of ${length}`, path)),
    keyTooLong: () => new Refusal((path) => limitExceeded('protobuf', 'maxStringLength', limits.maxStringLength, 'a key', path)),
    /** A decode that ran out of its value budget (the reader's input decides the budget). */
    overBudget: (r: { readonly bytes: Uint8Array }) => tooManyValues('protobuf', limits, r.bytes.length),
  };
}

/** Nested past RECURSION_LIMIT messages (each JSON level takes one or two). */
export function tooManyMessages(): Refusal {
  return new Refusal(
    (path) =>
      new WirebenchError(
        `${path ? `${path}: ` : ''}the data nests more than ${RECURSION_LIMIT} messages deep, the protobuf recursion limit that protoc and other readers share ` +
          '(each level of JSON nesting takes one or two messages)',
        { format: 'protobuf' },
      ),
  );
}

/** A value that is not JSON data (undefined, NaN, a Date, a class instance…). */
export function notJson(value: unknown): Refusal {
  return new Refusal((path) => notEncodable(path, notJsonScalar(value) ?? 'a value that is not JSON data'));
}

export function notEncodable(path: string, what: string): WirebenchError {
  return new WirebenchError(`${path} holds ${what}, which this format cannot encode exactly`, { format: 'protobuf' });
}
