/**
 * The answer's code (core's answer module and its components: about 10 kB gzipped) is a chunk of
 * its own, so the page's initial JavaScript does not grow. It is fetched once a run starts, so it is
 * there when the run ends, and rendered directly with the finished run, not through Suspense: a lazy
 * component suspends on its first render even when its chunk has arrived, and React throttles the
 * reveal after a fallback (about 300 ms). A chunk that fails to load (offline before the service
 * worker cached it) costs the answer, not the page.
 */
import { startTransition, useEffect, useState } from 'react';
import type { Answer } from './Answer.js';

type AnswerComponent = typeof Answer;

/** The component once loaded: later runs (and remounts) render it at once. */
let loaded: AnswerComponent | null = null;

/** The answer's component once `wanted` and loaded, or why it could not be loaded. */
export function useAnswerChunk(wanted: boolean): { readonly Answer: AnswerComponent | null; readonly error: string | null } {
  const [state, setState] = useState<{ Answer: AnswerComponent | null; error: string | null }>({ Answer: loaded, error: null });
  useEffect(() => {
    if (!wanted || state.Answer) return;
    let live = true;
    // A transition: the chunk usually arrives mid-run, and re-rendering the results then must not block.
    const settle = (next: { Answer: AnswerComponent | null; error: string | null }): void => {
      if (live) startTransition(() => setState(next));
    };
    import('./Answer.js').then(
      (module) => {
        loaded = module.Answer;
        settle({ Answer: module.Answer, error: null });
      },
      (error: unknown) => settle({ Answer: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.Answer]);
  return state;
}
