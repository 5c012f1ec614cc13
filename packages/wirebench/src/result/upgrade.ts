import { FORMATS } from '@wirebench/core';
import { RESULT_FORMAT, RESULT_VERSION } from '../measure/types.js';
import type { WirebenchResult } from './types.js';
import { validateMeasureResult } from './validate.js';

/**
 * Reads a result file any wirebench wrote: one of this version is checked as it is
 * (`validateMeasureResult`); one of version 1 is brought to this version first, then checked the
 * same way. What version 1 left out is filled in as the writer of the time meant it, so no reader
 * copes with absent fields:
 * - a codec row names its format and implementation (version 1 named only a library's, in the row's
 *   name: `msgpack (msgpackr)`; a row without one was wirebench's own codec);
 * - `lossyCount` (first files: as many as listed), the fidelity `counts` (from the diffs, where the
 *   list was not capped),
 *   `options.isolation` (`none`: files without it measured every payload in one process) and
 *   `options.timeDecompression` (`false`: no decompression was timed);
 * - version 1's answer is left out: it held sentences, where this version holds the answer as data;
 *   the answer is derived from the measurement, so `withAnswers` works it out again.
 * The upgrade only fills and drops fields; anything malformed is left for the check to name.
 */
export function upgradeResult(value: unknown): WirebenchResult {
  if (isRecord(value) && value['format'] === RESULT_FORMAT && value['version'] === 1) return validateMeasureResult(fromVersion1(value));
  return validateMeasureResult(value);
}

function fromVersion1(result: Record<string, unknown>): Record<string, unknown> {
  const options = isRecord(result['options']) ? { isolation: 'none', timeDecompression: false, ...result['options'] } : result['options'];
  const payloads = Array.isArray(result['payloads']) ? result['payloads'].map(payloadFromVersion1) : result['payloads'];
  return { ...result, version: RESULT_VERSION, options, payloads };
}

function payloadFromVersion1(payload: unknown): unknown {
  if (!isRecord(payload)) return payload;
  const { answer: _answer, answerError: _answerError, ...measured } = payload;
  const listed = Array.isArray(measured['lossyNumbers']) ? measured['lossyNumbers'].length : undefined;
  return {
    ...measured,
    ...(measured['lossyCount'] === undefined && listed !== undefined ? { lossyCount: listed } : {}),
    ...(Array.isArray(measured['rows']) ? { rows: measured['rows'].map(rowFromVersion1) } : {}),
  };
}

const ROW_NAME = /^(\S+) \((.+)\)$/;

function rowFromVersion1(row: unknown): unknown {
  if (!isRecord(row) || row['kind'] !== 'codec' || typeof row['name'] !== 'string') return row;
  const named = ROW_NAME.exec(row['name']);
  const format = row['format'] ?? (named ? named[1] : row['name']);
  const implementation = row['implementation'] ?? (named ? named[2] : 'wirebench');
  // Counted from the listed diffs only where the list is whole: a capped list would undercount.
  const fidelity =
    isRecord(row['fidelity']) && row['fidelity']['counts'] === undefined && row['fidelity']['truncated'] === false
      ? withCounts(row['fidelity'])
      : row['fidelity'];
  return { ...row, ...((FORMATS as readonly unknown[]).includes(format) ? { format } : {}), implementation, ...(fidelity === undefined ? {} : { fidelity }) };
}

/** The fidelity report with its counts by kind, from its whole list of diffs. */
function withCounts(fidelity: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(fidelity['diffs'])) return fidelity;
  const counts: Record<string, number> = { missing: 0, extra: 0, type: 0, value: 0, order: 0 };
  for (const diff of fidelity['diffs']) {
    const kind = isRecord(diff) ? diff['kind'] : undefined;
    if (typeof kind === 'string' && kind in counts) counts[kind] = (counts[kind] as number) + 1;
  }
  return { ...fidelity, counts };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
