/**
 * The "Results" section. Its `aria-busy` and `data-status` say where the run is (the e2e tests and a
 * screen reader wait on them); inside: the progress, how the run ended, the lossy-number warning,
 * the answer as soon as every figure is timed, while the bytes are still being attributed
 * (answer/Answer.tsx: the recommendation first, on a phone too),
 * then the table as it fills in, the charts, run info, plain words, export and look-inside. The
 * progress, the messages and the library toggle are part of the first screen; the figures' own
 * components are a chunk (run-figures.ts) fetched when a run starts.
 */
import type { ReactNode } from 'react';
import { chunk, useChunk } from './lazy-chunk.js';
import { Progress } from './Progress.js';
import type { ProgressStore } from './progress-store.js';
import type { ParsedPayload, ResultPayload, WirebenchResult } from './protocol.js';

const figuresChunk = chunk(() => import('./run-figures.js'));

/** Where the page is: editing, asking to confirm a large payload, measuring, or how the last attempt ended. */
export type RunStatus = 'idle' | 'confirm' | 'measuring' | 'done' | 'cancelled' | 'invalid' | 'error' | 'refused';

export interface ResultsProps {
  readonly status: RunStatus;
  /** How a cancelled or failed run ended, in words. */
  readonly message: string | null;
  /** The worker's progress messages (the progress bar alone re-renders on them). */
  readonly progress: ProgressStore;
  readonly parsed: ParsedPayload | null;
  /** The payload's figures so far (sizes first, then the full result). */
  readonly payload: ResultPayload | null;
  /** `payload` holds every timed figure: the answer needs no more. */
  readonly timed: boolean;
  readonly result: WirebenchResult | null;
  /** The text the result measured, for the share link. */
  readonly measuredText: string;
  readonly onCancel: () => void;
  /** Show the libraries' rows (they are measured when on at the start of a run). */
  readonly libraries: boolean;
  readonly onLibraries: (on: boolean) => void;
  /** Measure again, as the constraints now ask (the answer offers it when No eval changed after the run). */
  readonly onMeasureAgain: () => void;
}

export function Results({
  status,
  message,
  progress,
  parsed,
  payload,
  timed,
  result,
  measuredText,
  onCancel,
  libraries,
  onLibraries,
  onMeasureAgain,
}: ResultsProps): ReactNode {
  const measuring = status === 'measuring';
  /** The finished run's payload: the charts and words wait for every figure. */
  const done = status === 'done' ? payload : null;
  /** The answer needs the timed figures only: it shows before the bytes are attributed. */
  const answerable = done ?? (measuring && timed ? payload : null);
  const shows = parsed !== null || payload !== null;
  const { module: figures, error } = useChunk(figuresChunk, measuring || shows);
  return (
    <section id="results" aria-labelledby="results-heading" aria-busy={measuring ? 'true' : 'false'} aria-live="polite" data-status={status}>
      <h2 id="results-heading">Results</h2>
      {measuring && <Progress store={progress} onCancel={onCancel} />}
      {(status === 'cancelled' || status === 'error') && <p className={status === 'error' ? 'error' : 'warning'}>{message}</p>}
      {shows && !figures && (
        <p className={error ? 'error' : 'note'}>
          {error ? `The results could not be shown (${error}): reload the page to try again.` : 'Loading the results…'}
        </p>
      )}
      {figures && parsed && parsed.lossyCount > 0 && <figures.LossyNumbers lossyNumbers={parsed.lossyNumbers} lossyCount={parsed.lossyCount} />}
      {figures && answerable && (
        <figures.Answer payload={answerable} libraries={libraries} environment={result?.environment} attributing={!done} onMeasureAgain={onMeasureAgain} />
      )}
      <label className="toggle">
        <input type="checkbox" checked={libraries} onChange={(event) => onLibraries(event.target.checked)} /> Library rows: the same formats run by
        @msgpack/msgpack, msgpackr, cbor-x, protobufjs and flatbuffers, as an app would install them
      </label>
      {figures && (
        <>
          {payload && <figures.ResultsTable payload={payload} measuring={measuring} libraries={libraries} />}
          {done && <figures.Charts payload={done} libraries={libraries} />}
          {done && <figures.RunInfo payload={done} />}
          {done && <figures.PlainWords payload={done} />}
          {result && <figures.Export result={result} source={measuredText} />}
          {parsed && <figures.LookInside parsed={parsed} />}
        </>
      )}
      {!payload && !measuring && status !== 'cancelled' && <p className="note">No results yet.</p>}
    </section>
  );
}
