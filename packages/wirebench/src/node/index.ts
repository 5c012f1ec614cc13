/**
 * `wirebench/node`: Node-only helpers shared by the `wirebench` command line and the bench's
 * runners: payload files, CPU pressure, brotli, library versions, progress on stderr, usage errors,
 * and `measureIsolated`, which measures each payload in a fresh worker thread (browsers are
 * started by `wirebench/engines`).
 * Never on a browser path (it imports `node:` modules); the rest of the package does not import it.
 */
export { cpuPressure, implementationVersions, libraryVersions, nodeBrotli, nodeCompressors, nodeEnvironment, nodeGzip } from './environment.js';
export type { PayloadFile, PayloadSearch, SkippedLink } from './files.js';
export { describeSkippedLinks, findPayloadFiles, PayloadFileError, readPayloadFiles, searchPayloadFiles } from './files.js';
export type { IsolatedJob, IsolatedOptions, IsolatedPlan, IsolatedPlanner, IsolatedResult } from './isolated.js';
export { measureIsolated } from './isolated.js';
export { progressReporter } from './progress.js';
export type { CommandLine, CommandOptions } from './usage.js';
export {
  checkOutput,
  checkOutputFolder,
  MAX_ROUND_TIME_MS,
  MAX_ROUNDS,
  parseCommandLine,
  parseFormats,
  parseNumber,
  UsageError,
  writeOutput,
} from './usage.js';
