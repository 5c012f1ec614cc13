import fc from 'fast-check';

export interface JsonArbitraryOptions {
  /** Object keys (mix in the odd ones: not identifiers, helper names, `__proto__`). */
  readonly keys: fc.Arbitrary<string>;
  readonly numbers: fc.Arbitrary<number>;
  readonly strings: fc.Arbitrary<string>;
  /** Longest array, and most keys of one object (default 5). */
  readonly maxLength?: number;
}

/**
 * Random JSON values leaning on the shapes that make schema inference work hard: nesting, nulls,
 * mixed arrays, and arrays of similar records (where inference finds optional, nullable and mixed
 * fields).
 */
export function jsonValue({ keys, numbers, strings, maxLength = 5 }: JsonArbitraryOptions): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(fc.constant(null), fc.boolean(), numbers, strings);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength }),
      fc.array(fc.dictionary(fc.constantFrom('id', 'name', '@type', 'tags', 'geo'), tie('value'), { maxKeys: 5 }), { maxLength: 4 }),
      fc.dictionary(keys, tie('value'), { maxKeys: maxLength + 1 }),
    ),
  }));
  return value;
}
