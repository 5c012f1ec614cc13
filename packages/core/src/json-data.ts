import type { FormatId } from './codec.js';
import { WirebenchError } from './errors.js';
import type { Limits } from './limits.js';
import { limitExceeded, stringTooLong } from './limits.js';
import { Refusal, refusalError } from './refusal.js';

/** A plain object: what JSON.parse makes (prototype Object.prototype, or null). Arrays, Dates, Maps and class instances are not. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Whether a string is valid UTF-16 (no lone surrogate), so that UTF-8 can carry it exactly. */
export const isWellFormed: (text: string) => boolean =
  // ES2024 (Node 20, Safari 16.4); the regex is for older engines.
  typeof (String.prototype as unknown as Partial<WellFormedCheck>).isWellFormed === 'function'
    ? (text) => (text as unknown as WellFormedCheck).isWellFormed()
    : (text) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

interface WellFormedCheck {
  isWellFormed(): boolean;
}

/** What is wrong with a scalar that JSON data cannot hold, or undefined for a JSON scalar. */
export function notJsonScalar(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? undefined : `${value} (JSON numbers are finite)`;
    case 'string':
      return isWellFormed(value) ? undefined : 'a string with a lone surrogate (UTF-8 cannot carry it exactly)';
    case 'boolean':
      return undefined;
    case 'bigint':
      return `the BigInt ${value} (JSON numbers are doubles)`;
    case 'undefined':
      return 'undefined (JSON has no undefined; JSON.stringify would drop the key)';
    case 'object':
      return value === null ? undefined : describeObject(value);
    default:
      return `a ${typeof value}`;
  }
}

function describeObject(value: object): string {
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return `a ${name || 'non-plain object'} (only plain objects, arrays, strings, finite numbers, booleans and null are JSON data)`;
}

/**
 * Refuses, before a binary encoder sees it, anything that is not JSON data or that its decoder
 * would refuse under `limits`: NaN, ±Infinity, BigInt, undefined, Dates, Maps, Sets, typed arrays,
 * class instances, lone surrogates, and nesting, collections or strings past the limits. The
 * error names the JSON path. Returns what an encoder may need to know about the value.
 */
export function assertEncodable(value: unknown, format: FormatId, limits: Limits): EncodableFacts {
  return walk(value, format, limits, true);
}

export interface EncodableFacts {
  /** The value holds a -0 somewhere (which some libraries write as the integer 0). */
  holdsNegativeZero: boolean;
}

/**
 * Checks only the limits (nesting, collection and string lengths), for the JSON codecs, whose
 * parser and JSON.stringify define the rest, and for the libraries' values. `maxValues` bounds the
 * walk where a value may share parts (a library decoding references): past it, TOO_MANY_VALUES is
 * thrown, for the caller to say why.
 */
export function assertWithinLimits(value: unknown, format: FormatId, limits: Limits, maxValues = Infinity): void {
  walk(value, format, limits, false, maxValues);
}

/** What a walk learns, and how many more values it may visit. */
interface WalkState extends EncodableFacts {
  left: number;
}

/** Thrown by assertWithinLimits once it has visited `maxValues` values, so that it stops at once. */
export const TOO_MANY_VALUES: unique symbol = Symbol('too many values');

function walk(value: unknown, format: FormatId, limits: Limits, jsonData: boolean, maxValues = Infinity): EncodableFacts {
  const facts: WalkState = { holdsNegativeZero: false, left: maxValues };
  try {
    visit(value, 1, format, limits, jsonData, facts);
    return facts;
  } catch (thrown) {
    // Within MAX_DEPTH the stack holds, unless the caller was already deep in it: say so, not that a limit was passed.
    if (thrown instanceof RangeError && /call stack/i.test(thrown.message)) {
      throw new WirebenchError(
        `the call stack ran out while walking the value, within limits.maxDepth (${limits.maxDepth}): encode it from a shallower call stack`,
        { format, cause: thrown },
      );
    }
    // A Refusal thrown inside the walk gained its keys while the stack unwound: its error names the path.
    throw refusalError(thrown);
  }
}

function visit(value: unknown, depth: number, format: FormatId, limits: Limits, jsonData: boolean, facts: WalkState): void {
  // A value whose parts are shared could take 2^30 visits from 190 bytes (cbor-x): stop at the budget.
  if (--facts.left < 0) throw TOO_MANY_VALUES;
  if (typeof value === 'string') {
    // Checking a string's length costs up to its length: charged, since its bytes took as many (a shared 65,000-char string checked 300,000 times took 47 s).
    if ((facts.left -= value.length) < 0) throw TOO_MANY_VALUES;
    if (jsonData && !isWellFormed(value)) throw refuse(format, notJsonScalar(value) as string);
    if (stringTooLong(value, limits)) throw limitRefusal(format, limits, 'maxStringLength', 'a string');
    return;
  }
  if (typeof value === 'number') {
    if (value === 0) {
      if (1 / value < 0) facts.holdsNegativeZero = true;
      return;
    }
    if (jsonData && !Number.isFinite(value)) throw refuse(format, notJsonScalar(value) as string);
    return;
  }
  if (typeof value !== 'object' || value === null) {
    const problem = jsonData ? notJsonScalar(value) : undefined;
    if (problem) throw refuse(format, problem);
    return;
  }
  if (depth > limits.maxDepth) throw limitRefusal(format, limits, 'maxDepth', `nesting level ${depth}`);
  if (Array.isArray(value)) {
    if (value.length > limits.maxCollectionLength) throw limitRefusal(format, limits, 'maxCollectionLength', `an array of ${value.length}`);
    for (let i = 0; i < value.length; i++) {
      try {
        visit(value[i], depth + 1, format, limits, jsonData, facts);
      } catch (thrown) {
        if (thrown instanceof Refusal) thrown.keys.push(i);
        throw thrown;
      }
    }
    return;
  }
  if (!isPlainObject(value)) {
    if (jsonData) throw refuse(format, describeObject(value));
    // A library's value that is not JSON data (its Set, Map, byte string, tag or extension object): the limits hold inside it too.
    if (value instanceof Set || value instanceof Map) return visitMembers(value, depth, format, limits, facts);
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
      if (value.byteLength > limits.maxStringLength) throw limitRefusal(format, limits, 'maxStringLength', `a byte string of ${value.byteLength} bytes`);
      return;
    }
    // Any other object (cbor-x's Tag, @msgpack/msgpack's ExtData…): its own properties, as an object's.
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length > limits.maxCollectionLength) throw limitRefusal(format, limits, 'maxCollectionLength', `an object of ${keys.length} keys`);
  for (const key of keys) {
    try {
      if ((facts.left -= key.length) < 0) throw TOO_MANY_VALUES;
      if (jsonData && !isWellFormed(key)) throw refuse(format, 'a key with a lone surrogate (UTF-8 cannot carry it exactly)');
      if (stringTooLong(key, limits)) throw limitRefusal(format, limits, 'maxStringLength', 'a key');
      visit(object[key], depth + 1, format, limits, jsonData, facts);
    } catch (thrown) {
      if (thrown instanceof Refusal) thrown.keys.push(key);
      throw thrown;
    }
  }
}

/** A Set's members or a Map's keys and values, a level down: the size is a collection's length, the path names a member by its position. */
function visitMembers(collection: Set<unknown> | Map<unknown, unknown>, depth: number, format: FormatId, limits: Limits, facts: WalkState): void {
  const kind = collection instanceof Set ? 'a Set' : 'a Map';
  if (collection.size > limits.maxCollectionLength) throw limitRefusal(format, limits, 'maxCollectionLength', `${kind} of ${collection.size}`);
  let index = 0;
  const member = (item: unknown): void => {
    try {
      visit(item, depth + 1, format, limits, false, facts);
    } catch (thrown) {
      if (thrown instanceof Refusal) thrown.keys.push(index);
      throw thrown;
    }
  };
  if (collection instanceof Map) {
    for (const [key, item] of collection) {
      member(key);
      member(item);
      index++;
    }
  } else {
    for (const item of collection) {
      member(item);
      index++;
    }
  }
}

function refuse(format: FormatId, what: string): Refusal {
  return new Refusal((path) => new WirebenchError(`${path} holds ${what}, which this format cannot encode exactly`, { format }));
}

function limitRefusal(format: FormatId, limits: Limits, name: keyof Limits, what: string): Refusal {
  return new Refusal((path) => limitExceeded(format, name, limits[name], what, path));
}

/**
 * Sets a key the way JSON.parse does: as an own data property, even when the key is `__proto__`
 * (plain assignment would swap the object's prototype instead of storing data).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
