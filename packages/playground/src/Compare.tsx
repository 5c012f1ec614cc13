/**
 * "Compare devices": imports a result JSON downloaded on another device (or written by npm run
 * bench), checks it with core's one result validator, and shows its times beside this run's.
 */

import type { ChangeEvent, ReactNode } from 'react';
import { Component, useEffect, useState } from 'react';
import type { AnswerComparison } from 'wirebench/report';
import { formatBytes, servedWords } from 'wirebench/report';
import { answersSideBySide, comparisonLink, deviceName, deviceRows, readResult, theirPayload, usableCell } from './compare-devices.js';
import type { ResultPayload, WirebenchResult } from './protocol.js';

/** A result file larger than this is refused unread: no real result comes near it. */
const MAX_RESULT_BYTES = 20 * 1024 * 1024;

/** Last guard: a render error in Compare shows a message instead of blanking the whole page. */
class CompareBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render(): ReactNode {
    if (this.state.error) return <p className="error">The comparison could not be shown: {this.state.error}. Reload the page to try another file.</p>;
    return this.props.children;
  }
}

/**
 * The imported payload's answer beside this device's (answersSideBySide), or why it cannot be
 * given, or null while it loads or when either has none. The answer's code is loaded here, not with
 * the page.
 */
function useAnswersSideBySide(
  result: WirebenchResult | null,
  mine: ResultPayload | undefined,
  other: WirebenchResult | null,
  theirs: ResultPayload | undefined,
): AnswerComparison | string | null {
  const [comparison, setComparison] = useState<AnswerComparison | string | null>(null);
  useEffect(() => {
    setComparison(null);
    if (!result || !mine || !other || !theirs?.answer) return;
    let live = true;
    void import('wirebench/answer')
      .then(({ withAnswers }) => answersSideBySide(withAnswers, result, mine, other, theirs))
      // Constraints this page cannot apply (a network it does not know) are said, not left as a blank.
      .catch((error: unknown) => `the answers cannot be set side by side: ${error instanceof Error ? error.message : String(error)}`)
      .then((side) => {
        if (live) setComparison(side);
      });
    return () => {
      live = false;
    };
  }, [result, mine, other, theirs]);
  return comparison;
}

/** Imports a result JSON from another device and shows its figures beside this device's. */
export function Compare({ result }: { result: WirebenchResult | null }): ReactNode {
  return (
    <CompareBoundary>
      <CompareDevices result={result} />
    </CompareBoundary>
  );
}

function CompareDevices({ result }: { result: WirebenchResult | null }): ReactNode {
  const [other, setOther] = useState<WirebenchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_RESULT_BYTES) {
      setError(`${chosen.name} is ${formatBytes(chosen.size)}: too large for a result file`);
      return;
    }
    void chosen.text().then((text) => {
      try {
        setOther(readResult(text));
        setError(null);
      } catch (e) {
        setOther(null);
        setError(`${chosen.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  };
  const mine = result?.payloads[0];
  const theirs = other ? theirPayload(mine, other) : undefined;
  const answers = useAnswersSideBySide(result, mine, other, theirs);
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare devices</h2>
      <p className="note">Import a result JSON downloaded on another device (or by npm run bench) to see its figures beside this run's.</p>
      <label className="button secondary">
        Import a result JSON
        <input type="file" accept=".json,application/json" onChange={onFile} />
      </label>
      {error && <p className="error">{error}</p>}
      {other && theirs && (
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
                  Time until usable on {comparisonLink(answers, theirs)} {servedWords(answers.served)}, under the other device's constraints: the transfer is
                  the same on both, the device part (decompression + decode) is each device's own; #: rank
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
          {mine && theirs.name !== mine.name && (
            <p className="note">
              The payloads differ ({mine.name} here, {theirs.name} there): compare ratios to JSON, not times.
            </p>
          )}
        </>
      )}
    </section>
  );
}
