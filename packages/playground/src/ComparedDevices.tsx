/**
 * What "Compare devices" shows of an imported result, a chunk of its own (lazy-chunk.ts) that
 * Compare fetches when a file is chosen: the file read by the tool's result reader (readResult,
 * with valibot's checks), the imported payload's times beside this run's, both devices' time
 * until usable under the other device's constraints (this page's when its file carries no answer),
 * and each device's verdict, named by its engine, and whether it changes between them.
 */

import type { ReactNode } from 'react';
import { Component, useEffect, useState } from 'react';
import type { AnswerComparison } from 'wirebench/report';
import { servedWords } from 'wirebench/report';
import { measuredServed, toConstraints } from './answer/constraints.js';
import { useConstraintChoice } from './answer/use-constraint-choice.js';
import { answersSideBySide, comparisonLink, deviceName, deviceRows, devicesVerdict, theirDecompression, theirPayload, usableCell } from './compare-devices.js';
import { errorMessage } from './error-message.js';
import type { ResultPayload, WirebenchResult } from './protocol.js';

export { readResult } from './compare-devices.js';

/**
 * The imported payload's answer beside this device's (answersSideBySide), or why it cannot be
 * given, or null while it loads or when either has none. The answer's code is loaded here, not with
 * the page.
 */
function useAnswersSideBySide(
  result: WirebenchResult | null,
  mine: ResultPayload | undefined,
  other: WirebenchResult,
  theirs: ResultPayload | undefined,
): AnswerComparison | string | null {
  const [comparison, setComparison] = useState<AnswerComparison | string | null>(null);
  const choice = useConstraintChoice();
  useEffect(() => {
    setComparison(null);
    if (!result || !mine || !theirs) return;
    let live = true;
    const constraints = toConstraints(choice, measuredServed(mine));
    void import('wirebench/answer')
      .then(({ withAnswers }) => answersSideBySide(withAnswers, result, mine, other, theirs, constraints))
      // Constraints this page cannot apply (a network it does not know) are said, not left as a blank.
      .catch((error: unknown) => `the answers cannot be set side by side: ${errorMessage(error)}`)
      .then((side) => {
        if (live) setComparison(side);
      });
    return () => {
      live = false;
    };
  }, [result, mine, other, theirs, choice]);
  return comparison;
}

/** Last guard: a render error in the comparison shows a message instead of blanking the whole page. */
class CompareBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: errorMessage(error) };
  }
  override render(): ReactNode {
    if (this.state.error) return <p className="error">The comparison could not be shown: {this.state.error}. Reload the page to try another file.</p>;
    return this.props.children;
  }
}

/** Each device's verdict, set off as a warning where it changes between them. */
function DevicesVerdictLines({ answers }: { answers: AnswerComparison }): ReactNode {
  const verdict = devicesVerdict(answers);
  return (
    <div className={verdict.changes ? 'warning' : undefined} data-verdict={verdict.changes ? 'changes' : 'same'}>
      {verdict.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** `other`'s figures (read by readResult) beside this run's, `result`, when there is one. */
export function ComparedDevices(props: { result: WirebenchResult | null; other: WirebenchResult }): ReactNode {
  return (
    <CompareBoundary>
      <DeviceTables {...props} />
    </CompareBoundary>
  );
}

function DeviceTables({ result, other }: { result: WirebenchResult | null; other: WirebenchResult }): ReactNode {
  const mine = result?.payloads[0];
  const theirs = theirPayload(mine, other);
  const answers = useAnswersSideBySide(result, mine, other, theirs);
  if (!theirs) return null;
  return (
    <>
      <p className="note">
        Other: {deviceName(other)}, {theirs.name}. This: {result ? deviceName(result) : 'no run yet'}.
      </p>
      <div className="table-box compare">
        <table>
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">encode here</th>
              <th scope="col">encode there</th>
              <th scope="col">decode here</th>
              <th scope="col">decode there</th>
            </tr>
          </thead>
          <tbody>
            {deviceRows(mine, theirs).map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td data-label="encode here">{row.encodeHere}</td>
                <td data-label="encode there">{row.encodeThere}</td>
                <td data-label="decode here">{row.decodeHere}</td>
                <td data-label="decode there">{row.decodeThere}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {typeof answers === 'string' && <p className="error">{answers}</p>}
      {answers && typeof answers !== 'string' && (
        <div className="table-box compare-answers">
          <table>
            <caption>
              Time until usable on {comparisonLink(answers, theirs)} {servedWords(answers.served)}, under{' '}
              {theirs.answer ? "the other device's constraints" : "this page's constraints (the other file carries no answer: both are answered here)"}: the
              transfer is the same on both, the device part (decompression + decode) is each device's own; #: rank
            </caption>
            <thead>
              <tr>
                <th scope="col">row</th>
                <th scope="col">there</th>
                <th scope="col">here</th>
              </tr>
            </thead>
            <tbody>
              {answers.rows.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td data-label="there">{usableCell(row.a)}</td>
                  <td data-label="here">{usableCell(row.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answers && typeof answers !== 'string' && <DevicesVerdictLines answers={answers} />}
      {answers && typeof answers !== 'string' && theirDecompression(theirs) !== undefined && <p className="note">There: {theirDecompression(theirs)}</p>}
      {mine && theirs.name !== mine.name && (
        <p className="note">
          The payloads differ ({mine.name} here, {theirs.name} there): compare ratios to JSON, not times.
        </p>
      )}
    </>
  );
}
