import { WirebenchError } from '@wirebench/core';

/**
 * The answer's arithmetic takes measured figures from results, pages and the CLI: a negative or
 * non-finite one is a wiring mistake upstream, and a total built on it would look plausible, so
 * it is refused by name instead.
 */

/** `value`, or a WirebenchError naming `what` when it is not a finite number ≥ 0. */
export function nonNegative(what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new WirebenchError(`${what} must be a finite number ≥ 0, got ${describe(value)}`);
  }
  return value;
}

/** `value`, or a WirebenchError naming `what` when it is not a finite number > 0. */
export function positive(what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new WirebenchError(`${what} must be a finite number > 0, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
