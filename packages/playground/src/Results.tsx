/**
 * The "Results" section. Its `aria-busy` and `data-status` say where the run is (the e2e tests and a
 * screen reader wait on them); inside: the progress, how the run ended, the lossy-number warning,
 * the answer once the run is done (answer/Answer.tsx: the recommendation first, on a phone too),
 * then the table as it fills in, the charts, run info, plain words, export and look-inside.
 */
import type { ReactNode } from 'react';
import { useAnswerChunk } from './answer/use-answer-chunk.js';
import { Charts } from './Charts.js';
import { Export } from './Export.js';
import { LookInside } from './LookInside.js';
import { LossyNumbers } from './LossyNumbers.js';
import { PlainWords } from './PlainWords.js';
import { Progress } from './Progress.js';
import type { ProgressStore } from './progress-store.js';
import type { ParsedPayload, ResultPayload, WirebenchResult } from './protocol.js';
import { ResultsTable } from './ResultsTable.js';
import { RunInfo } from './RunInfo.js';

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
  readonly result: WirebenchResult | null;
  /** The text the result measured, for the share link. */
  readonly measuredText: string;
  readonly onCancel: () => void;
  /** Show the libraries' rows (they are measured when on at the start of a run). */
  readonly libraries: boolean;
  readonly onLibraries: (on: boolean) => void;
}

export function Results({ status, message, progress, parsed, payload, result, measuredText, onCancel, libraries, onLibraries }: ResultsProps): ReactNode {
  const measuring = status === 'measuring';
  /** The finished run's payload: the charts and words wait for every figure. */
  const done = status === 'done' ? payload : null;
  const chunk = useAnswerChunk(measuring || done !== null);
  return (
    <section id="results" aria-labelledby="results-heading" aria-busy={measuring ? 'true' : 'false'} aria-live="polite" data-status={status}>
      <h2 id="results-heading">Results</h2>
      {measuring && <Progress store={progress} onCancel={onCancel} />}
      {(status === 'cancelled' || status === 'error') && <p className={status === 'error' ? 'error' : 'warning'}>{message}</p>}
      {parsed && parsed.lossyCount > 0 && <LossyNumbers lossyNumbers={parsed.lossyNumbers} lossyCount={parsed.lossyCount} />}
      {done &&
        (chunk.Answer ? (
          <chunk.Answer payload={done} libraries={libraries} />
        ) : (
          <p className={chunk.error ? 'error' : 'note'}>
            {chunk.error ? `The recommendation could not be loaded (${chunk.error}): reload the page to try again.` : 'Loading the recommendation…'}
          </p>
        ))}
      <label className="toggle">
        <input type="checkbox" checked={libraries} onChange={(event) => onLibraries(event.target.checked)} /> Library rows: the same formats run by
        @msgpack/msgpack, msgpackr, cbor-x, protobufjs and flatbuffers, as an app would install them
      </label>
      {payload && <ResultsTable payload={payload} measuring={measuring} libraries={libraries} />}
      {done && <Charts payload={done} libraries={libraries} />}
      {done && <RunInfo payload={done} />}
      {done && <PlainWords payload={done} />}
      {result && <Export result={result} source={measuredText} />}
      {parsed && <LookInside parsed={parsed} />}
      {!payload && !measuring && status !== 'cancelled' && <p className="note">No results yet.</p>}
    </section>
  );
}
