/**
 * The answer to "should my API speak one of these formats?": time until usable on published
 * network presets, what each implementation's JavaScript costs and when it pays off, the
 * constraints that rule formats out, a ranking and a verdict. Pure functions over plain data, as
 * data: the sentences that say it are report's (report/answer-words.ts). Shared by the playground
 * and the CLI; no Node-only API.
 */

export { BUNDLE_GZIP_BYTES, BUNDLE_MEASURED_WITH } from '@wirebench/core';
export type { BreakEven, Responses } from './break-even.js';
export { breakEven, responsesToRepay } from './break-even.js';
export type { EvalUse, ImplementationCapabilities, Int64Behaviour } from './capabilities.js';
export { capabilitiesOf, IMPLEMENTATION_CAPABILITIES, isReadable, needsSharedSchema, READABLE_FORMATS } from './capabilities.js';
export type { Constraints, Exclusion, ExclusionCode, ResolvedConstraints, RowCapabilities } from './constraints.js';
export {
  ANSWER_DEFAULTS,
  bundleBudgetBytes,
  constraintExclusions,
  cpuSlowdownFactor,
  DEFAULT_MIN_GAIN,
  MAX_BUNDLE_BUDGET_KB,
  MAX_CPU_SLOWDOWN,
  MAX_MIN_GAIN_PERCENT,
  minGainShare,
  resolveConstraints,
  rowCapabilities,
} from './constraints.js';
export type { InflateSource, StreamedDecompressionInput } from './decompression.js';
export { DECOMPRESSION_SOURCES, INFLATE_CHUNK_BYTES, streamedDecompressionMs } from './decompression.js';
export type { FirstDiff, RowExtras, RowFacts } from './facts.js';
export { rowFacts } from './facts.js';
export { isNodeOnly, jsBytesOf } from './js-cost.js';
export type { LevelWith } from './level.js';
export type { NetworkPreset } from './networks.js';
export { DEFAULT_NETWORK_IDS, findNetworkPreset, NETWORK_PRESETS, NETWORK_ROLES, NETWORK_SOURCE } from './networks.js';
export type { AnswerOptions, PayloadAnswer, RowAnswer } from './payload-answer.js';
export { answerPayload, payloadFacts } from './payload-answer.js';
export type { ExcludedRow, RankedRow, Ranking } from './rank.js';
export { rank } from './rank.js';
export type { MissingFigure, ServedEncoding, ServedFigures, ServedParts } from './served.js';
export { measuredServed, missingFigure, SERVED_ENCODINGS, servedParts } from './served.js';
export type { SlowerCpu } from './slower-cpu.js';
export { CPU_SLOWDOWNS, onSlowerCpu, slowdowns } from './slower-cpu.js';
export type { TimeUntilUsable, Transfer, UsableInput } from './time-until-usable.js';
export { downloadMs, resolvePreset, rowTimeUntilUsable, timeUntilUsable, timeUntilUsableAcross, transfer } from './time-until-usable.js';
export type { NotNoticeable, OtherNetwork, PassedOver, Verdict, VerdictBrief, VerdictWhere, VersusJson } from './verdict.js';
export { brief, MIN_ROUNDS, NOISE_ALPHA, otherNetworks, roundsToWin, verdict } from './verdict.js';
export { withAnswers } from './with-answers.js';
