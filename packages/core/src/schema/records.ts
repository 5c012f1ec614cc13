import { setOwn } from '../json-data.js';

/**
 * Decoded records are built by code generated per message, as one object literal: V8 then gives
 * every record of a message the same hidden class with fast properties, where adding 20 or more
 * keys one at a time through a shared keyed store turns the objects into slow dictionaries (for
 * the decoder and for the app that reads them). Where a Content-Security-Policy forbids generated
 * code, or a codec is made `interpreted`, `recordFactory` copies a template instead.
 */

/** A JavaScript property name for `key` in an object literal (a computed one for `__proto__`, which would set the prototype). */
export function literalKey(key: string): string {
  return key === '__proto__' ? '["__proto__"]' : JSON.stringify(key);
}

/**
 * Whether a codec that compiles code per schema runs interpreted instead: asked to (`interpreted`),
 * or where a Content-Security-Policy without 'unsafe-eval' makes `new Function` throw. Decided once
 * when the codec is made, so the codec says which it runs (`Codec.interpreted`).
 */
export function runsInterpreted(options: { readonly interpreted?: boolean | undefined }): boolean {
  return options.interpreted === true || generate<() => void>([], 'return function probe() {};') === undefined;
}

/** A function compiled from source, or undefined where the page's CSP forbids it. */
export function generate<T>(parameters: readonly string[], body: string, ...bound: readonly unknown[]): T | undefined {
  try {
    // The outer function binds helpers by name; it returns the generated function.
    return new Function(...parameters, body)(...bound) as T;
  } catch (error) {
    if (error instanceof EvalError) return undefined;
    throw error;
  }
}

export type RecordFactory = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * Builds a record whose keys are `keys`, in order, from the values at the same positions; with
 * `interpreted`, without compiling anything.
 */
export function recordFactory(keys: readonly string[], { interpreted = false }: { readonly interpreted?: boolean } = {}): RecordFactory {
  const entries = keys.map((key, i) => `${literalKey(key)}: v[${i}]`);
  const generated = interpreted ? undefined : generate<RecordFactory>([], `return function record(v) { return { ${entries.join(', ')} }; };`);
  if (generated) return generated;
  // Without generated code: copies of a template JSON.parse made, whose keys are then only
  // overwritten. A spread copy keeps the template's fast properties, where keys added one at a
  // time make a dictionary: 30 keys took 281 bytes a record this way, 1,944 key by key (and 6×
  // the time; Node 20), which is also what bounds a decoder's memory per value.
  const template = JSON.parse(`{${keys.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) as Record<string, unknown>;
  return (values) => {
    const out = { ...template };
    for (let i = 0; i < keys.length; i++) setOwn(out, keys[i] as string, values[i]);
    return out;
  };
}
