import type { FormatId, ImplementationCapabilities } from '@wirebench/core';
import { FORMATS, IMPLEMENTATIONS, SCHEMA_FORMATS, WirebenchError } from '@wirebench/core';

export type { EvalUse, ImplementationCapabilities, Int64Behaviour } from '@wirebench/core';

/**
 * What an implementation needs or keeps, beyond its figures: the facts behind the constraints a
 * user states (a CSP without `unsafe-eval`, int64 values that must survive, readable traffic, no
 * shared schema), read from the registry of implementations (`IMPLEMENTATIONS[format][i].capabilities`,
 * each with its why); a row's facts may override an entry (a codec made outside wirebench).
 */

/** Per `format/implementation`, as rows name them (`'simdjson/wirebench'`, `'msgpack/msgpackr'`): the registry's capabilities. */
export const IMPLEMENTATION_CAPABILITIES: Readonly<Record<string, ImplementationCapabilities>> = Object.freeze(
  Object.fromEntries(FORMATS.flatMap((format) => IMPLEMENTATIONS[format].map((i) => [`${format}/${i.id}`, i.capabilities]))),
);

/** Formats whose bytes are JSON text a person can read in the network panel. */
export const READABLE_FORMATS: readonly FormatId[] = Object.freeze(FORMATS.filter((format) => IMPLEMENTATIONS[format].every((i) => i.capabilities.readable)));

/** The entry of `format`'s `implementation`, or a WirebenchError naming the entries there are. */
export function capabilitiesOf(format: FormatId, implementation: string): ImplementationCapabilities {
  const found = IMPLEMENTATION_CAPABILITIES[`${format}/${implementation}`];
  if (!found) {
    const known = Object.keys(IMPLEMENTATION_CAPABILITIES)
      .map((k) => JSON.stringify(k))
      .join(', ');
    throw new WirebenchError(`no capabilities listed for ${format}/${implementation}: give the row's eval and int64, or use one of ${known}`);
  }
  return found;
}

/** Whether `format`'s bytes are readable text (JSON). */
export function isReadable(format: FormatId): boolean {
  return READABLE_FORMATS.includes(format);
}

/** Whether `format` needs a schema the client and the server both keep (protobuf, FlatBuffers). */
export function needsSharedSchema(format: FormatId): boolean {
  return SCHEMA_FORMATS.includes(format);
}
