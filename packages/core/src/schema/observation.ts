/**
 * What inference sees: every value met at one position (every element of an array, every object
 * under one key, every sample) merged into one Observation of the kinds, number ranges and keys.
 */

import { WirebenchError } from '../errors.js';
import { MAX_DEPTH } from '../limits.js';

export interface KeyObservation {
  present: number;
  value: Observation;
}

export interface ObjectObservation {
  count: number;
  keys: Map<string, KeyObservation>;
}

export class Observation {
  nulls = 0;
  bools = 0;
  strings = 0;
  integers = 0;
  floats = 0;
  min = Infinity;
  max = -Infinity;
  array: { count: number; element: Observation } | undefined;
  object: ObjectObservation | undefined;

  kinds(): number {
    return [this.bools, this.strings, this.integers + this.floats, this.array?.count ?? 0, this.object?.count ?? 0].filter((n) => n > 0).length;
  }
}

export function observe(into: Observation, value: unknown): Observation {
  // An explicit work list: deeply nested samples must not overflow the stack here. The schema built
  // from them is walked recursively (and so is every value a codec writes), hence MAX_DEPTH.
  const work: Array<[Observation, unknown, number]> = [[into, value, 1]];
  while (work.length > 0) {
    const [target, current, depth] = work.pop() as [Observation, unknown, number];
    if (depth > MAX_DEPTH && typeof current === 'object' && current !== null) {
      throw new WirebenchError(`the sample nests deeper than ${MAX_DEPTH} levels, the most a codec's limits.maxDepth can allow`);
    }
    if (current === null) target.nulls++;
    else if (typeof current === 'boolean') target.bools++;
    else if (typeof current === 'string') target.strings++;
    else if (typeof current === 'number') {
      if (Number.isInteger(current) && !Object.is(current, -0)) target.integers++;
      else target.floats++;
      target.min = Math.min(target.min, current);
      target.max = Math.max(target.max, current);
    } else if (Array.isArray(current)) {
      target.array ??= { count: 0, element: new Observation() };
      target.array.count++;
      // Pushed last to first, so items are observed in order (keys are first seen in document order).
      for (let i = current.length - 1; i >= 0; i--) work.push([target.array.element, current[i], depth + 1]);
    } else if (typeof current === 'object') {
      target.object ??= { count: 0, keys: new Map() };
      const object = target.object;
      object.count++;
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        let seen = object.keys.get(key);
        if (!seen) object.keys.set(key, (seen = { present: 0, value: new Observation() }));
        seen.present++;
        work.push([seen.value, item, depth + 1]);
      }
    }
  }
  return into;
}

const NUMERIC_KEY = /^-?\d+$/;
/** Past this many distinct keys an object is a dictionary, not a record type. */
const MAP_KEY_THRESHOLD = 64;

/** Objects keyed by ids (all numeric keys, like citm_catalog's `events`) or with very many keys are maps. */
export function looksLikeMap(object: ObjectObservation): boolean {
  const keys = [...object.keys.keys()];
  if (keys.length === 0) return false;
  return keys.every((key) => NUMERIC_KEY.test(key)) || keys.length > MAP_KEY_THRESHOLD;
}

/** What the samples hold at a position, in words (for refusals about the root). */
export function describeSeen(seen: Observation): string {
  if (seen.kinds() > 1) return 'values of mixed kinds';
  const orNull = seen.nulls > 0 && seen.kinds() > 0 ? ', sometimes null' : '';
  if (seen.array) return `a list${orNull}`;
  if (seen.object) {
    const keys = [...seen.object.keys.keys()];
    const listed = `${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
    return `${looksLikeMap(seen.object) ? 'an id-keyed map' : 'the record'} {${listed}}${orNull}`;
  }
  if (seen.bools) return `a bool${orNull}`;
  if (seen.strings) return `a string${orNull}`;
  if (seen.integers || seen.floats) return `a number${orNull}`;
  return 'only null';
}

const INT32 = 2 ** 31;
const INT64 = 2 ** 63;

export function numberType(seen: Observation): 'int32' | 'int64' | 'float64' {
  if (seen.floats > 0) return 'float64';
  if (seen.min >= -INT32 && seen.max < INT32) return 'int32';
  // Integral doubles up to ±2^63 are exact as int64; beyond, only a double holds them.
  return seen.min >= -INT64 && seen.max < INT64 ? 'int64' : 'float64';
}

/** Merges two observations (the values of a map's entries become one value type). */
export function merge(into: Observation, from: Observation): void {
  into.nulls += from.nulls;
  into.bools += from.bools;
  into.strings += from.strings;
  into.integers += from.integers;
  into.floats += from.floats;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  if (from.array) {
    into.array ??= { count: 0, element: new Observation() };
    into.array.count += from.array.count;
    merge(into.array.element, from.array.element);
  }
  if (from.object) {
    into.object ??= { count: 0, keys: new Map() };
    into.object.count += from.object.count;
    for (const [key, seen] of from.object.keys) {
      let target = into.object.keys.get(key);
      if (!target) into.object.keys.set(key, (target = { present: 0, value: new Observation() }));
      target.present += seen.present;
      merge(target.value, seen.value);
    }
  }
}
