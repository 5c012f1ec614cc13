import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MeasureOptions, MeasureTarget } from '@wirebench/core/measure';
import { cpuPressure, nodeCompressors, nodeEnvironment } from '../node/environment.js';
import { PayloadFileError, filesSuite } from '../suites/files.js';
import { SUITES } from '../suites/index.js';
import type { Suite, SuiteContext, SuitePlan } from '../suites/suite.js';
import type { BenchArgs } from './options.js';
import { UsageError } from './options.js';

const CANONICAL_PROTO = fileURLToPath(new URL('../../../schemas/canonical.proto', import.meta.url));

export { PayloadFileError };

/** The suites the command line asks for: the built-in suites named, then the user's files, if any. */
export function suitesFor(args: BenchArgs): Suite[] {
  return [...args.suites.map((name) => SUITES[name]), ...(args.paths.length > 0 ? [filesSuite(args.paths)] : [])];
}

export function contextFor(args: BenchArgs): SuiteContext {
  return { proto: readFileSync(CANONICAL_PROTO, 'utf8'), seed: args.seed, formats: args.formats, libraries: args.libraries };
}

/** Plans the suites' payloads, filtered by name, with the notes every suite left. */
export async function planTargets(
  suites: readonly Suite[],
  context: SuiteContext,
  filter: RegExp | undefined,
): Promise<{ targets: MeasureTarget[]; notes: () => string[] }> {
  const targets: MeasureTarget[] = [];
  const plans: SuitePlan[] = [];
  for (const suite of suites) {
    const plan = await suite.plan(context);
    plans.push(plan);
    targets.push(...plan.targets.filter((t) => !filter || filter.test(t.payload.name)));
  }
  // A function: suites add notes while the engine builds their library rows.
  return { targets, notes: () => plans.flatMap((plan) => plan.notes) };
}

/** The engine settings the command line asks for, with what only Node can tell (CPU pressure, brotli, the machine). */
export function nodeMeasureOptions(args: BenchArgs): MeasureOptions {
  return {
    rounds: args.rounds,
    roundTime: args.roundTime,
    warmupTime: args.warmupTime,
    ...(args.budget !== undefined ? { budget: args.budget * 1000 } : {}),
    compressors: nodeCompressors,
    cpuPressure,
    environment: nodeEnvironment(),
  };
}

/** Fails before any measuring when an output file cannot be written, so no run's results are lost at the end. */
export function checkOutput(path: string | undefined, option: string): void {
  if (path === undefined) return;
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new UsageError(`${option} ${path}: its folder cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`${option} ${path}: is a folder, not a file`);
  try {
    // Opened for appending: proves the file can be written without touching what it holds.
    closeSync(openSync(path, 'a'));
  } catch (error) {
    throw new UsageError(`${option} ${path}: cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** Writes an output file; a failure (a full disk, say) is one line and exit code 2, not a stack trace. */
export function writeOutput(path: string, text: string, option: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`${option} ${path}: cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}
