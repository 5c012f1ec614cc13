/**
 * The Web Worker that `wirebench <file> --engine …` measures in: fetches the payload file the CLI
 * serves, parses it as the CLI does (`parseJson`), plans it with `planPayload` and the codecs a
 * browser can run (the libraries bundled, by name), measures it with the one engine, and adds the
 * byte attribution. Bundled with its libraries at package build time (scripts/bundle-browser-page.js).
 */
import { parseJson } from '@wirebench/core';
import { createCodecWithLibraries } from '@wirebench/core/libraries';
import { measure } from '../measure/engine.js';
import { planPayload, withoutGeneratedCode } from '../measure/plan.js';
import { pressureReader } from '../measure/pressure-reader.js';
import { attributionSource, withAttribution } from '../result/attribution.js';
import type { EngineOutcome, EngineRunConfig, FromEngineWorker } from './protocol.js';

interface WorkerScope {
  postMessage(message: FromEngineWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EngineRunConfig>) => void): void;
}
const scope = self as unknown as WorkerScope;

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack?.includes(error.message) ? error.stack : `${error.message}\n${error.stack ?? ''}`) : String(error);
}

async function run(config: EngineRunConfig): Promise<EngineOutcome> {
  const response = await fetch(config.url);
  if (!response.ok) return { ok: false, message: `${config.name}: the CLI answered ${response.status} for ${config.url}` };
  const text = await response.text();
  const { value, lossyNumbers, lossyCount } = parseJson(text);
  const payload = { name: config.name, value, lossyNumbers, lossyCount, sourceBytes: new TextEncoder().encode(text).length };
  const notes: string[] = [];
  const create = config.interpreted ? withoutGeneratedCode(createCodecWithLibraries) : createCodecWithLibraries;
  const planned = await planPayload(payload, config.formats, notes, config.implementations, create);
  const result = await measure([planned.target], {
    rounds: config.rounds,
    roundTime: config.roundTime,
    warmupTime: config.warmupTime,
    environment: config.environment,
    isolation: config.isolation,
    ...(config.pressurePath !== null ? { cpuPressure: pressureReader(config.pressurePath) } : {}),
    onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
  });
  return { ok: true, result: withAttribution(result, [attributionSource(planned)]), notes };
}

scope.addEventListener('message', (event) => {
  run(event.data).then(
    (outcome) => scope.postMessage({ type: 'done', outcome }),
    (error: unknown) => scope.postMessage({ type: 'done', outcome: { ok: false, message: `in the worker: ${errorText(error)}` } }),
  );
});
