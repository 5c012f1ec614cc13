/**
 * The worker of `measureIsolated` (./isolated.ts): a fresh V8 isolate that plans its job's payloads
 * with the job's planner module, measures them with the one engine, and posts back the payload
 * results and notes. Every failure is posted as an error (or ends the worker, which the parent sees):
 * the parent never waits on a worker that died quietly.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { measure } from '../measure/engine.js';
import { cpuPressure, nodeCompressors } from './environment.js';
import type { FromIsolatedWorker, IsolatedPlan, IsolatedPlanner, WorkerJob } from './isolated.js';

const port = parentPort;
if (!port) throw new Error('isolated-worker.js runs as a worker of measureIsolated, not on its own');
const post = (message: FromIsolatedWorker): void => port.postMessage(message);
const job = workerData as WorkerJob;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const readNotes = (plan: IsolatedPlan | undefined): string[] => {
  const notes = typeof plan?.notes === 'function' ? plan.notes() : (plan?.notes ?? []);
  return [...new Set(notes)];
};

let plan: IsolatedPlan | undefined;
try {
  const planner = ((await import(job.planner)) as { planIsolated?: IsolatedPlanner }).planIsolated;
  if (typeof planner !== 'function') throw new Error(`${job.planner} exports no planIsolated function`);
  plan = await planner(job.data);
  const { budget, ...options } = job.options;
  const measured = await measure(plan.targets, {
    ...options,
    ...(budget === null ? {} : { budget }),
    compressors: job.compressors === 'node' ? nodeCompressors : {},
    ...(job.cpuPressure ? { cpuPressure } : {}),
    ...(job.environment ? { environment: job.environment } : {}),
    onProgress: (progress) => post({ type: 'progress', progress }),
    onPayload: (payload, final) => post({ type: 'payload', payload, final }),
  });
  const result = plan.complete ? plan.complete(measured) : measured;
  post({ type: 'done', payloads: result.payloads, notes: readNotes(plan) });
} catch (error) {
  let notes: string[] = [];
  try {
    notes = readNotes(plan);
  } catch {
    // the notes are lost with the plan
  }
  post({ type: 'error', message: messageOf(error), notes });
}
