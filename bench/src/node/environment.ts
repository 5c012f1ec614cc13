import { librariesRunningIn } from '@wirebench/core';
import type { Environment } from 'wirebench';
import { implementationVersions, nodeEnvironment as machine, libraryVersions as versionsFrom } from 'wirebench/node';

/** The bench's environment: the machine (from wirebench/node) and the libraries its rows time. */

/**
 * The libraries whose versions travel with every result: those of the implementations the registry
 * says run in Node (simdjson's addon included), and tinybench, which times them.
 */
export const MEASURED_LIBRARIES: readonly string[] = [...librariesRunningIn('node'), 'tinybench'];

/** Installed version of each package, found from the bench the way Node resolves it. */
export function libraryVersions(names: readonly string[] = MEASURED_LIBRARIES): Record<string, string> {
  return versionsFrom(names, import.meta.url);
}

/**
 * The machine and the versions of what its rows time: cbor-x and msgpackr decode strings with a
 * native addon where it loads (unless CBOR_NATIVE_ACCELERATION_DISABLED=true, say), and their
 * versions say which one was timed.
 */
export async function nodeEnvironment(): Promise<Partial<Environment>> {
  return machine({ ...libraryVersions(), ...(await implementationVersions(import.meta.url)) });
}
