/**
 * parseJson: the one way wirebench reads JSON text. The value is exactly what JSON.parse returns
 * (JSON.parse is fast and defines the semantics); on top of it come two things JSON.parse will not
 * say: where invalid text goes wrong (a line and column that are the same on every engine), and
 * which number literals it could not keep exactly (so a payload's precision loss is reported,
 * not discovered later as a fidelity diff).
 */
import { WirebenchError } from './errors.js';
import { childPath } from './fidelity.js';

/** A number literal of the text that `JSON.parse` could not keep exactly. */
export interface LossyNumber {
  /** JSON path of the literal, e.g. `$.orders[3].id` (the syntax of every wirebench path). */
  readonly path: string;
  /** The literal as written in the text. */
  readonly text: string;
  /** What JSON.parse made of it. */
  readonly value: number;
  /**
   * `overflow`: a finite literal became ±Infinity. `underflow`: a non-zero literal became ±0.
   * `rounded`: any other change of value (more digits than a double holds, an integer past 2^53).
   */
  readonly reason: 'rounded' | 'overflow' | 'underflow';
}

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

/** What the scanner throws: cheap (no stack trace), turned into a JsonSyntaxError by the caller. */
class Problem {
  constructor(
    readonly offset: number,
    readonly detail: string,
  ) {}
}

function position(text: string, offset: number): { line: number; column: number; offset: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1, offset };
}

const TAB = 0x09, LF = 0x0a, CR = 0x0d, SPACE = 0x20, QUOTE = 0x22, PLUS = 0x2b, COMMA = 0x2c, MINUS = 0x2d;
const DOT = 0x2e, ZERO = 0x30, ONE = 0x31, FIVE = 0x35, NINE = 0x39, COLON = 0x3a, UPPER_E = 0x45, BACKSLASH = 0x5c;
const LOWER_E = 0x65, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d, OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d;
const ARRAY = 0, OBJECT = 1;

/**
 * One pass over the text, iterative (nesting depth is bounded by memory, not the call stack). It
 * checks exactly the JSON grammar, so on text JSON.parse refused it stops at the first character
 * JSON.parse cannot accept (throwing a Problem). Given a `lossy` list (the text is then known to be
 * valid), it classifies number literals, keeping a stack of open containers so that a path is
 * built only for a literal that needs one.
 *
 * This loop runs once per character of the text and is where parseJson spends its time, so its
 * state lives in locals, not in a class instance: V8 drops optimized code that depends on the
 * shape of an object that a full GC collected, and every call would then start cold again.
 */
function scan(text: string, found: Found | undefined): void {
  const trusted = found !== undefined;
  // Per open container: its kind; its current array index, or the offset of its current key's
  // opening quote (decoded only when a path needs it); and its own path, cached once built.
  const kind: number[] = [];
  const slot: number[] = [];
  const paths: Array<string | undefined> = [];
  let depth = 0;
  let i = 0;
  for (;;) {
    // A value starts at i.
    i = skipWhitespace(text, i);
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      i = skipWhitespace(text, i + 1);
      kind[depth] = c === OPEN_BRACE ? OBJECT : ARRAY;
      slot[depth] = c === OPEN_BRACE ? i : 0;
      paths[depth] = undefined;
      depth++;
      // '}' and ']' are the code points 2 past '{' and '['.
      if (text.charCodeAt(i) === c + 2) {
        i++;
        depth--;
      } else {
        if (c === OPEN_BRACE) i = endOfKey(text, i, trusted);
        continue;
      }
    } else if (c === QUOTE) i = endOfString(text, i, trusted);
    else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      const start = i;
      i = endOfNumber(text, i);
      // Up to 15 significant digits (DBL_DIG) well inside the normal range always round-trip:
      // nearly every literal in practice takes this exit.
      if (trusted && (shape.digits > 15 || shape.exponent < -290 || shape.exponent > 290)) {
        const literal = text.slice(start, i);
        // The same correctly rounded conversion JSON.parse applies (parseFloat: Number() is
        // slower, as it also handles whitespace, hex and the like, which a literal never holds).
        const value = parseFloat(literal);
        const reason = lossReason(literal, shape.mantissaEnd - start, value);
        if (reason !== undefined && found.count++ < MAX_LOSSY_NUMBERS) {
          found.lossy.push({ path: pathOf(text, kind, slot, paths, depth), text: literal, value, reason });
        }
      }
    } else if (c === 0x74) i = endOfWord(text, i, 'true');
    else if (c === 0x66) i = endOfWord(text, i, 'false');
    else if (c === 0x6e) i = endOfWord(text, i, 'null');
    else throw expectedValue(text, i);

    // After a value: close the containers that end here, then step to the next slot.
    for (;;) {
      i = skipWhitespace(text, i);
      const d = depth - 1;
      if (d < 0) {
        if (i < text.length) throw problem(text, i, 'expected the end of the text after the JSON value');
        return;
      }
      const inArray = kind[d] === ARRAY;
      const next = text.charCodeAt(i);
      if (next === COMMA) {
        if (inArray) {
          slot[d]!++;
          i++;
        } else {
          slot[d] = i = skipWhitespace(text, i + 1);
          i = endOfKey(text, i, trusted);
        }
        break;
      }
      if (next !== (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
        throw problem(text, i, inArray ? "expected ',' or ']' after an array element" : "expected ',' or '}' after a property value");
      }
      i++;
      depth--;
    }
  }
}

/** Lossy literals kept with their path; the rest are only counted. */
export const MAX_LOSSY_NUMBERS = 1000;

interface Found {
  readonly lossy: LossyNumber[];
  count: number;
}

/** Path of the value in the current slot of the innermost of `depth` open containers. */
function pathOf(text: string, kind: number[], slot: number[], paths: Array<string | undefined>, depth: number): string {
  if (depth === 0) return '$';
  // Containers' own paths are cached: siblings share their parent's (paths[d] is reset when the
  // container at d opens, and stays right while it is open).
  let from = depth - 1;
  while (from > 0 && paths[from] === undefined) from--;
  let path = from === 0 ? '$' : (paths[from] as string);
  for (let d = from; d < depth; d++) {
    if (d > from) paths[d] = path;
    path = childPath(path, keyAt(text, kind[d] as number, slot[d] as number));
  }
  return path;
}

/** The current key of a container: an array index, or an object key decoded from the text. */
function keyAt(text: string, kind: number, slot: number): string | number {
  if (kind === ARRAY) return slot;
  const raw = text.slice(slot + 1, endOfString(text, slot, true) - 1);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/** A property name at `start` and its ':'; returns the offset after the ':'. */
function endOfKey(text: string, start: number, trusted: boolean): number {
  if (text.charCodeAt(start) !== QUOTE) throw expectedKey(text, start);
  const colon = skipWhitespace(text, endOfString(text, start, trusted));
  if (text.charCodeAt(colon) !== COLON) throw problem(text, colon, "expected ':' after a property name");
  return colon + 1;
}

/**
 * The shape of the number literal endOfNumber last read: where its exponent starts (or its end),
 * how many digits its significand has (leading zeros included), and its decimal exponent. One
 * shared record rather than a result object per literal.
 */
const shape = { mantissaEnd: 0, digits: 0, exponent: 0 };

/** The number literal at `start`; returns the offset after it and describes it in `shape`. */
function endOfNumber(text: string, start: number): number {
  let j = start;
  if (text.charCodeAt(j) === MINUS) j++;
  let c = text.charCodeAt(j);
  const intStart = j;
  if (c === ZERO) {
    c = text.charCodeAt(++j);
    if (c >= ZERO && c <= NINE) throw problem(text, j, 'a number must not have leading zeros', false);
  } else if (c >= ONE && c <= NINE) {
    do c = text.charCodeAt(++j);
    while (c >= ZERO && c <= NINE);
  } else {
    const infinity = text.startsWith('Infinity', j) ? ' (Infinity is not a JSON number)' : '';
    throw problem(text, j, `expected a digit after '-'${infinity}`);
  }
  let digits = j - intStart;
  if (c === DOT) {
    const fracStart = ++j;
    c = text.charCodeAt(j);
    while (c >= ZERO && c <= NINE) c = text.charCodeAt(++j);
    if (j === fracStart) throw problem(text, j, 'expected a digit after the decimal point');
    digits += j - fracStart;
  }
  shape.mantissaEnd = j;
  let exponent = 0;
  if (c === LOWER_E || c === UPPER_E) {
    c = text.charCodeAt(++j);
    const negative = c === MINUS;
    if (c === PLUS || c === MINUS) c = text.charCodeAt(++j);
    const expStart = j;
    while (c >= ZERO && c <= NINE) {
      exponent = Math.min(exponent * 10 + (c - ZERO), 1e6);
      c = text.charCodeAt(++j);
    }
    if (j === expStart) throw problem(text, j, 'expected a digit in the exponent');
    if (negative) exponent = 0 - exponent; // (0 - 0 is +0, keeping `shape` all small integers)
  }
  shape.digits = digits;
  shape.exponent = exponent;
  return j;
}

function skipWhitespace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return i;
  c = text.charCodeAt(i + 1);
  if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return i + 1;
  // A longer run (pretty-printed indentation): the regex engine skips it faster than a loop.
  WHITESPACE.lastIndex = i + 2;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

const WHITESPACE = /[ \n\r\t]*/y;

/** The offset just past the closing quote of the string opening at `start`. */
function endOfString(text: string, start: number, trusted: boolean): number {
  if (trusted) {
    // JSON.parse has accepted the text: only the closing quote matters, and indexOf finds it
    // far faster than a loop (a quote is escaped when an odd number of backslashes precede it).
    let quote = text.indexOf('"', start + 1);
    for (;;) {
      // JSON.parse accepted the text, so this cannot happen; but a scanner must never loop.
      if (quote < 0) throw problem(text, text.length, 'unterminated string', false);
      let k = quote - 1;
      while (text.charCodeAt(k) === BACKSLASH) k--;
      if ((quote - k) % 2 === 1) return quote + 1;
      quote = text.indexOf('"', quote + 1);
    }
  }
  const n = text.length;
  let j = start + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c === BACKSLASH) j = endOfEscape(text, j);
    else if (c < SPACE) throw problem(text, j, `a string must not contain the control character ${codePoint(c)} unescaped`, false);
    else if (j < n) j++;
    else {
      const opening = position(text, start);
      throw problem(text, n, `unterminated string (it opens at line ${opening.line}, column ${opening.column})`, false);
    }
  }
}

/** The escape sequence at `j` (a backslash); returns the offset after it. */
function endOfEscape(text: string, j: number): number {
  const c = text.charCodeAt(j + 1);
  // " \ / b f n r t
  if (c === QUOTE || c === BACKSLASH || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74) return j + 2;
  if (c === 0x75) {
    for (let k = j + 2; k < j + 6; k++) {
      if (!isHex(text.charCodeAt(k))) throw problem(text, k, "expected a hex digit ('\\u' takes exactly 4)");
    }
    return j + 6;
  }
  if (j + 1 >= text.length) return j + 1; // the caller reports the unterminated string
  throw problem(text, j + 1, 'invalid escape: after \'\\\' expected one of " \\ / b f n r t u');
}

function endOfWord(text: string, start: number, word: 'true' | 'false' | 'null'): number {
  for (let k = 1; k < word.length; k++) {
    if (text.charCodeAt(start + k) !== word.charCodeAt(k)) throw problem(text, start + k, `expected '${word}'`);
  }
  return start + word.length;
}

function expectedValue(text: string, i: number): Problem {
  const c = text.charCodeAt(i);
  if (c === 0xfeff && i === 0) {
    return problem(text, i, 'the text starts with a byte order mark (U+FEFF), which JSON.parse does not accept; strip it first', false);
  }
  let hint = '';
  if (c === CLOSE_BRACKET && previousToken(text, i) === COMMA) hint = ' (JSON allows no trailing comma)';
  else if (c === 0x27) hint = ' (JSON strings take double quotes)';
  else if (c === 0x2f) hint = ' (JSON has no comments)';
  else if (text.startsWith('NaN', i) || text.startsWith('Infinity', i)) hint = ' (NaN and Infinity are not JSON numbers)';
  else if (c === PLUS || c === DOT) hint = " (a JSON number starts with '-' or a digit)";
  return problem(text, i, `expected a JSON value${hint}`);
}

function expectedKey(text: string, i: number): Problem {
  if (previousToken(text, i) === OPEN_BRACE) return problem(text, i, "expected a double-quoted property name or '}'");
  const hint = text.charCodeAt(i) === CLOSE_BRACE ? ' (JSON allows no trailing comma)' : text.charCodeAt(i) === 0x27 ? ' (JSON strings take double quotes)' : '';
  return problem(text, i, `expected a double-quoted property name${hint}`);
}

/** The last non-whitespace character before offset i (for hints only). */
function previousToken(text: string, i: number): number {
  let k = i - 1;
  while (k >= 0 && skipWhitespace(text, k) !== k) k--;
  return text.charCodeAt(k);
}

function problem(text: string, offset: number, detail: string, showFound = true): Problem {
  return new Problem(offset, showFound ? `${detail}, found ${describeAt(text, offset)}` : detail);
}

/**
 * Why a literal's value did not survive as `value`, or undefined when it did: either `value` is
 * exactly the literal's decimal value, or `String(value)` (the shortest text that round-trips)
 * denotes that value. `mantissaLength` is the length of the literal before any exponent.
 */
function lossReason(literal: string, mantissaLength: number, value: number): LossyNumber['reason'] | undefined {
  if (value === Infinity || value === -Infinity) return 'overflow';
  const last = lastNonZeroDigit(literal, mantissaLength);
  if (value === 0) return last === undefined ? undefined : 'underflow';
  // The hot case of long literals, printf's %.17g: the double printed at the literal's precision is the literal itself.
  if (mantissaLength === literal.length) {
    const precision = digitsFromFirstNonZero(literal);
    if (precision <= 100 && value.toPrecision(precision) === literal) return undefined;
  }
  const shortest = String(value);
  if (literal === shortest) return undefined;
  if (mantissaLength === literal.length && shortest.indexOf('e') < 0) {
    // Both plain decimals without redundant leading zeros (the hot case): equal iff equal once
    // the literal's fraction drops its trailing zeros (`1.50`, `1.5`), checked in place.
    let end = literal.length;
    if (literal.indexOf('.') >= 0) {
      while (literal.charCodeAt(end - 1) === ZERO) end--;
      if (literal.charCodeAt(end - 1) === DOT) end--;
    }
    if (end === shortest.length && literal.startsWith(shortest)) return undefined;
  } else if (sameDecimal(decimal(literal), decimal(shortest))) return undefined;
  // Printed at the literal's own precision, the double gives the literal back: the literal is how a
  // writer printed this very double (printf's %.17g, say), so nothing it said was lost.
  const written = decimal(literal);
  const precision = written[0].length;
  if (precision <= 100 && sameDecimal(written, decimal(value.toPrecision(precision)))) return undefined;
  // Exactness needs a last significant digit 5 unless the double is an integer: a cheap test
  // that settles most remaining literals.
  if (!Number.isInteger(value) && last !== FIVE) return 'rounded';
  return isExactly(value, written) ? undefined : 'rounded';
}

/** Digits of a plain literal (no exponent) from its first non-zero one: what `toPrecision` would print. */
function digitsFromFirstNonZero(literal: string): number {
  let count = 0;
  for (let k = 0; k < literal.length; k++) {
    const c = literal.charCodeAt(k);
    if (c >= ONE && c <= NINE) count++;
    else if (c === ZERO && count > 0) count++;
  }
  return count;
}

/** The last non-zero digit of the literal's significand (its first `mantissaLength` characters). */
function lastNonZeroDigit(literal: string, mantissaLength: number): number | undefined {
  for (let k = mantissaLength - 1; k >= 0; k--) {
    const c = literal.charCodeAt(k);
    if (c >= ONE && c <= NINE) return c;
  }
  return undefined;
}

/**
 * Whether the (non-zero, finite) double is exactly |digits × 10^exponent|, where digits has no
 * leading or trailing zeros. Past 2^53 a double is an integer, compared as a BigInt. Otherwise it
 * is M × 2^-k with M odd, i.e. M·5^k × 10^-k: exactly k decimals, the last one a 5.
 */
function isExactly(value: number, [digits, exponent]: Decimal): boolean {
  const magnitude = Math.abs(value);
  if (Number.isInteger(magnitude)) return exponent >= 0 && BigInt(digits) * 10n ** BigInt(exponent) === BigInt(magnitude);
  if (exponent >= 0 || !digits.endsWith('5')) return false;
  let scaled = magnitude;
  let k = 0;
  // Doubling a double is exact (no rounding) until it is an integer: at most 1074 steps.
  while (!Number.isInteger(scaled) && k < -exponent) {
    scaled *= 2;
    k++;
  }
  return Number.isInteger(scaled) && k === -exponent && (BigInt(scaled) * 5n ** BigInt(k)).toString() === digits;
}

/** |value| = digits × 10^exponent, digits without leading or trailing zeros; zero is ['', 0]. */
type Decimal = [digits: string, exponent: number];

function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** A numeral (a JSON literal or a String(number) output) as a Decimal. */
function decimal(numeral: string): Decimal {
  let end = numeral.length;
  let exponent = 0;
  const e = Math.max(numeral.indexOf('e'), numeral.indexOf('E'));
  if (e >= 0) {
    exponent = Number(numeral.slice(e + 1));
    end = e;
  }
  let mantissa = numeral.slice(numeral.charCodeAt(0) === MINUS ? 1 : 0, end);
  const dot = mantissa.indexOf('.');
  if (dot >= 0) {
    exponent -= mantissa.length - dot - 1;
    mantissa = mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  }
  let first = 0;
  while (mantissa.charCodeAt(first) === ZERO) first++;
  let last = mantissa.length;
  while (last > first && mantissa.charCodeAt(last - 1) === ZERO) last--;
  if (first === last) return ['', 0];
  return [mantissa.slice(first, last), exponent + (mantissa.length - last)];
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function codePoint(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The character at `offset` as a person would want it named in an error message. */
function describeAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  const c = text.codePointAt(offset) as number;
  if (c === 0x27) return `"'"`;
  if (c > SPACE && c < 0x7f) return `'${String.fromCodePoint(c)}'`;
  if (c === 0xfeff) return 'U+FEFF (a byte order mark)';
  if (c === 0xa0) return 'U+00A0 (a no-break space)';
  // Invisible or whitespace-like characters are shown by code point only.
  if (c <= 0xa0 || (c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) || c === 0x205f || c === 0x3000) return codePoint(c);
  return `'${String.fromCodePoint(c)}' (${codePoint(c)})`;
}
