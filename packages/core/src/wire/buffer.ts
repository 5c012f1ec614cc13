/**
 * The encoders write into one buffer reused from one encode to the next, so steady encodes of large
 * values neither allocate nor copy their way up again each time. A buffer past KEEP_ALWAYS bytes is
 * dropped once an encode fills less than an eighth of it (msgpack and CBOR right after that encode,
 * protobuf and FlatBuffers as the next one starts), so a one-off huge value does not keep its memory
 * for the codec's lifetime. An eighth, not a half: buffers grow by doubling, and a string reserves up
 * to three bytes per UTF-16 unit before its length is known, so a steady encode can fill a sixth.
 */
export function keepsBuffer(capacity: number, used: number): boolean {
  return capacity <= KEEP_ALWAYS || used >= capacity >> 3;
}

const KEEP_ALWAYS = 1 << 20;
