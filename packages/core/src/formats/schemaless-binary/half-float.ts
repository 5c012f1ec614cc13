/** IEEE 754 half precision to a number: CBOR's half floats (msgpack has none), for its one-pass decoder and the validating reader. */
export function halfToNumber(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1024 + fraction) * 2 ** (exponent - 25);
}
