/**
 * The browser runner's page. The Node runner (bench/src/cli/browser.ts) drives it through
 * `window.wirebench`, in any engine: it may time a busy loop here and in the worker (to verify CPU
 * throttling), then calls `start(config)` and polls `poll()` for progress and errors. While
 * measuring, the results region is `aria-busy="true"` with a `role="progressbar"`; when done it is
 * `aria-busy="false"` and `window.wirebenchResult` holds the outcome (the result JSON, or why there
 * is none).
 */
import type { MeasureProgress } from 'wirebench';
import { formatResult } from 'wirebench/report';
import type { WirebenchPageApi } from '../src/browser/protocol.js';
import type { BrowserOutcome, BrowserRunConfig, FromWorker, ToWorker } from './run-suites.js';
import { busyLoop, errorText, listSuites, runSuites } from './run-suites.js';

const region = document.getElementById('results') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;

/** What the runner polls (PagePoll): the page's uncaught errors, and its progress reports. */
const pageErrors: string[] = [];
let progressCount = 0;
let lastProgress: MeasureProgress | null = null;
window.addEventListener('error', (event) => pageErrors.push(event.error ? errorText(event.error) : event.message));
window.addEventListener('unhandledrejection', (event) => pageErrors.push(`unhandled rejection: ${errorText(event.reason)}`));

/** A failure the worker reported (its message is already complete: no page stack to add). */
class WorkerFailure extends Error {
  override readonly name = 'WorkerFailure';
}

let worker: Worker | undefined;
let workerReady: Promise<void> | undefined;
const workerListeners = new Set<(message: FromWorker) => void>();
/** Rejects everything waiting on the worker once it fails. */
let workerFailure: ((message: string) => void) | undefined;

function startWorker(): Promise<void> {
  if (workerReady) return workerReady;
  workerReady = new Promise<void>((resolve, reject) => {
    const created = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'wirebench' });
    worker = created;
    workerFailure = (message) => {
      reject(new WorkerFailure(message));
      for (const listener of workerListeners) listener({ type: 'error', message });
    };
    created.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'ready') resolve();
      for (const listener of workerListeners) listener(event.data);
    });
    created.addEventListener('error', (event) => {
      event.preventDefault();
      workerFailure?.(`the worker failed${event.message ? `: ${event.message}` : ' to load or run its script'}`);
    });
    created.addEventListener('messageerror', () => workerFailure?.('a message from the worker could not be read'));
  });
  return workerReady;
}

/** Sends a message to the worker and resolves with the first reply `pick` accepts. */
async function askWorker<T>(message: ToWorker, pick: (reply: FromWorker) => T | undefined, onOther?: (reply: FromWorker) => void): Promise<T> {
  await startWorker();
  return new Promise<T>((resolve, reject) => {
    const listener = (reply: FromWorker): void => {
      if (reply.type === 'error') {
        workerListeners.delete(listener);
        reject(new WorkerFailure(reply.message));
        return;
      }
      const value = pick(reply);
      if (value !== undefined) {
        workerListeners.delete(listener);
        resolve(value);
      } else onOther?.(reply);
    };
    workerListeners.add(listener);
    (worker as Worker).postMessage(message);
  });
}

function progressBar(): { update(progress: MeasureProgress): void; remove(): void } {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', 'Measuring');
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', '100');
  bar.setAttribute('aria-valuenow', '0');
  const fill = bar.appendChild(document.createElement('div'));
  region.append(bar);
  let last = '';
  return {
    update(p) {
      const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 0;
      const where = p.phase === 'measure' ? `round ${p.round + 1} of ${p.rounds}` : p.phase === 'warmup' ? 'warming up' : 'preparing';
      const text = `${p.payload}: ${where}`;
      const key = `${percent} ${text}`;
      if (key === last) return;
      last = key;
      bar.setAttribute('aria-valuenow', String(percent));
      bar.setAttribute('aria-valuetext', `${percent} %, ${text}`);
      fill.style.width = `${percent}%`;
      status.textContent = `Measuring ${text}`;
      // Read by the Node runner's next poll, and forwarded to the terminal.
      progressCount++;
      lastProgress = p;
    },
    remove() {
      bar.remove();
    },
  };
}

function show(outcome: BrowserOutcome): void {
  for (const node of region.querySelectorAll('pre, .error, .note')) node.remove();
  for (const note of outcome.notes) {
    const p = region.appendChild(document.createElement('p'));
    p.className = 'note';
    p.textContent = `Note: ${note}`;
  }
  if (outcome.ok) {
    status.textContent = `Done in the ${outcome.result.environment.runtime === 'worker' ? 'Web Worker' : 'page'}.`;
    region.appendChild(document.createElement('pre')).textContent = formatResult(outcome.result);
  } else {
    status.textContent = 'Failed.';
    const p = region.appendChild(document.createElement('p'));
    p.className = 'error';
    p.textContent = outcome.message;
  }
}

function start(config: BrowserRunConfig): void {
  if (region.getAttribute('aria-busy') === 'true') throw new Error('wirebench is already measuring');
  delete window.wirebenchResult;
  region.setAttribute('aria-busy', 'true');
  status.textContent = `Measuring in the ${config.mode === 'worker' ? 'Web Worker' : 'page'}…`;
  const bar = progressBar();
  const run: Promise<BrowserOutcome> =
    config.mode === 'worker'
      ? askWorker(
          { type: 'run', config },
          (reply) => (reply.type === 'done' ? reply.outcome : undefined),
          (reply) => {
            if (reply.type === 'progress') bar.update(reply.progress);
          },
        )
      : // A macrotask first, so the region is painted busy before the main thread is taken.
        new Promise((resolve) => setTimeout(resolve, 0)).then(() => runSuites(config, (p) => bar.update(p)));
  run
    .catch((error: unknown): BrowserOutcome => ({ ok: false, message: error instanceof WorkerFailure ? error.message : errorText(error), notes: [] }))
    .then((outcome) => {
      window.wirebenchResult = outcome;
      bar.remove();
      show(outcome);
      region.setAttribute('aria-busy', 'false');
    });
}

const api: WirebenchPageApi = {
  async busy(where, iterations) {
    if (where === 'page') return busyLoop(iterations);
    return askWorker({ type: 'busy', iterations }, (reply) => (reply.type === 'busy' ? reply.ms : undefined));
  },
  startWorker,
  list: listSuites,
  start,
  poll: () => ({ running: region.getAttribute('aria-busy') === 'true', progressCount, progress: lastProgress, errors: [...pageErrors] }),
  // A chunk of its own: pages that measure never load it.
  profile: async (config) => (await import('./profile.js')).profileHere(config),
};
window.wirebench = api;
status.textContent = 'Ready: waiting for the runner to start.';
