/**
 * Whether a number literal survived JSON.parse: decimal arithmetic on the literal's digits against
 * the double it became, exact where a quick test cannot settle it (BigInt, no floating point); and
 * LossyNumber, what parseJson reports of a literal that did not.
 */

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

const MINUS = 0x2d,
  DOT = 0x2e,
  ZERO = 0x30,
  ONE = 0x31,
  FIVE = 0x35,
  NINE = 0x39;

/**
 * Why a literal's value did not survive as `value`, or undefined when it did: either `value` is
 * exactly the literal's decimal value, or `String(value)` (the shortest text that round-trips)
 * denotes that value. `mantissaLength` is the length of the literal before any exponent.
 */
export function lossReason(literal: string, mantissaLength: number, value: number): LossyNumber['reason'] | undefined {
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
