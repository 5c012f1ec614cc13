/**
 * "Time until usable": for each network (the three default presets and the user's), a stacked bar
 * per row: transfer (one round trip, then the bytes at the preset's bandwidth), what decompression
 * adds after the last byte (at the inflate rate this device measured in this run) and decode (as it
 * measured it), with each part and the total in words.
 * Plain HTML and CSS: about ten elements a bar, so a phone lays out 40 bars quickly.
 */

import type { ReactNode } from 'react';
import { memo } from 'react';
import type { PayloadAnswer, RowAnswer, ServedEncoding, TimeUntilUsable } from 'wirebench/answer';
import { findNetworkPreset, NETWORK_SOURCE } from 'wirebench/answer';
import { decompressionWords, formatMs, rowAnswerNote, servedWords } from 'wirebench/report';
import { Collapsible } from '../Collapsible.js';

type Part = 'transferMs' | 'decompressMs' | 'decodeMs';

const PARTS: readonly (readonly [Part, string])[] = [
  ['transferMs', 'transfer'],
  ['decompressMs', 'decompression'],
  ['decodeMs', 'decode'],
];

/** The parts a served encoding has: bytes served as they are are not decompressed. */
const partsOf = (served: ServedEncoding): readonly (readonly [Part, string])[] => (served === 'none' ? PARTS.filter(([key]) => key !== 'decompressMs') : PARTS);

function UsableBar({ row, time, max }: { row: RowAnswer; time: TimeUntilUsable | undefined; max: number }): ReactNode {
  if (!time) {
    const note = rowAnswerNote(row);
    return (
      <li data-row={row.name} className="usable-row">
        <span className="usable-name">{row.name}</span>
        <span className="usable-parts muted">no figures{note ? `: ${note}` : ''}</span>
      </li>
    );
  }
  const parts = partsOf(time.served);
  return (
    <li data-row={row.name} data-total-ms={time.totalMs} className="usable-row">
      <span className="usable-name">{row.name}</span>
      <span className="usable-stack" aria-hidden="true">
        {parts.map(([key, label]) => (
          <span key={label} className={`part ${label}`} style={{ width: `${(100 * time[key]) / max}%` }} />
        ))}
      </span>
      <span className="usable-total">{formatMs(time.totalMs)}</span>
      <span className="usable-parts">
        {parts.map(([key, label], i) => (
          <span key={label} data-part={label} data-ms={time[key]}>
            {i > 0 ? ' + ' : ''}
            {formatMs(time[key])} {label}
          </span>
        ))}
      </span>
    </li>
  );
}

/** Memoized: re-rendered only when the answer changes (see Answer.tsx). */
export const UsableBars = memo(function UsableBars({ answer }: { answer: PayloadAnswer }): ReactNode {
  const { network, constraints } = answer.ranking;
  const rows = answer.rows;
  const served = constraints.served;
  return (
    <Collapsible id="usable" title="Time until usable">
      <p className="note">
        One response {servedWords(served)}, from asking to holding the decoded data: transfer (one round trip, then the bytes at the link's bandwidth; presets
        from <a href={NETWORK_SOURCE.url}>WebPageTest's connectivity profiles</a>, on a connection already open)
        {served === 'none' ? ' + decode' : ' + decompression after the last byte + decode'}, measured on this device in this run.
      </p>
      {served !== 'none' && <p className="note">{decompressionWords(answer)}</p>}
      <p className="usable-legend" aria-hidden="true">
        {partsOf(served).map(([, label]) => (
          <span key={label}>
            <span className={`swatch ${label}`} /> {label}
          </span>
        ))}
      </p>
      {answer.networks.map((id) => {
        const preset = findNetworkPreset(id);
        const times = rows.map((row) => row.usable.find((t) => t.network === id && t.served === served));
        const max = Math.max(...times.map((t) => t?.totalMs ?? 0)) || 1;
        return (
          <figure key={id} className="usable" data-network={id}>
            <figcaption>
              {preset.label}
              {id === network.id ? ' — your network' : ''}
            </figcaption>
            <ul aria-label={`Time until usable on ${preset.name}`}>
              {rows.map((row, i) => (
                <UsableBar key={row.name} row={row} time={times[i]} max={max} />
              ))}
            </ul>
          </figure>
        );
      })}
    </Collapsible>
  );
});
