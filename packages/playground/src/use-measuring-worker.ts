/**
 * The measuring worker's life: started with the page, asked for the samples, restarted after a
 * crash (at most MAX_RESTARTS times in a row, waiting longer each time), and never restarted when
 * its script failed to load (that would loop forever). The page hears of it through `events`.
 *
 * Every run gets a fresh worker: a worker that has measured once is ended when the next run starts
 * and a new one measures it, so the second payload a user measures is not timed in a V8 isolate
 * whose codecs already saw the first (their call sites' shapes, their grown buffers): each run's
 * figures are what that payload alone gives on this device, whatever was measured before.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { FromWorker, ToWorker } from './protocol.js';

/** Restarts of a crashed worker before the page gives up, and the first wait (doubled each time). */
const MAX_RESTARTS = 3;
const RESTART_DELAY_MS = 250;

export interface MeasuringWorkerEvents {
  readonly onMessage: (message: FromWorker) => void;
  /** The worker crashed: end the run it was doing, if any, and say whether there was one. */
  readonly onCrash: () => boolean;
  /** What the page should tell the user about the worker (a crash, a restart, giving up). */
  readonly onNotice: (notice: string) => void;
}

/** Starts the worker with the page; `post` sends it a message and says false when no worker runs. */
export function useMeasuringWorker(events: MeasuringWorkerEvents): { post(message: ToWorker): boolean } {
  const worker = useRef<Worker | null>(null);
  const listeners = useRef(events);
  listeners.current = events;
  const restarts = useRef(0);
  const disposed = useRef(false);
  /** Whether the current worker was given a run: then the next run gets a fresh one. */
  const used = useRef(false);

  const startWorker = useCallback((): Worker => {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    let ready = false; // a worker that never says ready failed to load: restarting it would loop forever
    w.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'ready') ready = true;
      // Only a finished run proves the worker works: a worker that crashes right after ready (say on
      // the samples request) must still count towards the cap, or it would loop forever.
      if (event.data.type === 'done') restarts.current = 0;
      listeners.current.onMessage(event.data);
    });
    w.addEventListener('error', (event) => {
      event.preventDefault();
      w.terminate();
      if (worker.current !== w) return;
      const wasMeasuring = listeners.current.onCrash();
      if (!ready || restarts.current >= MAX_RESTARTS) {
        worker.current = null;
        listeners.current.onNotice(
          !ready
            ? `The worker failed to load (${event.message || 'no message'}): this page cannot measure in this browser. Reload to try again.`
            : `The measuring worker crashed ${MAX_RESTARTS + 1} times in a row (${event.message || 'no message'}); it is not restarted again. Reload the page to try again.`,
        );
        return;
      }
      const delay = RESTART_DELAY_MS * 2 ** restarts.current;
      restarts.current += 1;
      const crashed = `The measuring worker crashed (${event.message || 'no message'})`;
      const lost = wasMeasuring ? ' The run it was doing is lost: press Measure to run again.' : '';
      worker.current = null;
      listeners.current.onNotice(`${crashed}; restarting it…${lost}`);
      setTimeout(() => {
        if (disposed.current) return; // the page was unmounted meanwhile
        worker.current = startWorker();
        used.current = false;
        worker.current.postMessage({ type: 'samples' } satisfies ToWorker);
        listeners.current.onNotice(`${crashed} and has been restarted.${lost}`);
      }, delay);
    });
    return w;
  }, []);

  useEffect(() => {
    disposed.current = false;
    worker.current = startWorker();
    used.current = false;
    worker.current.postMessage({ type: 'samples' } satisfies ToWorker);
    // For the e2e test (and anyone curious): crash the worker to see the page recover.
    (window as unknown as { wirebench?: object }).wirebench = { crashWorker: () => worker.current?.postMessage({ type: 'crash' } satisfies ToWorker) };
    return () => {
      disposed.current = true;
      worker.current?.terminate();
      worker.current = null;
    };
  }, [startWorker]);

  const post = useCallback(
    (message: ToWorker): boolean => {
      if (!worker.current) return false;
      if (message.type === 'run') {
        if (used.current) {
          // A fresh isolate for this run: the old worker (and any run it still had) is ended; its
          // messages stop with it, and its error events are ignored (it is no longer the current one).
          const old = worker.current;
          worker.current = startWorker();
          old.terminate();
        }
        used.current = true;
      }
      worker.current.postMessage(message);
      return true;
    },
    [startWorker],
  );
  return { post };
}
