import type { Codec, FormatId } from '../codec.js';
import { mediaTypesOf, parseTypeAndSubtype, TOKEN } from './media-types.js';

/** One entry of an `Accept` header (RFC 9110, section 12.5.1). */
export interface MediaRange {
  /** Lowercase; `*` in the range `*`/`*` that matches any type. */
  readonly type: string;
  /** Lowercase; `*` in `type/*` and `*`/`*`. */
  readonly subtype: string;
  /** Parameters other than `q`, names lowercase, values unquoted. Not matched, but they make a range more specific. */
  readonly params: ReadonlyMap<string, string>;
  /** The weight, 0 to 1 with at most three decimals; 0 means "not acceptable". */
  readonly q: number;
}

/** RFC 9110's qvalue: 0 to 1 with at most three decimals (`1.5`, `0.1234` and `.5` are not weights). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The media ranges of an `Accept` header, in the order written. An entry that does not parse (a
 * bad token, a `*`/`json`, a weight out of range, an unclosed quote) is skipped rather than failing the
 * whole header, as a server should be lenient with what clients send.
 */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const entry of splitOutsideQuotes(header, ',')) {
    const range = parseMediaRange(entry);
    if (range) ranges.push(range);
  }
  return ranges;
}

function parseMediaRange(entry: string): MediaRange | undefined {
  const [typeText = '', ...paramTexts] = splitOutsideQuotes(entry, ';');
  if (typeText.trim() === '') return undefined;
  const essence = parseTypeAndSubtype(typeText);
  if (!essence || (essence.type === '*' && essence.subtype !== '*')) return undefined;
  const params = new Map<string, string>();
  let q = 1;
  for (const paramText of paramTexts) {
    if (paramText.trim() === '') continue; // `text/html;;q=1` has an empty parameter, which the grammar allows
    const equals = paramText.indexOf('=');
    if (equals < 0) return undefined;
    const name = paramText.slice(0, equals).trim().toLowerCase();
    const value = unquote(paramText.slice(equals + 1).trim());
    if (!TOKEN.test(name) || value === undefined) return undefined;
    if (name === 'q') {
      if (!QVALUE.test(value)) return undefined;
      q = Number(value);
    } else {
      params.set(name, value);
    }
  }
  return { type: essence.type, subtype: essence.subtype, params, q };
}

/** A token as it is, a quoted-string without its quotes and escapes; undefined when it is neither. */
function unquote(text: string): string | undefined {
  if (!text.startsWith('"')) return TOKEN.test(text) ? text : undefined;
  if (text.length < 2 || !text.endsWith('"')) return undefined;
  let value = '';
  for (let i = 1; i < text.length - 1; i++) {
    const char = text[i] as string;
    if (char === '"') return undefined; // a quote inside that no backslash escapes: the string ended early
    if (char === '\\') {
      i++;
      if (i >= text.length - 1) return undefined; // the backslash escaped the closing quote
    }
    value += text[i];
  }
  return value;
}

/** Splits on `separator` except inside quoted strings, where a comma or a semicolon is text. */
function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\') i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * How closely a range names one of our media types, which carry no parameters: the exact type
 * without parameters, then the exact type with parameters, then `type/*`, then `*`/`*`; -1 when it
 * does not match. RFC 9110 gives `text/plain;format=flowed` to representations with that parameter
 * only, so a range with parameters counts only where no bare range names the type (and
 * `application/json;charset=utf-8` alone still asks for JSON).
 */
function specificity(range: MediaRange, mediaType: string): number {
  if (range.type === '*') return 0;
  const slash = mediaType.indexOf('/');
  if (range.type !== mediaType.slice(0, slash)) return -1;
  if (range.subtype === '*') return 1;
  if (range.subtype !== mediaType.slice(slash + 1)) return -1;
  return range.params.size === 0 ? 3 : 2;
}

/**
 * The weight `ranges` give `format`: that of the most specific range matching any of its media
 * types (aliases included), 0 when none matches. Equally specific ranges (a type and its alias,
 * a range written twice) give the highest of their weights.
 */
function weightOf(format: FormatId, ranges: readonly MediaRange[]): number {
  let best = -1;
  let weight = 0;
  for (const mediaType of mediaTypesOf(format)) {
    for (const range of ranges) {
      const score = specificity(range, mediaType);
      if (score > best) {
        best = score;
        weight = range.q;
      } else if (score === best && score >= 0) {
        weight = Math.max(weight, range.q);
      }
    }
  }
  return weight;
}

/**
 * The format to answer in: of the formats the server `offered`, the one the `Accept` header
 * weighs highest, ties going to the earlier in `offered` (so list the server's preference first).
 * Undefined when every offered format weighs 0: answer 406 Not Acceptable. A missing or empty
 * header, or one whose every entry is malformed, accepts anything: the first offered format.
 */
export function negotiateFormat(accept: string | null | undefined, offered: readonly FormatId[]): FormatId | undefined {
  const ranges = accept ? parseAccept(accept) : [];
  if (ranges.length === 0) return offered[0];
  let chosen: FormatId | undefined;
  let chosenWeight = 0;
  for (const format of offered) {
    const weight = weightOf(format, ranges);
    if (weight > chosenWeight) {
      chosen = format;
      chosenWeight = weight;
    }
  }
  return chosen;
}

/**
 * The `Accept` header of a client that reads these codecs, preferred first: `application/msgpack,
 * application/cbor;q=0.5`. Weights fall evenly from 1 in thousandths, never to 0; a media type two
 * codecs share (json and simdjson) is listed once.
 */
export function acceptHeader(codecs: readonly Pick<Codec, 'mediaType'>[]): string {
  const mediaTypes = [...new Set(codecs.map((codec) => codec.mediaType))];
  return mediaTypes
    .map((mediaType, i) => {
      const thousandths = Math.max(1, Math.round((1000 * (mediaTypes.length - i)) / mediaTypes.length));
      return thousandths === 1000 ? mediaType : `${mediaType};q=${thousandths / 1000}`;
    })
    .join(', ');
}
