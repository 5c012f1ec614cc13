import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WirebenchError } from '../../src/errors.js';
import { childPath } from '../../src/fidelity.js';
import type { LossyNumber } from '../../src/json-text/lossy-numbers.js';
import { JsonSyntaxError, parseJson } from '../../src/json-text/parse-json.js';
import { lineAndColumn, v8Position } from '../support/json-positions.js';

/** The error parseJson throws for `text`, asserted to be a JsonSyntaxError. */
function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return error as JsonSyntaxError;
  }
  throw new Error(`parseJson accepted ${JSON.stringify(text)}`);
}

function lossy(text: string): LossyNumber[] {
  return parseJson(text).lossyNumbers;
}

describe('parseJson: the value', () => {
  it('is exactly what JSON.parse returns', () => {
    const text = '{"a":[1,2.5,"x",null,true,false,{}],"b":{"c":-0},"":[]}';
    const { value } = parseJson(text);
    expect(value).toEqual(JSON.parse(text));
    expect(Object.is((value as { b: { c: number } }).b.c, -0)).toBe(true);
  });

  it('keeps a __proto__ key as own data, as JSON.parse does', () => {
    const { value, lossyNumbers } = parseJson('{"__proto__": {"polluted": 9007199254740993}}');
    expect(Object.hasOwn(value as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(lossyNumbers.map((n) => n.path)).toEqual(['$.__proto__.polluted']);
  });

  it('reports what the text held when a key is duplicated, though JSON.parse keeps only the last value', () => {
    const { value, lossyNumbers, lossyCount } = parseJson('{"a": 1e400, "a": 1}');
    expect(value).toEqual({ a: 1 });
    expect(lossyNumbers).toEqual([{ path: '$.a', text: '1e400', value: Infinity, reason: 'overflow' }]);
    expect(lossyCount).toBe(1);
  });

  it('stays fast on deeply nested text full of lossy literals', () => {
    const text = `${'['.repeat(20000)}${Array.from({ length: 1000 }, () => '1e400').join(',')}${']'.repeat(20000)}`;
    const { lossyNumbers, lossyCount } = parseJson(text);
    expect(lossyCount).toBe(1000);
    expect(lossyNumbers[999]!.path).toBe(`$${'[0]'.repeat(19999)}[999]`);
  });

  it('lists the first 1,000 lossy literals with their paths and counts them all', () => {
    const { lossyNumbers, lossyCount } = parseJson(`[${Array.from({ length: 1500 }, () => '1e400').join(',')}]`);
    expect(lossyNumbers).toHaveLength(1000);
    expect(lossyNumbers.at(-1)!.path).toBe('$[999]');
    expect(lossyCount).toBe(1500);
  });
});

describe('parseJson: lossy numbers', () => {
  it('finds an integer past 2^53 that changes, with its path', () => {
    expect(lossy('{"orders":[{"id":1},{"id":9007199254740993}]}')).toEqual([
      { path: '$.orders[1].id', text: '9007199254740993', value: 9007199254740992, reason: 'rounded' },
    ]);
    expect(lossy('[-9007199254740993]')).toEqual([{ path: '$[0]', text: '-9007199254740993', value: -9007199254740992, reason: 'rounded' }]);
  });

  it('finds literals with more precision than a double', () => {
    expect(lossy('{"p": 0.30000000000000000001}')).toEqual([{ path: '$.p', text: '0.30000000000000000001', value: 0.3, reason: 'rounded' }]);
    // %.17g output of a double whose shortest form is shorter: the writer's double arrives intact.
    expect(lossy('[43.420273000000009]')).toEqual([]);
    // 18 digits that are not the double's own 18 digits (123456789012345.671875).
    expect(lossy('[123456789012345.679]')).toMatchObject([{ path: '$[0]', reason: 'rounded' }]);
    const text = '123456789012345678e-3';
    expect(String(Number(text))).toBe('123456789012345.67');
    expect(lossy(text)).toEqual([{ path: '$', text, value: 123456789012345.67, reason: 'rounded' }]);
  });

  it('finds overflow to ±Infinity and underflow to ±0', () => {
    expect(lossy('[1e400, -1e400, 1.7976931348623159e308, 1e-400, -1e-400, 0.0000000000000000000001e-330]')).toEqual([
      { path: '$[0]', text: '1e400', value: Infinity, reason: 'overflow' },
      { path: '$[1]', text: '-1e400', value: -Infinity, reason: 'overflow' },
      { path: '$[2]', text: '1.7976931348623159e308', value: Infinity, reason: 'overflow' },
      { path: '$[3]', text: '1e-400', value: 0, reason: 'underflow' },
      { path: '$[4]', text: '-1e-400', value: -0, reason: 'underflow' },
      { path: '$[5]', text: '0.0000000000000000000001e-330', value: 0, reason: 'underflow' },
    ]);
    expect(Object.is(lossy('-1e-400')[0]?.value, -0)).toBe(true);
  });

  it('treats a subnormal by its decimal value: 5e-324 is kept, 2.5e-324 and 1.23456789e-320 are not', () => {
    expect(lossy('5e-324')).toEqual([]);
    expect(lossy('2.5e-324')).toEqual([{ path: '$', text: '2.5e-324', value: 5e-324, reason: 'rounded' }]);
    expect(lossy('1.23456789e-320')).toMatchObject([{ reason: 'rounded' }]);
    // The smallest subnormal printed with 17 digits is that double, printed at that precision: kept.
    expect(lossy('4.9406564584124654e-324')).toEqual([]);
    expect(lossy('4.9406564584124659e-324')).toMatchObject([{ reason: 'rounded' }]);
    // Just below the largest double: rounds to it rather than overflowing.
    expect(lossy('1.7976931348623158e308')).toEqual([{ path: '$', text: '1.7976931348623158e308', value: Number.MAX_VALUE, reason: 'rounded' }]);
  });

  it('does not report look-alikes whose decimal value survives', () => {
    const kept = [
      '1.10',
      '1E2',
      '100.0e0',
      '-0',
      '-0.0',
      '0e10',
      '0E-999',
      '0.1',
      '1e21',
      '1E+21',
      '1000000000000000000000',
      '5e-324',
      '1.7976931348623157e308',
      '9007199254740992',
      '-9007199254740991',
      '0.30000000000000004',
      '123456789012345.67',
      '1.5e300',
      '2.2250738585072014e-308',
      // 9007199254740993000 is a double (its shortest form, too): only 9007199254740993 is not.
      '9007199254740993e3',
      // Exactly the double's value (2^64), though String() shortens it to 18446744073709552000.
      '18446744073709551616',
      // The double's shortest form, though its exact value is 18446744073709551616.
      '18446744073709552000',
      // 0.1's double, written out exactly.
      '0.1000000000000000055511151231257827021181583404541015625',
      '0.5',
      '0.0625',
    ];
    for (const text of kept) expect({ text, lossy: lossy(text) }).toEqual({ text, lossy: [] });
    expect(lossy(`[${kept.join(',')}]`)).toEqual([]);
  });

  it('writes paths the way childPath does, with keys decoded', () => {
    const text = '{"a b":[0,1e400],"x-y":{"":{"1st":1e400}},"a\\"b":1e400,"\\u0041":1e400,"line\\nbreak":1e400,"\\ud83d\\ude00":1e400,"$ok_1":1e400}';
    expect(lossy(text).map((n) => n.path)).toEqual(['$["a b"][1]', '$["x-y"][""]["1st"]', '$["a\\"b"]', '$.A', '$["line\\nbreak"]', '$["😀"]', '$.$ok_1']);
    expect(childPath(childPath('$', 'a b'), 1)).toBe('$["a b"][1]');
    expect(childPath('$', 'a"b')).toBe('$["a\\"b"]');
  });

  it('keeps paths right as containers close and new ones open (in text order)', () => {
    const text = `{
      "a": {"x": [1, 1e400], "y": 2},
      "b": [[1e400], [2, [3, 1e400]], {"z": 1e400}],
      "c": 1e400,
      "d": [{}, [], {"w": [[], 1e400]}]
    }`;
    expect(lossy(text).map((n) => n.path)).toEqual(['$.a.x[1]', '$.b[0][0]', '$.b[1][1][1]', '$.b[2].z', '$.c', '$.d[2].w[1]']);
  });

  it('ignores number-like text inside strings and keys', () => {
    expect(lossy('{"9007199254740993": "1e400", "k": ["0.30000000000000000001"]}')).toEqual([]);
  });

  it('finds the end of strings that end in escaped backslashes or hold escaped quotes', () => {
    // Keys: a\   b\"c   \\   and a string value "x\"1e400" that must not end early.
    const text = String.raw`{"a\\":[1e400],"b\\\"c":1e400,"\\\\":["x\"1e400",1e400]}`;
    expect(lossy(text).map((n) => n.path)).toEqual([childPath(childPath('$', 'a\\'), 0), childPath('$', 'b\\"c'), childPath(childPath('$', '\\\\'), 1)]);
  });

  it('reads any JSON whitespace between tokens, however long', () => {
    const ws = ' \t\r\n'.repeat(50);
    const text = ['', '{', '"a"', ':', '[', '1', ',', '1e400', ']', ',', '"b"', ':', '{', '}', ',', '"c"', ':', '-1e400', '}', ''].join(ws);
    expect(parseJson(text).value).toEqual(JSON.parse(text));
    expect(lossy(text).map((n) => n.path)).toEqual(['$.a[1]', '$.c']);
    const broken = `${ws}[1,${ws}x]`;
    const error = syntaxError(broken);
    expect(error.offset).toBe(broken.indexOf('x'));
    expect({ line: error.line, column: error.column }).toEqual(lineAndColumn(broken, error.offset));
  });

  it('handles nesting deeper than the call stack', () => {
    const depth = 100_000;
    const arrays = `${'['.repeat(depth)}9007199254740993${']'.repeat(depth)}`;
    expect(lossy(arrays)).toEqual([{ path: `$${'[0]'.repeat(depth)}`, text: '9007199254740993', value: 9007199254740992, reason: 'rounded' }]);
    const objects = `${'{"a":'.repeat(depth)}1e400${'}'.repeat(depth)}`;
    expect(lossy(objects).map((n) => n.path)).toEqual([`$${'.a'.repeat(depth)}`]);
    const unclosed = syntaxError('['.repeat(depth));
    expect([unclosed.line, unclosed.column, unclosed.offset]).toEqual([1, depth + 1, depth]);
  });
});

describe('parseJson: invalid text', () => {
  // [what, text, line, column, start of the detail]
  const CASES: Array<[string, string, number, number, string]> = [
    ['empty input', '', 1, 1, 'expected a JSON value, found the end of the text'],
    ['only whitespace', ' \n\t', 2, 2, 'expected a JSON value, found the end of the text'],
    ['trailing garbage', '{"a":1} x', 1, 9, "expected the end of the text after the JSON value, found 'x'"],
    ['a second value', '[1]\n[2]', 2, 1, 'expected the end of the text after the JSON value'],
    ['unterminated string', '{"a": "bc', 1, 10, 'unterminated string (it opens at line 1, column 7)'],
    ['a bad escape', '"a\\x"', 1, 4, "invalid escape: after '\\' expected one of"],
    ['a short \\u escape', '"\\u12g4"', 1, 6, "expected a hex digit ('\\u' takes exactly 4), found 'g'"],
    ['a raw newline in a string', '["a\nb"]', 1, 4, 'a string must not contain the control character U+000A unescaped'],
    ['a raw tab in a string', '"a\tb"', 1, 3, 'a string must not contain the control character U+0009'],
    ['leading zeros', '[01]', 1, 3, 'a number must not have leading zeros'],
    ['leading zeros after a minus', '-007', 1, 3, 'a number must not have leading zeros'],
    ['a lone minus', '[-]', 1, 3, "expected a digit after '-', found ']'"],
    ['a minus at the end', '-', 1, 2, "expected a digit after '-', found the end of the text"],
    ['a bare decimal point', '1.', 1, 3, 'expected a digit after the decimal point'],
    ['a point before the exponent', '1.e5', 1, 3, "expected a digit after the decimal point, found 'e'"],
    ['an empty exponent', '[1e+]', 1, 5, "expected a digit in the exponent, found ']'"],
    ['a leading decimal point', '.5', 1, 1, "expected a JSON value (a JSON number starts with '-' or a digit)"],
    ['a plus sign', '+1', 1, 1, 'expected a JSON value (a JSON number starts with'],
    ['a trailing comma in an array', '[1,2,]', 1, 6, "expected a JSON value (JSON allows no trailing comma), found ']'"],
    ['a trailing comma in an object', '{"a":1,}', 1, 8, "expected a double-quoted property name (JSON allows no trailing comma), found '}'"],
    ['single quotes', "{'a':1}", 1, 2, `expected a double-quoted property name or '}', found "'"`],
    ['a single-quoted value', "['a']", 1, 2, 'expected a JSON value (JSON strings take double quotes)'],
    ['an unquoted key', '{a:1}', 1, 2, "expected a double-quoted property name or '}', found 'a'"],
    ['NaN', '[NaN]', 1, 2, 'expected a JSON value (NaN and Infinity are not JSON numbers)'],
    ['Infinity', 'Infinity', 1, 1, 'expected a JSON value (NaN and Infinity are not JSON numbers)'],
    ['-Infinity', '-Infinity', 1, 2, "expected a digit after '-' (Infinity is not a JSON number)"],
    ['a line comment', '// c\n1', 1, 1, 'expected a JSON value (JSON has no comments)'],
    ['a block comment', '[1, /* c */ 2]', 1, 5, 'expected a JSON value (JSON has no comments)'],
    ['a misspelled literal', '[tru]', 1, 5, "expected 'true', found ']'"],
    ['a capitalised literal', 'Null', 1, 1, "expected a JSON value, found 'N'"],
    ['a missing colon', '{"a" 1}', 1, 6, "expected ':' after a property name, found '1'"],
    ['a missing comma in an array', '[1 2]', 1, 4, "expected ',' or ']' after an array element, found '2'"],
    ['a missing comma in an object', '{\n  "a": 1,\n  "b": 2\n  "c": 3\n}', 4, 3, "expected ',' or '}' after a property value, found '\"'"],
    ['an unclosed object', '{"a":1', 1, 7, "expected ',' or '}' after a property value, found the end of the text"],
    ['an unclosed array', '[1,', 1, 4, 'expected a JSON value, found the end of the text'],
    ['CRLF line ends', '{\r\n  "a": 1,\r\n  "b": x\r\n}', 3, 8, "expected a JSON value, found 'x'"],
    ['a lone CR line end', '[1,\r2,\rx]', 3, 1, "expected a JSON value, found 'x'"],
    ['an error after an astral character (2 UTF-16 units)', '["😀", x]', 1, 8, "expected a JSON value, found 'x'"],
    ['an error after multi-byte characters', '{"é":"ключ"}}', 1, 13, "expected the end of the text after the JSON value, found '}'"],
    ['a no-break space', '[\u00a01]', 1, 2, 'expected a JSON value, found U+00A0 (a no-break space)'],
    ['a non-ASCII character', '[é]', 1, 2, "expected a JSON value, found 'é' (U+00E9)"],
    ['a BOM', '\ufeff{"a":1}', 1, 1, 'the text starts with a byte order mark (U+FEFF), which JSON.parse does not accept'],
  ];

  it.each(CASES)('%s: line and column of the first offending character', (_what, text, line, column, detail) => {
    const error = syntaxError(text);
    expect(error).toBeInstanceOf(WirebenchError);
    expect(error.format).toBeUndefined();
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect({ line: error.line, column: error.column }).toEqual({ line, column });
    expect(lineAndColumn(text, error.offset)).toEqual({ line, column });
    expect(error.message.startsWith(`invalid JSON at line ${line}, column ${column}: ${detail}`)).toBe(true);
    const v8 = v8Position(text);
    if (v8 !== undefined) expect(error.offset).toBe(v8);
  });

  it('refuses input that is not a string with a plain WirebenchError that names it', () => {
    const cases: Array<[unknown, RegExp]> = [
      [Buffer.from('1'), /expects a string, got Buffer \(decode the bytes first/],
      [new TextEncoder().encode('1'), /expects a string, got Uint8Array/],
      [undefined, /expects a string, got undefined/],
      [null, /expects a string, got null/],
      [42, /expects a string, got number/],
    ];
    for (const [input, message] of cases) {
      let thrown: unknown;
      try {
        parseJson(input as string);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(WirebenchError);
      expect(thrown).not.toBeInstanceOf(JsonSyntaxError);
      expect((thrown as Error).message).toMatch(message);
    }
  });
});

describe('parseJson: properties', () => {
  const jsonText = fc.tuple(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t')).map(([value, indent]) => JSON.stringify(value, null, indent));

  it('returns JSON.parse’s value and no lossy numbers for anything JSON.stringify writes', () => {
    let withExponent = 0;
    fc.assert(
      fc.property(jsonText, (text) => {
        if (/\d[eE]/.test(text)) withExponent++;
        const { value, lossyNumbers } = parseJson(text);
        expect(value).toEqual(JSON.parse(text));
        expect(lossyNumbers).toEqual([]);
      }),
      { numRuns: 500 },
    );
    // The generator does reach numbers JSON.stringify writes with an exponent (the slow path).
    expect(withExponent).toBeGreaterThan(0);
  });

  it("reports an integer literal iff neither the double, its shortest form nor its form at the literal's precision has its value", () => {
    const counts = { lossy: 0, exact: 0, shortestOnly: 0 };
    const significant = (text: string): number => text.replace('-', '').replace(/0+$/, '').length;
    const wide = fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n });
    // Half the literals are the double's own shortest form, written as an integer.
    const literal = fc.oneof(
      wide.map((n) => n.toString()),
      wide.map((n) => shortestInteger(Number(n))),
    );
    fc.assert(
      fc.property(literal, (text) => {
        const exact = BigInt(Number(text)) === BigInt(text);
        const written = decimal(text);
        const atOwnPrecision = decimal(Number(text).toPrecision(Math.max(1, significant(text))));
        const shortest =
          BigInt(shortestInteger(Number(text))) === BigInt(text) || (written.digits === atOwnPrecision.digits && written.exponent === atOwnPrecision.exponent);
        const expected = exact || shortest ? [] : [{ path: '$[0]', text, value: Number(text), reason: 'rounded' }];
        expect(lossy(`[${text}]`)).toEqual(expected);
        if (!exact && !shortest) counts.lossy++;
        else if (exact) counts.exact++;
        else counts.shortestOnly++;
      }),
      { numRuns: 1000 },
    );
    expect(counts.lossy).toBeGreaterThan(0);
    expect(counts.exact).toBeGreaterThan(0);
    expect(counts.shortestOnly).toBeGreaterThan(0);
  });

  it('classifies any number literal as an exact decimal oracle does', () => {
    const counts: Record<string, number> = { short: 0, long: 0, rounded: 0, overflow: 0, underflow: 0 };
    fc.assert(
      fc.property(numberLiteral, (text) => {
        const expected = oracleReason(text);
        const found = lossy(text);
        expect({ text, reason: found[0]?.reason }).toEqual({ text, reason: expected });
        if (found[0]) expect(Object.is(found[0].value, JSON.parse(text))).toBe(true);
        if (expected) counts[expected]!++;
        else counts[decimal(text).digits.length <= 15 ? 'short' : 'long']!++;
      }),
      { numRuns: 3000 },
    );
    for (const [kind, count] of Object.entries(counts)) expect({ kind, count: count > 0 }).toEqual({ kind, count: true });
  });

  it('puts the error at the end of any cut-off valid text, wherever JSON.parse refuses it', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), (text, cut) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        let refused = false;
        try {
          JSON.parse(prefix);
        } catch {
          refused = true;
        }
        if (!refused) return;
        const error = syntaxError(prefix);
        // Every character of a prefix of valid text is acceptable: the text just ends too soon.
        expect(error.offset).toBe(prefix.length);
        expect({ line: error.line, column: error.column }).toEqual(lineAndColumn(prefix, prefix.length));
      }),
      { numRuns: 500 },
    );
  });

  it('puts the error exactly on a character that is invalid anywhere', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), fc.constantFrom('\u0001', '\u001f'), (text, at, bad) => {
        const offset = at % text.length;
        const broken = text.slice(0, offset) + bad + text.slice(offset + 1);
        const error = syntaxError(broken);
        expect(error.offset).toBe(offset);
        expect({ line: error.line, column: error.column }).toEqual(lineAndColumn(broken, offset));
        const v8 = v8Position(broken);
        if (v8 !== undefined) expect(v8).toBe(offset);
      }),
      { numRuns: 500 },
    );
  });
});

/** The integer whose decimal value String(v) denotes ("1.5e+21" → "1500000000000000000000"). */
function shortestInteger(v: number): string {
  const { sign, digits, exponent } = decimal(String(v));
  return digits === '' ? '0' : `${sign}${digits}${'0'.repeat(exponent)}`;
}

/** A numeral as sign, significant digits (no leading/trailing zeros) and exponent: |value| = digits × 10^exponent. */
function decimal(numeral: string): { sign: string; digits: string; exponent: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/.exec(numeral);
  if (!match) throw new Error(`not a numeral: ${numeral}`);
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  const all = (int + frac).replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  return { sign, digits, exponent: digits === '' ? 0 : Number(exp) - frac.length + (all.length - digits.length) };
}

/** The exact decimal value of a finite double, from its bits. */
function exactDecimal(v: number): { digits: string; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(v));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const power = (biased === 0 ? 1 : biased) - 1075; // |v| = mantissa × 2^power
  const text = power >= 0 ? (mantissa << BigInt(power)).toString() : `${mantissa * 5n ** BigInt(-power)}e${power}`;
  const { digits, exponent } = decimal(text);
  return { digits, exponent };
}

/** What parseJson must say about a literal, decided with BigInt arithmetic instead of parseJson's shortcuts. */
function oracleReason(text: string): LossyNumber['reason'] | undefined {
  const literal = decimal(text);
  const value = Number(text);
  if (!Number.isFinite(value)) return 'overflow';
  if (literal.digits === '') return undefined;
  if (value === 0) return 'underflow';
  const same = (other: { digits: string; exponent: number }): boolean => other.digits === literal.digits && other.exponent === literal.exponent;
  const ownPrecision = literal.digits.length <= 100 && same(decimal(value.toPrecision(literal.digits.length)));
  return same(decimal(String(value))) || same(exactDecimal(value)) || ownPrecision ? undefined : 'rounded';
}

/**
 * JSON number literals of every kind: short and long, plain and with exponents near both ends of
 * the double range, the double's shortest form, its exact value, and its %.17g form.
 */
const numberLiteral: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      minus: fc.boolean(),
      int: fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/)),
      frac: fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }),
      exp: fc.option(fc.tuple(fc.constantFrom('e', 'E', 'e+', 'e-', 'E-'), fc.integer({ min: 0, max: 420 })), { nil: undefined }),
    })
    .map(({ minus, int, frac, exp }) => `${minus ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : `${exp[0]}${exp[1]}`}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).chain((v) => {
    const exact = exactDecimal(v);
    return fc.constantFrom(String(v), v.toPrecision(17).replace('+', ''), exact.digits === '' ? '0' : `${v < 0 ? '-' : ''}${exact.digits}e${exact.exponent}`);
  }),
);
