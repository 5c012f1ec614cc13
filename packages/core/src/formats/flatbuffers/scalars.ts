import type { ScalarType } from '../../schema/types.js';
import { finiteDouble, int64InRange } from '../../schema/values.js';
import type { Reader } from './reader.js';
import type { Writer } from './writer.js';

/** Scalars stored inline in a table or vector (strings and bytes sit behind a uoffset). */
export type InlineScalar = Exclude<ScalarType, 'string' | 'bytes'>;

export function isInline(type: ScalarType): type is InlineScalar {
  return type !== 'string' && type !== 'bytes';
}

export const SCALAR_SIZE: Readonly<Record<InlineScalar, 1 | 4 | 8>> = { bool: 1, int32: 4, uint32: 4, int64: 8, uint64: 8, float64: 8 };

const notNegativeZero = (value: number): boolean => value !== 0 || 1 / value > 0;

/**
 * Whether a value can be written as the type exactly. They agree with `scalarMismatch` (which says
 * why not, and runs only when one of these said no); the generated encoders call them by name.
 */
export const SCALAR_FITS: Readonly<Record<InlineScalar, (value: unknown) => boolean>> = {
  bool: (v) => typeof v === 'boolean',
  int32: (v) => typeof v === 'number' && (v | 0) === v && notNegativeZero(v),
  uint32: (v) => typeof v === 'number' && v >>> 0 === v && notNegativeZero(v),
  int64: (v) => typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 63) && v < 2 ** 63 && notNegativeZero(v),
  uint64: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 64 && notNegativeZero(v),
  // v - v is 0 exactly for finite numbers (NaN for NaN and ±Infinity).
  float64: (v) => typeof v === 'number' && v - v === 0,
};

/** The Writer method that stores each type (64-bit integers share one: the bits are the same). */
export const SCALAR_WRITER: Readonly<Record<InlineScalar, 'bool' | 'int32' | 'uint32' | 'int64' | 'float64'>> = {
  bool: 'bool',
  int32: 'int32',
  uint32: 'uint32',
  int64: 'int64',
  uint64: 'int64',
  float64: 'float64',
};

/** Writes a value that fits the type (`SCALAR_FITS`). */
export function writeScalar(w: Writer, type: InlineScalar, at: number, value: unknown): void {
  switch (SCALAR_WRITER[type]) {
    case 'bool':
      return w.bool(at, value as boolean);
    case 'int32':
      return w.int32(at, value as number);
    case 'uint32':
      return w.uint32(at, value as number);
    case 'int64':
      return w.int64(at, value as number);
    case 'float64':
      return w.float64(at, value as number);
  }
}

/** Reads a scalar at a position the caller checked. */
export const SCALAR_READ: Readonly<Record<InlineScalar, (r: Reader, at: number) => unknown>> = {
  bool: (r, p) => r.bytes[p] !== 0,
  int32: (r, p) => r.view.getInt32(p, true),
  uint32: (r, p) => r.view.getUint32(p, true),
  // Two 32-bit halves give the same double as Number(BigInt) without allocating BigInts: past 2^53
  // the nearest double, as JSON.parse rounds the same digits.
  int64: (r, p) => int64InRange('flatbuffers', r.view.getInt32(p + 4, true) * 2 ** 32 + r.view.getUint32(p, true), false),
  uint64: (r, p) => int64InRange('flatbuffers', r.view.getUint32(p + 4, true) * 2 ** 32 + r.view.getUint32(p, true), true),
  float64: (r, p) => finiteDouble('flatbuffers', r.view.getFloat64(p, true)),
};

export const SCALAR_ZERO: Readonly<Record<InlineScalar, unknown>> = { bool: false, int32: 0, uint32: 0, int64: 0, uint64: 0, float64: 0 };
