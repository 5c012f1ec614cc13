import { WirebenchError } from '../../errors.js';
import { recordCost } from '../../limits.js';
import type { HelperRole } from '../../schema/lower.js';
import { FLATBUFFERS_RULES, lowerSchema } from '../../schema/lower.js';
import type { FieldDef, MessageDef, Schema, TypeRef } from '../../schema/types.js';
import type { InlineScalar } from './scalars.js';
import { isInline, SCALAR_SIZE } from './scalars.js';
import { checkValueMessage } from './value.js';

/** vtable entries are 16-bit offsets into the vtable: slots beyond this cannot be addressed. */
const MAX_FIELD_ID = 1024;

/**
 * Where a table's fields get their values from what the table stands for:
 * - `record`: a JSON object, one key per field;
 * - `self`: the value itself is the one field (box helpers, the wrapped root);
 * - `nonNull`: the value itself, absent when null (nullable helpers);
 * - `entry`: a map entry, whose key and value are passed separately.
 * Dynamic `Value` tables have a hand-written writer and reader (value.ts).
 */
export type Access = 'record' | 'self' | 'nonNull' | 'entry';

export interface ShapeField {
  readonly def: FieldDef;
  /** Position in the message's field list: its bit in the presence mask, its order among children. */
  readonly index: number;
  readonly slot: number;
  /** Bytes in the table: inline scalars their size, everything else a 4-byte uoffset. */
  readonly size: 1 | 4 | 8;
  readonly scalar: InlineScalar | undefined;
}

/**
 * A table's layout rules, shared by the interpreted and the generated encoders so both give the same
 * bytes: after the soffset come the present fields by size (8, 4, then 1 bytes; in field order
 * within a size), so no padding is needed inside; the vtable covers every slot of the message.
 */
export interface TableShape {
  readonly message: MessageDef;
  readonly access: Access;
  /** Stands for a value held in a field (helpers, map entries, the wrapped root): no JSON level or path step of its own. */
  readonly transparent: boolean;
  readonly fields: readonly ShapeField[];
  readonly layoutOrder: readonly ShapeField[];
  readonly slotCount: number;
  /**
   * What reading one such table charges to the value budget (limits.ts `recordCost`): the record
   * and each field, read or default. Map entries charge nothing: their map reads them, a string
   * and a value each, under the reader's byte budget.
   */
  readonly cost: number;
}

export function tableShape(message: MessageDef, access: Access, transparent: boolean): TableShape {
  const fields = message.fields.map((def, index): ShapeField => {
    if (!Number.isInteger(def.id) || def.id < 1 || def.id > MAX_FIELD_ID) {
      throw new WirebenchError(`field ${def.name} has id ${def.id}; FlatBuffers tables here take ids 1–${MAX_FIELD_ID}`, { format: 'flatbuffers' });
    }
    const type = def.type;
    const scalar = type.kind === 'scalar' && isInline(type.scalar) ? type.scalar : undefined;
    return { def, index, slot: def.id - 1, size: scalar ? SCALAR_SIZE[scalar] : 4, scalar };
  });
  const layoutOrder = [...fields].sort((a, b) => b.size - a.size || a.index - b.index);
  const slotCount = fields.reduce((max, f) => Math.max(max, f.slot + 1), 0);
  const count = (kind: TypeRef['kind']) => fields.filter((f) => f.def.type.kind === kind).length;
  const cost = access === 'entry' ? 0 : recordCost(fields.length, count('list'), count('map'));
  return { message, access, transparent, fields, layoutOrder, slotCount, cost };
}

/** The shape of every table of the schema lowered for FlatBuffers, by message name ('dynamic' for the Value table). */
export function tableShapes(schema: Schema): Map<string, TableShape | 'dynamic'> {
  const { schema: lowered, roles } = lowerSchema(schema, FLATBUFFERS_RULES);
  const shapes = new Map<string, TableShape | 'dynamic'>();
  for (const message of lowered.messages) {
    const role = roles.get(message.name);
    if (role === 'dynamic') {
      checkValueMessage(message);
      shapes.set(message.name, 'dynamic');
    } else {
      const wrapped = schema.wrappedRoot === true && message.name === schema.root;
      shapes.set(message.name, tableShape(message, accessFor(role, wrapped), role !== undefined || wrapped));
    }
  }
  return shapes;
}

/** How each role's table reaches its fields. */
export function accessFor(role: HelperRole | undefined, wrappedRoot: boolean): Access {
  if (role === 'nullable') return 'nonNull';
  return role === 'box' || wrappedRoot ? 'self' : 'record';
}

/**
 * The value a table's field holds, undefined when absent, by the table's access: the interpreted
 * and the `flatbuffers`-runtime encoders both read fields through it. For `record`, an own key of
 * the object; for `entry`, the key is `value` and the entry's value `entryValue`.
 */
export function fieldValue(access: Access, value: unknown, field: Pick<ShapeField, 'def' | 'index'>, entryValue: unknown): unknown {
  switch (access) {
    case 'record': {
      const record = value as Record<string, unknown>;
      return Object.hasOwn(record, field.def.jsonName) ? record[field.def.jsonName] : undefined;
    }
    case 'self':
      return value;
    case 'nonNull':
      return value === null ? undefined : value;
    case 'entry':
      return field.index === 0 ? value : entryValue;
  }
}

/**
 * Vtables already written in this buffer, by the presence mask of the table they describe: tables of
 * one message with the same fields share one, as the `flatbuffers` Builder shares identical vtables.
 */
export class VtableCache {
  private epoch = -1;
  private readonly positions = new Map<number | string, number>();

  get(epoch: number, mask: number | string): number | undefined {
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.positions.clear();
      return undefined;
    }
    return this.positions.get(mask);
  }

  set(mask: number | string, position: number): void {
    this.positions.set(mask, position);
  }
}
