/**
 * The one set of short-string thresholds of the UTF-8 module: where a JavaScript loop stops beating a
 * call into TextDecoder/TextEncoder. Only speed depends on them: every way decodes and writes the
 * same text and bytes, and refuses the same malformed input.
 *
 * Decoding figures (Nov 2026, Node 20.20 and Chromium 156): time per string as a ratio to one
 * TextDecoder call, median (p25–p75) of 21–31 interleaved rounds, strings made and not read (as the
 * bench decodes); "read" when each string is read once after it is made. And codec decode times as a
 * ratio to the code before these thresholds (one per caller), median of 6–12 alternating processes.
 */

/** Node, told by a global it sets (read, never called: the browser path uses no Node API). */
export const IN_NODE = typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

/**
 * Up to this many bytes, ASCII is decoded by `String.fromCharCode`, 8 then 4 then 1 bytes a call. At
 * 32 bytes: Node 0.69 (0.66–0.73), decodeUtf8InJs 1.18 (1.15–1.23); Chromium 0.39 (0.37–0.44) and
 * 0.51 (0.43–0.57). The loop joins its pieces into a rope that a first read flattens (read, 32 bytes:
 * Node 1.00 (0.97–1.01), Chromium 0.53 (0.51–0.54) against 0.49). 12, msgpack's old limit, made
 * protobuf's decode of the order payload 1.22× slower in Node and 1.13× in Chromium (32: 1.02, 0.97).
 */
export const ASCII_LOOP = 32;

/**
 * Up to this many bytes, text known to be ASCII (Utf8Strings' windows) is decoded in JavaScript, past
 * it by TextDecoder: a call costs about 110 ns in Node and 220 ns in Chromium. Node: decodeUtf8InJs
 * 1.06 (1.05–1.08) at 28 bytes, the loop 0.84 (0.80–0.87) at 40 but 1.15 when read; Chromium:
 * decodeUtf8InJs 0.87 (0.80–0.98) at 64, 1.11 (1.07–1.13) at 80.
 */
export const ASCII_IN_JS = IN_NODE ? ASCII_LOOP : 80;

/**
 * Up to this many bytes, any other text is decoded by decodeUtf8InJs. Text past ASCII alone stays
 * faster in JavaScript far longer (Node 0.67 at 64 bytes, Chromium 0.70 (0.68–0.78) at 96), ASCII
 * with one 2-byte character does not (Node 1.77 (1.76–1.79) at 64; Chromium 0.94 (0.91–0.96) at 64,
 * 1.29 (1.27–1.31) at 96). twitter.json's decode, 64 against 96 (of the old code's time): Node
 * FlatBuffers 1.02 against 1.12, msgpack 0.95 against 1.02; Chromium msgpack 1.07 against 1.02.
 */
export const DECODE_IN_JS = IN_NODE ? 64 : 96;

/**
 * Up to this many UTF-16 units, encoding in JavaScript beats `TextEncoder.encodeInto` (with the
 * subarray it needs); up to ASCII_ENCODE, it does for ASCII text. A call costs five times more in
 * Chromium, where it crosses into the browser's bindings, than in Node, where it is JavaScript over a
 * cheap one, and the loop is slowest on text past ASCII. Measured (Nov 2026, ns per string, loop /
 * native) on ASCII URLs parsed from JSON: Node 179 / 209 at 32 units, 343 / 214 at 64 (crossing near
 * 40); Chromium 266 / 1104 at 64, 740 / 1344 at 192, 1437 / 1146 at 256; on twitter.json's Japanese
 * text, the loop up to 192 units made Chromium's protobuf encode 1.45× slower.
 */
export const SHORT_ENCODE = IN_NODE ? 32 : 64;
export const ASCII_ENCODE = IN_NODE ? 40 : 192;
