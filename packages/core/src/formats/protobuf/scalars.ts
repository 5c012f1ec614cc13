import type { Limits } from '../../limits.js';
import { limitExceeded } from '../../limits.js';
import { Refusal } from '../../refusal.js';
import type { ScalarType } from '../../schema/types.js';
import { finiteDouble, int64InRange, scalarMismatch, schemaMismatch } from '../../schema/values.js';
import type { ProtoReader } from './reader.js';
import { FIXED64, LENGTH_DELIMITED, VARINT } from './reader.js';
import type { ProtoWriter } from './writer.js';

const INT64 = 2 ** 63;
const UINT64 = 2 ** 64;

/** How one scalar type travels: its wire type, and a checked write and read of its value. */
export interface ScalarWire {
  readonly wireType: number;
  /** Repeated fields of this type are packed (proto3's default for numeric scalars). */
  readonly packed: boolean;
  /** Writes the value (no tag); throws a Refusal when the value does not fit the type exactly. */
  readonly write: (writer: ProtoWriter, value: unknown) => void;
  /** Reads a value (after its tag) of a field that ends at or before `limit`. */
  readonly read: (reader: ProtoReader, limit: number) => unknown;
  /** What an absent field of this type reads as (proto3 does not write defaults; our encoder does, but others may not). */
  readonly absent: () => unknown;
}

export type ScalarWires = Readonly<Record<ScalarType, ScalarWire>>;

/** The scalar codecs for a codec's limits (strings are bounded by `maxStringLength` both ways). */
export function scalarWires(limits: Limits): ScalarWires {
  const tooLong = (length: number) => limitExceeded('protobuf', 'maxStringLength', limits.maxStringLength, `a string of ${length} bytes`);
  return {
    bool: {
      wireType: VARINT,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'boolean') throw mismatch('bool', v);
        w.uint32(v ? 1 : 0);
      },
      read: (r) => r.int64(true) !== 0,
      absent: () => false,
    },
    int32: {
      wireType: VARINT,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'number' || (v | 0) !== v || (v === 0 && 1 / v < 0)) throw mismatch('int32', v);
        w.int32(v);
      },
      read: (r) => r.uint32() | 0,
      absent: () => 0,
    },
    uint32: {
      wireType: VARINT,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'number' || v >>> 0 !== v || (v === 0 && 1 / v < 0)) throw mismatch('uint32', v);
        w.uint32(v);
      },
      read: (r) => r.uint32(),
      absent: () => 0,
    },
    int64: {
      wireType: VARINT,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < -INT64 || v >= INT64 || (v === 0 && 1 / v < 0)) throw mismatch('int64', v);
        w.int64(v);
      },
      read: (r) => int64InRange('protobuf', r.int64(false), false),
      absent: () => 0,
    },
    uint64: {
      wireType: VARINT,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= UINT64 || (v === 0 && 1 / v < 0)) throw mismatch('uint64', v);
        w.int64(v);
      },
      read: (r) => int64InRange('protobuf', r.int64(true), true),
      absent: () => 0,
    },
    float64: {
      wireType: FIXED64,
      packed: true,
      write: (w, v) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) throw mismatch('float64', v);
        w.double(v);
      },
      read: (r) => finiteDouble('protobuf', r.double()),
      absent: () => 0,
    },
    string: {
      wireType: LENGTH_DELIMITED,
      packed: false,
      write: (w, v) => {
        if (typeof v !== 'string') throw mismatch('string', v);
        const length = w.string(v);
        if (length < 0) throw mismatch('string', v);
        if (length > limits.maxStringLength)
          throw new Refusal((path) => limitExceeded('protobuf', 'maxStringLength', limits.maxStringLength, 'a string', path));
      },
      read: (r, limit) => r.string(limit, limits.maxStringLength, tooLong),
      absent: () => '',
    },
    bytes: {
      wireType: LENGTH_DELIMITED,
      packed: false,
      write: (w, v) => {
        if (!(v instanceof Uint8Array)) throw mismatch('bytes', v);
        w.rawBytes(v);
      },
      read: (r, limit) => r.rawBytes(limit),
      absent: () => new Uint8Array(0),
    },
  };
}

/** The value does not fit its field's type: the reason, with the path added as the error unwinds. */
export function mismatch(type: ScalarType, value: unknown): Refusal {
  const reason = scalarMismatch(type, value) ?? `expected ${type}`;
  return new Refusal((path) => schemaMismatch('protobuf', path, reason));
}
