/** "In plain words": one sentence per format from this run's figures (see summary.ts). */
import type { ReactNode } from 'react';
import type { ResultPayload } from './protocol.js';
import { summarize } from './summary.js';

export function PlainWords({ payload }: { payload: ResultPayload }): ReactNode {
  return (
    <div className="summary">
      <h3>In plain words</h3>
      <ul>
        {summarize(payload).map((line) => (
          // One sentence per row, each naming its row (row names are unique in a result).
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
