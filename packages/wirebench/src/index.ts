/**
 * `wirebench`: the measuring engine (`measure`, on tinybench), the planning of a payload's codecs,
 * and the saved result built on its measurement (`withAttribution`, `validateMeasureResult`,
 * `upgradeResult`). The answer, the attribution's breakdown, the reports, the Node helpers and the
 * sample payloads have entries of their own (`wirebench/answer`, `/attribution`, `/report`, `/node`,
 * `/samples`). Browser-safe: everything here runs in a page and a Web Worker too.
 */

export * from './measure/index.js';
export * from './result/index.js';
