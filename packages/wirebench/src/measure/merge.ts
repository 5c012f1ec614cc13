import { METHOD } from './engine.js';
import type { Environment, MeasureProgress, MeasureResult, PayloadResult, ResolvedMeasureOptions } from './types.js';
import { RESULT_FORMAT, RESULT_VERSION } from './types.js';

/**
 * One result from payloads measured apart (each in its own worker or page, one after another), and
 * one progress bar over them. Pure and browser-safe: the Node runner of `wirebench/node` and
 * the bench's browser runner both merge through it.
 */

/**
 * The result of a run whose payloads were measured apart: one environment, the options of the run
 * (`isolation` says how the payloads were kept apart, `budget` is the whole run's), and every
 * payload in the order given, failed ones included.
 */
export function mergePayloadResults(
  payloads: readonly PayloadResult[],
  run: { readonly environment: Environment; readonly options: ResolvedMeasureOptions; readonly createdAt?: string },
): MeasureResult {
  const names = new Set<string>();
  for (const payload of payloads) {
    if (names.has(payload.name)) throw new RangeError(`mergePayloadResults: two payloads named ${JSON.stringify(payload.name)}`);
    names.add(payload.name);
  }
  return {
    format: RESULT_FORMAT,
    version: RESULT_VERSION,
    createdAt: run.createdAt ?? new Date().toISOString(),
    environment: run.environment,
    options: run.options,
    method: METHOD,
    payloads: [...payloads],
  };
}

/** A payload that could not be measured at all (its worker crashed, say): no rows, and the reason in `error`. */
export function failedPayload(name: string, error: string, reference = 'json'): PayloadResult {
  return { name, jsonBytes: 0, lossyNumbers: [], lossyCount: 0, reference, rounds: [], stoppedByBudget: false, suspect: false, rows: [], error };
}

/**
 * One progress bar over parts measured one after another (a worker or a page each), where each part's
 * engine reports `done / total` of its own work only. `weights` are the payloads of each part: a part
 * not started yet is counted as its payloads times the task-rounds per payload seen so far, so the
 * bar starts right and moves forward as the parts are met.
 */
export function progressAcross(
  weights: readonly number[],
  onProgress: ((progress: MeasureProgress) => void) | undefined,
): { report(part: number, progress: MeasureProgress): void; finish(part: number): void } {
  /** Each part's own total, once it reported one. */
  const totals: Array<number | undefined> = weights.map(() => undefined);
  /** Each part's task-rounds done (a finished part: all of its total). */
  const done: number[] = weights.map(() => 0);
  /** Parts ended without ever reporting (failed before measuring): counted at the estimate. */
  const ended: boolean[] = weights.map(() => false);
  const perPayload = (): number => {
    let weight = 0;
    let total = 0;
    for (const [i, known] of totals.entries()) {
      if (known === undefined) continue;
      weight += weights[i] as number;
      total += known;
    }
    return weight > 0 ? total / weight : 0;
  };
  const overall = (): { done: number; total: number } => {
    const estimate = perPayload();
    let total = 0;
    let all = 0;
    for (const [i, known] of totals.entries()) {
      const part = known ?? estimate * (weights[i] as number);
      total += part;
      all += ended[i] && known === undefined ? part : (done[i] as number);
    }
    return { done: all, total: Math.max(total, 1) };
  };
  return {
    report(part, progress) {
      totals[part] = progress.total;
      done[part] = progress.done;
      if (!onProgress) return;
      const { done: allDone, total } = overall();
      onProgress({ ...progress, done: Math.round(allDone), total: Math.round(total) });
    },
    finish(part) {
      // A part that ends (or fails) counts as whole: its task-rounds are done, whatever it reported last.
      ended[part] = true;
      const total = totals[part];
      if (total !== undefined) done[part] = total;
    },
  };
}
