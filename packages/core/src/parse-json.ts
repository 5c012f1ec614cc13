/**
 * parseJson: the one way wirebench reads JSON text. The value is exactly what JSON.parse returns
 * (JSON.parse is fast and defines the semantics); on top of it come two things JSON.parse will not
 * say: where invalid text goes wrong (a line and column that are the same on every engine), and
 * which number literals it could not keep exactly (so a payload's precision loss is reported,
 * not discovered later as a fidelity diff).
 */
import { WirebenchError } from './errors.js';
import { childPath } from './fidelity.js';

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

export interface ParsedJson {
  /** Exactly what `JSON.parse(text)` returns. */
  readonly value: unknown;
  /** Every number literal whose value JSON.parse could not keep, in text order. */
  readonly lossyNumbers: LossyNumber[];
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
 * its value (`18446744073709551616`, `0.5`) or is the double whose shortest round-trip form
 * (`String(v)`) has its value (`0.1`, `1.10`, `1E2`, `-0`, `5e-324`, `18446744073709552000`).
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
  const lossyNumbers: LossyNumber[] = [];
  try {
    new Scanner(text, lossyNumbers).run();
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    throw new WirebenchError(`parseJson internal error: JSON.parse accepted text its scanner rejects at offset ${error.offset} (${error.detail})`);
  }
  return { value, lossyNumbers };
}

/** JSON.parse failed: find where, with our own scanner (V8's messages and positions vary by version). */
function locate(text: string, error: unknown): WirebenchError {
  if (!(error instanceof SyntaxError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new WirebenchError(`JSON.parse failed: ${reason}`, { cause: error });
  }
  let problem: Problem;
  try {
    new Scanner(text, undefined).run();
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
 * JSON.parse cannot accept. Given a `lossy` list (the text is then known to be valid), it
 * classifies number literals, keeping a stack of open containers so that a path is built only for
 * a literal that needs one. The position is a local passed through plain functions: this loop
 * runs once per character of the text, and is where parseJson spends its time.
 */
class Scanner {
  private depth = 0;
  // Per open container: its kind; the current array index, or the offsets of the current key's
  // quotes (decoded only when a path needs it); and its own path, cached once built.
  private readonly kind: number[] = [];
  private readonly slot: number[] = [];
  private readonly keyEnd: number[] = [];
  private readonly paths: Array<string | undefined> = [];

  constructor(
    private readonly text: string,
    private readonly lossy: LossyNumber[] | undefined,
  ) {}

  run(): void {
    const text = this.text;
    const trusted = this.lossy !== undefined;
    let i = 0;
    for (;;) {
      // A value starts at i.
      i = skipWhitespace(text, i);
      const c = text.charCodeAt(i);
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const d = this.depth++;
        this.kind[d] = c === OPEN_BRACE ? OBJECT : ARRAY;
        this.slot[d] = 0;
        this.paths[d] = undefined;
        i = skipWhitespace(text, i + 1);
        // '}' and ']' are the code points 2 past '{' and '['.
        if (text.charCodeAt(i) === c + 2) {
          i++;
          this.depth--;
        } else {
          if (c === OPEN_BRACE) i = this.key(i);
          continue;
        }
      } else if (c === QUOTE) i = endOfString(text, i, trusted);
      else if (c === MINUS || (c >= ZERO && c <= NINE)) i = this.number(i);
      else if (c === 0x74) i = endOfWord(text, i, 'true');
      else if (c === 0x66) i = endOfWord(text, i, 'false');
      else if (c === 0x6e) i = endOfWord(text, i, 'null');
      else throw expectedValue(text, i);

      // After a value: close the containers that end here, then step to the next slot.
      for (;;) {
        i = skipWhitespace(text, i);
        const d = this.depth - 1;
        if (d < 0) {
          if (i < text.length) throw problem(text, i, 'expected the end of the text after the JSON value');
          return;
        }
        const inArray = this.kind[d] === ARRAY;
        const next = text.charCodeAt(i);
        if (next === COMMA) {
          if (inArray) this.slot[d]!++;
          else i = this.key(skipWhitespace(text, i + 1)) - 1;
          i++;
          break;
        }
        if (next !== (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
          throw problem(text, i, inArray ? "expected ',' or ']' after an array element" : "expected ',' or '}' after a property value");
        }
        i++;
        this.depth--;
      }
    }
  }

  /** A property name and its ':', starting at `start`; returns the offset after the ':'. */
  private key(start: number): number {
    const text = this.text;
    if (text.charCodeAt(start) !== QUOTE) throw expectedKey(text, start);
    const end = endOfString(text, start, this.lossy !== undefined);
    const d = this.depth - 1;
    this.slot[d] = start;
    this.keyEnd[d] = end;
    const colon = skipWhitespace(text, end);
    if (text.charCodeAt(colon) !== COLON) throw problem(text, colon, "expected ':' after a property name");
    return colon + 1;
  }

  /** The number literal at `start`; returns the offset after it. */
  private number(start: number): number {
    const text = this.text;
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
    let exponent = 0;
    if (c === LOWER_E || c === UPPER_E) {
      c = text.charCodeAt(++j);
      let sign = 1;
      if (c === PLUS || c === MINUS) {
        if (c === MINUS) sign = -1;
        c = text.charCodeAt(++j);
      }
      const expStart = j;
      while (c >= ZERO && c <= NINE) {
        exponent = Math.min(exponent * 10 + (c - ZERO), 1e6);
        c = text.charCodeAt(++j);
      }
      if (j === expStart) throw problem(text, j, 'expected a digit in the exponent');
      exponent *= sign;
    }
    // Fast path: up to 15 significant digits (DBL_DIG) well inside the normal range always
    // round-trip, so they need no closer look. That is nearly every literal in practice.
    if (this.lossy === undefined || (digits <= 15 && exponent >= -290 && exponent <= 290)) return j;
    const literal = text.slice(start, j);
    // The same correctly rounded conversion JSON.parse applies (parseFloat: Number() is slower, as
    // it also handles whitespace, hex and the like, which a JSON literal never holds).
    const value = parseFloat(literal);
    const reason = lossReason(literal, value);
    if (reason !== undefined) this.lossy.push({ path: this.valuePath(), text: literal, value, reason });
    return j;
  }

  /** Path of the value being scanned: the current slot of the innermost open container. */
  private valuePath(): string {
    return this.depth === 0 ? '$' : childPath(this.containerPath(this.depth - 1), this.currentKey(this.depth - 1));
  }

  /** Path of the open container at stack index d, built from the nearest cached ancestor. */
  private containerPath(d: number): string {
    let from = d;
    while (from > 0 && this.paths[from] === undefined) from--;
    let path = from === 0 ? '$' : (this.paths[from] as string);
    for (let k = from + 1; k <= d; k++) {
      path = childPath(path, this.currentKey(k - 1));
      this.paths[k] = path;
    }
    return path;
  }

  private currentKey(d: number): string | number {
    const slot = this.slot[d] as number;
    if (this.kind[d] === ARRAY) return slot;
    const raw = this.text.slice(slot + 1, (this.keyEnd[d] as number) - 1);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }
}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === LF || c === CR || c === TAB) i++;
    else return i;
  }
}

/** The offset just past the closing quote of the string opening at `start`. */
function endOfString(text: string, start: number, trusted: boolean): number {
  if (trusted) {
    // JSON.parse has accepted the text: only the closing quote matters, and indexOf finds it
    // far faster than a loop (a quote is escaped when an odd number of backslashes precede it).
    let quote = text.indexOf('"', start + 1);
    for (;;) {
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
 * denotes that value.
 */
function lossReason(literal: string, value: number): LossyNumber['reason'] | undefined {
  if (value === Infinity || value === -Infinity) return 'overflow';
  if (value === 0) return hasNonZeroDigit(literal) ? 'underflow' : undefined;
  if (sameValue(literal, String(value))) return undefined;
  // Most remaining literals (17-digit output of printf's %.17g, say) fail this cheap necessary
  // condition of isExactly, and need no normalizing.
  if (!Number.isInteger(value) && lastSignificantDigit(literal) !== FIVE) return 'rounded';
  const [digits, exponent] = decimal(literal);
  return isExactly(value, digits, exponent) ? undefined : 'rounded';
}

/** Whether a JSON number literal and a String(number) output denote the same decimal value. */
function sameValue(literal: string, shortest: string): boolean {
  if (literal === shortest) return true;
  if (!hasExponentMark(literal) && !hasExponentMark(shortest)) {
    // Both plain decimals without redundant leading zeros: equal iff equal once the literal's
    // fraction drops its trailing zeros (`1.50`, `1.5`). Checked in place: this is the hot case.
    let end = literal.length;
    if (literal.indexOf('.') >= 0) {
      while (literal.charCodeAt(end - 1) === ZERO) end--;
      if (literal.charCodeAt(end - 1) === DOT) end--;
    }
    return end === shortest.length && literal.startsWith(shortest);
  }
  const [digits, exponent] = decimal(literal);
  const [shortDigits, shortExponent] = decimal(shortest);
  return digits === shortDigits && exponent === shortExponent;
}

function hasExponentMark(numeral: string): boolean {
  return numeral.indexOf('e') >= 0 || numeral.indexOf('E') >= 0;
}

/** The last non-zero digit of a literal's significand (a zero literal has none: NaN). */
function lastSignificantDigit(literal: string): number {
  let k = literal.length - 1;
  const e = Math.max(literal.lastIndexOf('e'), literal.lastIndexOf('E'));
  if (e >= 0) k = e - 1;
  for (; k >= 0; k--) {
    const c = literal.charCodeAt(k);
    if (c >= ONE && c <= NINE) return c;
  }
  return NaN;
}

/**
 * Whether the (non-zero, finite) double is exactly |digits × 10^exponent|, where digits has no
 * leading or trailing zeros. Past 2^53 a double is an integer, compared as a BigInt. Otherwise it
 * is M × 2^-k with M odd, i.e. M·5^k × 10^-k: exactly k decimals, the last one a 5.
 */
function isExactly(value: number, digits: string, exponent: number): boolean {
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

/**
 * A numeral (JSON literal or String(number) output) as [significant digits without leading or
 * trailing zeros, exponent] with |value| = digits × 10^exponent. Zero is ['', 0].
 */
function decimal(numeral: string): [string, number] {
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

function hasNonZeroDigit(literal: string): boolean {
  for (let k = 0; k < literal.length; k++) {
    const c = literal.charCodeAt(k);
    if (c === LOWER_E || c === UPPER_E) return false;
    if (c >= ONE && c <= NINE) return true;
  }
  return false;
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
