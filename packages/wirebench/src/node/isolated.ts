/**
 * Payloads measured apart: each in a fresh `node:worker_threads` Worker (a fresh V8 isolate, heap
 * and JIT state), one after another, never two at once (they would share the CPU and time each
 * other). A payload's figures then do not depend on the payloads measured before it: the JavaScript
 * codecs (wirebench's and the libraries') slow down after their call sites have seen many shapes,
 * and some grow module-wide buffers; JSON's native code does not, so in one process every ratio to
 * JSON drifts with the payloads before it. Node only.
 *
 * The parent sends each worker a job (structured-clone data); the worker imports the job's planner
 * module, which plans the job's payloads there (builds their codecs and extra rows), measures them
 * with the one engine, forwards progress, and posts back the payload results and notes. The parent
 * merges them into one result and drives one progress bar. A worker that fails, crashes, exits or
 * stalls becomes an error on its payloads; the other payloads are still measured.
 */
import { Worker } from 'node:worker_threads';
import { resolveMeasureOptions } from '../measure/engine.js';
import { detectEnvironment } from '../measure/environment.js';
import { failedPayload, mergePayloadResults, progressAcross } from '../measure/merge.js';
import type { MeasureOptions, MeasureProgress, MeasureResult, MeasureTarget, PayloadResult, ResolvedMeasureOptions } from '../measure/types.js';
import { nodeCompressors } from './environment.js';

/** What a planner module's `planIsolated(data)` gives the worker: its payloads' targets, in order, and the notes planning left. */
export interface IsolatedPlan {
  readonly targets: readonly MeasureTarget[];
  /**
   * Run in the worker on what it measured, before the payloads are posted back: adds what needs the
   * payload's value, which stays in the worker (the CLI's planner adds the byte attribution).
   */
  readonly complete?: (result: MeasureResult) => MeasureResult;
  /** Read after measuring, when a function: extra rows built while measuring may add notes. */
  readonly notes?: readonly string[] | (() => readonly string[]);
}

/** The export a planner module must have: `export async function planIsolated(data) { … }`. */
export type IsolatedPlanner<D = unknown> = (data: D) => Promise<IsolatedPlan>;

/** One worker's work: the planner module, the data it plans from, and the payloads it must give back. */
export interface IsolatedJob<D = unknown> {
  /** URL (`file:`) of an ES module exporting `planIsolated` (an `IsolatedPlanner`), imported in the worker. */
  readonly planner: string;
  /** Structured-clone data `planIsolated` receives: a path, a payload's index in a seeded suite… */
  readonly data: D;
  /**
   * The names of the payloads the planner plans from `data`, in order: one for a run isolated per
   * payload. A worker that fails gives each of them an error; one that plans other names fails.
   */
  readonly payloads: readonly string[];
}

/** The measure options a worker can be sent (numbers and names), and the runner's own. */
export interface IsolatedOptions extends Omit<MeasureOptions, 'compressors' | 'cpuPressure' | 'isolation' | 'onPayload'> {
  /** `node` (default): gzip and brotli as `nodeCompressors`; `none`: no compressed sizes. */
  readonly compressors?: 'node' | 'none';
  /** Read Linux CPU pressure around every round (default true). */
  readonly cpuPressure?: boolean;
  /** Called with each payload's sizes and fidelity before it is timed (`final: false`), then with its result. */
  readonly onPayload?: (result: PayloadResult, final: boolean) => void;
  /**
   * Milliseconds a worker may go without any message (progress comes every task-round) before it
   * is ended and its payloads reported as stalled (default 300,000).
   */
  readonly stallTimeout?: number;
}

/** What `measureIsolated` resolves to: the merged result and every note, each once, in the order met. */
export interface IsolatedResult {
  readonly result: MeasureResult;
  readonly notes: string[];
}

/** What the parent sends a worker (`workerData`). */
export interface WorkerJob {
  readonly planner: string;
  readonly data: unknown;
  readonly payloads: readonly string[];
  /** The run's resolved options; `budget` is this job's share. */
  readonly options: ResolvedMeasureOptions;
  readonly environment: MeasureOptions['environment'];
  readonly compressors: 'node' | 'none';
  readonly cpuPressure: boolean;
}

/** What a worker posts back. */
export type FromIsolatedWorker =
  | { readonly type: 'progress'; readonly progress: MeasureProgress }
  | { readonly type: 'payload'; readonly payload: PayloadResult; readonly final: boolean }
  | { readonly type: 'done'; readonly payloads: PayloadResult[]; readonly notes: string[] }
  | { readonly type: 'error'; readonly message: string; readonly notes: string[] };

const WORKER = new URL('./isolated-worker.js', import.meta.url);
const STALL_TIMEOUT = 300_000;

/**
 * Measures each job in a fresh worker, one after another, and merges their payloads into one result
 * (`options.isolation` is `worker-per-payload` when every job holds one payload, `none` otherwise).
 * A job whose worker fails, crashes, exits early or stalls gives each of its payloads an `error`
 * (said in the tables and in `fidelitySummary`); the next job still runs. Options are checked before
 * any worker starts (a RangeError); `signal` ends the running worker and rejects with its reason.
 */
export async function measureIsolated(jobs: readonly IsolatedJob[], options: IsolatedOptions = {}): Promise<IsolatedResult> {
  const environment = detectEnvironment(options.environment);
  const compressors = options.compressors ?? 'node';
  const isolation = jobs.every((job) => job.payloads.length === 1) ? 'worker-per-payload' : 'none';
  const { cpuPressure: _pressure, onPayload: _onPayload, ...measureOptions } = options;
  const resolved = resolveMeasureOptions({ ...measureOptions, isolation }, environment, compressors === 'node' ? Object.keys(nodeCompressors) : []);
  const count = jobs.reduce((sum, job) => sum + job.payloads.length, 0);
  const progress = progressAcross(
    jobs.map((job) => job.payloads.length),
    options.onProgress,
  );
  const payloads: PayloadResult[] = [];
  const notes: string[] = [];
  const note = (text: string): void => {
    if (!notes.includes(text)) notes.push(text);
  };
  for (const [index, job] of jobs.entries()) {
    options.signal?.throwIfAborted();
    // Each job's share of the budget, as measure() shares one among its payloads.
    const budget = resolved.budget === null || count === 0 ? null : (resolved.budget * job.payloads.length) / count;
    const outcome = await runWorker(
      {
        planner: job.planner,
        data: job.data,
        payloads: job.payloads,
        options: { ...resolved, budget },
        environment,
        compressors,
        cpuPressure: options.cpuPressure ?? true,
      },
      {
        onProgress: (p) => progress.report(index, p),
        onPayload: options.onPayload,
        stallTimeout: options.stallTimeout ?? STALL_TIMEOUT,
        signal: options.signal,
      },
    );
    progress.finish(index);
    outcome.notes.forEach(note);
    payloads.push(...outcome.payloads);
  }
  return { result: mergePayloadResults(payloads, { environment, options: resolved }), notes };
}

interface WorkerHooks {
  readonly onProgress: (progress: MeasureProgress) => void;
  readonly onPayload: IsolatedOptions['onPayload'];
  readonly stallTimeout: number;
  readonly signal: AbortSignal | undefined;
}

/** One job in a fresh worker, to its end: its payloads (each an error when the worker failed) and its notes. Rejects only when aborted. */
function runWorker(job: WorkerJob, hooks: WorkerHooks): Promise<{ payloads: PayloadResult[]; notes: string[] }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const worker = new Worker(WORKER, { workerData: job, name: `wirebench ${job.payloads.join(', ')}` });
    const failed = (message: string, notes: string[] = []): void => finish({ payloads: job.payloads.map((name) => failedPayload(name, message)), notes });
    // The worker is ended (and its exit awaited) before the next starts: never two measuring at once.
    const finish = (outcome: { payloads: PayloadResult[]; notes: string[] } | { aborted: unknown }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      hooks.signal?.removeEventListener('abort', abort);
      void worker.terminate().then(
        () => ('aborted' in outcome ? reject(outcome.aborted) : resolve(outcome)),
        () => ('aborted' in outcome ? reject(outcome.aborted) : resolve(outcome)),
      );
    };
    const alive = (): void => {
      clearTimeout(stall);
      stall = setTimeout(
        () => failed(`the worker measuring it sent nothing for ${Math.round(hooks.stallTimeout / 1000)} s and was stopped (a codec stuck in a loop?)`),
        hooks.stallTimeout,
      );
    };
    const abort = (): void => finish({ aborted: hooks.signal?.reason });
    hooks.signal?.addEventListener('abort', abort, { once: true });
    alive();
    worker.on('message', (message: FromIsolatedWorker) => {
      if (settled) return;
      alive();
      switch (message.type) {
        case 'progress':
          hooks.onProgress(message.progress);
          return;
        case 'payload':
          hooks.onPayload?.(message.payload, message.final);
          return;
        case 'error':
          failed(message.message, message.notes);
          return;
        case 'done': {
          const got = message.payloads.map((p) => p.name);
          if (got.length !== job.payloads.length || got.some((name, i) => name !== job.payloads[i])) {
            failed(`the worker planned other payloads than asked: ${JSON.stringify(got)} for ${JSON.stringify(job.payloads)}`, message.notes);
            return;
          }
          finish({ payloads: message.payloads, notes: message.notes });
          return;
        }
      }
    });
    worker.on('messageerror', (error) => failed(`a message from the worker could not be read: ${error.message}`));
    worker.on('error', (error) => failed(`the worker measuring it crashed: ${error.message}`));
    worker.on('exit', (code) => failed(`the worker measuring it ended (exit code ${code}) before giving a result`));
  });
}
