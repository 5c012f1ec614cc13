/**
 * The one measuring engine, on tinybench: what the package root (`wirebench`) exports of it. It
 * times codecs and knows nothing of answers, attribution or reports (the layers above it).
 */

export { defaultCompressors, streamBrotli, streamGzip } from './compress.js';
export { DECOMPRESSION_ROUNDS } from './decompression.js';
export { extraRows, METHOD, measure, resolveMeasureOptions } from './engine.js';
export { detectEnvironment, timerResolution } from './environment.js';
export { failedPayload, mergePayloadResults, progressAcross } from './merge.js';
export type { ImplementationChoice, PlannedPayload } from './plan.js';
export { codecsFor, parseImplementations, planPayload, selectImplementations, withoutGeneratedCode } from './plan.js';
export type { MeasurePreset } from './presets.js';
export { MEASURE_PRESETS } from './presets.js';
export { pressureReader } from './pressure-reader.js';
export type { BootstrapOptions, Interval } from './stats.js';
export { bootstrapInterval, bootstrapRatioInterval, mannWhitneyU, median, quantile } from './stats.js';
export type {
  BrowserEngine,
  Compressor,
  EngineName,
  Environment,
  ExtraRow,
  Isolation,
  MeasureOptions,
  MeasureProgress,
  MeasureResult,
  MeasureTarget,
  Operation,
  OperationResult,
  Payload,
  PayloadResult,
  Ratio,
  ResolvedMeasureOptions,
  RoundInfo,
  RowResult,
} from './types.js';
export { ENGINE_NAMES, ISOLATIONS, RESULT_FORMAT, RESULT_VERSION } from './types.js';
