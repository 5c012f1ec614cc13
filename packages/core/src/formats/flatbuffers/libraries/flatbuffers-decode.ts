import { ByteBuffer } from 'flatbuffers';
import { WirebenchError } from '../../../errors.js';
import { setOwn } from '../../../json-data.js';
import type { Limits } from '../../../limits.js';
import { limitExceeded, tooManyValues, valueBudget } from '../../../limits.js';
import type { HelperAdapter } from '../../../schema/lower.js';
import { helperAdapter } from '../../../schema/lower.js';
import { finiteDouble, int64InRange } from '../../../schema/values.js';
import type { InlineScalar } from '../scalars.js';
import { SCALAR_ZERO } from '../scalars.js';
import type { FieldPlan, Node, TablePlan } from './flatbuffers-plan.js';
import { elementSize } from './flatbuffers-plan.js';

const DYNAMIC = helperAdapter('dynamic', 'flatbuffers') as HelperAdapter;

/** The ByteBuffer reads generated accessors make per scalar type; doubles and 64-bit integers JSON cannot hold are refused. */
const READ: Readonly<Record<InlineScalar, (bb: ByteBuffer, at: number) => unknown>> = {
  bool: (bb, at) => !!bb.readInt8(at),
  int32: (bb, at) => bb.readInt32(at),
  uint32: (bb, at) => bb.readUint32(at),
  // Number(bigint) is the nearest double, as JSON.parse rounds the same digits; 2^63 − 1 rounds out of range.
  int64: (bb, at) => int64InRange('flatbuffers', Number(bb.readInt64(at)), false),
  uint64: (bb, at) => int64InRange('flatbuffers', Number(bb.readUint64(at)), true),
  float64: (bb, at) => finiteDouble('flatbuffers', bb.readFloat64(at)),
};

/**
 * One decode through a `flatbuffers` ByteBuffer, making the calls generated accessors make
 * (`__offset`, `__indirect`, `__vector`, `__vector_len`, `__string`, `readInt32`…) into plain JSON
 * records. The runtime trusts its input: a read past the end gives `undefined`, which its bit
 * arithmetic turns into 0, so truncated bytes would decode quietly into defaults. What the C++
 * Verifier checks and the TypeScript runtime lacks is added where an offset is followed: every
 * table, vtable, field, vector and string lies inside the buffer. Two budgets bound the work, since
 * hostile offsets can share one subtree many times or point back at a table being read: the value
 * budget wirebench's codec uses (limits.ts; records and their defaults), and a second one of twice
 * the input's size plus 64 for every table, vector element and string (per reference: generated
 * accessors decode a string at each call), which data written once per reference never exceeds.
 */
export class ByteBufferDecoder {
  private readonly bb: ByteBuffer;
  private readonly size: number;
  private values: number;
  private work: number;

  constructor(
    bytes: Uint8Array,
    private readonly limits: Limits,
  ) {
    this.bb = new ByteBuffer(bytes);
    this.size = bytes.length;
    this.values = valueBudget(limits, bytes.length);
    this.work = 2 * bytes.length + 64;
  }

  /** The payload: the root table the buffer's first uoffset points at (generated `getRootAsX`). */
  root(plan: TablePlan): unknown {
    this.inside(0, 4);
    return this.table(plan, this.bb.__indirect(0), 1);
  }

  // Each level of nesting costs two frames, `table` and `read`, none between them (no `field`, no
  // `read` of a table element): a first, cold decode runs unoptimized frames, several times the
  // size of optimized ones, and must still reach limits.maxDepth within a worker's stack.
  private table(plan: TablePlan, table: number, depth: number): unknown {
    const fieldDepth = this.enter(plan, table, depth);
    switch (plan.access) {
      case 'record': {
        const { required, optional } = plan;
        const values = new Array<unknown>(required.length);
        for (let i = 0; i < required.length; i++) {
          const field = required[i] as FieldPlan;
          const at = this.at(field, table);
          values[i] = at === 0 ? absent(field) : this.read(field.node, at, fieldDepth);
        }
        const out = plan.build(values);
        for (const field of optional) {
          const at = this.at(field, table);
          if (at !== 0) setOwn(out, field.key, this.read(field.node, at, fieldDepth));
        }
        plan.check?.(out);
        return out;
      }
      case 'self': {
        const field = plan.fields[0] as FieldPlan;
        const at = this.at(field, table);
        return at === 0 ? absent(field) : this.read(field.node, at, fieldDepth);
      }
      case 'nonNull': {
        const field = plan.fields[0] as FieldPlan;
        const at = this.at(field, table);
        return at === 0 ? null : this.read(field.node, at, fieldDepth);
      }
      case 'dynamic':
        // The first member set is the value (the adapter says which member means what); none is null.
        for (const field of plan.fields) {
          const at = this.at(field, table);
          if (at !== 0) return DYNAMIC.fromRecord({ [field.key]: this.read(field.node, at, fieldDepth) });
        }
        return DYNAMIC.fromRecord({});
      case 'entry':
        throw new Error('map entries are read by their map');
    }
  }

  /** Checks a table before its fields are read, charges it, and returns the JSON level of its fields. */
  private enter(plan: TablePlan, table: number, depth: number): number {
    if (!plan.transparent && depth > this.limits.maxDepth) throw limitExceeded('flatbuffers', 'maxDepth', this.limits.maxDepth, `nesting level ${depth}`);
    if ((this.values -= plan.cost) < 0) throw tooManyValues('flatbuffers', this.limits, this.size);
    this.spend(1);
    this.inside(table, 4);
    const vtable = table - this.bb.readInt32(table);
    this.inside(vtable, 4);
    // `__offset` reads vtable entries up to the vtable's own size.
    this.inside(vtable, this.bb.readUint16(vtable));
    return plan.transparent ? depth : depth + 1;
  }

  /** Where a field is (generated `__offset`), checked to lie in the buffer; 0 when the table does not have it. */
  private at(field: FieldPlan, table: number): number {
    const offset = this.bb.__offset(table, field.voffset);
    if (offset === 0) return 0;
    const at = table + offset;
    // Bytes 0–3 hold the root offset: no field is there (and 0 means absent).
    if (at < 4) this.outside(at, field.size);
    this.inside(at, field.size);
    return at;
  }

  /** A field's value, or what its absence means. */
  private field(field: FieldPlan, table: number, depth: number): unknown {
    const at = this.at(field, table);
    return at === 0 ? absent(field) : this.read(field.node, at, depth);
  }

  /** The value at `at`: inline for scalars, behind the uoffset there otherwise. */
  private read(node: Node, at: number, depth: number): unknown {
    const bb = this.bb;
    switch (node.kind) {
      case 'scalar':
        return READ[node.scalar](bb, at);
      case 'string':
        return this.string(at);
      case 'bytes': {
        const length = this.vector(at, 1);
        const start = bb.__vector(at);
        return bb.bytes().slice(start, start + length);
      }
      case 'table':
        return this.table(node.table, bb.__indirect(at), depth);
      case 'list': {
        const of = node.of;
        const size = elementSize(of);
        const length = this.collection(this.vector(at, size), depth);
        const start = bb.__vector(at);
        const out = new Array<unknown>(length);
        if (of.kind === 'scalar') {
          const read = READ[of.scalar];
          for (let i = 0; i < length; i++) out[i] = read(bb, start + i * size);
        } else if (of.kind === 'table') {
          for (let i = 0; i < length; i++) out[i] = this.table(of.table, bb.__indirect(start + 4 * i), depth + 1);
        } else {
          for (let i = 0; i < length; i++) out[i] = this.read(of, start + 4 * i, depth + 1);
        }
        return out;
      }
      case 'map': {
        const length = this.collection(this.vector(at, 4), depth);
        const start = bb.__vector(at);
        const [key, value] = node.entry.fields as [FieldPlan, FieldPlan];
        const out: Record<string, unknown> = {};
        for (let i = 0; i < length; i++) {
          const entry = bb.__indirect(start + 4 * i);
          const fieldDepth = this.enter(node.entry, entry, depth + 1);
          // A key like `__proto__` becomes an own property, never the object's prototype.
          setOwn(out, this.field(key, entry, fieldDepth) as string, this.field(value, entry, fieldDepth));
        }
        return out;
      }
    }
  }

  /** The length of the vector the uoffset at `at` points to, checked to lie in the buffer with `size`-byte elements, and charged. */
  private vector(at: number, size: number): number {
    const header = this.bb.__indirect(at);
    this.inside(header, 4);
    const length = this.bb.__vector_len(at);
    if (length < 0) this.outside(header + 4, length);
    this.inside(header + 4, length * size);
    this.spend(length);
    return length;
  }

  private collection(length: number, depth: number): number {
    const { maxDepth, maxCollectionLength } = this.limits;
    if (depth > maxDepth) throw limitExceeded('flatbuffers', 'maxDepth', maxDepth, `nesting level ${depth}`);
    if (length > maxCollectionLength) throw limitExceeded('flatbuffers', 'maxCollectionLength', maxCollectionLength, `a collection of ${length}`);
    return length;
  }

  private string(at: number): string {
    const start = this.bb.__indirect(at);
    this.inside(start, 4);
    const length = this.bb.readInt32(start);
    if (length < 0) this.outside(start + 4, length);
    this.inside(start + 4, length);
    const max = this.limits.maxStringLength;
    if (length > max) throw limitExceeded('flatbuffers', 'maxStringLength', max, `a string of ${length} bytes`);
    // A unit per 4 bytes (as text, a string holds at most 2 bytes a byte): references to one string stay bounded.
    this.spend(1 + (length >> 2));
    return this.bb.__string(at) as string;
  }

  private spend(count: number): void {
    if ((this.work -= count) < 0) {
      throw new WirebenchError('the data expands to far more values than its size allows: it is not FlatBuffers of this schema', { format: 'flatbuffers' });
    }
  }

  private inside(at: number, length: number): void {
    if (at < 0 || at + length > this.size) this.outside(at, length);
  }

  private outside(at: number, length: number): never {
    throw new WirebenchError(
      `the data points outside the buffer (offset ${at}, ${length} bytes, buffer ${this.size} bytes): it is truncated or not FlatBuffers of this schema`,
      { format: 'flatbuffers' },
    );
  }
}

/** What an absent field reads as: wirebench writes every present field, but other writers leave defaults out. */
function absent(field: FieldPlan): unknown {
  if (field.nullable) return null;
  if (field.optional) return undefined;
  switch (field.node.kind) {
    case 'scalar':
      return SCALAR_ZERO[field.node.scalar];
    case 'string':
      return '';
    case 'bytes':
      return new Uint8Array(0);
    case 'list':
      return [];
    case 'map':
      return {};
    case 'table':
      throw new WirebenchError(`required field ${field.def.name} is absent`, { format: 'flatbuffers' });
  }
}
