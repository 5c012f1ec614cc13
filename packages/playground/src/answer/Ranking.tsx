/**
 * The recommendation itself: which row is usable first under the user's constraints, every ranked
 * row with its one-line reason (core's `rank`, from this run's figures), and the rows left out with
 * why (lost data, over the budget, needs eval…).
 */
import type { ReactNode } from 'react';
import { memo } from 'react';
import type { Ranking as RankingResult } from '@wirebench/core/answer';
import { formatMs, servedWords } from '@wirebench/core/answer';

/** Core's reasons start with the row's name; the list shows the name apart, in bold. */
function withoutName(text: string, name: string): string {
  return text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text;
}

/** One sentence: what to do, from the first ranked row; a second when rows are level with it. */
function verdict(ranking: RankingResult): string {
  const first = ranking.ranked[0];
  const where = `on ${ranking.network.name} ${servedWords(ranking.constraints.served)}`;
  if (!first) return `No row meets these constraints ${where}: see why below.`;
  const level = first.levelWith ?? [];
  const names = level.map((l) => l.name);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  const tie = listed ? ` ${listed} ${names.length > 1 ? 'are' : 'is'} level with it: each was as fast in enough of the measured rounds that these figures cannot tell them apart.` : '';
  if (first.name === ranking.reference.name) return `Stay with JSON ${where}: no format that meets your constraints is usable sooner.${tie}`;
  const json = ranking.reference.timeUntilUsable.totalMs;
  const total = first.timeUntilUsable.totalMs;
  // JSON itself can be left out (it lost data): then the first may be slower than it.
  return `${first.name} is usable first ${where}: ${formatMs(total)} per response, ${formatMs(json - total)} ${json >= total ? 'sooner' : 'later'} than JSON (${formatMs(json)}).${tie}`;
}

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). */
export const Ranking = memo(function Ranking({ ranking }: { ranking: RankingResult }): ReactNode {
  return (
    <>
      <p className="verdict" id="verdict">
        {verdict(ranking)}
      </p>
      <ol className="ranking" aria-label={`Ranking by time until usable on ${ranking.network.name}`}>
        {ranking.ranked.map((row) => (
          <li key={row.name} data-row={row.name} data-rank={row.rank} data-total-ms={row.timeUntilUsable.totalMs}>
            <strong>{row.name}</strong> <span className="reason">{withoutName(row.reason, row.name)}</span>
          </li>
        ))}
      </ol>
      {ranking.excluded.length > 0 && (
        <>
          <h4 id="excluded-heading">Not ranked</h4>
          <ul className="excluded" aria-labelledby="excluded-heading">
            {ranking.excluded.map((row) => (
              <li key={row.name} data-row={row.name} data-codes={row.exclusions.map((e) => e.code).join(' ')}>
                <strong>{row.name}</strong> <span className="reason">{withoutName(row.reason, row.name)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
});
