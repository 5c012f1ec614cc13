import type { FormatId } from '@wirebench/core';
import { DEFAULT_IMPLEMENTATION } from '@wirebench/core';

/**
 * The name a codec's row carries in results and reports: the format for wirebench's own codec (so
 * results stay comparable with those written before implementations were a dimension), else
 * `format (library)`, e.g. `msgpack (msgpackr)`.
 */
export function rowName(format: FormatId, implementation: string | undefined): string {
  return implementation === undefined || implementation === DEFAULT_IMPLEMENTATION ? format : `${format} (${implementation})`;
}
