/** Shared by the tests that hold generated codecs to their interpreters (the CSP fallback). */
import fc from 'fast-check';
import { expect, vi } from 'vitest';
import type { Codec } from '../../src/codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import type { Schema } from '../../src/schema/types.js';
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

/**
 * `action`'s result and how many times it compiled code from a string: `Function` (with or without
 * `new`) and `eval` are counted, and still work, while it runs (only then: vitest needs them).
 */
export function countingCompilation<T>(action: () => T): { result: T; compiled: number } {
  let compiled = 0;
  const count = <F extends object>(original: F): F =>
    new Proxy(original, {
      apply: (target, self, args) => {
        compiled++;
        return Reflect.apply(target as () => unknown, self, args);
      },
      construct: (target, args) => {
        compiled++;
        return Reflect.construct(target as new () => object, args);
      },
    });
  vi.stubGlobal('Function', count(Function));
  // biome-ignore lint/security/noGlobalEval: wrapped to count the calls of the code under test, never called here.
  vi.stubGlobal('eval', count(globalThis.eval));
  try {
    const result = action();
    return { result, compiled };
  } finally {
    vi.unstubAllGlobals();
  }
}

const KEYS = fc.constantFrom('id', 'name', '', 'é', 'constructor', 'toString', '__proto__', 'value', 'a b', 'x'.repeat(40));
const NUMBERS = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 2 ** 53, 2 ** 63, -(2 ** 63), 2 ** 64 - 2 ** 12),
);
const STRINGS = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('a\ud800b', 'x'.repeat(100)));
/** JSON values with the keys, numbers and strings where codecs go wrong. */
export const trickyValues = jsonValue({ keys: KEYS, numbers: NUMBERS, strings: STRINGS });

/**
 * The property both schema formats hold their generated code to: on random values (and other values
 * run through the first one's schema) the generated and interpreted codecs encode the same bytes or
 * refuse with the same message, and decode those bytes, and damaged copies, alike. Checks that both
 * branches ran: values that encode and values their schema refuses.
 */
export function expectGeneratedMatchesInterpreted(codecPair: (schema: Schema) => [generated: Codec, interpreted: Codec]): void {
  let encoded = 0;
  let refused = 0;
  fc.assert(
    fc.property(trickyValues, trickyValues, fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 4 }), (value, other, damage) => {
      const [generated, interpreted] = codecPair(inferSchema(value));
      for (const payload of [value, other]) {
        const written = outcome(() => generated.encode(payload));
        expect(outcome(() => interpreted.encode(payload))).toEqual(written);
        if (!('value' in written)) {
          refused++;
          continue;
        }
        encoded++;
        const bytes = written.value as Uint8Array;
        expect(outcome(() => generated.decode(bytes))).toEqual(outcome(() => interpreted.decode(bytes)));
        const damaged = bytes.slice();
        for (const [at, byte] of damage) if (damaged.length > 0) damaged[at % damaged.length] = byte;
        expect(outcome(() => generated.decode(damaged))).toEqual(outcome(() => interpreted.decode(damaged)));
      }
    }),
    { numRuns: 300 },
  );
  expect(encoded).toBeGreaterThan(100);
  expect(refused).toBeGreaterThan(20);
}
