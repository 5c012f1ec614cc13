/**
 * cbor-x-bignum.ts: cbor-x's tag 2 reader without its quadratic cost, which the cbor-x codec puts
 * in cbor-x's process-wide table of tags, so it must give exactly what cbor-x's own gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bignumOf } from '../../../../src/formats/cbor/libraries/cbor-x-bignum.js';
import { cborXOwnBignum } from '../../../support/library-codecs.js';

/** A call's value, or its error's class and message. */
function outcome(action: () => unknown): unknown {
  try {
    return { value: action() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

describe('bignumOf', () => {
  it("returns what cbor-x's own reader returns, or throws what it throws, for any content", () => {
    const index = fc.nat(12).map(String);
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc
        .tuple(fc.uint8Array({ maxLength: 100 }), fc.nat(7))
        .map(([bytes, offset]) => Uint8Array.from([...new Array<number>(offset).fill(9), ...bytes]).subarray(offset)),
      fc.int16Array({ maxLength: 40 }),
      fc.float64Array({ maxLength: 20 }),
      // A map holding a byteLength key, as a tag may wrap one: elements of any kind, some missing.
      fc
        .record({
          byteLength: fc.oneof(fc.nat(14), fc.constant(Infinity), fc.constant('3'), fc.constant(-1)),
          entries: fc.dictionary(index, fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.string({ maxLength: 3 }), fc.constant(null))),
        })
        .map(({ byteLength, entries }) => ({ ...entries, byteLength })),
      fc.constantFrom(null, undefined, 7, 'text', [1, 2], {}),
    );
    fc.assert(
      fc.property(content, (x) => {
        expect(outcome(() => bignumOf(x))).toEqual(outcome(() => cborXOwnBignum(x)));
      }),
      { numRuns: 2000 },
    );
  });
});
