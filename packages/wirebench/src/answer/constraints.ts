import type { FormatId } from '@wirebench/core';
import { WirebenchError } from '@wirebench/core';
import { parseDecimal } from '../decimal.js';
import type { EvalUse, ImplementationCapabilities, Int64Behaviour } from './capabilities.js';
import { capabilitiesOf, isReadable, needsSharedSchema } from './capabilities.js';
import { nonNegative } from './check.js';
import type { FirstDiff, RowFacts } from './facts.js';
import { findNetworkPreset } from './networks.js';
import type { MissingFigure, ServedEncoding } from './served.js';
import { SERVED_ENCODINGS } from './served.js';

/**
 * What the user states before speed matters, and which rows it rules out, each with why. A row
 * that lost data is ruled out whatever the user states: the answer never recommends it.
 */

/** The user's constraints: plain data, as a page's form, a CLI's flags or a query string give them. */
export interface Constraints {
  /** A network preset id (`NETWORK_PRESETS`). */
  readonly network: string;
  /** What the server sends. */
  readonly served: ServedEncoding;
  /** Most gzipped JavaScript bytes a format's implementation may add to the app (absent or null: no budget, so resolved constraints are constraints too). */
  readonly bundleBudgetBytes?: number | null;
  /** The page's CSP has no `unsafe-eval`: `new Function` throws. */
  readonly noEval?: boolean;
  /** 64-bit integers beyond ±(2^53 − 1) must arrive exactly. */
  readonly exactInt64?: boolean;
  /** People must read the traffic (network panel, proxies, logs). */
  readonly readableTraffic?: boolean;
  /** A schema both sides keep in step is acceptable (default true). */
  readonly sharedSchemaOk?: boolean;
  /**
   * The least gain worth a switch, as a share of JSON's time until usable (0 ≤ minGain < 1; default
   * DEFAULT_MIN_GAIN): a row sooner than JSON by less is not named over it (verdict.ts).
   */
  readonly minGain?: number;
  /**
   * How many times slower than the measuring machine your users' CPUs are (1 < factor ≤
   * MAX_CPU_SLOWDOWN): the answer says whether its verdict holds there, beside 2× and 4×
   * (`PayloadAnswer.slowerCpu`). It ranks nothing: the ranking stays the measured device's.
   */
  readonly cpuSlowdown?: number;
}

/** `Constraints` with every default filled in (`bundleBudgetBytes` null when there is none), checked. */
export interface ResolvedConstraints {
  readonly network: string;
  readonly served: ServedEncoding;
  readonly bundleBudgetBytes: number | null;
  readonly noEval: boolean;
  readonly exactInt64: boolean;
  readonly readableTraffic: boolean;
  readonly sharedSchemaOk: boolean;
  readonly minGain: number;
  /** Absent where none was stated. */
  readonly cpuSlowdown?: number;
}

/**
 * One reason a row is not ranked, as data: `code` says which, the other fields hold what a sentence
 * about it is made of (report/answer-words.ts writes it), so a saved answer can be worded anew.
 */
export type Exclusion =
  /** The row has no figures: `error` is why the measurement failed (`RowResult.error`); absent, it was simply not measured. */
  | { readonly code: 'not-measured'; readonly error?: string }
  /** No bundle size is known for the implementation's JavaScript, so its cost cannot be weighed. */
  | { readonly code: 'no-bundle-size' }
  /** A native addon: no page or app can load it. */
  | { readonly code: 'node-only' }
  /** decode(encode(payload)) is not the payload: where it first differed, when the round trip found a path. */
  | { readonly code: 'lost-data'; readonly firstDiff?: FirstDiff }
  /** No figures for the served encoding: its compressed size or its decompression time was not measured. */
  | { readonly code: 'no-figures'; readonly served: Exclude<ServedEncoding, 'none'>; readonly missing: MissingFigure }
  /**
   * A no-eval CSP: `always`, it cannot run there (`why`: the capability table's note); `generated`, it
   * would run interpreted there, but these figures are of its generated code (a result measured
   * without no eval: measuring with it marks such rows `interpreted`, and ranks them).
   */
  | { readonly code: 'needs-eval'; readonly eval: Exclude<EvalUse, 'never'>; readonly why?: string }
  /** More gzipped JavaScript than the budget allows. */
  | { readonly code: 'over-budget'; readonly jsBytes: number; readonly budgetBytes: number }
  /** Does not keep 64-bit integers exactly (`why`: the capability table's note). */
  | { readonly code: 'int64'; readonly int64: Exclude<Int64Behaviour, 'exact'>; readonly why?: string }
  /** Binary bytes where people must read the traffic. */
  | { readonly code: 'not-readable'; readonly format: FormatId }
  /** Needs a schema shared by both sides where none may be. */
  | { readonly code: 'shared-schema'; readonly format: FormatId };

/** Why a row is not ranked: each `Exclusion`'s code. */
export type ExclusionCode = Exclusion['code'];

/** The largest JavaScript budget, in kB: past any app's bundle (a terabyte), and its bytes an exact integer. */
export const MAX_BUNDLE_BUDGET_KB = 1e9;

/**
 * A JavaScript budget as a person types it (a form, a flag, a query string), in kB of 1,000 B: its
 * whole bytes, or undefined when the text is not a decimal number from 0 to MAX_BUNDLE_BUDGET_KB.
 * The bound is on the kB typed, so the bytes are never Infinity (1e306 kB is 1e309 B).
 */
export function bundleBudgetBytes(kbText: string): number | undefined {
  const kb = parseDecimal(kbText);
  return kb === undefined || kb > MAX_BUNDLE_BUDGET_KB ? undefined : Math.round(kb * 1000);
}

/** The ranking's link and served encoding when none is named: a typical 4G phone, and the gzip nearly every API server sends. */
export const ANSWER_DEFAULTS = { network: '4g', served: 'gzip' } as const satisfies Pick<Constraints, 'network' | 'served'>;

/**
 * The least gain worth a switch when the user states none: 5 % of JSON's time until usable. A
 * judgement, not a measurement: docs/choosing-a-format.md says why.
 */
export const DEFAULT_MIN_GAIN = 0.05;

/** The largest least gain a person may type, in percent: a switch must leave some of JSON's time. */
export const MAX_MIN_GAIN_PERCENT = 99;

/**
 * A least gain as a person types it (a form, a flag, a query string), in percent of JSON's time
 * until usable: its share (5 → 0.05), or undefined when the text is not a decimal number from 0 to
 * MAX_MIN_GAIN_PERCENT.
 */
export function minGainShare(percentText: string): number | undefined {
  const percent = parseDecimal(percentText);
  return percent === undefined || percent > MAX_MIN_GAIN_PERCENT ? undefined : percent / 100;
}

/** The largest CPU slowdown a person may state: a phone far slower than the measuring machine is its own device to measure on. */
export const MAX_CPU_SLOWDOWN = 20;

/**
 * A CPU slowdown as a person types it (a form, a flag, a query string): `6` or `6x` → 6, or
 * undefined when the text is not a decimal number above 1 and at most MAX_CPU_SLOWDOWN.
 */
export function cpuSlowdownFactor(text: string): number | undefined {
  const factor = parseDecimal(text.trim().replace(/[x×]$/i, ''));
  return factor === undefined || factor <= 1 || factor > MAX_CPU_SLOWDOWN ? undefined : factor;
}

/** Checks `constraints` and fills in the defaults; a WirebenchError names what is wrong. */
export function resolveConstraints(constraints: Constraints): ResolvedConstraints {
  const network = findNetworkPreset(constraints.network).id;
  if (!SERVED_ENCODINGS.includes(constraints.served)) {
    throw new WirebenchError(
      `no served encoding ${JSON.stringify(constraints.served)}; expected one of ${SERVED_ENCODINGS.map((s) => JSON.stringify(s)).join(', ')}`,
    );
  }
  const budget = constraints.bundleBudgetBytes;
  const minGain = constraints.minGain ?? DEFAULT_MIN_GAIN;
  if (!(Number.isFinite(minGain) && minGain >= 0 && minGain < 1)) {
    throw new WirebenchError(`min gain must be a share of JSON's time from 0 up to (not including) 1, got ${String(minGain)}`);
  }
  const cpuSlowdown = constraints.cpuSlowdown;
  if (cpuSlowdown !== undefined && !(Number.isFinite(cpuSlowdown) && cpuSlowdown > 1 && cpuSlowdown <= MAX_CPU_SLOWDOWN)) {
    throw new WirebenchError(`the CPU slowdown must be a factor above 1 and at most ${MAX_CPU_SLOWDOWN}, got ${String(cpuSlowdown)}`);
  }
  return {
    network,
    served: constraints.served,
    bundleBudgetBytes: budget === undefined || budget === null ? null : nonNegative('bundle budget bytes', budget),
    noEval: constraints.noEval === true,
    exactInt64: constraints.exactInt64 === true,
    readableTraffic: constraints.readableTraffic === true,
    sharedSchemaOk: constraints.sharedSchemaOk !== false,
    minGain,
    ...(cpuSlowdown !== undefined ? { cpuSlowdown } : {}),
  };
}

/** A row's eval use and int64 behaviour, with why where the table says it. */
export interface RowCapabilities {
  readonly eval: EvalUse;
  readonly evalWhy?: string;
  readonly int64: Int64Behaviour;
  readonly int64Why?: string;
}

/** The row's capabilities: the table's entry (`IMPLEMENTATION_CAPABILITIES`), with the row's own overrides. */
export function rowCapabilities(row: RowFacts): RowCapabilities {
  // The table is only consulted for what the row does not say itself: a codec it does not list can still be ranked.
  const table = row.eval !== undefined && row.int64 !== undefined ? undefined : capabilitiesOf(row.format, row.implementation);
  const evalPart =
    row.eval !== undefined ? { eval: row.eval } : { eval: (table as ImplementationCapabilities).eval, evalWhy: (table as ImplementationCapabilities).evalWhy };
  const int64Part =
    row.int64 !== undefined
      ? { int64: row.int64 }
      : { int64: (table as ImplementationCapabilities).int64, int64Why: (table as ImplementationCapabilities).int64Why };
  return { ...evalPart, ...int64Part };
}

/**
 * Every constraint `row` breaks, in a fixed order (data first, then the user's constraints), or an
 * empty list. Whether its figures exist for the served encoding is the ranking's to check.
 */
export function constraintExclusions(row: RowFacts, constraints: ResolvedConstraints): Exclusion[] {
  const out: Exclusion[] = [];
  if (row.error !== undefined) out.push({ code: 'not-measured', error: row.error });
  else if (row.bundleSizeUnknown) out.push({ code: 'no-bundle-size' });
  if (row.nodeOnly) out.push({ code: 'node-only' });
  // A row that could not be measured, or whose cost is unknown, is left out for that alone; one
  // without figures has no round trip to judge.
  if (row.error === undefined && !row.bundleSizeUnknown && row.figures !== undefined && !row.fidelity.ok) {
    const d = row.fidelity.firstDiff;
    out.push({ code: 'lost-data', ...(d ? { firstDiff: { path: d.path, kind: d.kind } } : {}) });
  }
  // The table is read only when a constraint asks: an unlisted codec ranks freely without them.
  const caps = constraints.noEval || constraints.exactInt64 ? rowCapabilities(row) : undefined;
  if (caps && constraints.noEval) {
    if (caps.eval === 'always') {
      out.push({ code: 'needs-eval', eval: 'always', ...(caps.evalWhy ? { why: caps.evalWhy } : {}) });
    } else if (caps.eval === 'generated' && row.interpreted !== true) {
      // It would still work there, interpreted: but these figures are not that code's.
      out.push({ code: 'needs-eval', eval: 'generated' });
    }
  }
  const budget = constraints.bundleBudgetBytes;
  if (budget !== null && row.jsBytes > budget) out.push({ code: 'over-budget', jsBytes: row.jsBytes, budgetBytes: budget });
  if (caps && constraints.exactInt64 && caps.int64 !== 'exact') {
    out.push({ code: 'int64', int64: caps.int64, ...(caps.int64Why !== undefined ? { why: caps.int64Why } : {}) });
  }
  if (constraints.readableTraffic && !isReadable(row.format)) out.push({ code: 'not-readable', format: row.format });
  if (!constraints.sharedSchemaOk && needsSharedSchema(row.format)) out.push({ code: 'shared-schema', format: row.format });
  return out;
}
