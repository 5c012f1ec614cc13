/**
 * "Break-even": a format other than JSON costs its JavaScript once; after how many responses of this
 * payload do its savings repay it, by bytes and by time until usable on the user's network ("never"
 * where a response saves nothing). Core's `breakEven` figures, as the answer gives them per row.
 */

import type { ReactNode } from 'react';
import { memo } from 'react';
import type { BreakEven, PayloadAnswer } from 'wirebench/answer';
import { formatMs, formatResponses, formatSize, JS_COST_SOURCE, rowAnswerNote, servedWords } from 'wirebench/report';
import { Collapsible } from '../Collapsible.js';

/** `saves 4,360 B each` / `sends 789 B more each`, and the same for ms. */
function perResponse(saved: number, format: (value: number) => string, more: string): string {
  if (saved === 0) return 'the same each';
  return saved > 0 ? `saves ${format(saved)} each` : `${format(saved)} ${more} each`;
}

function Cells({ breakEven }: { breakEven: BreakEven }): ReactNode {
  return (
    <>
      <td className="by-bytes">
        <span className="figure">{formatResponses(breakEven.responsesByBytes)}</span>
        <span className="ratio">{perResponse(breakEven.bytesSavedPerResponse, formatSize, 'more')}</span>
      </td>
      <td className="by-time">
        <span className="figure">{formatResponses(breakEven.responsesByTime)}</span>
        <span className="ratio">{perResponse(breakEven.msSavedPerResponse, formatMs, 'slower')}</span>
      </td>
    </>
  );
}

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). */
export const BreakEvenTable = memo(function BreakEvenTable({ answer }: { answer: PayloadAnswer }): ReactNode {
  const { network, constraints, reference } = answer.ranking;
  const rows = answer.rows.filter((row) => row.name !== reference.name);
  return (
    <Collapsible id="break-even" title="Break-even">
      <div className="table-box compact">
        <table>
          <caption>Responses ({servedWords(constraints.served)}) after which a format's JavaScript (gzipped) is repaid</caption>
          <thead>
            <tr>
              <th scope="col">format, its JS</th>
              <th scope="col">by bytes</th>
              <th scope="col">by time on {network.name}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const be = row.breakEven.find((b) => b.network === network.id && b.served === constraints.served);
              return (
                <tr key={row.name} data-row={row.name}>
                  <th scope="row">
                    {row.name}
                    <span className="ratio js">{row.jsBytes === null ? 'no page can load it' : `${formatSize(row.jsBytes)} of JS`}</span>
                  </th>
                  {be ? (
                    <Cells breakEven={be} />
                  ) : (
                    <td colSpan={2} className="muted">
                      {rowAnswerNote(row) ?? 'no figures'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="note">JS: {JS_COST_SOURCE}. Downloaded once with the app; its parse and compile time is not counted.</p>
    </Collapsible>
  );
});
