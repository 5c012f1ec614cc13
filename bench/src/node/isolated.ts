/**
 * The bench's payloads in fresh worker threads (`measureIsolated` of wirebench/node): the parent
 * lists the payloads (the built-in suites planned once, the files by name), then each worker plans
 * its own payload again from a `PayloadRef` (the suites are seeded, so they plan the same payloads)
 * and measures it. This module is also the planner the workers import (`planIsolated`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FormatId } from '@wirebench/core';
import type { ImplementationChoice, MeasureProgress, MeasureResult } from 'wirebench';
import type { IsolatedJob, IsolatedPlan } from 'wirebench/node';
import { describeSkippedLinks, measureIsolated, readPayloadFiles, searchPayloadFiles } from 'wirebench/node';
import type { BenchArgs } from '../cli/options.js';
import { filesSuite } from '../suites/files.js';
import { SUITES } from '../suites/index.js';
import type { PayloadRef } from '../suites/refs.js';
import { listPayloads, planRefs } from '../suites/refs.js';
import type { SuiteContext } from '../suites/suite.js';
import { nodeEnvironment } from './environment.js';

const CANONICAL_PROTO = fileURLToPath(new URL('../../../schemas/canonical.proto', import.meta.url));
/** This module, as the planner every worker imports. */
const PLANNER = import.meta.url;

/** What a worker needs to plan its payloads: where they come from, and the suites' settings. */
export interface BenchJob {
  /** The payloads this worker measures, in order (one, unless a run shares a worker on purpose). */
  readonly refs: readonly PayloadRef[];
  /** Every payload file of the run, by index (a `files` ref's `index`). */
  readonly files: readonly string[];
  readonly seed: number;
  readonly formats: readonly FormatId[];
  readonly implementations: ImplementationChoice;
  readonly libraries: boolean;
}

/** In the worker: the job's payloads planned here (each file read here), in order. */
export async function planIsolated(job: BenchJob): Promise<IsolatedPlan> {
  const context: SuiteContext = {
    proto: readFileSync(CANONICAL_PROTO, 'utf8'),
    seed: job.seed,
    formats: job.formats,
    implementations: job.implementations,
    libraries: job.libraries,
  };
  const { targets, notes } = await planRefs(job.refs, context, (index) => filesSuite([job.files[index] as string]));
  return { targets, notes };
}

/** The payload files of a command line, read and checked here first (a bad one stops the run before anything is measured). */
export interface BenchFiles {
  readonly paths: string[];
  readonly names: string[];
  /** The symlinks the search did not follow, in one line, or undefined. */
  readonly skippedLinks: string | undefined;
}

export function benchFiles(paths: readonly string[]): BenchFiles {
  if (paths.length === 0) return { paths: [], names: [], skippedLinks: undefined };
  const search = searchPayloadFiles(paths);
  return { paths: search.files, names: readPayloadFiles(search.files).map((file) => file.name), skippedLinks: describeSkippedLinks(search.skippedLinks) };
}

/** The payloads a command line asks for, in order, filtered by --filter, and the notes planning the suites left. */
export async function listBench(args: BenchArgs, files: BenchFiles): Promise<{ refs: PayloadRef[]; notes: string[]; summary: string }> {
  const context: SuiteContext = {
    proto: readFileSync(CANONICAL_PROTO, 'utf8'),
    seed: args.seed,
    formats: args.formats,
    implementations: args.implementations,
    libraries: args.libraries,
  };
  const { refs, notes } = await listPayloads(args.suites, files.names, context, args.filter);
  const summaries = [...args.suites.map((name) => SUITES[name].summary), ...(files.names.length > 0 ? [`your payloads: ${files.names.join(', ')}`] : [])];
  return { refs, notes: [...(files.skippedLinks !== undefined ? [files.skippedLinks] : []), ...notes], summary: summaries.join('; ') };
}

/** One worker's job: these payloads, measured in this order in one fresh worker. */
export function benchJob(
  args: Pick<BenchArgs, 'seed' | 'formats' | 'implementations' | 'libraries'>,
  refs: readonly PayloadRef[],
  files: readonly string[],
): IsolatedJob<BenchJob> {
  return {
    planner: PLANNER,
    data: { refs, files, seed: args.seed, formats: args.formats, implementations: args.implementations, libraries: args.libraries },
    payloads: refs.map((ref) => ref.name),
  };
}

/**
 * Measures `groups` one after another, each group in one fresh worker (a group of one payload: the
 * run is isolated per payload), with the command line's settings; notes are those of the listing
 * and the workers, each once.
 */
export async function measureBenchGroups(
  args: BenchArgs,
  groups: ReadonlyArray<readonly PayloadRef[]>,
  files: readonly string[],
  onProgress?: (progress: MeasureProgress) => void,
): Promise<{ result: MeasureResult; notes: string[] }> {
  return measureIsolated(
    groups.map((refs) => benchJob(args, refs, files)),
    {
      rounds: args.rounds,
      roundTime: args.roundTime,
      warmupTime: args.warmupTime,
      ...(args.budget !== undefined ? { budget: args.budget * 1000 } : {}),
      environment: await nodeEnvironment(),
      ...(onProgress ? { onProgress } : {}),
    },
  );
}
