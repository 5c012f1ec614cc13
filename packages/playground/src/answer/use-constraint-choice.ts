/**
 * The user's constraints, one choice for the page: the address's query string holds them
 * (constraints-url.ts), the answer's form sets them, and whatever else speaks under them (the
 * answer, the plain words' sizes as the server sends them) reads the same choice and follows a change.
 */
import { useSyncExternalStore } from 'react';
import type { ConstraintChoice } from './constraints.js';
import { choiceFromSearch, searchWithChoice } from './constraints-url.js';

const listeners = new Set<() => void>();

/**
 * The choice as the form last set it (a budget as typed, which the query keeps only when it is a
 * number), with the query it wrote: a query that is not that one (the page opened on a link) is read anew.
 */
let held: { readonly search: string; readonly choice: ConstraintChoice } | undefined;

function current(): ConstraintChoice {
  if (held?.search !== location.search) held = { search: location.search, choice: choiceFromSearch(location.search) };
  return held.choice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the choice: the address's query follows (replaced, not a new history entry), then every reader. */
export function setConstraintChoice(choice: ConstraintChoice): void {
  const search = searchWithChoice(location.search, choice);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  held = { search: location.search, choice };
  for (const listener of listeners) listener();
}

/** The constraints the user chose, re-rendering the caller when they change. */
export function useConstraintChoice(): ConstraintChoice {
  return useSyncExternalStore(subscribe, current);
}
