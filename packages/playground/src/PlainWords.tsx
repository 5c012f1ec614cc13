/**
 * "In plain words": one sentence per format from this run's figures (see summary.ts), its sizes as
 * the server sends them under the user's constraints (the answer's, which it follows).
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { effectiveServed, measuredServed } from './answer/constraints.js';
import { useConstraintChoice } from './answer/use-constraint-choice.js';
import type { ResultPayload } from './protocol.js';
import { summarize } from './summary.js';

export function PlainWords({ payload }: { payload: ResultPayload }): ReactNode {
  const choice = useConstraintChoice();
  const measured = useMemo(() => measuredServed(payload), [payload]);
  const served = effectiveServed(choice, measured);
  const lines = useMemo(() => summarize(payload, served), [payload, served]);
  return (
    <div className="summary">
      <h3>In plain words</h3>
      <ul>
        {lines.map((line) => (
          // One sentence per row, each naming its row (row names are unique in a result).
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
