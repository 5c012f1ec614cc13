/**
 * bench:profile in Node: each subject profiled in a fresh worker thread (node-worker.ts), so its
 * profile carries no JIT state or garbage of the implementations profiled before it.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoopResult, Profiled, ProfileJob } from './loop.js';
import type { CpuProfile } from './summarize.js';

export const CANONICAL_PROTO = fileURLToPath(new URL('../../../schemas/canonical.proto', import.meta.url));

export type NodeProfileReply =
  | { readonly ok: true; readonly loop: LoopResult; readonly profile: CpuProfile }
  | { readonly ok: false; readonly message: string };

export function profileInWorker(job: ProfileJob): Promise<Profiled> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./node-worker.js', import.meta.url), { workerData: job });
    let replied = false;
    worker.once('message', (reply: NodeProfileReply) => {
      replied = true;
      void worker.terminate();
      if (reply.ok) resolve({ loop: reply.loop, profile: reply.profile });
      else reject(new Error(`in the worker: ${reply.message}`));
    });
    worker.once('error', (error) => reject(new Error(`the worker failed: ${error.message}`)));
    worker.once('exit', (code) => {
      if (!replied) reject(new Error(`the worker exited (code ${code}) without a profile`));
    });
  });
}
