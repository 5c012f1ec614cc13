/**
 * The answer to "should my API speak one of these formats, on my users' phones and networks?" for a
 * finished run, shown before the figures it comes from: the recommendation under the user's
 * constraints, time until usable per network, break-even, and where the bytes go. Computed in the
 * page by core's `answerPayload` from the run's result (a few hundred additions: no worker needed),
 * so a changed constraint re-ranks at once, without measuring again. The constraints live in the
 * address's query string, which the share link keeps (use-constraint-choice.ts: the plain words read them too).
 */

import type { ReactNode } from 'react';
import { useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import type { Environment } from 'wirebench';
import type { PayloadAnswer } from 'wirebench/answer';
import { answerPayload } from 'wirebench/answer';
import { constraintsSummary } from 'wirebench/report';
import type { ResultPayload } from '../protocol.js';
import { isLibraryRow } from '../ResultsTable.js';
import { BreakEvenTable } from './BreakEvenTable.js';
import { ConstraintsForm } from './ConstraintsForm.js';
import { effectiveServed, evalMismatch, measuredServed, toConstraints } from './constraints.js';
import { EvalNote } from './EvalNote.js';
import { Ranking } from './Ranking.js';
import { UsableBars } from './UsableBars.js';
import { setConstraintChoice, useConstraintChoice } from './use-constraint-choice.js';
import { WhereBytesGo } from './WhereBytesGo.js';

/** `libraries`: rank the library rows too (hidden rows are left out, as the table leaves them out); `environment`: where the run measured, named under the verdict. */
export interface AnswerProps {
  readonly payload: ResultPayload;
  readonly libraries: boolean;
  readonly environment?: Environment | undefined;
  /** The run is still working out where the bytes go: the answer is shown before it, from the timed figures. */
  readonly attributing?: boolean;
  /** A new run, as the constraints now ask (No eval decides how a run measures). */
  readonly onMeasureAgain: () => void;
}

/** What a user does to move the page themselves. */
const USER_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export function Answer({ payload, libraries, environment, attributing = false, onMeasureAgain }: AnswerProps): ReactNode {
  const choice = useConstraintChoice();

  // The form follows every tap and keystroke at once; the answer follows in a render React slices
  // and can drop for a newer choice (its sections are memoized), so a change never holds a phone's
  // main thread for long. The library toggle's too.
  const deferred = useDeferredValue(choice);
  const withLibraries = useDeferredValue(libraries);
  const shown = useMemo(() => (withLibraries ? payload : { ...payload, rows: payload.rows.filter((row) => !isLibraryRow(row)) }), [payload, withLibraries]);
  const measured = useMemo(() => measuredServed(shown), [shown]);
  const constraints = useMemo(() => toConstraints(deferred, measured), [deferred, measured]);
  const mismatch = useMemo(() => evalMismatch(choice.noEval, shown.rows), [choice.noEval, shown]);
  const outcome = useMemo((): { answer: PayloadAnswer } | { error: string } => {
    try {
      return { answer: answerPayload(shown, constraints) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [shown, constraints]);

  // Mounted once per finished run: its verdict is brought to the top of the screen (at once where the
  // user asked for reduced motion) before the first paint, and focused for a screen reader unless
  // the user has moved on to a field.
  const verdictRef = useRef<HTMLParagraphElement>(null);
  /** Whether the user has scrolled, tapped or typed since: then the verdict stays where they left it. */
  const userMoved = useRef(false);
  useLayoutEffect(() => {
    const verdict = verdictRef.current;
    if (!verdict) return;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    verdict.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' });
    if (!document.activeElement?.matches('input, select, textarea')) verdict.focus({ preventScroll: true });
    const moved = (): void => {
      userMoved.current = true;
    };
    for (const type of USER_MOVES) addEventListener(type, moved, { passive: true });
    return () => {
      for (const type of USER_MOVES) removeEventListener(type, moved);
    };
  }, []);
  // The answer shows while the run still attributes the bytes, below the progress bar, which the
  // run's end removes: a browser without scroll anchoring (WebKit, so every iPhone browser) then
  // moves the verdict up by the bar's height, off the screen. It is brought back, unless the user moved.
  const wasAttributing = useRef(attributing);
  useLayoutEffect(() => {
    if (wasAttributing.current && !attributing && !userMoved.current) verdictRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    wasAttributing.current = attributing;
  }, [attributing]);

  return (
    <>
      <section aria-labelledby="recommendation-heading" id="recommendation">
        <h3 id="recommendation-heading">Recommendation</h3>
        {'error' in outcome ? (
          <p className="error">No recommendation: {outcome.error}</p>
        ) : (
          <Ranking answer={outcome.answer} environment={environment} verdictRef={verdictRef} />
        )}
        {!withLibraries && <p className="note">Library rows are hidden (the toggle below), so only wirebench's own codecs are ranked.</p>}
        <details className="constraints-box">
          <summary>
            <span>
              <strong>Your constraints</strong>
              {'answer' in outcome ? <span className="constraints-line">: {constraintsSummary(outcome.answer)}</span> : null}
            </span>
          </summary>
          <p className="note">
            Should your API speak one of these formats? The rows that keep the data and meet your constraints, by time until usable on your network; computed
            from this run's figures, so a change below re-ranks without measuring again. No eval also decides how the next run measures: protobuf and
            FlatBuffers interpreted, as a page without eval runs them.
          </p>
          <ConstraintsForm choice={choice} measured={measured} served={effectiveServed(choice, measured)} onChange={setConstraintChoice} />
          {mismatch && <EvalNote mismatch={mismatch} onMeasureAgain={onMeasureAgain} />}
        </details>
      </section>
      {'answer' in outcome && (
        <>
          <UsableBars answer={outcome.answer} />
          <BreakEvenTable answer={outcome.answer} />
          <WhereBytesGo payload={shown} ranking={outcome.answer.ranking} attributing={attributing} />
        </>
      )}
    </>
  );
}
