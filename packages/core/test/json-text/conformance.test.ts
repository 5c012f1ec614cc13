/**
 * parseJson against a conformance suite in the style of JSONTestSuite (written for wirebench, not
 * copied from it): one file per case in ./conformance/, named `y_*` (must be accepted), `n_*`
 * (must be rejected) or `i_*` (implementation-defined: the behaviour parseJson has is documented
 * below and asserted).
 *
 * - y_: JSON.parse accepts the text too (a sanity check of the case); parseJson returns exactly
 *   JSON.parse's value (numbers compared with Object.is, so -0 counts; own keys in the same order;
 *   same prototypes), lists exactly the lossy literals of {@link LOSSY} (path, text, reason) and no
 *   other, and leaves Object.prototype untouched.
 * - n_: JSON.parse rejects the text too; parseJson throws a JsonSyntaxError whose line and column
 *   are those of {@link WHERE} (counted by hand: 1-based, lines end at \n, \r\n or a lone \r,
 *   columns count UTF-16 code units), agree with its offset, and agree with V8's "at position N"
 *   where V8 names one.
 * - i_: as {@link I_BEHAVIOUR} says.
 *
 * Bytes and text. parseJson takes a string, not bytes: decoding is the caller's job (the byte
 * decoders: TextDecoder, the codecs). Every case file is read as bytes and decoded with
 * `new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })`, which keeps a leading BOM in the
 * text and throws on bytes that are not UTF-8. So the invalid-UTF-8 cases are i_ cases about the
 * decoder: parseJson never sees those bytes. Decoded leniently (the default TextDecoder), each bad
 * sequence becomes U+FFFD, which is a valid string character, and parseJson accepts the text.
 *
 * What parseJson does for each i_ case:
 *
 * | case                                        | parseJson                                                              |
 * |---------------------------------------------|------------------------------------------------------------------------|
 * | i_number_huge_exp              [1e400]      | accepted: [Infinity], lossy $[0] overflow                              |
 * | i_number_negative_huge_exp     [-1e400]     | accepted: [-Infinity], lossy $[0] overflow                             |
 * | i_number_real_pos_overflow     [123123e100000] | accepted: [Infinity], lossy $[0] overflow                           |
 * | i_number_huge_exp_many_digits  [0.4e0066…]  | accepted: [Infinity], lossy $[0] overflow                              |
 * | i_number_just_past_max_double  [1.7976931348623159e308] | accepted: [Infinity], lossy $[0] overflow                  |
 * | i_number_real_underflow        [123e-10000000] | accepted: [0], lossy $[0] underflow                                 |
 * | i_number_negative_underflow    [-1e-400]    | accepted: [-0], lossy $[0] underflow                                   |
 * | i_number_below_min_denormal    [2.5e-324]   | accepted: [5e-324], lossy $[0] rounded                                 |
 * | i_number_too_big_pos_int       (30 digits)  | accepted: the nearest double, lossy $[0] rounded                       |
 * | i_number_too_big_neg_int       (48 digits)  | accepted: the nearest double, lossy $[0] rounded                       |
 * | i_object_duplicate_key         {"a":1,"b":2,"a":3} | accepted: {a:3,b:2} (last value wins, key keeps its first place) |
 * | i_object_duplicate_key_same_value           | accepted: {a:1}                                                        |
 * | i_object_duplicate_key_lossy_first {"n":9007199254740993,"n":0} | accepted: {n:0}; lossy $.n rounded is still listed  |
 * | i_object_duplicate_proto_key                | accepted: own data property __proto__ = the last value; no pollution   |
 * | i_string_lone_high_surrogate   ["\uD800"]   | accepted: a string holding the lone code unit U+D800                   |
 * | i_string_lone_low_surrogate    ["\uDC00"]   | accepted: the lone code unit U+DC00                                    |
 * | i_string_high_surrogate_then_bmp            | accepted: "\uD800A"                                                    |
 * | i_string_inverted_surrogates                | accepted: "\uDD1E\uD834" (two lone units, not a pair)                  |
 * | i_string_high_surrogate_then_escape         | accepted: "\uD800\n"                                                   |
 * | i_string_two_high_surrogates                | accepted: "\uD800\uD800"                                               |
 * | i_object_key_lone_surrogate                 | accepted: key "\uDFAA"                                                 |
 * | i_string_utf8_lone_continuation_byte        | not UTF-8: the fatal decoder throws; decoded leniently, accepted (U+FFFD) |
 * | i_string_utf8_overlong_slash   (C0 AF)      | not UTF-8: as above                                                    |
 * | i_string_utf8_truncated_sequence (E2 82)    | not UTF-8: as above                                                    |
 * | i_string_utf8_encoded_surrogate (ED A0 80)  | not UTF-8: as above                                                    |
 * | i_string_utf8_beyond_u10ffff   (F4 90 80 80) | not UTF-8: as above                                                   |
 * | i_string_iso_latin_1           (E9)         | not UTF-8: as above                                                    |
 * | i_structure_utf16le_with_bom                | not UTF-8: the fatal decoder throws; decoded leniently, rejected at 1:1 (U+FFFD) |
 * | i_structure_utf8_bom_object    (EF BB BF {}) | rejected at 1:1 ("byte order mark … strip it first"), as JSON.parse   |
 * |                                             | rejects a leading U+FEFF; the default TextDecoder strips the BOM, and  |
 * |                                             | the text it gives is accepted                                          |
 *
 * Deep nesting is not implementation-defined for parseJson: it is iterative, so 10,000 levels are
 * accepted (y_structure_10000_nested_*) and 10,000 unclosed ones are rejected at the end of the
 * text (n_structure_10000_opening_*), with no stack overflow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LossyNumber } from '../../src/json-text/lossy-numbers.js';
import { JsonSyntaxError, parseJson } from '../../src/json-text/parse-json.js';
import { lineAndColumn, v8Position } from '../support/json-positions.js';

const DIR = fileURLToPath(new URL('./conformance/', import.meta.url));

interface Case {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const CASES: readonly Case[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ name: file.slice(0, -'.json'.length), bytes: new Uint8Array(readFileSync(join(DIR, file))) }));

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

type Reason = LossyNumber['reason'];
type Lossy = readonly [path: string, text: string, reason: Reason];

/** The lossy literals of each accepted case, in text order; a case not listed has none. */
const LOSSY: Record<string, readonly Lossy[]> = {
  y_structure_10000_nested_objects_lossy_leaf: [[`$${'.a'.repeat(10000)}`, '9007199254740993', 'rounded']],
  y_number_20_digit_int_lossy: [['$[0]', '12345678901234567890', 'rounded']],
  y_number_negative_20_digit_int_lossy: [['$[0]', '-98765432109876543210', 'rounded']],
  y_number_2_pow_53_plus_1_lossy: [['$.id', '9007199254740993', 'rounded']],
  y_number_long_decimal_lossy: [['$.pi', '3.14159265358979323846264338327950288', 'rounded']],
  y_number_lossy_deep_path: [['$.a[0]["b c"][1]', '1.00000000000000000001', 'rounded']],
  y_number_lossy_several: [
    ['$[1]', '9007199254740993', 'rounded'],
    ['$[2].y', '-12345678901234567890', 'rounded'],
  ],
  y_number_lone_lossy: [['$', '9007199254740995', 'rounded']],
  // 2^1000 written out (302 digits) is exact; one more is not.
  y_number_2_pow_1000_plus_1_lossy: [['$[0]', `${2n ** 1000n + 1n}`, 'rounded']],
  // 2^-1074 is 5^1074 × 10^-1074 exactly (y_number_min_denormal_exact_decimal); 10 more in the last digits is not.
  y_number_min_denormal_near_exact_lossy: [['$[0]', `${5n ** 1074n + 10n}e-1074`, 'rounded']],
  i_number_huge_exp: [['$[0]', '1e400', 'overflow']],
  i_number_negative_huge_exp: [['$[0]', '-1e400', 'overflow']],
  i_number_real_pos_overflow: [['$[0]', '123123e100000', 'overflow']],
  i_number_huge_exp_many_digits: [['$[0]', '0.4e00669999999999999999999999999999999999999999999999', 'overflow']],
  i_number_just_past_max_double: [['$[0]', '1.7976931348623159e308', 'overflow']],
  i_number_real_underflow: [['$[0]', '123e-10000000', 'underflow']],
  i_number_negative_underflow: [['$[0]', '-1e-400', 'underflow']],
  i_number_below_min_denormal: [['$[0]', '2.5e-324', 'rounded']],
  i_number_too_big_pos_int: [['$[0]', '123456789012345678901234567890', 'rounded']],
  i_number_too_big_neg_int: [['$[0]', '-237462374673276894279832749832423479823246327846', 'rounded']],
  i_object_duplicate_key_lossy_first: [['$.n', '9007199254740993', 'rounded']],
};

/**
 * Where each n_ case goes wrong, counted by hand from the case's text: [line, column] of the first
 * character JSON cannot accept, or of the end of the text when it ends too early.
 */
const WHERE: Record<string, readonly [line: number, column: number]> = {
  n_structure_empty: [1, 1], // nothing at all
  n_structure_only_whitespace: [2, 2], // "  \n " ends after the space of line 2
  n_structure_two_values: [1, 3], // 1 2: the second value
  n_structure_two_arrays: [1, 3],
  n_structure_trailing_garbage: [1, 8], // {"a":1}x
  n_structure_close_only: [1, 1],
  n_structure_open_close_mismatch: [1, 2], // {]
  n_structure_comma_only: [1, 1],
  n_structure_whitespace_formfeed: [1, 2], // [\f]
  n_structure_whitespace_formfeed_trailing: [1, 2], // 1\f
  n_structure_whitespace_vertical_tab: [1, 2],
  n_structure_whitespace_nbsp: [1, 2],
  n_structure_whitespace_u2028: [1, 4], // [1,<U+2028> 2]: U+2028 is not whitespace (nor a line end)
  n_structure_whitespace_ideographic_space: [1, 1],
  n_structure_whitespace_zero_width_space: [1, 4], // [1]<U+200B>
  n_structure_bom_inside_array: [1, 2],
  n_structure_bom_only: [1, 1],
  n_structure_nul_only: [1, 1],
  n_structure_nul_after_value: [1, 4], // [1]<NUL>
  n_structure_nul_in_array: [1, 2],
  n_structure_comment_line: [1, 5], // [1] // c
  n_structure_comment_block: [1, 1],
  n_structure_angle_brackets: [1, 1],
  n_structure_unicode_identifier: [1, 1],
  n_structure_10000_opening_arrays: [1, 10001], // ends after 10,000 '['
  n_structure_10000_opening_objects: [1, 50001], // ends after 10,000 '{"a":'
  n_structure_5000_arrays_closed_by_brace: [1, 5001],
  n_structure_crlf_lines: [4, 1], // [\r\n1,\r\n2,\r\n]: the ']' opens line 4
  n_structure_lone_cr_lines: [3, 3], // [1,\r\r  x]
  n_structure_tabs_count_one_column: [1, 4], // [\t\tx]
  n_structure_astral_counts_two_columns: [1, 9], // ["😀😀",x]: each emoji is 2 UTF-16 units
  n_structure_unclosed_string_in_array: [1, 4], // ["a
  n_structure_object_unclosed_in_array: [1, 3], // [{]
  n_array_trailing_comma: [1, 4], // [1,]
  n_array_trailing_comma_nested: [1, 6], // [[1],]
  n_array_double_comma: [1, 4], // [1,,2]
  n_array_leading_comma: [1, 2],
  n_array_only_comma: [1, 2],
  n_array_missing_comma: [1, 4], // [1 2]
  n_array_unclosed: [1, 5], // [1,2
  n_array_unclosed_empty: [1, 2],
  n_array_unclosed_after_comma: [1, 6], // ["a",
  n_array_extra_close: [1, 4], // [1]]
  n_array_mismatched_close: [1, 3], // [1}
  n_array_colon_instead_of_comma: [1, 5], // ["a": 1]
  n_object_trailing_comma: [1, 8], // {"a":1,}
  n_object_trailing_comma_multiline: [3, 1], // {\n  "a": 1,\n}
  n_object_missing_colon: [1, 6], // {"a" 1}
  n_object_missing_value: [1, 6], // {"a":}
  n_object_missing_key: [1, 2], // {:1}
  n_object_missing_comma: [1, 8], // {"a":1 "b":2}
  n_object_double_colon: [1, 6], // {"a"::1}
  n_object_unquoted_key: [1, 2],
  n_object_single_quoted_key: [1, 2],
  n_object_number_key: [1, 2],
  n_object_true_key: [1, 2],
  n_object_unclosed: [1, 7], // {"a":1
  n_object_unclosed_after_key: [1, 5], // {"a"
  n_object_extra_close: [1, 3], // {}}
  n_object_mismatched_close: [1, 7], // {"a":1]
  n_object_comma_instead_of_colon: [1, 5], // {"a",1}
  n_object_lone_comma: [1, 2],
  n_object_second_key_missing_after_comma: [1, 8], // {"a":1,,"b":2}
  n_string_escape_at_end: [1, 4], // ["\ (the text ends inside the string)
  n_string_escaped_quote_unterminated: [1, 6], // ["\"]
  n_string_u_too_short: [1, 7], // ["\u12"]: the '"' where a 3rd hex digit belongs
  n_string_u_non_hex: [1, 7], // ["\u00G0"]
  n_string_u_x_first: [1, 5], // ["\uX000"]
  n_string_u_at_end: [1, 4], // "\u
  n_string_single_quoted: [1, 2],
  n_string_unquoted: [1, 2],
  n_string_unterminated: [1, 5], // "abc
  n_string_unterminated_key: [1, 6], // {"abc
  n_string_lone_backslash_key: [1, 8], // {"\":1}: \" is an escape, so the string never ends
  n_number_leading_zero: [1, 3], // [01]
  n_number_negative_leading_zero: [1, 4], // [-012]
  n_number_double_zero: [1, 2],
  n_number_plus: [1, 2],
  n_number_leading_dot: [1, 2],
  n_number_trailing_dot: [1, 4], // [1.]
  n_number_dot_then_exp: [1, 4], // [1.e1]
  n_number_e_without_digits: [1, 4], // [1e]
  n_number_e_minus_without_digits: [1, 5], // [1e-]
  n_number_E_plus_without_digits: [1, 5],
  n_number_exp_two_signs: [1, 5], // [1e+-1]
  n_number_exp_real: [1, 5], // [1e1.5]
  n_number_minus_alone: [1, 3], // [-]
  n_number_minus_space: [1, 3], // [- 1]
  n_number_minus_top: [1, 2],
  n_number_double_minus: [1, 3],
  n_number_hex: [1, 3], // [0x1F]: 0 is a number, then x
  n_number_hex_top: [1, 2],
  n_number_infinity: [1, 2],
  n_number_negative_infinity: [1, 3],
  n_number_infinity_lowercase: [1, 2],
  n_number_nan: [1, 2],
  n_number_negative_nan: [1, 3],
  n_number_garbage_after: [1, 5], // [1.5a]
  n_number_comma_decimal_top: [1, 2], // 1,5
  n_number_fullwidth_digit: [1, 2],
  n_number_dot_only: [1, 2],
  n_number_negative_dot: [1, 3], // [-.5]
  n_number_space_inside: [1, 4], // [1 000]
  n_number_underscore: [1, 3], // [1_000]
  n_number_negative_zero_leading_zero: [1, 3], // -01
  n_number_zero_capital_E_without_digits: [1, 4], // [0E]
  n_object_emoji_key: [1, 2],
  n_array_newlines_unclosed: [3, 4], // ["a",\n4\n,1,
  n_object_open_string_key: [1, 4], // {"a
  n_string_trailing_garbage: [1, 3], // ""x
  n_string_high_surrogate_then_short_u: [1, 12], // ["\uD800\u1"]
  n_string_u_three_digits: [1, 8], // ["\u00A"]
  n_number_alpha_inside: [1, 20], // [1.8011670033376514H-308]
  n_number_exp_plus_without_digits_after_fraction: [1, 7], // [1.0e+]
  n_array_inner_array_no_comma: [1, 3], // [3[4]]
  n_object_garbage_after_value: [1, 10], // {"a":"a" 123}
  n_object_trailing_garbage_string: [1, 13], // {"a": true} "x"
  n_object_null_key: [1, 2],
  n_structure_object_with_comment: [1, 6], // {"a":/*comment*/"b"}
  n_structure_single_space: [1, 2],
  n_structure_word_joiner: [1, 2],
  n_literal_True: [1, 2],
  n_literal_FALSE: [1, 1],
  n_literal_NULL: [1, 2],
  n_literal_tRue: [1, 3],
  n_literal_nul_truncated: [1, 5], // [nul]
  n_literal_tru_at_end: [1, 4],
  n_literal_fals_unclosed: [1, 6], // [fals
  n_literal_n_at_end: [1, 2],
  n_literal_truex: [1, 6], // [truex]: true is complete, then x
  n_literal_nulll: [1, 5],
  n_literal_true_false_glued: [1, 6],
  n_literal_undefined: [1, 2],
  n_literal_nil: [1, 3], // [nil]
  // ["\?"] for every character ? that may not follow a backslash: the character after it.
  ...Object.fromEntries(
    ['a', 'c', 'e', 'v', 'x', 'zero', 'one', 'single_quote', 'U', 'B', 'N', 'space', 'tab', 'newline', 'e_acute', 'emoji', 'open_bracket'].map((name) => [
      `n_string_escape_${name}`,
      [1, 4] as const,
    ]),
  ),
  // ["a<c>"] for every control character U+0000–U+001F: the character itself (line 1 even for \n, \r).
  ...Object.fromEntries(Array.from({ length: 0x20 }, (_, c) => [`n_string_raw_control_${c.toString(16).padStart(2, '0')}`, [1, 4] as const])),
};

type IBehaviour =
  /** Decoded strictly, accepted: JSON.parse's value, which is also `value` when given (key order included). */
  | { readonly kind: 'accepted'; readonly value?: unknown; readonly check?: (value: unknown) => void }
  /** Decoded strictly, rejected with a JsonSyntaxError at [line, column]; accepted when decoded by the default TextDecoder. */
  | { readonly kind: 'rejected-bom'; readonly at: readonly [number, number] }
  /** The bytes are not UTF-8: the strict decoder throws; decoded leniently, parseJson accepts the text (with U+FFFD) or rejects it at [line, column]. */
  | { readonly kind: 'not-utf8'; readonly lenient: 'accepted' | readonly [number, number] };

const ownProto = (value: unknown): void => {
  expect(Object.hasOwn(value as object, '__proto__')).toBe(true);
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
};

const I_BEHAVIOUR: Record<string, IBehaviour> = {
  i_number_huge_exp: { kind: 'accepted', value: [Infinity] },
  i_number_negative_huge_exp: { kind: 'accepted', value: [-Infinity] },
  i_number_real_pos_overflow: { kind: 'accepted', value: [Infinity] },
  i_number_huge_exp_many_digits: { kind: 'accepted', value: [Infinity] },
  i_number_just_past_max_double: { kind: 'accepted', value: [Infinity] },
  i_number_real_underflow: { kind: 'accepted', value: [0] },
  i_number_negative_underflow: { kind: 'accepted', value: [-0] },
  i_number_below_min_denormal: { kind: 'accepted', value: [5e-324] },
  i_number_too_big_pos_int: { kind: 'accepted', value: [1.2345678901234568e29] },
  i_number_too_big_neg_int: { kind: 'accepted', value: [-2.374623746732769e47] },
  i_object_duplicate_key: { kind: 'accepted', value: { a: 3, b: 2 } },
  i_object_duplicate_key_same_value: { kind: 'accepted', value: { a: 1 } },
  i_object_duplicate_key_lossy_first: { kind: 'accepted', value: { n: 0 } },
  i_object_duplicate_proto_key: {
    kind: 'accepted',
    check: (value) => {
      ownProto(value);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 4 });
    },
  },
  i_string_lone_high_surrogate: { kind: 'accepted', value: ['\uD800'] },
  i_string_lone_low_surrogate: { kind: 'accepted', value: ['\uDC00'] },
  i_string_high_surrogate_then_bmp: { kind: 'accepted', value: ['\uD800A'] },
  i_string_inverted_surrogates: { kind: 'accepted', value: ['\uDD1E\uD834'] },
  i_string_high_surrogate_then_escape: { kind: 'accepted', value: ['\uD800\n'] },
  i_string_two_high_surrogates: { kind: 'accepted', value: ['\uD800\uD800'] },
  i_object_key_lone_surrogate: { kind: 'accepted', value: { '\uDFAA': 0 } },
  i_string_utf8_lone_continuation_byte: { kind: 'not-utf8', lenient: 'accepted' },
  i_string_utf8_overlong_slash: { kind: 'not-utf8', lenient: 'accepted' },
  i_string_utf8_truncated_sequence: { kind: 'not-utf8', lenient: 'accepted' },
  i_string_utf8_encoded_surrogate: { kind: 'not-utf8', lenient: 'accepted' },
  i_string_utf8_beyond_u10ffff: { kind: 'not-utf8', lenient: 'accepted' },
  i_string_iso_latin_1: { kind: 'not-utf8', lenient: 'accepted' },
  i_structure_utf16le_with_bom: { kind: 'not-utf8', lenient: [1, 1] },
  i_structure_utf8_bom_object: { kind: 'rejected-bom', at: [1, 1] },
};

/** Extra checks of some y_ cases, on top of the comparison with JSON.parse. */
const Y_CHECKS: Record<string, (value: unknown) => void> = {
  y_object_proto_key: ownProto,
  y_object_proto_key_escaped: ownProto,
  y_object_proto_key_nested: (value) => ownProto((value as Array<{ x: unknown }>)[0]!.x),
  y_number_negative_zero: (value) => expect(Object.is((value as number[])[0], -0)).toBe(true),
  y_number_negative_zero_real: (value) => expect(Object.is((value as number[])[0], -0)).toBe(true),
  y_number_negative_zero_exp: (value) => expect(Object.is((value as number[])[0], -0)).toBe(true),
  y_string_escaped_quote_by_u: (value) => expect(value).toEqual(['"']),
  y_string_escaped_backslash_then_u0000_text: (value) => expect(value).toEqual(['\\u0000']),
  y_string_raw_del: (value) => expect(value).toEqual(['a\u007fb']),
  y_string_surrogate_pair_escaped: (value) => expect(value).toEqual(['😀']),
  y_structure_10000_nested_arrays: (value) => {
    let depth = 0;
    for (let v = value; Array.isArray(v) && depth < 20000; v = v[0]) depth++;
    expect(depth).toBe(10000);
  },
};

/**
 * The first difference between two JSON values (undefined when none): Object.is on numbers, own
 * keys in order, prototypes. Iterative, as the values nest 10,000 deep.
 */
function difference(actualRoot: unknown, expectedRoot: unknown): string | undefined {
  const pending: Array<[actual: unknown, expected: unknown, path: string]> = [[actualRoot, expectedRoot, '$']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [actual, expected, path] = next;
    if (typeof expected !== 'object' || expected === null) {
      if (!Object.is(actual, expected)) return `${path}: ${show(actual)} instead of ${show(expected)}`;
      continue;
    }
    if (typeof actual !== 'object' || actual === null) return `${path}: ${show(actual)} instead of an ${Array.isArray(expected) ? 'array' : 'object'}`;
    if (Array.isArray(expected) !== Array.isArray(actual)) return `${path}: array and object mixed up`;
    if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return `${path}: another prototype`;
    const actualKeys = Reflect.ownKeys(actual);
    const expectedKeys = Reflect.ownKeys(expected);
    if (actualKeys.length !== expectedKeys.length || actualKeys.some((key, k) => key !== expectedKeys[k])) {
      return `${path}: own keys ${show(actualKeys.map(String))} instead of ${show(expectedKeys.map(String))}`;
    }
    for (const key of expectedKeys.reverse()) {
      if (key === 'length' && Array.isArray(expected)) continue;
      // Short paths: a full one would be as long as the nesting is deep.
      const child = path.length < 200 ? `${path}[${JSON.stringify(String(key))}]` : `${path.slice(0, 200)}...`;
      pending.push([(actual as Record<PropertyKey, unknown>)[key], (expected as Record<PropertyKey, unknown>)[key], child]);
    }
  }
  return undefined;
}

function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function jsonParseAccepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const prototypeKeys = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();
const PROTOTYPE_KEYS = prototypeKeys();

/** The problems of an accepted case: value against JSON.parse (and `value`), lossy numbers against LOSSY, pollution. */
function acceptedProblems(name: string, text: string, expectedValue?: unknown): string[] {
  const problems: string[] = [];
  if (!jsonParseAccepts(text)) problems.push('JSON.parse rejects the case itself');
  let parsed: ReturnType<typeof parseJson>;
  try {
    parsed = parseJson(text);
  } catch (error) {
    return [...problems, `rejected: ${(error as Error).message.slice(0, 200)}`];
  }
  if (jsonParseAccepts(text)) {
    const diff = difference(parsed.value, JSON.parse(text));
    if (diff !== undefined) problems.push(`value differs from JSON.parse: ${diff}`);
  }
  if (expectedValue !== undefined) {
    const diff = difference(parsed.value, expectedValue);
    if (diff !== undefined) problems.push(`value differs from the documented one: ${diff}`);
  }
  const expected = LOSSY[name] ?? [];
  const got = parsed.lossyNumbers.map((n): Lossy => [n.path, n.text, n.reason]);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    problems.push(`lossy numbers ${show(got)} instead of ${show(expected)}`);
  }
  if (parsed.lossyCount !== expected.length) problems.push(`lossyCount ${parsed.lossyCount} instead of ${expected.length}`);
  for (const n of parsed.lossyNumbers) {
    if (!Object.is(n.value, Number(n.text))) problems.push(`lossy ${n.text}: value ${show(n.value)} is not Number(text)`);
  }
  const keys = prototypeKeys();
  if (keys.join() !== PROTOTYPE_KEYS.join() || ({} as Record<string, unknown>)['polluted'] !== undefined) problems.push('Object.prototype changed');
  return problems;
}

/** The problems of a rejected case: a JsonSyntaxError at [line, column], consistent with its offset and V8's. */
function rejectedProblems(text: string, at: readonly [number, number] | undefined): string[] {
  const problems: string[] = [];
  if (jsonParseAccepts(text)) problems.push('JSON.parse accepts the case itself');
  const error = errorOf(() => parseJson(text));
  if (error === undefined) return [...problems, 'accepted'];
  if (!(error instanceof JsonSyntaxError)) return [...problems, `threw ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`];
  if (!(error.cause instanceof SyntaxError)) problems.push('its cause is not the SyntaxError of JSON.parse');
  if (at !== undefined && (error.line !== at[0] || error.column !== at[1])) {
    problems.push(`at ${error.line}:${error.column} instead of ${at[0]}:${at[1]} (${error.message})`);
  }
  const counted = lineAndColumn(text, error.offset);
  if (error.line !== counted.line || error.column !== counted.column)
    problems.push(`line:column ${error.line}:${error.column} disagree with offset ${error.offset}`);
  if (!error.message.startsWith(`invalid JSON at line ${error.line}, column ${error.column}: `)) problems.push(`message: ${error.message}`);
  const v8 = v8Position(text);
  if (v8 !== undefined && v8 !== error.offset) problems.push(`offset ${error.offset}, V8 says position ${v8}`);
  return problems;
}

/** Runs every case of a kind and fails with the list of all that misbehave. */
function expectAll(prefix: string, problemsOf: (c: Case) => string[]): void {
  const failures: string[] = [];
  for (const c of CASES.filter((k) => k.name.startsWith(prefix))) {
    let problems: string[];
    try {
      problems = problemsOf(c);
    } catch (error) {
      problems = [`check threw: ${(error as Error).message.split('\n')[0]}`];
    }
    for (const problem of problems) failures.push(`${c.name}: ${problem}`);
  }
  expect(failures).toEqual([]);
}

describe('parseJson: conformance cases (./conformance)', () => {
  it('has a well-formed folder: at least 120 cases, each y_/n_/i_, each table entry naming a case', () => {
    const names = new Set(CASES.map((c) => c.name));
    expect(CASES.length).toBeGreaterThanOrEqual(120);
    expect(CASES.filter((c) => !/^[yni]_/.test(c.name)).map((c) => c.name)).toEqual([]);
    const orphans = [...Object.keys(LOSSY), ...Object.keys(WHERE), ...Object.keys(I_BEHAVIOUR), ...Object.keys(Y_CHECKS)].filter((name) => !names.has(name));
    expect(orphans).toEqual([]);
    expect(Object.keys(WHERE).filter((name) => !name.startsWith('n_'))).toEqual([]);
    expect(Object.keys(LOSSY).filter((name) => name.startsWith('n_'))).toEqual([]);
    // Every i_ case has a documented behaviour, and a good share of the n_ cases (here: all) a hand-counted position.
    expect(CASES.filter((c) => c.name.startsWith('i_') && !(c.name in I_BEHAVIOUR)).map((c) => c.name)).toEqual([]);
    expect(CASES.filter((c) => c.name.startsWith('n_') && !(c.name in WHERE)).map((c) => c.name)).toEqual([]);
  });

  it('accepts every y_ case with exactly JSON.parse’s value and exactly its lossy literals', () => {
    expectAll('y_', ({ name, bytes }) => {
      const text = strict.decode(bytes);
      const problems = acceptedProblems(name, text);
      if (problems.length === 0) Y_CHECKS[name]?.(parseJson(text).value);
      return problems;
    });
  });

  it('rejects every n_ case with a JsonSyntaxError at the hand-counted line and column', () => {
    expectAll('n_', ({ name, bytes }) => rejectedProblems(strict.decode(bytes), WHERE[name]));
  });

  it('gives every i_ case its documented behaviour', () => {
    expectAll('i_', ({ name, bytes }) => {
      const behaviour = I_BEHAVIOUR[name];
      if (behaviour === undefined) return ['no documented behaviour'];
      if (behaviour.kind === 'not-utf8') {
        if (errorOf(() => strict.decode(bytes)) === undefined) return ['the bytes are UTF-8 after all'];
        const text = lenient.decode(bytes);
        if (behaviour.lenient !== 'accepted') return rejectedProblems(text, behaviour.lenient);
        const problems = acceptedProblems(name, text);
        if (!text.includes('\ufffd')) problems.push('the lenient decoder made no U+FFFD');
        return problems;
      }
      const text = strict.decode(bytes);
      if (behaviour.kind === 'rejected-bom') {
        const problems = rejectedProblems(text, behaviour.at);
        const error = errorOf(() => parseJson(text));
        if (!(error instanceof Error) || !error.message.includes('byte order mark')) problems.push('the message does not name the byte order mark');
        // The default TextDecoder strips the BOM: the same bytes decoded that way are accepted.
        return [...problems, ...acceptedProblems(name, new TextDecoder().decode(bytes)).map((p) => `default TextDecoder: ${p}`)];
      }
      const problems = acceptedProblems(name, text, behaviour.value);
      if (problems.length === 0) behaviour.check?.(parseJson(text).value);
      return problems;
    });
  });
});
