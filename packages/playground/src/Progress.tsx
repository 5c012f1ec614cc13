/** The run's progress while measuring: a progressbar, what the worker is doing, and Cancel. */
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import type { ProgressStore } from './progress-store.js';
import type { MeasureProgress } from './protocol.js';

function progressText(progress: MeasureProgress | null): string {
  if (!progress) return 'Parsing, inferring a schema, encoding…';
  if (progress.phase === 'prepare') return 'Encoding and checking fidelity…';
  if (progress.phase === 'warmup') return 'Warming up…';
  return `Timing: round ${progress.round + 1} of ${progress.rounds}`;
}

export function Progress({ store, onCancel }: { store: ProgressStore; onCancel: () => void }): ReactNode {
  const progress = useSyncExternalStore(store.subscribe, store.get);
  const percent = progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <div className="progress">
      <div role="progressbar" aria-label="Measuring progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="bar" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
      <span>{progressText(progress)}</span>
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
