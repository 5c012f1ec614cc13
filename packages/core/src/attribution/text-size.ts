/**
 * Byte counts of text, without encoding it: the attribution walks size strings in place, so they
 * stay linear and allocate nothing per string.
 */

/** UTF-8 bytes of `text`, or -1 when it holds a lone surrogate (which UTF-8 cannot carry: the binary encoders refuse it). */
export function utf8Size(text: string): number {
  let size = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) size += 1;
    else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      // A high surrogate followed by a low one: one code point, 4 bytes for 2 units.
      if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return -1;
      size += 2;
      i++;
    } else size += 2;
  }
  return size;
}

/**
 * UTF-8 bytes of `JSON.stringify(text)`: the quotes, `\"` `\\` `\b` `\f` `\n` `\r` `\t`, `\u00XX`
 * for the other control characters and `\uDXXX` for a lone surrogate (well-formed JSON.stringify,
 * ES2019), everything else as UTF-8 (U+2028 and U+2029 too: JSON.stringify leaves them).
 */
export function jsonStringSize(text: string): number {
  let size = 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      if (unit >= 0x20) size += unit === 0x22 || unit === 0x5c ? 2 : 1;
      else size += unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d ? 2 : 6;
    } else if (unit < 0x800) size += 2;
    else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        size += 4;
        i++;
      } else size += 6;
    } else size += 3;
  }
  return size;
}
