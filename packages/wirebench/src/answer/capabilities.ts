import type { FormatId } from '@wirebench/core';
import { SCHEMA_FORMATS, WirebenchError } from '@wirebench/core';

/**
 * What an implementation needs or keeps, beyond its figures: the facts behind the constraints a
 * user states (a CSP without `unsafe-eval`, int64 values that must survive, readable traffic, no
 * shared schema). One table, each entry with its why, read from the codecs' sources and
 * docs/guarantees.md; a row's facts may override an entry (a codec made outside wirebench).
 */

/**
 * How an implementation uses `new Function`:
 * - `never`: it does not;
 * - `generated`: it compiles code per schema where the page allows it and falls back to code that
 *   is not generated where a CSP forbids it, with the same data out but other timings, so its figures
 *   speak for a no-eval page only when they were measured on the fallback (`interpreted`);
 * - `always`: it cannot run at all where a CSP forbids `new Function`.
 */
export type EvalUse = 'never' | 'generated' | 'always';

/** What happens to a 64-bit integer beyond ±(2^53 − 1) that another writer put in the bytes. */
export type Int64Behaviour = 'exact' | 'nearest-double' | 'refused';

/** One implementation's entry: its eval use and int64 behaviour, each with why. */
export interface ImplementationCapabilities {
  readonly eval: EvalUse;
  readonly evalWhy: string;
  readonly int64: Int64Behaviour;
  readonly int64Why: string;
}

const JSON_PARSE_INT64 = 'JSON.parse reads the digits of an integer beyond ±(2^53 − 1) as the nearest double (parseJson lists them)';
const NEAREST_DOUBLE = 'reads a 64-bit integer beyond ±(2^53 − 1) as the nearest double';

/**
 * Per `format/implementation`. Nobody keeps int64 exactly today: decoded data are plain JS numbers,
 * so an int64 beyond 2^53 is rounded or refused by every codec (docs/guarantees.md); an API whose
 * int64 values must survive sends them as strings, which every format keeps.
 */
export const IMPLEMENTATION_CAPABILITIES: Readonly<Record<string, ImplementationCapabilities>> = Object.freeze({
  'json/wirebench': {
    eval: 'never',
    evalWhy: 'TextDecoder and JSON.parse',
    int64: 'nearest-double',
    int64Why: JSON_PARSE_INT64,
  },
  'simdjson/wirebench': {
    eval: 'never',
    evalWhy: 'a native addon (Node only)',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE}, as JSON.parse does`,
  },
  'msgpack/wirebench': {
    eval: 'never',
    evalWhy: 'hand-written reader and writer',
    int64: 'refused',
    int64Why: 'refuses a 64-bit integer beyond ±(2^53 − 1) rather than round it',
  },
  'msgpack/@msgpack/msgpack': {
    eval: 'never',
    evalWhy: 'no generated code',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE} (useBigInt64: false, its default)`,
  },
  'msgpack/msgpackr': {
    eval: 'never',
    evalWhy: 'compiles readers only for its record extension, which wirebench turns off (useRecords: false)',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE} (int64AsType: 'number')`,
  },
  'cbor/wirebench': {
    eval: 'never',
    evalWhy: 'hand-written reader and writer',
    int64: 'refused',
    int64Why: 'refuses a 64-bit integer beyond ±(2^53 − 1) rather than round it',
  },
  'cbor/cbor-x': {
    eval: 'never',
    evalWhy: 'compiles readers only for its record extension, which wirebench turns off (useRecords: false); its load-time probe is caught',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE} (int64AsNumber)`,
  },
  'protobuf/wirebench': {
    eval: 'generated',
    evalWhy: 'generates a reader and writer per message with new Function; interprets the same plans where a CSP forbids it (option interpreted)',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE}, refused outside the field's type`,
  },
  'protobuf/protobufjs': {
    eval: 'always',
    evalWhy: 'its encode, decode and toObject are code protobufjs generates with Function, with no fallback',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE} (longs: Number); 2^63 − 1 reads as 2^63`,
  },
  'flatbuffers/wirebench': {
    eval: 'generated',
    evalWhy: 'generates a reader and writer per table with new Function; interprets the same plans where a CSP forbids it',
    int64: 'nearest-double',
    int64Why: `${NEAREST_DOUBLE}, refused outside the field's type`,
  },
  'flatbuffers/flatbuffers': {
    eval: 'generated',
    evalWhy: "wirebench's adapter builds decoded records with generated code, copying a template where a CSP forbids it",
    int64: 'nearest-double',
    int64Why: NEAREST_DOUBLE,
  },
});

/** Formats whose bytes are JSON text a person can read in the network panel. */
export const READABLE_FORMATS: readonly FormatId[] = Object.freeze(['json', 'simdjson']);

/** The entry of `format`'s `implementation`, or a WirebenchError naming the entries there are. */
export function capabilitiesOf(format: FormatId, implementation: string): ImplementationCapabilities {
  const found = IMPLEMENTATION_CAPABILITIES[`${format}/${implementation}`];
  if (!found) {
    const known = Object.keys(IMPLEMENTATION_CAPABILITIES)
      .map((k) => JSON.stringify(k))
      .join(', ');
    throw new WirebenchError(`no capabilities listed for ${format}/${implementation}: give the row's eval and int64, or use one of ${known}`);
  }
  return found;
}

/** Whether `format`'s bytes are readable text (JSON). */
export function isReadable(format: FormatId): boolean {
  return READABLE_FORMATS.includes(format);
}

/** Whether `format` needs a schema the client and the server both keep (protobuf, FlatBuffers). */
export function needsSharedSchema(format: FormatId): boolean {
  return SCHEMA_FORMATS.includes(format);
}
