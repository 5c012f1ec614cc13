import type { PayloadAnswer } from '../answer/payload-answer.js';
import type { BytesBreakdown } from '../attribution/breakdown.js';
import type { MeasureResult, PayloadResult } from '../measure/types.js';

/**
 * The saved result: what `measure` measured, with what the layers above it worked out from the
 * measurement, as data (no sentence: reports word it): where each payload's bytes go
 * (`withAttribution`) and the answer (`withAnswers`). The file the CLI writes with `--json`, the bench
 * writes and the playground downloads and imports; `validateMeasureResult` checks one read from
 * elsewhere, and `upgradeResult` reads one an older wirebench wrote.
 */
export interface WirebenchResult extends MeasureResult {
  readonly payloads: ResultPayload[];
}

/** One payload's measurement, with its byte attribution and answer where they were worked out. */
export interface ResultPayload extends PayloadResult {
  /** Where its bytes go in JSON and each measured format (`withAttribution`). */
  readonly attribution?: BytesBreakdown;
  /** Why its bytes could not be attributed. */
  readonly attributionError?: string;
  /** Time until usable, break-even and ranking under the run's constraints (`withAnswers`: the CLI and the playground add it). */
  readonly answer?: PayloadAnswer;
  /** Why there is no answer (no measured JSON row, say). */
  readonly answerError?: string;
}
