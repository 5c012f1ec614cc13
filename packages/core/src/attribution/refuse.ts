import type { FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { notJsonScalar } from '../json-data.js';

/**
 * The attribution walks size what the codec would write; what the codec would refuse they refuse
 * too, with a WirebenchError naming the (generalised) path, rather than attribute bytes that no
 * encoding has.
 */
export function notAttributable(format: FormatId, path: string, value: unknown): WirebenchError {
  const what = notJsonScalar(value) ?? 'a value that is not JSON data';
  return new WirebenchError(`${path} holds ${what}, which this format cannot encode exactly; nothing to attribute`, { format });
}

/** A value that does not fit the schema the attribution follows (the codec refuses it the same way). */
export function doesNotFit(format: FormatId, path: string, reason: string): WirebenchError {
  return new WirebenchError(`${path}: ${reason}; nothing to attribute`, { format });
}
