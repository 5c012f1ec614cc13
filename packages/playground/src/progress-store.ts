/**
 * The run's progress, held outside React state: the worker sends dozens of progress messages a
 * second, and re-rendering the whole page for each (the results table, the schemas, the hex) made
 * main-thread tasks of 50–140 ms on a 4×-throttled phone. Only the progress bar subscribes.
 */
import type { MeasureProgress } from './protocol.js';

export interface ProgressStore {
  get(): MeasureProgress | null;
  set(progress: MeasureProgress | null): void;
  subscribe(listener: () => void): () => void;
}

export function createProgressStore(): ProgressStore {
  let current: MeasureProgress | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(progress) {
      current = progress;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
