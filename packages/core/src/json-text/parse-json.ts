/**
 * parseJson: the one way wirebench reads JSON text (the API; the grammar is scanner.ts's, the
 * number exactness lossy-numbers.ts's). The value is exactly what JSON.parse returns
 * (JSON.parse is fast and defines the semantics); on top of it come two things JSON.parse will not
 * say: where invalid text goes wrong (a line and column that are the same on every engine), and
 * which number literals it could not keep exactly (so a payload's precision loss is reported,
 * not discovered later as a fidelity diff).
 */
import { WirebenchError } from '../errors.js';
import type { LossyNumber } from './lossy-numbers.js';
import type { Found } from './scanner.js';
import { scan } from './scanner.js';
import { Problem, position } from './syntax-errors.js';

/** What `parseJson` returns: `JSON.parse`'s value and the number literals it lost. */
export interface ParsedJson {
  /** Exactly what `JSON.parse(text)` returns. */
  readonly value: unknown;
  /**
   * The number literals of the text whose value JSON.parse could not keep, in text order: the first
   * {@link MAX_LOSSY_NUMBERS} of them (a path can be as long as the text is deep, so the list is
   * capped). A literal under a key the object repeats is listed too, though JSON.parse keeps only the
   * key's last value: the list says what the text held, and a repeated key is a loss of its own.
   */
  readonly lossyNumbers: LossyNumber[];
  /** How many such literals the text holds in all. */
  readonly lossyCount: number;
}

/**
 * Invalid JSON text. `offset` is the 0-based index (in UTF-16 code units) of the first character
 * JSON.parse cannot accept, or the text's length when the text ends too early. `line` and `column`
 * are 1-based; lines end at `\n`, `\r\n` or a lone `\r`, and the column counts UTF-16 code units
 * (as JavaScript string indices and most editors' "column" for BMP text do: a character outside
 * the BMP, such as an emoji, counts 2).
 */
export class JsonSyntaxError extends WirebenchError {
  readonly line: number;
  readonly column: number;
  readonly offset: number;

  constructor(detail: string, position: { line: number; column: number; offset: number }, options: { cause?: unknown } = {}) {
    super(`invalid JSON at line ${position.line}, column ${position.column}: ${detail}`, options);
    this.line = position.line;
    this.column = position.column;
    this.offset = position.offset;
  }
}

/**
 * Parses JSON text: the value exactly as `JSON.parse` returns it, plus every number literal whose
 * decimal value did not survive. A literal counts as kept when the double it became is exactly
 * its value (`18446744073709551616`, `0.5`), or is the double whose shortest round-trip form
 * (`String(v)`) has its value (`0.1`, `1.10`, `1E2`, `-0`, `5e-324`, `18446744073709552000`), or
 * prints back as the literal at the literal's own precision (`43.420273000000009`, the 17 digits
 * of printf's `%.17g`: the writer's double arrives intact). Lost: `9007199254740993`,
 * `0.30000000000000000001`, `1e400`, `1e-400`.
 *
 * @throws JsonSyntaxError for invalid text (with line, column and what was expected there);
 *   WirebenchError when `text` is not a string.
 */
export function parseJson(text: string): ParsedJson {
  if (typeof text !== 'string') {
    const got = text === null ? 'null' : typeof text === 'object' ? ((text as object).constructor?.name ?? 'object') : typeof text;
    const hint = (text as unknown) instanceof Uint8Array ? ' (decode the bytes first, e.g. new TextDecoder().decode(bytes))' : '';
    throw new WirebenchError(`parseJson expects a string, got ${got}${hint}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw locate(text, error);
  }
  const found: Found = { lossy: [], count: 0 };
  try {
    scan(text, found);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    throw new WirebenchError(`parseJson internal error: JSON.parse accepted text its scanner rejects at offset ${error.offset} (${error.detail})`);
  }
  return { value, lossyNumbers: found.lossy, lossyCount: found.count };
}

/** JSON.parse failed: find where, with our own scanner (V8's messages and positions vary by version). */
function locate(text: string, error: unknown): WirebenchError {
  if (!(error instanceof SyntaxError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new WirebenchError(`JSON.parse failed: ${reason}`, { cause: error });
  }
  let problem: Problem;
  try {
    scan(text, undefined);
    // The scanner accepts what JSON.parse refused: should not happen; still say where we gave up.
    problem = new Problem(text.length, `JSON.parse rejected the text (${error.message})`);
  } catch (thrown) {
    if (!(thrown instanceof Problem)) throw thrown;
    problem = thrown;
  }
  return new JsonSyntaxError(problem.detail, position(text, problem.offset), { cause: error });
}
