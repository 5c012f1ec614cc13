/**
 * The recommendation itself: the verdict, then the ranked rows as a compact table (one short line a
 * row, so the verdict and the ranking fit a phone's first screen), each row's full reason (the
 * tool's `rank`, from this run's figures, in the words of `wirebench/report`) one tap away, and the
 * rows left out with why (lost data, over the budget, needs eval…).
 */

import type { ReactNode, Ref } from 'react';
import { memo } from 'react';
import type { Environment } from 'wirebench';
import type { PayloadAnswer, RankedRow, Ranking as RankingData } from 'wirebench/answer';
import { answerVerdict, exclusionsText, formatMs, formatResponses, formatSignedMs, rankedReason } from 'wirebench/report';

/** The row's time until usable minus JSON's: negative is sooner. */
const versusJson = (row: RankedRow, json: RankingData['reference']): number => row.timeUntilUsable.totalMs - json.timeUntilUsable.totalMs;

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). `verdictRef`: the verdict's paragraph, which the page scrolls to and focuses when a run ends. */
export const Ranking = memo(function Ranking({
  answer,
  environment,
  verdictRef,
}: {
  answer: PayloadAnswer;
  environment?: Environment | undefined;
  verdictRef?: Ref<HTMLParagraphElement>;
}): ReactNode {
  const { ranking } = answer;
  const json = ranking.reference;
  return (
    <>
      {/* tabIndex -1: focusable by the page (a screen reader then reads the verdict), not a tab stop. */}
      <p className="verdict" id="verdict" tabIndex={-1} ref={verdictRef}>
        {answerVerdict(answer, environment)}
      </p>
      <div className="table-box compact">
        <table className="ranking-table">
          <caption>Ranking by time until usable on {ranking.network.name}</caption>
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">until usable</th>
              <th scope="col">vs JSON</th>
              <th scope="col">JS repaid after</th>
            </tr>
          </thead>
          <tbody>
            {ranking.ranked.map((row) => (
              <tr key={row.name} data-row={row.name} data-rank={row.rank} data-total-ms={row.timeUntilUsable.totalMs}>
                <th scope="row">{row.name}</th>
                <td className="usable-cell">{formatMs(row.timeUntilUsable.totalMs)}</td>
                <td className="versus-cell">{row.name === json.name ? '—' : formatSignedMs(versusJson(row, json))}</td>
                <td className="repaid-cell">{row.breakEven.jsBytes === 0 ? '—' : formatResponses(row.breakEven.responsesByTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="reasons">
        <summary>Why each row is where it is</summary>
        <ol className="ranking">
          {ranking.ranked.map((row) => (
            <li key={row.name} data-row={row.name} data-rank={row.rank} data-total-ms={row.timeUntilUsable.totalMs}>
              <strong>{row.name}</strong> <span className="reason">{rankedReason(row, ranking, { name: false })}</span>
            </li>
          ))}
        </ol>
      </details>
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
