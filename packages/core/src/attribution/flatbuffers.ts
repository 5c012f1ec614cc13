import { entryMessage } from '../formats/flatbuffers/interpret.js';
import { isInline, SCALAR_FITS, SCALAR_SIZE } from '../formats/flatbuffers/scalars.js';
import type { ShapeField, TableShape } from '../formats/flatbuffers/shape.js';
import { tableShape, tableShapes } from '../formats/flatbuffers/shape.js';
// The dynamic Value table's vtable kinds, as its writer numbers them: members 0–5, null, map entry.
import { BOOL, ENTRY, INTEGER, LIST, NULL, NUMBER, OBJECT, STRING } from '../formats/flatbuffers/value.js';
import { isPlainObject } from '../json-data.js';
import type { Schema, TypeRef } from '../schema/types.js';
import { describeValue, scalarMismatch } from '../schema/values.js';
import type { PathNode } from './path-tree.js';
import { doesNotFit, notAttributable } from './refuse.js';
import type { ByteKind } from './result.js';
import { utf8Size } from './text-size.js';

/**
 * FlatBuffers as wirebench's codec writes it (formats/flatbuffers/writer.ts, interpret-table.ts,
 * interpret.ts, value.ts; the generated encoder writes the same bytes), on the same table shapes
 * (`tableShapes`). The writer lays the buffer out front to back in one pass, aligning each structure
 * to its absolute position, so this walk replays the same sequence of structures and keeps only the
 * writer's position: every padding byte is then known exactly, and charged to the structure whose
 * alignment made it (no `(padding)` pseudo-path is needed). Vtables are shared as the writer shares
 * them (one per table plan and set of present fields; the dynamic `Value` table's per kind): a shared
 * vtable is charged once, to the path of the table that wrote it first, which under `[*]` paths is
 * the path of all the tables that share it. Exact, linear, and no bytes written; a tracing read of the
 * bytes would need the same shapes and also an encode.
 *
 * keys: a record table's vtable slot (2 bytes) for each present field, at the field's path; a map
 * entry's key string (length, UTF-8, NUL), at the `.*` path. values: inline scalars (bool 1 byte,
 * int32/uint32 4, int64/uint64/float64 8) at their path; strings (length, UTF-8, NUL). framing: the
 * root uoffset; vtable headers and slots of absent fields and of helper, entry and `Value` tables;
 * soffsets; uoffsets (at the path of the value they point to); vector lengths; padding.
 */
export function attributeFlatbuffers(schema: Schema, value: unknown, root: PathNode, strictKeys: boolean): number {
  const sizer = new FlatbuffersSizer(tableShapes(schema), strictKeys);
  const rootTable = sizer.table(schema.root);
  if (rootTable === 'dynamic') throw doesNotFit('flatbuffers', '$', 'the root message is the dynamic Value table');
  // The root uoffset.
  root.framing += 4;
  sizer.writeTable(rootTable, value, root, undefined);
  return sizer.end;
}

/** Writes a value held behind a uoffset (a string, vector, map or table), charging its bytes to `node`. */
type OffsetSizer = (value: unknown, node: PathNode, stringKind: ByteKind) => void;

interface SizedField {
  readonly shape: ShapeField;
  readonly write: OffsetSizer | undefined;
}

/** A table plan: its shape, its fields' writers, and the vtables written so far (by presence mask), as the writer's VtableCache. */
interface SizedTable {
  readonly shape: TableShape;
  readonly fields: readonly SizedField[];
  readonly layoutOrder: readonly SizedField[];
  /** The field in each vtable slot. */
  readonly bySlot: ReadonlyArray<SizedField | undefined>;
  readonly known: ReadonlySet<string>;
  readonly vtables: Set<number | string>;
}

class FlatbuffersSizer {
  /** The writer's position: the root uoffset is written last, in the first 4 bytes. */
  end = 4;
  private readonly tables = new Map<string, SizedTable | 'dynamic'>();
  private readonly valueVtables = new Array<boolean>(8).fill(false);

  constructor(
    shapes: ReadonlyMap<string, TableShape | 'dynamic'>,
    private readonly strictKeys: boolean,
  ) {
    for (const [name, shape] of shapes) this.tables.set(name, shape === 'dynamic' ? 'dynamic' : this.plan(shape));
  }

  table(name: string): SizedTable | 'dynamic' {
    const table = this.tables.get(name);
    if (table === undefined) throw doesNotFit('flatbuffers', '$', `the schema refers to a missing message ${name}`);
    return table;
  }

  /** A table plan; as in the codec, a map-typed field gets an entry table (and vtable cache) of its own. */
  private plan(shape: TableShape): SizedTable {
    const fields = shape.fields.map((field): SizedField => ({ shape: field, write: field.scalar ? undefined : this.offsetSizer(field.def.type) }));
    const bySlot = new Array<SizedField | undefined>(shape.slotCount).fill(undefined);
    for (const field of fields) bySlot[field.shape.slot] = field;
    return {
      shape,
      fields,
      layoutOrder: shape.layoutOrder.map((field) => fields[field.index] as SizedField),
      bySlot,
      known: new Set(shape.message.fields.map((field) => field.jsonName)),
      vtables: new Set(),
    };
  }

  private offsetSizer(type: TypeRef): OffsetSizer {
    switch (type.kind) {
      case 'scalar':
        return (value, node, kind) => {
          const mismatch = scalarMismatch(type.scalar, value);
          if (mismatch !== undefined) throw doesNotFit('flatbuffers', node.path, mismatch);
          if (type.scalar === 'string') return this.string(value as string, node, kind);
          // A bytes field (from a hand-written schema; JSON data holds none): a [ubyte] vector.
          const length = (value as Uint8Array).length;
          this.vector(length, 1, node);
          node.values += length;
        };
      case 'message': {
        const name = type.name;
        return (value, node) => {
          const table = this.table(name);
          if (table === 'dynamic') this.dynamic(value, node);
          else this.writeTable(table, value, node, undefined);
        };
      }
      case 'list':
        return this.listSizer(type.of);
      case 'map':
        return this.mapSizer(type.of);
      case 'any':
        throw doesNotFit('flatbuffers', '$', 'the lowered schema still has a dynamic (any) type');
    }
  }

  private listSizer(element: TypeRef): OffsetSizer {
    if (element.kind === 'scalar' && isInline(element.scalar)) {
      const type = element.scalar;
      const size = SCALAR_SIZE[type];
      const fits = SCALAR_FITS[type];
      return (value, node) => {
        if (!Array.isArray(value)) throw doesNotFit('flatbuffers', node.path, `expected an array, got ${describeValue(value)}`);
        this.vector(value.length, size, node);
        if (value.length === 0) return;
        const items = node.element();
        for (const item of value) if (!fits(item)) throw doesNotFit('flatbuffers', items.path, scalarMismatch(type, item) ?? `expected ${type}`);
        items.values += size * value.length;
      };
    }
    const write = this.offsetSizer(element);
    return (value, node) => {
      if (!Array.isArray(value)) throw doesNotFit('flatbuffers', node.path, `expected an array, got ${describeValue(value)}`);
      this.vector(value.length, 4, node);
      if (value.length === 0) return;
      const items = node.element();
      items.framing += 4 * value.length;
      for (const item of value) write(item, items, 'values');
    };
  }

  /** A map: a vector of uoffsets to {key, value} entry tables (see toFbs). */
  private mapSizer(valueType: TypeRef): OffsetSizer {
    const entry = this.plan(tableShape(entryMessage(valueType), 'entry', true));
    return (value, node) => {
      if (!isPlainObject(value)) throw doesNotFit('flatbuffers', node.path, `expected an object, got ${describeValue(value)}`);
      const keys = Object.keys(value);
      this.vector(keys.length, 4, node);
      if (keys.length === 0) return;
      const members = node.anyMember();
      members.framing += 4 * keys.length;
      for (const key of keys) this.writeTable(entry, key, members, value[key]);
    };
  }

  /**
   * A table as compileTable's `write` lays it out: the vtable (unless one for the same fields was
   * written), the table (soffset, then present fields by size), its inline scalars, then the values
   * behind its uoffsets in field order.
   */
  writeTable(table: SizedTable, value: unknown, node: PathNode, entryValue: unknown): void {
    const { shape, fields } = table;
    const { access, transparent } = shape;
    if (access === 'record' && !isPlainObject(value)) {
      throw doesNotFit('flatbuffers', node.path, `expected an object (${shape.message.name}), got ${describeValue(value)}`);
    }
    const items = new Array<unknown>(fields.length);
    const mask = new Array<number>(Math.max(1, Math.ceil(fields.length / 32))).fill(0);
    let present = 0;
    for (const field of fields) {
      const { def, index } = field.shape;
      let item: unknown;
      switch (access) {
        case 'record': {
          const record = value as Record<string, unknown>;
          item = Object.hasOwn(record, def.jsonName) ? record[def.jsonName] : undefined;
          break;
        }
        case 'self':
          item = value;
          break;
        case 'nonNull':
          item = value === null ? undefined : value;
          break;
        case 'entry':
          item = index === 0 ? value : entryValue;
          break;
      }
      if (item !== undefined) present++;
      else if (!def.optional) throw doesNotFit('flatbuffers', node.path, `the required key ${JSON.stringify(def.jsonName)} is missing`);
      // A nullable field is null exactly when it is absent on the wire.
      if (item === undefined || (item === null && def.nullable)) continue;
      items[index] = item;
      mask[index >> 5] = (mask[index >> 5] as number) | (1 << (index & 31));
    }
    if (access === 'record' && this.strictKeys && Object.keys(value as object).length !== present) {
      const unknown = Object.keys(value as object).filter((key) => !table.known.has(key));
      throw doesNotFit('flatbuffers', node.path, `keys the schema does not know: ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
    }
    const has = (field: SizedField): boolean => ((mask[field.shape.index >> 5] as number) & (1 << (field.shape.index & 31))) !== 0;
    const fieldNode = (field: SizedField): PathNode => (transparent ? node : node.member(field.shape.def.jsonName));

    let size = 4;
    let wide = false;
    for (const field of table.layoutOrder) {
      if (!has(field)) continue;
      size += field.shape.size;
      if (field.shape.size === 8) wide = true;
    }
    const key = mask.length === 1 ? (mask[0] as number) : mask.join(',');
    if (!table.vtables.has(key)) {
      table.vtables.add(key);
      this.align(2, 0, node);
      // vtable size and table size, then one 16-bit slot per field id.
      node.framing += 4;
      for (const field of table.bySlot) {
        if (field !== undefined && access === 'record' && has(field)) fieldNode(field).keys += 2;
        else node.framing += 2;
      }
      this.end += 4 + 2 * shape.slotCount;
    }
    this.align(wide ? 8 : 4, wide ? 4 : 0, node);
    // The soffset to the vtable.
    node.framing += 4;
    this.end += size;
    for (const field of fields) {
      if (!has(field)) continue;
      const scalar = field.shape.scalar;
      const at = fieldNode(field);
      if (scalar !== undefined) {
        const item = items[field.shape.index];
        if (!SCALAR_FITS[scalar](item)) throw doesNotFit('flatbuffers', at.path, scalarMismatch(scalar, item) ?? `expected ${scalar}`);
        at.values += field.shape.size;
      } else at.framing += 4;
    }
    for (const field of fields) {
      if (field.write === undefined || !has(field)) continue;
      // A map entry's key string stands for the JSON key.
      field.write(items[field.shape.index], fieldNode(field), access === 'entry' && field.shape.index === 0 ? 'keys' : 'values');
    }
  }

  /** Any JSON value as a `Value` table (value.ts), its vtables shared per kind across the buffer. */
  private dynamic(value: unknown, node: PathNode): void {
    if (value === null) {
      this.valueTable(NULL, 4, false, node);
      return;
    }
    switch (typeof value) {
      case 'boolean':
        this.valueTable(BOOL, 5, false, node);
        node.values += 1;
        return;
      case 'number': {
        if (value - value !== 0) throw notAttributable('flatbuffers', node.path, value);
        const integer = Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0);
        this.valueTable(integer ? INTEGER : NUMBER, 12, true, node);
        node.values += 8;
        return;
      }
      case 'string':
        this.valueTable(STRING, 8, false, node);
        node.framing += 4;
        this.string(value, node, 'values');
        return;
      case 'object':
        break;
      default:
        throw notAttributable('flatbuffers', node.path, value);
    }
    if (Array.isArray(value)) {
      this.valueTable(LIST, 8, false, node);
      node.framing += 4;
      this.vector(value.length, 4, node);
      if (value.length === 0) return;
      const items = node.element();
      items.framing += 4 * value.length;
      for (const item of value) this.dynamic(item, items);
      return;
    }
    if (!isPlainObject(value)) throw notAttributable('flatbuffers', node.path, value);
    const keys = Object.keys(value);
    this.valueTable(OBJECT, 8, false, node);
    node.framing += 4;
    this.vector(keys.length, 4, node);
    for (const key of keys) {
      const member = node.member(key);
      // The vector's uoffset to the entry, the entry table (soffset, uoffsets to key and value).
      member.framing += 4;
      this.valueTable(ENTRY, 12, false, member);
      member.framing += 8;
      this.string(key, member, 'keys');
      this.dynamic(value[key], member);
    }
  }

  /** A Value table of `size` bytes after its vtable (written once per kind); charges the vtable, padding and soffset. */
  private valueTable(kind: number, size: number, wide: boolean, node: PathNode): void {
    if (!this.valueVtables[kind]) {
      this.valueVtables[kind] = true;
      this.align(2, 0, node);
      // null: no slots; a map entry: key and value; a member: the slots up to its own.
      const vtable = kind === NULL ? 4 : kind === ENTRY ? 8 : 4 + 2 * (kind + 1);
      node.framing += vtable;
      this.end += vtable;
    }
    this.align(wide ? 8 : 4, wide ? 4 : 0, node);
    node.framing += 4;
    this.end += size;
  }

  /** A string: uint32 length, UTF-8, NUL, 4-aligned. */
  private string(text: string, node: PathNode, kind: ByteKind): void {
    const length = utf8Size(text);
    if (length < 0) throw notAttributable('flatbuffers', node.path, text);
    this.align(4, 0, node);
    node[kind] += 5 + length;
    this.end += 5 + length;
  }

  /** A vector's length (its elements are the caller's), aligned as the writer aligns it. */
  private vector(length: number, elementSize: number, node: PathNode): void {
    if (elementSize === 8) this.align(8, 4, node);
    else this.align(4, 0, node);
    node.framing += 4;
    this.end += 4 + length * elementSize;
  }

  /** Padding until `end % alignment === phase`, charged as framing to the structure being aligned. */
  private align(alignment: number, phase: number, node: PathNode): void {
    const padding = (phase - this.end) & (alignment - 1);
    node.framing += padding;
    this.end += padding;
  }
}
