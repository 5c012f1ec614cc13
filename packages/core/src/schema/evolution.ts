/**
 * The rules of `inferSchema(sample, { base })`: a schema inferred on a base must read every byte
 * string the base wrote exactly, so wherever the samples no longer fit the base, inference stops
 * with a WirebenchError that names the position and both shapes instead of changing the layout.
 */
import { WirebenchError } from '../errors.js';
import { describeType } from './names.js';
import type { FieldDef, TypeRef } from './types.js';

/** What the samples say about one key of a message. */
export interface SampledField {
  readonly type: TypeRef;
  /** Some samples lack the key. */
  readonly optional: boolean;
  /** Some samples hold null there. */
  readonly nullable: boolean;
}

const OR_SHARE_A_NEW_SCHEMA = 'or infer without base and share the new schema with every peer';

/**
 * The base's field for a key it knows, unchanged, when the samples fit it; otherwise a refusal
 * naming `where` (message.field). The field is kept whole, type included (samples of a narrower
 * number keep the base's wider type), because any change of type or presence changes the wire layout.
 */
export function keepBaseField(where: string, sampled: SampledField, old: FieldDef): FieldDef {
  const presenceFits = (!sampled.optional || old.optional) && (!sampled.nullable || old.nullable || old.type.kind === 'any');
  if (presenceFits && fitsBase(sampled.type, old.type)) return old;
  const now = `${describeType(sampled.type)}${sampled.optional ? ', sometimes absent' : ''}${sampled.nullable ? ', sometimes null' : ''}`;
  const before = `${describeType(old.type)}${old.optional ? ', optional' : ''}${old.nullable ? ', nullable' : ''}`;
  throw new WirebenchError(
    `${where}: the samples hold ${now}, but the base schema has ${before}; keeping its field id would make old and new peers ` +
      `misread each other, so use a new key for the new shape (${OR_SHARE_A_NEW_SCHEMA})`,
  );
}

/**
 * A root that switches between a record and a wrapped value (an array, a scalar, null, an id-keyed
 * map): the two travel as different messages, so old bytes would be read as the other one.
 */
export function refuseRootSwitch(sampled: string, baseRoot: string): never {
  throw new WirebenchError(
    `root: the samples hold ${sampled}, but the base schema's root ${baseRoot}; old and new peers would misread each other's ` +
      `payloads, so keep the root the shape it was (${OR_SHARE_A_NEW_SCHEMA})`,
  );
}

/**
 * Whether values inferred as `sampled` can be written as the base's type `base` unchanged. A sampled
 * message fits a base message: it was built field by field against it (see SchemaBuilder.message).
 */
function fitsBase(sampled: TypeRef, base: TypeRef): boolean {
  if (base.kind === 'any') return true;
  if (sampled.kind !== base.kind) return false;
  switch (sampled.kind) {
    case 'scalar': {
      const wanted = (base as typeof sampled).scalar;
      if (sampled.scalar === wanted) return true;
      // Integers fit a wider integer or a double: the field keeps the base's type, so the wire does not change.
      const rank: Readonly<Record<string, number | undefined>> = { int32: 1, int64: 2, float64: 3 };
      const from = rank[sampled.scalar];
      const to = rank[wanted];
      return from !== undefined && to !== undefined && from <= to;
    }
    case 'message':
      return true;
    case 'list':
    case 'map':
      return fitsBase(sampled.of, (base as typeof sampled).of);
  }
}
