/**
 * The validating reader's UTF-8: where bytes stop being UTF-8 (so a refusal names the offset), and
 * the text of bytes already proven valid. The one-pass decoders decode with wire/utf8.ts instead;
 * this path runs only to explain a refusal or to build a rare form, so its thresholds were never tuned.
 */

/**
 * Offset of the first byte in `bytes[from, to)` that breaks UTF-8 (RFC 3629), or -1: refuses
 * stray continuation bytes, overlong forms, UTF-16 surrogates (ED A0..BF), code points beyond
 * U+10FFFF, and sequences cut short by `to`.
 */
export function utf8Error(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b < 0xc2) return i; // a continuation byte, or C0/C1 (overlong two-byte forms)
    if (b < 0xe0) {
      if (i + 1 >= to || ((bytes[i + 1] as number) & 0xc0) !== 0x80) return i;
      i += 2;
      continue;
    }
    if (b < 0xf0) {
      if (i + 2 >= to) return i;
      const b1 = bytes[i + 1] as number;
      if ((b1 & 0xc0) !== 0x80 || (b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 >= 0xa0) || ((bytes[i + 2] as number) & 0xc0) !== 0x80) return i;
      i += 3;
      continue;
    }
    if (b < 0xf5) {
      if (i + 3 >= to) return i;
      const b1 = bytes[i + 1] as number;
      if (
        (b1 & 0xc0) !== 0x80 ||
        (b === 0xf0 && b1 < 0x90) ||
        (b === 0xf4 && b1 >= 0x90) ||
        ((bytes[i + 2] as number) & 0xc0) !== 0x80 ||
        ((bytes[i + 3] as number) & 0xc0) !== 0x80
      ) {
        return i;
      }
      i += 4;
      continue;
    }
    return i;
  }
  return -1;
}

// ignoreBOM: a string that starts with U+FEFF keeps it (the default decoder would drop it silently).
const textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes bytes already proven to be valid UTF-8; short ASCII strings skip TextDecoder. */
export function decodeUtf8(bytes: Uint8Array, from: number, to: number): string {
  if (to - from <= 16) {
    let text = '';
    for (let i = from; i < to; i++) {
      const b = bytes[i] as number;
      if (b >= 0x80) return textDecoder.decode(bytes.subarray(from, to));
      text += String.fromCharCode(b);
    }
    return text;
  }
  return textDecoder.decode(bytes.subarray(from, to));
}
