import type { FormatId } from './codec.js';
import { WirebenchError } from './errors.js';

/**
 * Binary schemaless formats can carry values JSON cannot (dates, byte strings, maps with
 * non-string keys, extension types, NaN). A decoder that promises plain JSON data checks what the
 * library produced instead of passing such values on. Iterative, so deep nesting cannot overflow.
 */
export function assertJsonData(value: unknown, format: FormatId): void {
  // CBOR's value-sharing tags can make one object appear twice, or contain itself: JSON data never does.
  const seen = new WeakSet<object>();
  const pending: unknown[] = [value];
  const paths: string[] = ['$'];
  while (pending.length > 0) {
    const current = pending.pop();
    const path = paths.pop() as string;
    switch (typeof current) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (Number.isFinite(current)) continue;
        throw notJson(format, path, String(current));
      case 'object': {
        if (current === null) continue;
        if (seen.has(current)) throw notJson(format, path, 'a shared or cyclic reference');
        seen.add(current);
        if (Array.isArray(current)) {
          for (let i = 0; i < current.length; i++) {
            pending.push(current[i]);
            paths.push(`${path}[${i}]`);
          }
          continue;
        }
        const proto: unknown = Object.getPrototypeOf(current);
        if (proto !== Object.prototype && proto !== null) {
          throw notJson(format, path, `a ${(current as object).constructor?.name ?? 'non-plain object'}`);
        }
        for (const key of Object.keys(current)) {
          pending.push((current as Record<string, unknown>)[key]);
          paths.push(`${path}.${key}`);
        }
        continue;
      }
      default:
        throw notJson(format, path, `a ${typeof current}`);
    }
  }
}

function notJson(format: FormatId, path: string, what: string): WirebenchError {
  return new WirebenchError(
    `decoded data holds ${what} at ${path}, which is not JSON data; the bytes were not written by a JSON-data encoder`,
    { format },
  );
}

/**
 * Sets a key the way JSON.parse does: as an own data property, even when the key is `__proto__`
 * (plain assignment would swap the object's prototype instead of storing data).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
