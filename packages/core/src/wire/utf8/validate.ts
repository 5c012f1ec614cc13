/**
 * The offset of the first byte in `bytes[from, to)` where well-formed UTF-8 stops, or -1 when all of
 * it is well-formed: the start of the first ill-formed sequence in the Unicode standard's table 3-7
 * (which TextDecoder's fatal mode applies): a stray continuation byte, an overlong form (C0, C1, E0
 * 80..9F, F0 80..8F), a surrogate (ED A0..BF), a code point past U+10FFFF (F4 90.., F5..FF), or a
 * sequence cut short by another byte or by `to`. So a refusal can name the byte.
 */
export function invalidUtf8Offset(bytes: Uint8Array, from: number, to: number): number {
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
