import type { Schema, TypeRef } from '../schema/types.js';
import { ROOT_VALUE_FIELD } from '../schema/types.js';

/**
 * What the schema says about a position, for the walks of the schemaless formats (JSON, msgpack,
 * CBOR): only whether an object there is a map, so that their paths generalise map members to `.*`
 * exactly where the protobuf and FlatBuffers walks (driven by the same schema) do, and the paths of
 * every format agree. A position the schema does not describe (a key it lacks, an `any`, a scalar)
 * has no type: below it, only array indices are generalised, as in the schema formats' `Value`.
 */
export class SchemaPaths {
  private readonly fields = new Map<string, Map<string, TypeRef>>();

  constructor(private readonly schema: Schema | undefined) {
    for (const message of schema?.messages ?? []) {
      this.fields.set(message.name, new Map(message.fields.map((field) => [field.jsonName, field.type])));
    }
  }

  /** The type of the payload itself. */
  root(): TypeRef | undefined {
    const schema = this.schema;
    if (!schema) return undefined;
    if (schema.wrappedRoot) return this.fields.get(schema.root)?.get(ROOT_VALUE_FIELD);
    return { kind: 'message', name: schema.root };
  }

  /** The type of member `key` of an object of type `type` (a map's value type, or a message's field type). */
  member(type: TypeRef | undefined, key: string): TypeRef | undefined {
    if (type === undefined) return undefined;
    if (type.kind === 'map') return type.of;
    if (type.kind === 'message') return this.fields.get(type.name)?.get(key);
    return undefined;
  }

  /** The type of an element of an array of type `type`. */
  element(type: TypeRef | undefined): TypeRef | undefined {
    return type?.kind === 'list' ? type.of : undefined;
  }
}

/** Whether an object of this type is a map (its members' paths are `.*`). */
export function isMap(type: TypeRef | undefined): boolean {
  return type?.kind === 'map';
}
