/** "This device": what the browser tells about itself, the worker's timer resolution, and why DevTools throttling is no phone. */

import type { ReactNode } from 'react';
import { formatDuration } from 'wirebench/report';
import type { WirebenchResult } from './protocol.js';

/** A timer step coarser than this (ms) means the page is not cross-origin isolated. */
const COARSE_TIMER_MS = 0.02;

export function Device({ result }: { result: WirebenchResult | null }): ReactNode {
  const env = result?.environment;
  const coarse = env ? env.timerResolutionMs > COARSE_TIMER_MS : false;
  return (
    <section aria-labelledby="device-heading" id="device">
      <h2 id="device-heading">This device</h2>
      <dl>
        <dt>User agent</dt>
        <dd className="mono">{navigator.userAgent}</dd>
        <dt>Cores</dt>
        <dd>{navigator.hardwareConcurrency || 'not told'}</dd>
        <dt>Cross-origin isolated</dt>
        <dd>{String(env ? env.crossOriginIsolated : globalThis.crossOriginIsolated)}</dd>
        <dt>Timer resolution (worker)</dt>
        <dd>
          {env
            ? `${formatDuration(env.timerResolutionMs)}${coarse ? ' — coarse: this page is not cross-origin isolated, so each sample batches more calls and short timings are less precise' : ' — fine-grained'}`
            : 'known after a run'}
        </dd>
      </dl>
      <p className="note">
        DevTools CPU throttling (and Chromium's CDP Emulation.setCPUThrottlingRate) slows the page's main thread only, not the Web Worker that measures: a
        throttled desktop does not emulate a phone here. Open this page on the phone itself.
      </p>
    </section>
  );
}
