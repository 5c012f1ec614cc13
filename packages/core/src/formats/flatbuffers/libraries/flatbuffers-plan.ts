import { WirebenchError } from '../../../errors.js';
import type { Limits } from '../../../limits.js';
import { FLATBUFFERS_RULES, lowerSchema } from '../../../schema/lower.js';
import type { RecordFactory } from '../../../schema/records.js';
import { recordFactory } from '../../../schema/records.js';
import type { FieldDef, Schema, TypeRef } from '../../../schema/types.js';
import { findMessage } from '../../../schema/types.js';
import { recordLimits } from '../../../schema/values.js';
import { entryMessage } from '../interpret.js';
import type { InlineScalar } from '../scalars.js';
import { isInline, SCALAR_SIZE } from '../scalars.js';
import type { Access, ShapeField, TableShape } from '../shape.js';
import { tableShape, tableShapes } from '../shape.js';

/**
 * What the `flatbuffers` runtime codec writes and reads, table by table: wirebench's own table
 * shapes (shape.ts, over the schema lowered for FlatBuffers) resolved into linked plans, so the
 * encoder and decoder walk objects instead of looking names up. Nothing about the layout is decided
 * here: slots, field sizes, helper tables, map entries and the dynamic `Value` table are all the
 * lowering's, so the bytes are the ones `toFbs(schema)` describes.
 */

/** What sits in a field or a vector element. */
export type Node =
  | { readonly kind: 'scalar'; readonly scalar: InlineScalar }
  | { readonly kind: 'string' }
  | { readonly kind: 'bytes' }
  | { readonly kind: 'table'; readonly table: TablePlan }
  | { readonly kind: 'list'; readonly of: Node }
  /** A vector of `{ key, value }` entry tables (see toFbs). */
  | { readonly kind: 'map'; readonly entry: TablePlan };

export interface FieldPlan {
  readonly def: FieldDef;
  /** The JSON key. */
  readonly key: string;
  /** Position in the table's fields (shape.ts's index). */
  readonly index: number;
  readonly slot: number;
  /** The vtable entry generated accessors pass to `__offset`. */
  readonly voffset: number;
  /** Bytes in the table: an inline scalar's size, else a 4-byte uoffset. */
  readonly size: 1 | 4 | 8;
  readonly optional: boolean;
  /** Null exactly when absent from the table (after lowering: a nullable field that is never absent). */
  readonly nullable: boolean;
  readonly node: Node;
}

/**
 * One table. Tables refer to each other (and `Value` to itself), so a plan is made first and its
 * fields linked after every plan exists.
 */
export class TablePlan {
  readonly name: string;
  /** No JSON level and no path step of its own (helpers, entries, the wrapped root). */
  readonly transparent: boolean;
  readonly slotCount: number;
  readonly known: ReadonlySet<string>;
  /** Tight limits only: the record checks recordLimits asks for. */
  readonly check: ((record: Record<string, unknown>) => void) | undefined;
  fields: readonly FieldPlan[] = [];
  /** Fields in the order they are added to the Builder: 8-byte, 4-byte, then 1-byte (shape.ts's layout order, as flatc's C++ builders add them), so no padding inside. */
  addOrder: readonly FieldPlan[] = [];
  required: readonly FieldPlan[] = [];
  optional: readonly FieldPlan[] = [];
  /** Builds a decoded record of the required keys as one object literal (records.ts), or from a template when `interpreted`. */
  build: RecordFactory = () => ({});

  constructor(
    readonly shape: TableShape,
    /** shape.ts's access, or `dynamic` for the `Value` table (converted by the lowering's helper adapter). */
    readonly access: Access | 'dynamic',
    /** What one table charges to the value budget: shape.ts's cost (entries 0); 0 for `Value`, which wirebench's codec does not charge either. */
    readonly cost: number,
    limits: Limits,
    /** Compile nothing (the codec's `interpreted`). */
    private readonly interpreted: boolean,
  ) {
    const { message } = shape;
    this.name = message.name;
    this.transparent = shape.transparent;
    this.slotCount = shape.slotCount;
    this.known = new Set(message.fields.map((f) => f.jsonName));
    this.check = shape.transparent ? undefined : recordLimits('flatbuffers', message, limits);
  }

  link(fields: readonly FieldPlan[]): void {
    this.fields = fields;
    this.addOrder = this.shape.layoutOrder.map((f) => fields[f.index] as FieldPlan);
    this.required = fields.filter((f) => !f.optional);
    this.optional = fields.filter((f) => f.optional);
    this.build = recordFactory(
      this.required.map((f) => f.key),
      { interpreted: this.interpreted },
    );
  }
}

/** The plan of the schema's root table, linked to every table it reaches; `interpreted`: compiling nothing. */
export function planTables(schema: Schema, limits: Limits, interpreted: boolean): TablePlan {
  findMessage(schema, schema.root);
  const lowered = lowerSchema(schema, FLATBUFFERS_RULES).schema;
  const plans = new Map<string, TablePlan>();
  const unlinked: TablePlan[] = [];
  const create = (shape: TableShape, access: TablePlan['access'], cost: number): TablePlan => {
    const plan = new TablePlan(shape, access, cost, limits, interpreted);
    unlinked.push(plan);
    return plan;
  };
  for (const [name, shape] of tableShapes(schema)) {
    // The dynamic table has a hand-written codec in wirebench (value.ts); here it is a table like any other.
    plans.set(
      name,
      shape === 'dynamic' ? create(tableShape(findMessage(lowered, name), 'record', true), 'dynamic', 0) : create(shape, shape.access, shape.cost),
    );
  }

  const node = (type: TypeRef): Node => {
    switch (type.kind) {
      case 'scalar':
        return isInline(type.scalar) ? { kind: 'scalar', scalar: type.scalar } : { kind: type.scalar };
      case 'message': {
        const table = plans.get(type.name);
        if (!table) throw new WirebenchError(`the schema refers to a missing message ${type.name}`, { format: 'flatbuffers' });
        return { kind: 'table', table };
      }
      case 'list':
        return { kind: 'list', of: node(type.of) };
      case 'map': {
        const shape = tableShape(entryMessage(type.of), 'entry', true);
        return { kind: 'map', entry: create(shape, 'entry', shape.cost) };
      }
      case 'any':
        throw new WirebenchError('the lowered schema still has a dynamic (any) type', { format: 'flatbuffers' });
    }
  };
  const field = (f: ShapeField): FieldPlan => ({
    def: f.def,
    key: f.def.jsonName,
    index: f.index,
    slot: f.slot,
    voffset: 4 + 2 * f.slot,
    size: f.size,
    optional: f.def.optional,
    nullable: f.def.nullable,
    node: node(f.def.type),
  });
  // Linking a map field creates its entry table's plan, which joins the queue.
  for (let i = 0; i < unlinked.length; i++) {
    const plan = unlinked[i] as TablePlan;
    plan.link(plan.shape.fields.map(field));
  }
  return plans.get(schema.root) as TablePlan;
}

/** Bytes of a vector element: inline scalars their size, everything else a uoffset. */
export function elementSize(node: Node): 1 | 4 | 8 {
  return node.kind === 'scalar' ? SCALAR_SIZE[node.scalar] : 4;
}
