/**
 * Code the first screen does not need (the run's figures and answer, the comparison of devices, the
 * share-link reader) is in chunks of their own, each fetched when it is wanted, so the page's initial
 * JavaScript is React, the input and the Measure button. A loaded chunk is rendered directly, not through React.lazy and
 * Suspense: a lazy component suspends on its first render even when its chunk has arrived, and
 * React throttles the reveal after a fallback (about 300 ms). A chunk that fails to load (offline
 * before the service worker cached it) costs what it shows, not the page.
 */
import { startTransition, useEffect, useState } from 'react';
import { errorMessage } from './error-message.js';

/** A module imported once, on first demand, and kept for every later use (remounts included). */
export interface Chunk<T> {
  /** Imports the module on the first call; later calls share that import. */
  load(): Promise<T>;
  /** The module, once an import has resolved. */
  loaded(): T | null;
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importer().then((imported) => {
        module = imported;
        return imported;
      });
      return loading;
    },
    loaded: () => module,
  };
}

/** The chunk's module once `wanted` and loaded, or why it could not be loaded. */
export function useChunk<T>(lazy: Chunk<T>, wanted: boolean): { readonly module: T | null; readonly error: string | null } {
  const [state, setState] = useState<{ module: T | null; error: string | null }>(() => ({ module: lazy.loaded(), error: null }));
  useEffect(() => {
    if (!wanted || state.module || state.error) return;
    let live = true;
    // A transition: the chunk usually arrives mid-run, and re-rendering the results then must not block.
    const settle = (next: { module: T | null; error: string | null }): void => {
      if (live) startTransition(() => setState(next));
    };
    lazy.load().then(
      (module) => settle({ module, error: null }),
      (error: unknown) => settle({ module: null, error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [lazy, wanted, state.module, state.error]);
  return state;
}
