/**
 * "Where the bytes go": the payload's bytes in JSON and in one format (the best ranked, or the one
 * the user picks) by kind (keys, values, framing) and by path, and what the format saves over JSON on
 * each kind and on the paths where it saves most. From the result's attribution (core's
 * `bytesBreakdown`, worked out in the worker); only the uncompressed bytes are attributed.
 */

import type { FormatId } from '@wirebench/core';
import type { ByteKind } from '@wirebench/core/attribution';
import type { ReactNode } from 'react';
import { memo, useId, useState } from 'react';
import type { Ranking } from 'wirebench/answer';
import type { FormatBytes } from 'wirebench/attribution';
import { formatBytes, formatPercent } from 'wirebench/report';
import { Collapsible } from '../Collapsible.js';
import type { ResultPayload } from '../protocol.js';

const KINDS: readonly ByteKind[] = ['keys', 'values', 'framing'];

/** `−1,234 B` for a loss: a saving table must show which way it goes. */
const signedBytes = (bytes: number): string => (bytes < 0 ? `−${formatBytes(-bytes)}` : formatBytes(bytes));

/** The best ranked format other than JSON among `formats`, if any is ranked. */
function bestFormat(ranking: Ranking, formats: readonly FormatId[]): FormatId | undefined {
  return ranking.ranked.find((row) => row.format !== 'json' && formats.includes(row.format))?.format;
}

function KindsTable({ json, other }: { json: FormatBytes; other: FormatBytes }): ReactNode {
  const saved = other.savedVsJson?.saved;
  return (
    <div className="table-box compact">
      <table className="kinds">
        <caption>
          Keys, values and framing: JSON and {other.format}, and what {other.format} saves
        </caption>
        <thead>
          <tr>
            <th scope="col">kind</th>
            <th scope="col">json</th>
            <th scope="col">{other.format}</th>
            <th scope="col">saved</th>
          </tr>
        </thead>
        <tbody>
          {[...KINDS, 'total' as const].map((kind) => {
            const of = (f: FormatBytes): number => (kind === 'total' ? f.total : f.byKind[kind]);
            return (
              <tr key={kind} data-kind={kind}>
                <th scope="row">{kind}</th>
                <td>{formatBytes(of(json))}</td>
                <td>{formatBytes(of(other))}</td>
                <td>{saved ? signedBytes(saved[kind]) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Bytes and their share of the whole encoding. */
function ShareCell({ bytes, of }: { bytes: number; of: number }): ReactNode {
  return (
    <td>
      <span className="figure">{formatBytes(bytes)}</span>
      <span className="ratio">{formatPercent(bytes / of)}</span>
    </td>
  );
}

function PathsTable({ bytes }: { bytes: FormatBytes }): ReactNode {
  return (
    <div className="table-box compact">
      <table className="paths" data-format={bytes.format}>
        <caption>Top paths in {bytes.format}, by bytes</caption>
        <thead>
          <tr>
            <th scope="col">path</th>
            <th scope="col">bytes</th>
          </tr>
        </thead>
        <tbody>
          {bytes.paths.map((p) => (
            <tr key={p.path} data-path={p.path} data-bytes={p.total}>
              <th scope="row" className="mono">
                {p.path}
                <span className="ratio">
                  keys {formatBytes(p.keys)} · values {formatBytes(p.values)} · framing {formatBytes(p.framing)}
                </span>
              </th>
              <ShareCell bytes={p.total} of={bytes.total} />
            </tr>
          ))}
          {bytes.rest.paths > 0 && (
            <tr data-rest={bytes.rest.paths} data-bytes={bytes.rest.total}>
              <th scope="row">
                {bytes.rest.paths} other path{bytes.rest.paths === 1 ? '' : 's'}
              </th>
              <ShareCell bytes={bytes.rest.total} of={bytes.total} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function SavingsTable({ other }: { other: FormatBytes }): ReactNode {
  const comparison = other.savedVsJson;
  if (!comparison) return null;
  return (
    <div className="table-box compact">
      <table className="savings" data-format={other.format}>
        <caption>Where {other.format} saves most over JSON</caption>
        <thead>
          <tr>
            <th scope="col">path</th>
            <th scope="col">json → {other.format}</th>
            <th scope="col">saved</th>
          </tr>
        </thead>
        <tbody>
          {comparison.paths.map((p) => (
            <tr key={p.path} data-path={p.path}>
              <th scope="row" className="mono">
                {p.path}
              </th>
              <td>
                {formatBytes(p.baseBytes)} → {formatBytes(p.otherBytes)}
              </td>
              <td>{signedBytes(p.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The compressed totals of wirebench's rows of `formats`: `gzip: json 9,423 B, protobuf 9,279 B`. */
function compressedTotals(payload: ResultPayload, formats: readonly FormatId[]): string[] {
  const rows = formats.map((format) => payload.rows.find((row) => row.format === format && (row.implementation ?? 'wirebench') === 'wirebench'));
  const compressors = Object.keys(rows[0]?.compressed ?? {});
  return compressors.map(
    (c) => `${c}: ${rows.map((row, i) => `${formats[i]} ${row?.compressed?.[c] === undefined ? '—' : formatBytes(row.compressed[c])}`).join(', ')}`,
  );
}

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). */
export const WhereBytesGo = memo(function WhereBytesGo({
  payload,
  ranking,
  attributing,
}: {
  payload: ResultPayload;
  ranking: Ranking;
  /** The run is still working it out. */
  attributing: boolean;
}): ReactNode {
  const [picked, setPicked] = useState<FormatId | null>(null);
  const id = useId();
  const breakdown = payload.attribution;
  const json = breakdown?.formats.find((f) => f.format === 'json');
  const others = breakdown?.formats.filter((f) => f.format !== 'json') ?? [];
  const formats = others.map((f) => f.format);
  const best = bestFormat(ranking, formats);
  // Shown unless the user picks another: the best ranked, else the first attributed.
  const format = picked !== null && formats.includes(picked) ? picked : (best ?? formats[0]);
  const other = others.find((f) => f.format === format);
  return (
    <Collapsible id="bytes" title="Where the bytes go">
      {!json ? (
        <p className="note">
          {attributing
            ? 'Working out where the bytes go…'
            : payload.attributionError
              ? `The bytes could not be attributed: ${payload.attributionError}`
              : 'This result says nothing of where its bytes go.'}
        </p>
      ) : (
        <>
          <p className="note">
            wirebench's own encoding of this payload, uncompressed, by JSON path ([*] stands for every array element) and kind. Compressed sizes are totals
            only, as a compressor's output cannot be split by path
            {other ? ` (${compressedTotals(payload, ['json', other.format]).join('; ')})` : ''}.
          </p>
          {breakdown?.refused?.map((r) => (
            <p className="note" key={r.format}>
              {r.format}: not attributed, as its codec refuses this payload ({r.reason}).
            </p>
          ))}
          {other && (
            <div className="field">
              <label htmlFor={`${id}-format`}>Format beside JSON</label>
              <select id={`${id}-format`} value={other.format} onChange={(event) => setPicked(event.target.value as FormatId)}>
                {formats.map((f) => (
                  <option key={f} value={f}>
                    {f}
                    {f === best ? ' (best ranked)' : ''}
                  </option>
                ))}
              </select>
            </div>
          )}
          {other && <KindsTable json={json} other={other} />}
          <PathsTable bytes={json} />
          {other && <PathsTable bytes={other} />}
          {other && <SavingsTable other={other} />}
        </>
      )}
    </Collapsible>
  );
});
