import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MeasureOptions } from 'wirebench';
import { checkOutput, cpuPressure, nodeCompressors, PayloadFileError, writeOutput } from 'wirebench/node';
import { nodeEnvironment } from '../node/environment.js';
import { filesSuite } from '../suites/files.js';
import { SUITES } from '../suites/index.js';
import type { Suite, SuiteContext } from '../suites/suite.js';
import { planTargets } from '../suites/suite.js';
import type { BenchArgs } from './options.js';

const CANONICAL_PROTO = fileURLToPath(new URL('../../../schemas/canonical.proto', import.meta.url));

export { checkOutput, PayloadFileError, planTargets, writeOutput };

/** The suites the command line asks for: the built-in suites named, then the user's files, if any. */
export function suitesFor(args: BenchArgs): Suite[] {
  return [...args.suites.map((name) => SUITES[name]), ...(args.paths.length > 0 ? [filesSuite(args.paths)] : [])];
}

export function contextFor(args: BenchArgs): SuiteContext {
  return {
    proto: readFileSync(CANONICAL_PROTO, 'utf8'),
    seed: args.seed,
    formats: args.formats,
    implementations: args.implementations,
    libraries: args.libraries,
  };
}

/** The engine settings the command line asks for, with what only Node can tell (CPU pressure, brotli, the machine). */
export async function nodeMeasureOptions(args: BenchArgs): Promise<MeasureOptions> {
  return {
    rounds: args.rounds,
    roundTime: args.roundTime,
    warmupTime: args.warmupTime,
    ...(args.budget !== undefined ? { budget: args.budget * 1000 } : {}),
    compressors: nodeCompressors,
    cpuPressure,
    environment: await nodeEnvironment(),
  };
}
