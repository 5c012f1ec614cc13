import { expect } from 'vitest';
import { WirebenchError } from '../../src/errors.js';

/** Runs `action` and returns the WirebenchError it throws (failing when it throws nothing or something else). */
export function refusal(action: () => unknown): WirebenchError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(WirebenchError);
    return error as WirebenchError;
  }
  throw new Error('expected a WirebenchError, but nothing was thrown');
}
