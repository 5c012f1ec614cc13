/** How the run went (rounds, settings, an early stop, contention) and how to read its figures. */
import type { ReactNode } from 'react';
import { interpretedNote } from 'wirebench/report';
import type { ResultPayload } from './protocol.js';
import { DEFAULT_SETTINGS } from './protocol.js';

export function RunInfo({ payload }: { payload: ResultPayload }): ReactNode {
  const o = DEFAULT_SETTINGS;
  const interpreted = interpretedNote(payload);
  return (
    <p className="note" id="run-info">
      {payload.rounds.length} rounds ran ({o.rounds} planned, {o.roundTime} ms per task per round, {o.warmupTime} ms warm-up
      {payload.stoppedByBudget ? `; stopped early by the ${o.budget / 1000} s time budget` : ''}). Measured in a fresh Web Worker that measured nothing before,
      so the payloads measured earlier on this page do not change these figures. Times are medians per call; × JSON is the median of per-round ratios with its
      95 % interval; below 1 is faster than JSON.
      {payload.suspect ? ' Some rounds ran under heavy CPU contention: read the figures with care.' : ''}
      {interpreted ? ` ${interpreted}.` : ''}
    </p>
  );
}
