import type { Environment } from '@wirebench/core/measure';
import { libraryVersions as versionsFrom, nodeEnvironment as machine } from '@wirebench/core/node';
import { isNativeAccelerationEnabled } from 'cbor-x';

/** The bench's environment: the machine (from @wirebench/core/node) and the libraries its rows time. */

/** The libraries whose versions travel with every result. */
export const MEASURED_LIBRARIES = ['@msgpack/msgpack', 'cbor-x', 'protobufjs', 'flatbuffers', 'simdjson', 'tinybench'] as const;

/** Installed version of each package, found from the bench the way Node resolves it. */
export function libraryVersions(names: readonly string[] = MEASURED_LIBRARIES): Record<string, string> {
  return versionsFrom(names, import.meta.url);
}

export function nodeEnvironment(): Partial<Environment> {
  const libraries = libraryVersions();
  // cbor-x decodes strings with a native addon (cbor-extract, installed prebuilt) unless
  // CBOR_NATIVE_ACCELERATION_DISABLED=true: a result must say which cbor-x it timed.
  if (libraries['cbor-x']) libraries['cbor-x'] += isNativeAccelerationEnabled ? ' (native cbor-extract)' : ' (pure JS)';
  return machine(libraries);
}
