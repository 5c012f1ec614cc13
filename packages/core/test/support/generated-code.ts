/** Shared by the tests that hold generated codecs to their interpreters (the CSP fallback). */
import fc from 'fast-check';
import { vi } from 'vitest';
import { jsonValue } from './json-arbitrary.js';

/** The result of `action`: its value, or the message it threw. */
export function outcome(action: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: action() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** What `Function` does, called with or without `new`, under a CSP without 'unsafe-eval'. */
export function ForbiddenFunction(): never {
  throw new EvalError('Refused to evaluate a string as JavaScript');
}

/** A codec made while `Function` is forbidden (only then: vitest needs it). */
export function withoutFunction<T>(make: () => T): T {
  vi.stubGlobal('Function', ForbiddenFunction);
  try {
    return make();
  } finally {
    vi.unstubAllGlobals();
  }
}

const KEYS = fc.constantFrom('id', 'name', '', 'é', 'constructor', 'toString', '__proto__', 'value', 'a b', 'x'.repeat(40));
const NUMBERS = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 2 ** 53, 2 ** 63, -(2 ** 63), 2 ** 64 - 2 ** 12));
const STRINGS = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('a\ud800b', 'x'.repeat(100)));
/** JSON values with the keys, numbers and strings where codecs go wrong. */
export const trickyValues = jsonValue({ keys: KEYS, numbers: NUMBERS, strings: STRINGS });
