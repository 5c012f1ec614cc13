/** The warning about number literals JSON.parse could not keep: lost before any format ran. */
import type { ReactNode } from 'react';
import type { LossyNumber } from './protocol.js';

export function LossyNumbers({ lossyNumbers, lossyCount }: { lossyNumbers: readonly LossyNumber[]; lossyCount: number }): ReactNode {
  return (
    <div className="warning">
      <p>
        {lossyCount} number{lossyCount === 1 ? '' : 's'} in this JSON cannot be kept exactly by JSON.parse (integers beyond 2^53, too many digits…). Every
        format below is measured on the value JSON.parse gives, so the originals are already lost before encoding.
      </p>
      <details>
        <summary>Which numbers</summary>
        <ul className="mono">
          {lossyNumbers.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list made whole from one parse and never reordered, where a path can repeat (a key written twice in the JSON text).
            <li key={i}>
              {n.path}: {n.text} → {String(n.value)} ({n.reason})
            </li>
          ))}
          {lossyCount > lossyNumbers.length && <li>… and {lossyCount - lossyNumbers.length} more</li>}
        </ul>
      </details>
    </div>
  );
}
