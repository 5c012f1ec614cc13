import type { MeasureResult } from 'wirebench';
import type { ComparisonReport, TimingChange } from '../compare/compare.js';
import { compareResults, regressions } from '../compare/compare.js';
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
  /** Rows that broke (now error, or lose data): deterministic, so they fail the gate without a re-measure. */
  readonly broken: boolean;
}

const key = (t: TimingChange): string => `${t.payload} / ${t.row} / ${t.operation}`;

/**
 * The CI gate's decision: compare a run with the (pooled) baseline; if rows regressed beyond the
 * threshold, re-measure their payloads in fresh processes, pool those runs, and fail only on rows
 * the re-measure flags again. Noise alone thus has to strike twice, in independent processes.
 */
export async function decide(baseline: MeasureResult, run: MeasureResult, remeasure: (payloads: string[]) => Promise<MeasureResult[]>): Promise<GateVerdict> {
  const report = compareResults(baseline, run);
  const flagged = regressions(report);
  // A row or payload the baseline measured and this run lacks (its codec could not be built, say) is broken too.
  const broken = report.breakages.length > 0 || report.unmatched.some((u) => u.only === 'a');
  if (flagged.length === 0) return { report, flagged, confirmed: [], broken };
  const runs = await remeasure([...new Set(flagged.map((t) => t.payload))]);
  const remeasured = compareResults(baseline, poolResults(runs));
  const confirmed = regressions(remeasured).filter((t) => flagged.some((f) => key(f) === key(t)));
  return { report, flagged, remeasured, confirmed, broken };
}

export { key as describeRow };
