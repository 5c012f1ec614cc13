/**
 * "Compare devices": imports a result JSON downloaded on another device (or written by npm run
 * bench), checks it with the tool's one result reader, and shows its times beside this run's. The
 * heading and the file input are part of the first screen; reading the file and showing it
 * (ComparedDevices.tsx, with the result reader's checks) are a chunk fetched when a file is chosen.
 */

import type { ChangeEvent, ReactNode } from 'react';
import { useState } from 'react';
import { formatBytes } from 'wirebench/report';
import { errorMessage } from './error-message.js';
import { chunk } from './lazy-chunk.js';
import type { WirebenchResult } from './protocol.js';

/** A result file larger than this is refused unread: no real result comes near it. */
const MAX_RESULT_BYTES = 20 * 1024 * 1024;

const compareChunk = chunk(() => import('./ComparedDevices.js'));

/** The imported result and the chunk's component that shows it. */
interface Imported {
  readonly other: WirebenchResult;
  readonly View: typeof import('./ComparedDevices.js')['ComparedDevices'];
}

/** Imports a result JSON from another device and shows its figures beside this device's. */
export function Compare({ result }: { result: WirebenchResult | null }): ReactNode {
  const [imported, setImported] = useState<Imported | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_RESULT_BYTES) {
      setError(`${chosen.name} is ${formatBytes(chosen.size)}: too large for a result file`);
      return;
    }
    void compareChunk.load().then(
      ({ readResult, ComparedDevices }) =>
        chosen.text().then((text) => {
          try {
            setImported({ other: readResult(text), View: ComparedDevices });
            setError(null);
          } catch (e) {
            setImported(null);
            setError(`${chosen.name}: ${errorMessage(e)}`);
          }
        }),
      (e: unknown) => setError(`The comparison could not be loaded (${errorMessage(e)}): reload the page to try again.`),
    );
  };
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare devices</h2>
      <p className="note">Import a result JSON downloaded on another device (or by npm run bench) to see its figures beside this run's.</p>
      <label className="button secondary">
        Import a result JSON
        <input type="file" accept=".json,application/json" onChange={onFile} />
      </label>
      {error && <p className="error">{error}</p>}
      {imported && <imported.View result={result} other={imported.other} />}
    </section>
  );
}
