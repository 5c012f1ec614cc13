import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import type { FieldDef, ScalarType } from './types.js';

const INT32 = 2 ** 31;
const UINT32 = 2 ** 32;
const INT64 = 2 ** 63;
const UINT64 = 2 ** 64;

/** Why `value` cannot be written as `type` without changing it, or undefined when it can. */
export function scalarMismatch(type: ScalarType, value: unknown): string | undefined {
  switch (type) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : `expected a boolean, got ${describeValue(value)}`;
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string, got ${describeValue(value)}`;
    case 'bytes':
      return value instanceof Uint8Array ? undefined : `expected a Uint8Array, got ${describeValue(value)}`;
    case 'float64':
      return typeof value === 'number' ? undefined : `expected a number, got ${describeValue(value)}`;
    case 'int32':
      return integerIn(value, -INT32, INT32);
    case 'uint32':
      return integerIn(value, 0, UINT32);
    case 'int64':
      return integerIn(value, -INT64, INT64);
    case 'uint64':
      return integerIn(value, 0, UINT64);
  }
}

function integerIn(value: unknown, min: number, maxExclusive: number): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `expected an integer, got ${describeValue(value)}`;
  return value >= min && value < maxExclusive ? undefined : `${value} is outside [${min}, ${maxExclusive})`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** A value does not fit the schema it is being encoded with. */
export function schemaMismatch(format: FormatId, path: string, reason: string): WirebenchError {
  return new WirebenchError(`${path}: ${reason}`, { format });
}

export function missingKey(format: FormatId, path: string, field: FieldDef): WirebenchError {
  return new WirebenchError(
    `${path}: key ${JSON.stringify(field.jsonName)} is missing, but the schema says it is always present ` +
      '(build the schema from samples that include payloads without it)',
    { format },
  );
}
