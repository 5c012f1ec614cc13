import type { FormatId } from './format-id.js';

/** The one error type wirebench's factories, encoders and decoders throw. */
export class WirebenchError extends Error {
  override readonly name = 'WirebenchError';
  /** The format involved, when there is one. */
  readonly format: FormatId | undefined;

  constructor(message: string, options: { format?: FormatId; cause?: unknown } = {}) {
    super(options.format ? `${options.format}: ${message}` : message, { cause: options.cause });
    this.format = options.format;
  }
}

/** Turns whatever a wrapped library threw into a WirebenchError that says what was being done. */
export function wrapError(format: FormatId, doing: string, error: unknown): WirebenchError {
  if (error instanceof WirebenchError) return error;
  const reason =
    error instanceof RangeError && /call stack/i.test(error.message) ? 'the data is nested too deeply' : error instanceof Error ? error.message : String(error);
  return new WirebenchError(`${doing} failed: ${reason}`, { format, cause: error });
}

/** Decoders accept only byte arrays; a string or ArrayBuffer is a caller mistake worth naming. */
export function assertBytes(format: FormatId, bytes: unknown): asserts bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    const got = bytes === null ? 'null' : typeof bytes === 'object' ? (bytes.constructor?.name ?? 'object') : typeof bytes;
    throw new WirebenchError(`decode expects a Uint8Array, got ${got}`, { format });
  }
}
