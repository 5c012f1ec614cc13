/**
 * The JSON text scanner behind parseJson: one iterative pass over the grammar that says where
 * invalid text goes wrong (a line, a column and what was expected) and finds the number literals
 * JSON.parse could not keep (judged by lossy-numbers.ts), each with its JSON path.
 */
import { childPath } from '../fidelity.js';
import type { LossyNumber } from './lossy-numbers.js';
import { lossReason } from './lossy-numbers.js';
import { codePoint, expectedKey, expectedValue, position, problem } from './syntax-errors.js';

const TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  QUOTE = 0x22,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d;
const DOT = 0x2e,
  ZERO = 0x30,
  ONE = 0x31,
  NINE = 0x39,
  COLON = 0x3a,
  UPPER_E = 0x45,
  BACKSLASH = 0x5c;
const LOWER_E = 0x65,
  OPEN_BRACKET = 0x5b,
  CLOSE_BRACKET = 0x5d,
  OPEN_BRACE = 0x7b,
  CLOSE_BRACE = 0x7d;
const ARRAY = 0,
  OBJECT = 1;

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
export function scan(text: string, found: Found | undefined): void {
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

export interface Found {
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
  throw problem(text, j + 1, "invalid escape: after '\\' expected one of \" \\ / b f n r t u");
}

function endOfWord(text: string, start: number, word: 'true' | 'false' | 'null'): number {
  for (let k = 1; k < word.length; k++) {
    if (text.charCodeAt(start + k) !== word.charCodeAt(k)) throw problem(text, start + k, `expected '${word}'`);
  }
  return start + word.length;
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
