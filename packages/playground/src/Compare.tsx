/**
 * "Compare devices": imports a result JSON downloaded on another device (or written by npm run
 * bench), checks it with core's one result validator, and shows its times beside this run's.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { Component, useEffect, useState } from 'react';
import type { Constraints } from '@wirebench/core/answer';
import { formatMs, servedWords } from '@wirebench/core/answer';
import { validateMeasureResult } from '@wirebench/core/measure';
import type { AnswerComparison, DeviceUsable } from '@wirebench/core/report';
import { compareAnswers, formatBytes, formatDuration, formatRatio } from '@wirebench/core/report';
import type { MeasureResult, PayloadResult, RowResult } from './protocol.js';

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

/** The result JSON in `text`, checked field by field, or an Error saying why it cannot be shown. */
function readResult(text: string): MeasureResult {
  const value: unknown = JSON.parse(text);
  try {
    const result = validateMeasureResult(value);
    if (result.payloads.length === 0) throw new Error('the result holds no payloads');
    return result;
  } catch (error) {
    throw new Error(`not a result this page can show: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function deviceName(result: MeasureResult): string {
  const env = result.environment;
  return `${env.userAgent ?? `${env.runtime} ${env.runtimeVersion}`} (${env.cores ?? '?'} cores)`;
}

/** A row's median time and its ratio to JSON: `74.7 µs (0.62×)`. */
function timeCell(row: RowResult | undefined, op: 'encode' | 'decode'): string {
  const o = row?.[op];
  if (!o) return '—';
  return o.vsJson ? `${formatDuration(o.median)} (${formatRatio(o.vsJson.estimate)})` : formatDuration(o.median);
}

/**
 * The imported payload's answer beside this device's under the same constraints (the other device's:
 * its network, what the server sends, its budget…), or null while it loads or when either has none.
 * The answer's code is loaded here, not with the page.
 */
function useAnswersSideBySide(result: MeasureResult | null, mine: PayloadResult | undefined, other: MeasureResult | null, theirs: PayloadResult | undefined): AnswerComparison | null {
  const [comparison, setComparison] = useState<AnswerComparison | null>(null);
  useEffect(() => {
    setComparison(null);
    const answer = theirs?.answer;
    if (!result || !mine || !other || !theirs || !answer) return;
    let live = true;
    const { bundleBudgetBytes, ...flags } = answer.ranking.constraints;
    const constraints: Constraints = { ...flags, ...(bundleBudgetBytes !== null ? { bundleBudgetBytes } : {}) };
    void import('@wirebench/core/answer').then(({ withAnswers }) => {
      const here = withAnswers({ ...result, payloads: [mine] }, constraints);
      // Named alike, so the two pair up whatever each device called the payload.
      const [side] = compareAnswers({ ...other, payloads: [{ ...theirs, name: mine.name }] }, here);
      if (live) setComparison(side ?? null);
    });
    return () => {
      live = false;
    };
  }, [result, mine, other, theirs]);
  return comparison;
}

function usableCell(d: DeviceUsable | undefined): string {
  if (!d) return '—';
  return `${formatMs(d.totalMs)} (device ${formatMs(d.deviceMs)})${d.rank !== undefined ? `, #${d.rank}` : ''}`;
}

/** Imports a result JSON from another device and shows its figures beside this device's. */
export function Compare({ result }: { result: MeasureResult | null }): ReactNode {
  return (
    <CompareBoundary>
      <CompareDevices result={result} />
    </CompareBoundary>
  );
}

function CompareDevices({ result }: { result: MeasureResult | null }): ReactNode {
  const [other, setOther] = useState<MeasureResult | null>(null);
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
  const theirs = other?.payloads.find((p) => p.name === mine?.name) ?? other?.payloads[0];
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
                {theirs.rows
                  .filter((r) => r.kind === 'codec')
                  .map((row) => {
                    const here = mine?.rows.find((r) => r.name === row.name);
                    return (
                      <tr key={row.name}>
                        <th scope="row">{row.name}</th>
                        <td data-label="encode here">{timeCell(here, 'encode')}</td>
                        <td data-label="encode there">{timeCell(row, 'encode')}</td>
                        <td data-label="decode here">{timeCell(here, 'decode')}</td>
                        <td data-label="decode there">{timeCell(row, 'decode')}</td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
          {answers && (
            <div className="table-box compare-answers">
              <table>
                <caption>
                  Time until usable on {answers.network === theirs.answer?.ranking.network.id ? theirs.answer.ranking.network.name : answers.network} {servedWords(answers.served)}, under the other device's constraints: the transfer is the same on both, the device part (decompression + decode) is each device's own; #: rank
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
          {mine && theirs.name !== mine.name && <p className="note">The payloads differ ({mine.name} here, {theirs.name} there): compare ratios to JSON, not times.</p>}
        </>
      )}
    </section>
  );
}
