import type { MeasureResult } from 'wirebench';
import type { ComparisonReport, SharedShift, TimingChange } from '../compare/compare.js';
import { compareResults, regressions, wholeRunShifts } from '../compare/compare.js';
import { poolResults } from '../compare/pool.js';

/** Fresh processes that re-measure flagged payloads: one process can sit in an unlucky JIT mode, three rarely agree by chance. */
export const REMEASURE_PROCESSES = 3;

export interface GateVerdict {
  /** This run against the baseline. */
  readonly report: ComparisonReport;
  /** Rows this run flagged as regressions. */
  readonly flagged: TimingChange[];
  /** The re-measure of the flagged payloads against the baseline, when there was one. */
  readonly remeasured?: ComparisonReport;
  /** Flagged rows the re-measure flagged again: these fail the gate. */
  readonly confirmed: TimingChange[];
  /** Payloads whose rows all slowed together, on most payloads (code they share): flagged by this run. */
  readonly flaggedShifts: SharedShift[];
  /** Those the re-measure found again: these fail the gate too. */
  readonly confirmedShifts: SharedShift[];
  /** Rows that broke (now error, or lose data): deterministic, so they fail the gate without a re-measure. */
  readonly broken: boolean;
}

const key = (t: TimingChange): string => `${t.payload} / ${t.row} / ${t.operation}`;
const shiftKey = (s: SharedShift): string => `${s.payload} / ${s.operation}`;

/**
 * The CI gate's decision: compare a run with the (pooled) baseline; if rows regressed beyond the
 * threshold, re-measure their payloads in fresh processes, pool those runs, and fail only on rows
 * the re-measure flags again. Noise alone thus has to strike twice, in independent processes.
 */
export async function decide(baseline: MeasureResult, run: MeasureResult, remeasure: (payloads: string[]) => Promise<MeasureResult[]>): Promise<GateVerdict> {
  const report = compareResults(baseline, run);
  const flagged = regressions(report);
  const flaggedShifts = wholeRunShifts(report);
  // A row or payload the baseline measured and this run lacks (its codec could not be built, say) is broken too.
  const broken = report.breakages.length > 0 || report.unmatched.some((u) => u.only === 'a');
  if (flagged.length === 0 && flaggedShifts.length === 0) return { report, flagged, confirmed: [], flaggedShifts, confirmedShifts: [], broken };
  const runs = await remeasure([...new Set([...flagged, ...flaggedShifts].map((t) => t.payload))]);
  const remeasured = compareResults(baseline, poolResults(runs));
  const confirmed = regressions(remeasured).filter((t) => flagged.some((f) => key(f) === key(t)));
  // Most payloads of the whole run, not of the few re-measured.
  const confirmedShifts = wholeRunShifts(remeasured, 'slower', report).filter((s) => flaggedShifts.some((f) => shiftKey(f) === shiftKey(s)));
  return { report, flagged, remeasured, confirmed, flaggedShifts, confirmedShifts, broken };
}

export { key as describeRow };
