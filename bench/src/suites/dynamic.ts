import { payloadTarget } from './payloads.js';
import type { Suite } from './suite.js';

/** Items of the true/null array: 2,048 × 5 bytes ("true," / "null,") is about 10 KB of JSON. */
const ITEMS = 2048;

/** `[true, null, true, null, …]`: every item holds a different type than its neighbour. */
export function trueNullArray(items = ITEMS): Array<true | null> {
  return Array.from({ length: items }, (_, i) => (i % 2 === 0 ? true : null));
}

/**
 * The dynamic-value path: values whose inferred type is `any` (mixed types, nulls in lists), which the
 * schema formats carry in a helper Value message instead of a typed field. Generated, so it runs
 * anywhere; the corpus's github_events.json, mixed-type fields in real data, comes with the files.
 */
export const dynamicSuite: Suite = {
  name: 'dynamic',
  summary: `values of inferred type any: a ${ITEMS}-item JSON array alternating true and null (about 10 KB)`,
  async plan(context) {
    const notes: string[] = [];
    const target = await payloadTarget('true_null', trueNullArray(), context, notes);
    return { targets: [target], notes };
  },
};
