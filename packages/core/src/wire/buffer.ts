/**
 * The encoders write into one buffer reused from one encode to the next, so steady encodes of large
 * values neither allocate nor copy their way up again each time. A buffer past KEEP_ALWAYS bytes is
 * dropped by the next encode that fills less than a quarter of it, so a one-off huge value does not
 * keep its memory for the codec's lifetime.
 */
export function keepsBuffer(capacity: number, used: number): boolean {
  return capacity <= KEEP_ALWAYS || used >= capacity >> 2;
}

const KEEP_ALWAYS = 1 << 20;
