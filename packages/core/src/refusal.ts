import type { WirebenchError } from './errors.js';
import { childPath } from './fidelity.js';

/**
 * Thrown by encoders deep inside a value: each level adds its key or index while the stack unwinds,
 * so a JSON path costs nothing until something is wrong. `refusalError` turns it into the
 * WirebenchError at the top.
 */
export class Refusal {
  readonly keys: Array<string | number> = [];
  /** About the record being written (a missing key), not about the field in progress: no key is added for that field. */
  atRecord = false;
  constructor(readonly error: (path: string) => WirebenchError) {}
}

/** The WirebenchError for a Refusal, with the JSON path its keys spell; anything else unchanged. */
export function refusalError(thrown: unknown): unknown {
  if (!(thrown instanceof Refusal)) return thrown;
  let path = '$';
  for (let i = thrown.keys.length - 1; i >= 0; i--) path = childPath(path, thrown.keys[i] as string | number);
  return thrown.error(path);
}
