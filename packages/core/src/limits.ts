import { WirebenchError } from './errors.js';
import type { FormatId } from './format-id.js';

/**
 * What one encode or decode may hold. Decoders face untrusted bytes, so every format enforces
 * these while reading, and encoders refuse what their decoder would refuse: bytes a codec writes
 * always decode with the same limits.
 */
export interface Limits {
  /** Deepest nesting of arrays and objects; the payload itself is level 1 (`[[1]]` is 2). At most MAX_DEPTH. */
  readonly maxDepth: number;
  /** Size of the encoded bytes. */
  readonly maxBytes: number;
  /** Elements of one array, or entries of one object. */
  readonly maxCollectionLength: number;
  /** UTF-8 bytes of one string (keys included). */
  readonly maxStringLength: number;
  /**
   * Values a protobuf or FlatBuffers decode may produce per byte of its input, counting every record
   * and every one of its fields, defaults filled in for absent fields included, in about 8-byte
   * words of memory (`recordCost`; plus VALUE_ALLOWANCE for any input). Those formats leave defaults, nulls and empty lists off the
   * wire, so without this bound a few bytes could make a decoder build records of any size: 2 MB of
   * empty sub-messages once held 274 MB. Schemaless formats spend a byte per value and never reach it.
   */
  readonly maxValuesPerByte: number;
}

/**
 * Generous for real API payloads, small enough that hostile input cannot exhaust a phone's memory.
 * 100 levels is protobuf's own default recursion limit.
 */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxDepth: 100,
  maxBytes: 128 * 1024 * 1024,
  maxCollectionLength: 16 * 1024 * 1024,
  maxStringLength: 64 * 1024 * 1024,
  maxValuesPerByte: 8,
});

/**
 * The most `maxDepth` may be. Encoders (and inference, and lowering, and some libraries' decoders)
 * walk nesting recursively, so past some depth the call stack runs out before the limit is
 * reached. A first call runs unoptimized code, whose frames are several times the size of
 * optimized ones: in Node 20, cold, 1,000 levels took wirebench's msgpack/CBOR encoders 312 KB of
 * stack and the deepest users 750–764 KB (msgpackr's and cbor-x's encoders, inferSchema on
 * records, the flatbuffers runtime codec) of the main thread's 984 KB. So every implementation
 * writes and reads whatever its limits allow, both ways, on a stack as large as Node's main
 * thread (test/limits.test.ts, a fresh worker per depth); browsers' worker threads may have less
 * (docs/guarantees.md). Protobuf stops at its own 100 messages first.
 */
export const MAX_DEPTH = 1000;

/** Values any decode may produce whatever its size, so that small payloads of sparse records always pass. */
export const VALUE_ALLOWANCE = 4096;

/** The options every codec factory takes besides its schema. */
export interface CodecOptions {
  /** Override some limits; the rest keep their defaults (`DEFAULT_LIMITS`). */
  readonly limits?: Partial<Limits>;
}

/** Whether `overrides` sets a limit on the shape of the data (not only `maxBytes`). */
export function limitsStructure(overrides: Partial<Limits> | undefined): boolean {
  return (
    overrides !== undefined && (overrides.maxDepth !== undefined || overrides.maxCollectionLength !== undefined || overrides.maxStringLength !== undefined)
  );
}

/** The defaults with `overrides` applied, each checked to be a positive integer. */
export function resolveLimits(overrides: Partial<Limits> | undefined, format?: FormatId): Limits {
  if (overrides === undefined) return DEFAULT_LIMITS;
  const limits = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(overrides) as Array<[keyof Limits | string, unknown]>) {
    if (!(name in DEFAULT_LIMITS)) {
      throw new WirebenchError(`unknown limit ${JSON.stringify(name)}; the limits are ${Object.keys(DEFAULT_LIMITS).join(', ')}`, { format });
    }
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new WirebenchError(`limits.${name} must be a positive integer, got ${String(value)}`, { format });
    }
    if (name === 'maxDepth' && value > MAX_DEPTH) {
      throw new WirebenchError(
        `limits.maxDepth can be at most ${MAX_DEPTH}, got ${value}: the encoders walk nesting recursively, and deeper values would ` +
          'run out of call stack before the limit, so encode and decode could no longer hold what the limit allows',
        { format },
      );
    }
    limits[name as keyof Limits] = value;
  }
  return Object.freeze(limits);
}

/** A limit was exceeded: says which, by what, and how to raise it. */
export function limitExceeded(format: FormatId, name: keyof Limits, limit: number, what: string, path?: string): WirebenchError {
  const where = path ? ` at ${path}` : '';
  return new WirebenchError(`${what}${where} exceeds limits.${name} (${limit}); pass { limits: { ${name}: … } } to allow more`, { format });
}

/**
 * What a schema decoder charges to the value budget for one record: about the 8-byte words of
 * memory the record takes in V8 (its object 3, a word per field), counting what it builds for
 * fields absent from the bytes: an empty list 5 words, an empty map 8. So the budget bounds memory,
 * not just counts, with any mix of fields.
 */
export function recordCost(fields: number, lists: number, maps: number): number {
  return 3 + fields + 4 * lists + 7 * maps;
}

/** The values (records and their fields) a decode of `byteLength` bytes may produce. */
export function valueBudget(limits: Limits, byteLength: number): number {
  return limits.maxValuesPerByte * byteLength + VALUE_ALLOWANCE;
}

/** Bytes that would decode into more values than `valueBudget` allows (said the same way by encode and decode). */
export function tooManyValues(format: FormatId, limits: Limits, byteLength: number): WirebenchError {
  return limitExceeded(
    format,
    'maxValuesPerByte',
    limits.maxValuesPerByte,
    `a decode into more than ${valueBudget(limits, byteLength)} values (records and their fields, defaults of absent fields included) from ${byteLength} bytes`,
  );
}

/** Refuses bytes over `maxBytes` (encoded output, or input to a decoder). */
export function checkByteLength(format: FormatId, limits: Limits, length: number): void {
  if (length > limits.maxBytes) throw limitExceeded(format, 'maxBytes', limits.maxBytes, `${length} bytes`);
}

/** UTF-8 length of a well-formed string, computed only when it could matter. */
export function utf8Length(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x800) length += unit >= 0xd800 && unit <= 0xdbff ? (i++, 2) : 2;
    else if (unit >= 0x80) length += 1;
  }
  return length;
}

/** Whether a string may exceed `maxStringLength` in UTF-8 (at most 3 bytes per UTF-16 unit). */
export function stringTooLong(text: string, limits: Limits): boolean {
  return text.length * 3 > limits.maxStringLength && utf8Length(text) > limits.maxStringLength;
}
