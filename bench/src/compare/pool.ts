import type { MeasureResult, Operation, OperationResult, PayloadResult, Ratio, RowResult } from 'wirebench';
import { bootstrapInterval, median } from 'wirebench';

/**
 * Several runs of the same code, in separate processes, pooled into one result: every row's
 * per-round ratios side by side. One process can land in a different JIT mode than the next (a
 * decoder 20–30 % faster or slower relative to JSON for the process's whole life), so a baseline
 * pooled from several processes carries that spread instead of betting on one process.
 * Payloads, rows and operations are the union over the runs; ratios, their estimates and intervals
 * are recomputed over the pooled rounds; a payload is suspect (or cut by the budget) when any run's
 * was; the other figures of a row (median µs, samples, sizes…) are those of the first run that has it.
 */
export function poolResults(runs: readonly MeasureResult[]): MeasureResult {
  const [first] = runs;
  if (!first) throw new Error('poolResults needs at least one run');
  const names = unique(runs.flatMap((run) => run.payloads.map((p) => p.name)));
  const payloads = names.map((name) => poolPayload(runs.flatMap((run) => run.payloads.filter((p) => p.name === name))));
  // 0 for runs that measured no payload, not Math.max()'s -Infinity (which a result cannot hold).
  const rounds = Math.max(0, ...payloads.map((p) => p.rounds.length));
  return { ...first, options: { ...first.options, rounds }, payloads };
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

function poolPayload(same: readonly PayloadResult[]): PayloadResult {
  const first = same[0] as PayloadResult;
  const rowNames = unique(same.flatMap((p) => p.rows.map((r) => r.name)));
  return {
    ...first,
    rounds: same.flatMap((p) => p.rounds),
    suspect: same.some((p) => p.suspect),
    stoppedByBudget: same.some((p) => p.stoppedByBudget),
    rows: rowNames.map((name) => poolRow(same.flatMap((p) => p.rows.filter((r) => r.name === name)))),
  };
}

function poolRow(rows: readonly RowResult[]): RowResult {
  const pooled: { -readonly [K in keyof RowResult]: RowResult[K] } = { ...(rows.find((r) => r.error === undefined) ?? rows[0]) } as RowResult;
  for (const op of ['encode', 'decode'] as const satisfies readonly Operation[]) {
    const ops = rows.map((r) => r[op]).filter((o): o is OperationResult => o !== undefined);
    const [base] = ops;
    if (!base) continue;
    const vsJson = poolRatio(ops.map((o) => o.vsJson));
    const wrapperCost = poolRatio(ops.map((o) => o.wrapperCost));
    const { vsJson: _ratio, wrapperCost: _cost, ...figures } = base;
    pooled[op] = { ...figures, roundMedians: ops.flatMap((o) => o.roundMedians), ...(vsJson ? { vsJson } : {}), ...(wrapperCost ? { wrapperCost } : {}) };
  }
  return pooled;
}

function poolRatio(ratios: ReadonlyArray<Ratio | undefined>): Ratio | undefined {
  const perRound = ratios.flatMap((r) => r?.perRound ?? []);
  if (perRound.length === 0) return undefined;
  const interval = bootstrapInterval(perRound);
  return { estimate: median(perRound), low: interval.low, high: interval.high, perRound };
}
