/**
 * What the scanner (scanner.ts) says about invalid JSON text: where (a 1-based line and column),
 * what was expected there, and the character found, named so a person can see it.
 */

const LF = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  COMMA = 0x2c,
  PLUS = 0x2b,
  DOT = 0x2e;
const CLOSE_BRACKET = 0x5d,
  OPEN_BRACE = 0x7b,
  CLOSE_BRACE = 0x7d;

/** What the scanner throws: cheap (no stack trace), turned into a JsonSyntaxError by the caller. */
export class Problem {
  constructor(
    readonly offset: number,
    readonly detail: string,
  ) {}
}

/** 1-based line and column of `offset` (lines end at `\n`, `\r\n` or a lone `\r`). */
export function position(text: string, offset: number): { line: number; column: number; offset: number } {
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

export function expectedValue(text: string, i: number): Problem {
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

export function expectedKey(text: string, i: number): Problem {
  if (previousToken(text, i) === OPEN_BRACE) return problem(text, i, "expected a double-quoted property name or '}'");
  const hint =
    text.charCodeAt(i) === CLOSE_BRACE ? ' (JSON allows no trailing comma)' : text.charCodeAt(i) === 0x27 ? ' (JSON strings take double quotes)' : '';
  return problem(text, i, `expected a double-quoted property name${hint}`);
}

/** The last non-whitespace character before offset i (for hints only). */
function previousToken(text: string, i: number): number {
  let k = i - 1;
  for (let c = text.charCodeAt(k); c === SPACE || c === LF || c === CR || c === 0x09; c = text.charCodeAt(--k));
  return text.charCodeAt(k);
}

export function problem(text: string, offset: number, detail: string, showFound = true): Problem {
  return new Problem(offset, showFound ? `${detail}, found ${describeAt(text, offset)}` : detail);
}

export function codePoint(c: number): string {
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
