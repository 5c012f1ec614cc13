import type { Environment } from './types.js';

interface RuntimeGlobals {
  process?: { version?: string; versions?: { node?: string }; platform?: string; arch?: string };
  navigator?: { userAgent?: string; hardwareConcurrency?: number; deviceMemory?: number; platform?: string };
  WorkerGlobalScope?: unknown;
  window?: unknown;
  crossOriginIsolated?: boolean;
}

/** The smallest non-zero step of `performance.now()` seen in a few thousand reads. */
export function timerResolution(): number {
  let smallest = Number.POSITIVE_INFINITY;
  let last = performance.now();
  for (let i = 0; i < 20_000 && smallest > 1e-6; i++) {
    const now = performance.now();
    if (now > last) {
      smallest = Math.min(smallest, now - last);
      last = now;
    }
  }
  return Number.isFinite(smallest) ? smallest : 1;
}

/** What any runtime tells about itself, with no Node-only API; `extra` adds what only the caller knows. */
export function detectEnvironment(extra: Partial<Environment> = {}): Environment {
  const g = globalThis as RuntimeGlobals;
  const node = g.process?.versions?.node;
  const nav = g.navigator;
  const runtime: Environment['runtime'] = node ? 'node' : g.WorkerGlobalScope !== undefined ? 'worker' : g.window !== undefined ? 'browser' : 'other';
  const userAgent = nav?.userAgent;
  return {
    runtime,
    runtimeVersion: node ? `Node ${g.process?.version ?? node}` : browserName(userAgent),
    ...(userAgent && !node ? { userAgent } : {}),
    ...(g.process?.platform ? { platform: g.process.platform } : nav?.platform ? { platform: nav.platform } : {}),
    ...(g.process?.arch ? { arch: g.process.arch } : {}),
    ...(nav?.hardwareConcurrency ? { cores: nav.hardwareConcurrency } : {}),
    ...(nav?.deviceMemory ? { memoryGb: nav.deviceMemory } : {}),
    timerResolutionMs: timerResolution(),
    ...(typeof g.crossOriginIsolated === 'boolean' ? { crossOriginIsolated: g.crossOriginIsolated } : {}),
    libraries: {},
    ...extra,
  };
}

function browserName(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown runtime';
  const match = /(Edg|OPR|Firefox|Chrome|Version)\/([\d.]+)/.exec(userAgent);
  if (!match) return userAgent;
  const name = { Edg: 'Edge', OPR: 'Opera', Firefox: 'Firefox', Chrome: 'Chrome', Version: 'Safari' }[match[1] as string];
  return `${name} ${match[2]}`;
}
