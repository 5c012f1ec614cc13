/**
 * Under the constraints, when the No eval box asks for other code than the run measured
 * (constraints.ts's `evalMismatch`): which rows, why their figures do not fit, and a button that
 * measures again as the box now asks. Never a run by itself: a run takes seconds of the device's
 * CPU, where every other constraint re-ranks at once.
 */

import type { ReactNode } from 'react';
import type { EvalMismatch } from './constraints.js';

export function EvalNote({ mismatch, onMeasureAgain }: { mismatch: EvalMismatch; onMeasureAgain: () => void }): ReactNode {
  const names = mismatch.rows.join(', ');
  return (
    <div className="note eval-note" role="status">
      <p>
        {mismatch.measureAs === 'interpreted'
          ? `This run measured ${names} with the code they generate with new Function, which a page without eval cannot run, so they are not ranked. Measure again to measure them interpreted, as such a page runs them.`
          : `This run measured ${names} interpreted, as a page without eval runs them; a page that allows eval runs their generated code, usually faster. Measure again for those figures.`}
      </p>
      <button type="button" className="button secondary" onClick={onMeasureAgain}>
        Measure again
      </button>
    </div>
  );
}
