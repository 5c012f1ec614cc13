import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { isPlainObject, isWellFormed } from '../json-data.js';
import type { Limits } from '../limits.js';
import { limitExceeded, utf8Length } from '../limits.js';
import type { FieldDef, MessageDef, ScalarType } from './types.js';

export { isPlainObject };

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
      if (typeof value !== 'string') return `expected a string, got ${describeValue(value)}`;
      return isWellFormed(value) ? undefined : 'the string holds a lone surrogate, which UTF-8 cannot carry exactly';
    case 'bytes':
      return value instanceof Uint8Array ? undefined : `expected a Uint8Array, got ${describeValue(value)}`;
    case 'float64':
      if (typeof value !== 'number') return `expected a number, got ${describeValue(value)}`;
      return Number.isFinite(value) ? undefined : `${value} is not a JSON number`;
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
  // An integer field has no -0: it would come back as 0.
  if (Object.is(value, -0)) return '-0 cannot be written as an integer (it would read back as 0)';
  return value >= min && value < maxExclusive ? undefined : `${value} is outside [${min}, ${maxExclusive})`;
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
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

/**
 * Refuses a key the schema does not know (unless the codec drops them): `present` counts the
 * schema's keys found in `record`, so the scan for the culprit runs only when there is one.
 */
export function checkKnownKeys(format: FormatId, path: string, record: Record<string, unknown>, known: ReadonlySet<string>, present: number): void {
  if (Object.keys(record).length === present) return;
  throw unknownKey(format, path, record, known);
}

/** The error for the first key of `record` that the schema does not know. */
export function unknownKey(format: FormatId, path: string, record: Record<string, unknown>, known: ReadonlySet<string>): WirebenchError {
  const unknown = Object.keys(record).find((key) => !known.has(key)) as string;
  return new WirebenchError(
    `${path}: key ${JSON.stringify(unknown)} is not in the schema, so it would be lost; ` +
      "rebuild the schema from samples that include it, or create the codec with { unknownKeys: 'drop' } to leave such keys out",
    { format },
  );
}

/**
 * A decoded 64-bit integer as the nearest double, refused where that double rounds past the type's
 * range (2^63 − 1 reads as 2^63): encode could not write it back.
 */
export function int64InRange(format: FormatId, value: number, unsigned: boolean): number {
  if (value < (unsigned ? UINT64 : INT64)) return value;
  throw new WirebenchError(`the ${unsigned ? 'uint64' : 'int64'} ${value} rounds to a JS number outside its type's range`, { format });
}

/** A decoded double, refused when it is NaN or ±Infinity, which JSON data cannot hold. */
export function finiteDouble(format: FormatId, value: number): number {
  if (Number.isFinite(value)) return value;
  throw new WirebenchError(`the data holds the double ${value}, which is not a JSON number`, { format });
}

/**
 * The check a decoded record of `message` needs so that decode refuses what encode refuses: only
 * when the message has more fields than `maxCollectionLength` or a key longer than
 * `maxStringLength` (tight limits); undefined otherwise, which is the usual case.
 */
export function recordLimits(format: FormatId, message: MessageDef, limits: Limits): ((record: Record<string, unknown>) => void) | undefined {
  const longKeys = message.fields.filter((field) => utf8Length(field.jsonName) > limits.maxStringLength).map((field) => field.jsonName);
  if (message.fields.length <= limits.maxCollectionLength && longKeys.length === 0) return undefined;
  return (record) => {
    const keys = Object.keys(record);
    if (keys.length > limits.maxCollectionLength) {
      throw limitExceeded(format, 'maxCollectionLength', limits.maxCollectionLength, `an object of ${keys.length} keys`);
    }
    const long = longKeys.find((key) => Object.hasOwn(record, key));
    if (long !== undefined) throw limitExceeded(format, 'maxStringLength', limits.maxStringLength, 'a key');
  };
}
