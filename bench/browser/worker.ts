/**
 * The browser runner in a dedicated Web Worker: the same suites and engine as the page, off the main
 * thread, the way the playground measures. Every failure is posted back, so the page never waits on
 * a worker that died.
 */
import type { FromWorker, ToWorker } from './run-suites.js';
import { busyLoop, errorText, runSuites } from './run-suites.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker): void => scope.postMessage(message);

scope.addEventListener('error', (event) => {
  event.preventDefault(); // reported here, with its stack; not again as the page's Worker error event
  post({ type: 'error', message: `in the worker: ${event.error ? errorText(event.error) : event.message}` });
});
scope.addEventListener('unhandledrejection', (event) => {
  post({ type: 'error', message: `in the worker, unhandled rejection: ${errorText(event.reason)}` });
});

scope.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'busy') {
    post({ type: 'busy', ms: busyLoop(message.iterations) });
    return;
  }
  runSuites(message.config, (progress) => post({ type: 'progress', progress })).then(
    (outcome) => post({ type: 'done', outcome }),
    (error: unknown) => post({ type: 'error', message: `in the worker: ${errorText(error)}` }),
  );
});

post({ type: 'ready' });
