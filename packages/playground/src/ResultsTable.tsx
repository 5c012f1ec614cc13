/**
 * The results table: per format its bytes (and share of JSON), gzip and brotli bytes, encode and
 * decode medians with their ratio to JSON, and its fidelity; simdjson listed with why it cannot run
 * here. Rows fill in as the worker sends sizes, then timings.
 */

import type { ReactNode } from 'react';
import { failingDiffs, formatBytes, formatDiffCount, formatDuration, formatNumber, formatValue } from 'wirebench/report';
import { Collapsible } from './Collapsible.js';
import type { ResultPayload, RowResult } from './protocol.js';
import { ratioToJson, shareOfJson } from './summary.js';

const SIMDJSON_REASON = 'Node-only: simdjson is a native addon (C++ through N-API), which a browser cannot load.';

/** `exact` (with how often key order differed), the error badge, or the diff count opening onto the diffs. */
function FidelityCell({ row }: { row: RowResult }): ReactNode {
  if (row.error) return <span className="badge bad">error</span>;
  const f = row.fidelity;
  if (!f) return null;
  const order = f.diffs.filter((d) => d.kind === 'order').length;
  if (f.ok) return <span className="badge ok">exact{order ? ` (key order differs ×${order})` : ''}</span>;
  return (
    <details>
      <summary>
        <span className="badge bad">{formatDiffCount(f)}</span>
      </summary>
      <ul className="mono diffs">
        {failingDiffs(f).map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list made whole from one fidelity report, never reordered or edited: an item's position is its identity.
          <li key={i}>
            {d.path}: {d.kind}
            {'expected' in d ? ` expected ${formatValue(d.expected)}` : ''}
            {'actual' in d ? ` got ${formatValue(d.actual)}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A median per call, its ratio to JSON (not on the reference row) and calls per second. */
function TimingCell({ row, op, reference, measuring }: { row: RowResult; op: 'encode' | 'decode'; reference: boolean; measuring: boolean }): ReactNode {
  const o = row[op];
  if (row.error) return <span className="muted">—</span>;
  // Once the run has ended (cancelled, crashed), a missing time will not come: no "measuring…".
  if (!o) return <span className="muted">{measuring ? 'measuring…' : '—'}</span>;
  return (
    <>
      <span className="figure">{formatDuration(o.median)}</span>
      {!reference && <span className="ratio">{ratioToJson(o)}</span>}
      <span className="ratio">{formatNumber(1000 / o.median)} ops/s</span>
    </>
  );
}

/** The row's format, and under it the library that ran it (a library row is indented under its format's own row). */
function RowHeading({ row }: { row: RowResult }): ReactNode {
  if (row.implementation === undefined || row.implementation === 'wirebench') return <th scope="row">{row.format ?? row.name}</th>;
  return (
    <th scope="row" className="library-row">
      <span className="muted">{row.format}</span> {row.implementation}
      {row.version && <span className="version"> {row.version}</span>}
    </th>
  );
}

/** Whether a row is one of the libraries' (hidden when the user turns them off). */
export const isLibraryRow = (row: RowResult): boolean => row.implementation !== undefined && row.implementation !== 'wirebench';

export function ResultsTable({ payload, measuring, libraries }: { payload: ResultPayload; measuring: boolean; libraries: boolean }): ReactNode {
  const brotli = payload.rows.some((r) => r.compressed?.['brotli'] !== undefined);
  return (
    // Open: it is the run's progress, row by row, until the answer comes.
    <Collapsible id="per-format" title="Results per format" open>
      {/* A named region (a div's aria-label names nothing). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone, and a keyboard scrolls only what it can focus. */}
      <section className="table-box" tabIndex={0} aria-label="Results per format">
        <table>
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">bytes (% JSON)</th>
              <th scope="col">gzip</th>
              {brotli && <th scope="col">brotli</th>}
              <th scope="col">encode median</th>
              <th scope="col">decode median</th>
              <th scope="col">fidelity</th>
            </tr>
          </thead>
          <tbody>
            {payload.rows
              .filter((r) => r.kind === 'codec' && (libraries || !isLibraryRow(r)))
              .map((row) => (
                <tr key={row.name} data-format={row.name} data-implementation={row.implementation} className={isLibraryRow(row) ? 'library' : undefined}>
                  <RowHeading row={row} />
                  <td className="size" data-label="bytes (% JSON)">
                    {row.error ? (
                      <span className="error">{row.error}</span>
                    ) : (
                      <>
                        <span className="figure">{row.bytes !== undefined ? formatBytes(row.bytes) : ''}</span>
                        <span className="ratio">{shareOfJson(row)}</span>
                      </>
                    )}
                  </td>
                  <td data-label="gzip">{row.compressed?.['gzip'] !== undefined ? formatBytes(row.compressed['gzip']) : '—'}</td>
                  {brotli && <td data-label="brotli">{row.compressed?.['brotli'] !== undefined ? formatBytes(row.compressed['brotli']) : '—'}</td>}
                  <td className="encode" data-label="encode median">
                    <TimingCell row={row} op="encode" reference={row.name === payload.reference} measuring={measuring} />
                  </td>
                  <td className="decode" data-label="decode median">
                    <TimingCell row={row} op="decode" reference={row.name === payload.reference} measuring={measuring} />
                  </td>
                  <td className="fidelity" data-label="fidelity">
                    <FidelityCell row={row} />
                  </td>
                </tr>
              ))}
            <tr data-format="simdjson" className="muted">
              <th scope="row">simdjson</th>
              <td colSpan={brotli ? 6 : 5} className="wide">
                {SIMDJSON_REASON}
              </td>
            </tr>
          </tbody>
        </table>
        {!brotli && payload.rows.some((r) => r.compressed?.['gzip'] !== undefined) && (
          <p className="note pad">No brotli column: this browser's CompressionStream has no brotli.</p>
        )}
      </section>
    </Collapsible>
  );
}
