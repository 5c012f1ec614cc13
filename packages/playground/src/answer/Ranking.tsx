/**
 * The recommendation itself: which row is usable first under the user's constraints, every ranked
 * row with its one-line reason (the tool's `rank`, from this run's figures, in the words of
 * `wirebench/report`), and the rows left out with why (lost data, over the budget, needs eval…).
 */

import type { ReactNode } from 'react';
import { memo } from 'react';
import type { Environment } from 'wirebench';
import type { PayloadAnswer } from 'wirebench/answer';
import { answerVerdict, exclusionsText, rankedReason } from 'wirebench/report';

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). */
export const Ranking = memo(function Ranking({ answer, environment }: { answer: PayloadAnswer; environment?: Environment | undefined }): ReactNode {
  const { ranking } = answer;
  return (
    <>
      <p className="verdict" id="verdict">
        {answerVerdict(answer, environment)}
      </p>
      <ol className="ranking" aria-label={`Ranking by time until usable on ${ranking.network.name}`}>
        {ranking.ranked.map((row) => (
          <li key={row.name} data-row={row.name} data-rank={row.rank} data-total-ms={row.timeUntilUsable.totalMs}>
            <strong>{row.name}</strong> <span className="reason">{rankedReason(row, ranking, { name: false })}</span>
          </li>
        ))}
      </ol>
      {ranking.excluded.length > 0 && (
        <>
          <h4 id="excluded-heading">Not ranked</h4>
          <ul className="excluded" aria-labelledby="excluded-heading">
            {ranking.excluded.map((row) => (
              <li key={row.name} data-row={row.name} data-codes={row.exclusions.map((e) => e.code).join(' ')}>
                <strong>{row.name}</strong> <span className="reason">{exclusionsText(row)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
});
