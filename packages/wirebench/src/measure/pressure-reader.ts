/**
 * The machine's cumulative CPU pressure in µs as a page's runner serves it (wirebench --engine and
 * bench:browser serve Linux `/proc/pressure/cpu` at a same-origin path), for `measure`'s
 * `cpuPressure` in a page or a Web Worker: the engine calls it around every round, outside the timed
 * region, and needs the answer at once, so it is a synchronous request to the same origin (about a
 * millisecond; deprecated on a page's main thread, which Chromium says as a warning only). After one
 * failure it stops asking and answers undefined.
 */
export function pressureReader(path: string): () => number | undefined {
  let broken = false;
  return () => {
    if (broken) return undefined;
    try {
      const request = new XMLHttpRequest();
      request.open('GET', path, false);
      request.send();
      const value = request.status === 200 && request.responseText !== '' ? Number(request.responseText) : Number.NaN;
      if (Number.isFinite(value)) return value;
    } catch {
      // fall through: not available here
    }
    broken = true;
    return undefined;
  };
}
