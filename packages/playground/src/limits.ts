/** Payload size limits of the playground (UTF-8 bytes of the pasted or uploaded text). */

/** Above this the page asks before measuring: parsing, encoding five ways and timing take a while and memory on a phone. */
export const WARN_BYTES = 5 * 1024 * 1024;
/** Above this the page refuses: the text, its parsed value and five encodings (plus copies posted to the worker) would exhaust a phone's memory. */
export const MAX_BYTES = 50 * 1024 * 1024;

/**
 * Above this many characters a pasted text or loaded file stays out of the text area: laying out
 * hundreds of KB of text (CJK especially) in a textarea takes seconds on a phone, and measuring
 * does not need to show it.
 */
export const TEXTAREA_LIMIT = 128 * 1024;
