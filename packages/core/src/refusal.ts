import { WirebenchError } from './errors.js';
import { childPath } from './fidelity.js';

/**
 * What every encoder throws for a value it refuses, deep inside the value: each level adds its key or
 * index while the stack unwinds, so a JSON path costs nothing until something is wrong, and
 * `refusalError` turns it into the WirebenchError at the top (or a catcher that knows the path calls
 * `error(path)` itself).
 */
export class Refusal {
  readonly keys: Array<string | number> = [];
  /** About the record being written (a missing key), not about the field in progress: no key is added for that field (protobuf). */
  declare atRecord?: true;
  constructor(readonly error: (path: string) => WirebenchError) {}
}

/**
 * The refusal of the fast paths (the one-pass msgpack and CBOR writer, FlatBuffers' generated
 * encoder and its Value table), which give no reason: their codec hands the value to the slow path,
 * which walks it again and names the reason with the path (`assertEncodable`, FlatBuffers'
 * interpreter). One instance, thrown as is: it gains no keys, since only its own codec catches it.
 * A Refusal allocated per refusal instead costs no measurable time where nothing is refused
 * (order_batch encode 1.00 (0.98–1.00) of this one's time, msgpack and CBOR alike), but 3 more bytes
 * of CBOR's gzipped bundle, which is near its budget.
 */
export const REFUSED = /* @__PURE__ */ new Refusal(() => new WirebenchError('the value was refused but no reason was found'));

/** The WirebenchError for a Refusal, with the JSON path its keys spell; anything else unchanged. */
export function refusalError(thrown: unknown): unknown {
  if (!(thrown instanceof Refusal)) return thrown;
  let path = '$';
  for (let i = thrown.keys.length - 1; i >= 0; i--) path = childPath(path, thrown.keys[i] as string | number);
  return thrown.error(path);
}
