/**
 * The fidelity rule, as a check: `actual` must equal `expected` as JSON data. Same keys (a key
 * holding null stays, a missing key stays missing), same array lengths and order, same strings,
 * numbers equal by `===` as DESIGN's rule says (so -0 is 0: JSON itself writes -0 as 0, and they are
 * the same JSON number; NaN, which no JSON holds, equals NaN). Key order is reported as `order` but never makes `ok` false.
 */

/** What a diff is: a key or element `missing` or `extra`, a different JSON `type` or `value`, or keys in another `order`. */
export type DiffKind = 'missing' | 'extra' | 'type' | 'value' | 'order';

/** One difference between the expected and the actual value, at a JSON path. */
export interface Diff {
  /** JSON path, e.g. `$.orders[3]["unit-price"]`. */
  readonly path: string;
  readonly kind: DiffKind;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** What `checkRoundTrip` found: `ok` unless some diff other than `order` was found. */
export interface RoundTripReport {
  readonly ok: boolean;
  /** Value diffs first (missing, extra, type, value), then key-order notes, at most `maxDiffs` in all. */
  readonly diffs: Diff[];
  /** True when more diffs existed than `maxDiffs`. */
  readonly truncated: boolean;
  /** How many diffs of each kind there were, listed or not (absent in results written before it existed). */
  readonly counts?: Readonly<Record<DiffKind, number>>;
}

/** Options of `checkRoundTrip`. */
export interface CheckOptions {
  /**
   * Stop listing after this many diffs (default 1000): one bad field in 10k rows stays readable.
   * Only the list is capped: `ok` and `counts` cover every diff, so 0 gives a verdict and counts alone.
   */
  readonly maxDiffs?: number;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** The JSON kind of a value, or the name of whatever non-JSON thing it is. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type !== 'object') return type;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return 'object';
  return (value as object).constructor?.name ?? 'non-plain object';
}

/**
 * Compares `actual` with `expected` by the fidelity rule above: value diffs (missing, extra, type,
 * value) make `ok` false; key-order notes do not. Walks with an explicit stack, so any depth is fine.
 */
export function checkRoundTrip(expected: unknown, actual: unknown, options: CheckOptions = {}): RoundTripReport {
  const maxDiffs = options.maxDiffs ?? 1000;
  if (!(Number.isInteger(maxDiffs) && maxDiffs >= 0) && maxDiffs !== Infinity) {
    throw new RangeError(`checkRoundTrip: maxDiffs must be an integer ≥ 0 (or Infinity), got ${String(maxDiffs)}`);
  }
  // Value diffs and order notes are kept apart, so a thousand order notes never push the one
  // changed value out of the list.
  const failing: Diff[] = [];
  const order: Diff[] = [];
  const counts: Record<DiffKind, number> = { missing: 0, extra: 0, type: 0, value: 0, order: 0 };
  const add = (diff: Diff): void => {
    counts[diff.kind]++;
    const list = diff.kind === 'order' ? order : failing;
    if (list.length < maxDiffs) list.push(diff);
  };
  // An explicit stack: payloads nested thousands deep must not overflow the call stack.
  const stack: Array<[path: string, expected: unknown, actual: unknown]> = [['$', expected, actual]];
  while (stack.length > 0) {
    const [path, want, got] = stack.pop() as [string, unknown, unknown];
    const wantKind = jsonKind(want);
    const gotKind = jsonKind(got);
    if (wantKind !== gotKind) {
      add({ path, kind: 'type', expected: want, actual: got });
      continue;
    }
    if (wantKind === 'array') {
      const a = want as unknown[];
      const b = got as unknown[];
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) {
        if (i >= b.length) add({ path: childPath(path, i), kind: 'missing', expected: a[i] });
        else if (i >= a.length) add({ path: childPath(path, i), kind: 'extra', actual: b[i] });
        else stack.push([childPath(path, i), a[i], b[i]]);
      }
    } else if (wantKind === 'object') {
      const a = want as Record<string, unknown>;
      const b = got as Record<string, unknown>;
      const wantKeys = Object.keys(a);
      const gotKeys = Object.keys(b);
      for (const key of wantKeys) {
        if (!Object.hasOwn(b, key)) add({ path: childPath(path, key), kind: 'missing', expected: a[key] });
        else stack.push([childPath(path, key), a[key], b[key]]);
      }
      for (const key of gotKeys) {
        if (!Object.hasOwn(a, key)) add({ path: childPath(path, key), kind: 'extra', actual: b[key] });
      }
      const common = wantKeys.filter((key) => Object.hasOwn(b, key));
      const commonGot = gotKeys.filter((key) => Object.hasOwn(a, key));
      if (common.some((key, i) => commonGot[i] !== key)) add({ path, kind: 'order', expected: common, actual: commonGot });
    } else if (want !== got && !(Number.isNaN(want) && Number.isNaN(got))) {
      add({ path, kind: 'value', expected: want, actual: got });
    }
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const diffs = [...failing, ...order].slice(0, maxDiffs);
  // From the counts, not the capped list: with maxDiffs 0 the list is empty for changed data too.
  const ok = counts.missing + counts.extra + counts.type + counts.value === 0;
  return { ok, diffs, truncated: total > diffs.length, counts };
}
