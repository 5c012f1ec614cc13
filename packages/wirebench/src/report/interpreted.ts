/**
 * Which rows of a payload were measured interpreted (`RowResult.interpreted`: without the code
 * their implementation compiles per schema, as a page without eval runs them), in words, for the
 * text and HTML reports: the same row names otherwise read as the generated code's figures.
 */
import type { PayloadResult } from '../measure/types.js';

/** `Measured interpreted (…): protobuf, flatbuffers`, or undefined when no row of `payload` was. */
export function interpretedNote(payload: PayloadResult): string | undefined {
  const names = payload.rows.filter((row) => row.kind === 'codec' && row.interpreted === true).map((row) => row.name);
  if (names.length === 0) return undefined;
  return `Measured interpreted (no eval), without the code they generate with new Function, as a page whose CSP forbids it runs them: ${names.join(', ')}`;
}
