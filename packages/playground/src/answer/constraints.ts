/**
 * The user's constraints as the form holds them (the budget as typed), and the `Constraints` the
 * ranking takes from them for one payload: the served encoding falls back to one this run measured.
 */
import type { Constraints, ResolvedConstraints, ServedEncoding } from 'wirebench/answer';
import { bundleBudgetBytes, cpuSlowdownFactor, DEFAULT_MIN_GAIN, IMPLEMENTATION_CAPABILITIES, minGainShare, NETWORK_ROLES } from 'wirebench/answer';
import type { RowResult } from '../protocol.js';
import type { ConstraintFlag } from './flags.js';

/** What the form's controls hold: the resolved constraints, with the budget and the least gain as typed. */
export type ConstraintChoice = Omit<ResolvedConstraints, 'bundleBudgetBytes' | 'minGain' | 'cpuSlowdown'> & {
  /** Gzipped kB (1 kB = 1,000 B, as every size on the page) as typed; '' for no budget. */
  readonly budgetKb: string;
  /** The least gain worth a switch, in percent of JSON's time until usable, as typed. */
  readonly minGainPercent: string;
  /** How many times slower the users' CPUs are than this device, as typed; '' for none beyond 2× and 4×. */
  readonly cpuSlowdownText: string;
};

/** Each checkbox, in the form's order, with its label (its parameter in the address: flags.ts). */
export const CONSTRAINT_FLAGS: readonly { readonly flag: ConstraintFlag; readonly label: string }[] = [
  { flag: 'noEval', label: "No eval: the page's CSP forbids new Function" },
  { flag: 'exactInt64', label: '64-bit integers must arrive exactly' },
  { flag: 'readableTraffic', label: 'People must read the traffic (network panel, logs)' },
  { flag: 'sharedSchemaOk', label: 'A schema shared by client and server is fine' },
];

export const DEFAULT_CHOICE: ConstraintChoice = {
  network: NETWORK_ROLES.typical4g,
  served: 'gzip',
  budgetKb: '',
  minGainPercent: String(DEFAULT_MIN_GAIN * 100),
  cpuSlowdownText: '',
  noEval: false,
  exactInt64: false,
  readableTraffic: false,
  sharedSchemaOk: true,
};

/** The budget in bytes, null for none (empty), or undefined when the text is not a number of kB the CLI would take either. */
export function budgetBytes(text: string): number | null | undefined {
  return text.trim() === '' ? null : bundleBudgetBytes(text);
}

/** The CPU slowdown typed, undefined for none (empty), or null when the text is not a factor the CLI would take either. */
export function typedCpuSlowdown(text: string): number | null | undefined {
  return text.trim() === '' ? undefined : (cpuSlowdownFactor(text) ?? null);
}

// The encodings this run can answer for, as the answer module tells them (the CLI's and bench:compare's too).
export { measuredServed } from 'wirebench/answer';

/** The choice's served encoding where it was measured, else gzip, else none. */
export function effectiveServed(choice: ConstraintChoice, measured: readonly ServedEncoding[]): ServedEncoding {
  return measured.includes(choice.served) ? choice.served : measured.includes('gzip') ? 'gzip' : 'none';
}

/**
 * The ranking's constraints from the form (a budget that is not a number counts as none, a least
 * gain that is not a percent as the default, a slowdown that is not a factor as none: the form says so).
 */
export function toConstraints(choice: ConstraintChoice, measured: readonly ServedEncoding[]): Constraints {
  const budget = budgetBytes(choice.budgetKb);
  const minGain = minGainShare(choice.minGainPercent);
  const cpuSlowdown = typedCpuSlowdown(choice.cpuSlowdownText);
  return {
    network: choice.network,
    served: effectiveServed(choice, measured),
    ...(typeof budget === 'number' ? { bundleBudgetBytes: budget } : {}),
    ...(minGain !== undefined ? { minGain } : {}),
    ...(typeof cpuSlowdown === 'number' ? { cpuSlowdown } : {}),
    noEval: choice.noEval,
    exactInt64: choice.exactInt64,
    readableTraffic: choice.readableTraffic,
    sharedSchemaOk: choice.sharedSchemaOk,
  };
}

/**
 * The run's rows whose figures are of other code than the No eval box asks for: the rows of the
 * implementations that compile code per schema (`eval: 'generated'`), measured with that code while
 * the box is ticked (the ranking leaves them out), or interpreted while it is not (a page with eval
 * runs them faster). A run measures as the box says when it starts; changing it afterwards asks for
 * a new run, which the page offers rather than starting one by itself.
 */
export interface EvalMismatch {
  /** The rows' names, in the result's order. */
  readonly rows: readonly string[];
  /** What a new run would measure them as. */
  readonly measureAs: 'interpreted' | 'generated';
}

/** The run's rows (`ResultPayload.rows`) measured otherwise than `noEval` asks, or undefined when every row fits it. */
export function evalMismatch(noEval: boolean, measured: readonly RowResult[]): EvalMismatch | undefined {
  const rows = measured
    .filter(
      (row) =>
        row.kind === 'codec' &&
        row.error === undefined &&
        IMPLEMENTATION_CAPABILITIES[`${row.format}/${row.implementation ?? 'wirebench'}`]?.eval === 'generated' &&
        (row.interpreted === true) !== noEval,
    )
    .map((row) => row.name);
  return rows.length === 0 ? undefined : { rows, measureAs: noEval ? 'interpreted' : 'generated' };
}
