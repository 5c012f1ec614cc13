/**
 * The planner `npx wirebench` gives `measureIsolated` (wirebench/node): in the worker that
 * measures one payload file, read and parse the file there (so its value is built by this isolate's
 * parser, as a run in one process builds it) and plan it with `planPayload`: a schema inferred from
 * it, the codecs of the formats and implementations asked for (interpreted, under --no-eval, where
 * they compile code per schema); what cannot run becomes a note. The payload's byte attribution is
 * added there too, after it is measured.
 */
import type { FormatId } from '@wirebench/core';
import { createCodec } from '@wirebench/core';
import type { ImplementationChoice } from '../measure/plan.js';
import { planPayload, withoutGeneratedCode } from '../measure/plan.js';
import type { Payload } from '../measure/types.js';
import { readPayloadFiles } from '../node/files.js';
import type { IsolatedPlan } from '../node/isolated.js';
import { attributionSource, withAttribution } from '../result/attribution.js';

/** One payload of the CLI: its file (read in the worker) or its parsed value, and what to measure on it. */
export interface FileJob {
  /** The payload's name in the result (the file's path as typed, normalized). */
  readonly name: string;
  /** The file to read and parse in the worker; or `payload`, already parsed. */
  readonly path?: string;
  readonly payload?: Payload;
  readonly formats: readonly FormatId[];
  readonly implementations: ImplementationChoice;
  /** Measure what a page without eval runs (--no-eval): `withoutGeneratedCode`. */
  readonly interpreted: boolean;
}

export async function planIsolated(job: FileJob): Promise<IsolatedPlan> {
  let payload: Payload;
  if (job.path !== undefined) {
    const [file] = readPayloadFiles([job.path]);
    if (!file) throw new Error(`${job.path}: no such payload file`);
    payload = { name: job.name, value: file.value, lossyNumbers: file.lossyNumbers, lossyCount: file.lossyCount, sourceBytes: file.sourceBytes };
  } else if (job.payload !== undefined) {
    payload = { ...job.payload, name: job.name };
  } else {
    throw new Error(`${job.name}: the job names neither a file nor a payload`);
  }
  const notes: string[] = [];
  const create = job.interpreted ? withoutGeneratedCode(createCodec) : createCodec;
  const planned = await planPayload(payload, job.formats, notes, job.implementations, create);
  return { targets: [planned.target], notes, complete: (result) => withAttribution(result, [attributionSource(planned)]) };
}
