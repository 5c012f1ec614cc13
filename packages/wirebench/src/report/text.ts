import type { Environment, MeasureResult, OperationResult, PayloadResult, Ratio, RowResult } from '../measure/types.js';
import { formatAnswer } from './answer-text.js';
import {
  fidelityText,
  formatCount,
  formatDuration,
  formatInterval,
  formatNumber,
  formatPercent,
  formatRatioInterval,
  formatRatioNumber,
  isolationText,
  isWithinNoise,
  sourceBytesNote,
} from './format.js';
import { interpretedNote } from './interpreted.js';
import { table } from './text-table.js';

/** Plain-text tables of a result: what a terminal or a CI log shows. Browser-safe; figures as `format.ts` writes them. */

/** How to read the tables: the legend `wirebench --help` and `npm run bench` print. */
export const LEGEND = `How to read the tables (lower is better everywhere):
  bytes          encoded size; % JSON is that size over JSON's; gzip/brotli are the encoded bytes compressed
  median … mean  microseconds per call over every sample of every round (a sample is a batch of calls);
                 mean above median shows garbage-collection pauses and outliers
  rme            relative margin of error of the mean at 95 %: how closely the samples pin the mean down
  MB/s           megabytes of the payload's JSON text handled per second, at the median
  × JSON         time ÷ JSON's time in the same round, median over rounds; below 1.00 is faster than JSON
  95 % interval  bootstrap over rounds; "≈ JSON" marks an interval that includes 1.00: no difference
                 from JSON within this machine's noise
  fidelity       "exact" when decode gave back the payload as JSON data; otherwise the count of differences
                 and the first one, or "error:" and why the codec refused the payload (then it is not timed)`;

/** Microseconds, for the columns headed `µs`. */
const micros = (ms: number): string => formatNumber(ms * 1000);

/** `0.72  0.69–0.75`, with `≈ JSON` when the interval includes 1. */
export function ratioText(ratio: Ratio | undefined): [string, string] {
  if (!ratio) return ['', ''];
  return [formatRatioNumber(ratio.estimate), `${formatInterval(ratio)}${isWithinNoise(ratio) ? '  ≈ JSON' : ''}`];
}

function sizeTable(payload: PayloadResult, compressors: readonly string[]): string[] {
  const codecs = payload.rows.filter((r) => r.kind === 'codec');
  const rows = codecs.map((row) => [
    row.name,
    row.bytes === undefined ? '—' : formatCount(row.bytes),
    row.bytesVsJson === undefined ? '' : formatPercent(row.bytesVsJson),
    // Own sizes only: a compressor name a row lacks must not find a member every object inherits.
    ...compressors.map((c) => (row.compressed && Object.hasOwn(row.compressed, c) ? formatCount(row.compressed[c] as number) : '—')),
    fidelityText(row),
  ]);
  return table(['size', 'bytes', '% JSON', ...compressors, 'fidelity'], rows, [0, 3 + compressors.length]);
}

function timeTable(payload: PayloadResult, op: 'encode' | 'decode'): string[] {
  const rows = payload.rows.filter((row) => row[op] !== undefined);
  if (rows.length === 0) return [];
  const hasLibraries = rows.some((row) => row[op]?.wrapperCost);
  const cells = rows.map((row) => {
    const r = row[op] as OperationResult;
    const name = row.kind === 'codec' ? row.name : `  ${row.name}`;
    const [estimate, interval] = row.name === payload.reference ? ['1.00', 'reference'] : ratioText(r.vsJson);
    const wrapper = r.wrapperCost ? `${row.wraps} = ${formatRatioInterval(r.wrapperCost)}` : '';
    const rme = Number.isFinite(r.rme) ? `±${formatPercent(r.rme / 100)}` : '';
    return [
      name,
      micros(r.median),
      micros(r.p75),
      micros(r.p99),
      micros(r.mean),
      rme,
      formatNumber(r.mbPerSecond),
      estimate,
      interval,
      ...(hasLibraries ? [wrapper] : []),
    ];
  });
  const header = [op, 'median µs', 'p75', 'p99', 'mean', 'rme', 'MB/s', '× JSON', '95 % interval', ...(hasLibraries ? ['codec ÷ library'] : [])];
  return table(header, cells, [0, 8, 9]);
}

const parenthesized = (text: string | undefined): string => (text === undefined ? '' : ` (${text})`);

function payloadHeader(payload: PayloadResult): string {
  if (payload.error !== undefined && payload.rows.length === 0) return `## ${payload.name} — not measured`;
  const pressures = payload.rounds.map((r) => r.cpuPressure).filter((p): p is number => p !== undefined);
  const parts = [
    payload.jsonBytes > 0
      ? `JSON ${formatCount(payload.jsonBytes)} bytes${parenthesized(sourceBytesNote(payload.jsonBytes, payload.sourceBytes))}`
      : 'JSON.stringify cannot write it',
    `${payload.rounds.length} rounds${payload.stoppedByBudget ? ' (cut short by --budget)' : ''}`,
    ...(pressures.length > 0 ? [`CPU pressure max ${formatPercent(Math.max(...pressures))}`] : []),
  ];
  return `## ${payload.name} — ${parts.join(', ')}`;
}

/** Notes under a payload: rows measured interpreted, numbers lost before any codec ran, contended rounds. */
function payloadWarnings(payload: PayloadResult): string[] {
  const interpreted = interpretedNote(payload);
  const lines: string[] = interpreted === undefined ? [] : [`  ${interpreted}`];
  if (payload.lossyCount > 0) {
    const shown = payload.lossyNumbers.slice(0, 5).map((n) => `${n.path} = ${n.text}`);
    lines.push(
      `  ! ${payload.lossyCount} number literal(s) cannot be kept by JSON.parse, so every format (JSON too) sees them changed: ${shown.join(', ')}${payload.lossyCount > 5 ? ', …' : ''}`,
    );
  }
  if (payload.suspect) {
    const suspect = payload.rounds.filter((r) => r.suspect).length;
    lines.push(`  ! ${suspect} of ${payload.rounds.length} rounds ran under heavy CPU contention even after retries: read these figures with care`);
  }
  return lines;
}

/** One payload's heading, warnings (lossy numbers, contended rounds), its answer where it has one, size table and encode and decode tables. */
export function formatPayload(payload: PayloadResult, compressors: readonly string[], environment?: Environment): string {
  const lines = [payloadHeader(payload), ...payloadWarnings(payload)];
  if (payload.error !== undefined) lines.push(`  ! not measured: ${payload.error}`);
  // The answer first, where one was given: it is what the tables below are read for.
  const answer = formatAnswer(payload, environment);
  if (answer.length > 0) lines.push('', ...answer);
  if (payload.rows.some((r) => r.kind === 'codec')) lines.push('', ...sizeTable(payload, compressors));
  for (const op of ['encode', 'decode'] as const) {
    const rows = timeTable(payload, op);
    if (rows.length > 0) lines.push('', ...rows);
  }
  const failed = payload.rows.filter((r) => r.error && r.kind !== 'codec');
  for (const row of failed) lines.push(`  ${row.name}: ${row.error}`);
  return lines.join('\n');
}

/** ` (JavaScriptCore, Web Worker)`: the JavaScript engine where the runner named it, and a worker. */
function runtimeTags(env: MeasureResult['environment']): string {
  const tags = [env.engine?.javascript, env.runtime === 'worker' ? 'Web Worker' : undefined].filter((tag) => tag !== undefined);
  return tags.length > 0 ? ` (${tags.join(', ')})` : '';
}

/** The lines about the runtime, the device, the libraries and the rounds that head a result's tables. */
export function formatEnvironment(result: MeasureResult): string {
  const env = result.environment;
  const libraries = Object.entries(env.libraries)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  const device = [env.cpuModel, env.cores ? `${env.cores} cores` : undefined, env.memoryGb ? `${formatNumber(env.memoryGb)} GB` : undefined]
    .filter(Boolean)
    .join(', ');
  return [
    `${env.runtimeVersion}${runtimeTags(env)}${env.cpuThrottle && env.cpuThrottle > 1 ? `, CPU throttled ${env.cpuThrottle}×` : ''}; ${device}; timer step ${formatDuration(env.timerResolutionMs)}`,
    libraries ? `libraries: ${libraries}` : '',
    `${result.options.rounds} rounds × ${result.options.roundTime} ms per task, warm-up ${result.options.warmupTime} ms per task`,
    `isolation: ${isolationText(result.options.isolation)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A whole result as text: the environment, then every payload's tables. */
export function formatResult(result: MeasureResult): string {
  return [formatEnvironment(result), ...result.payloads.map((p) => `\n${formatPayload(p, result.options.compressors, result.environment)}`)].join('\n');
}

/**
 * Lines under the tables naming every codec row that did not give its payload back exactly, and
 * every one that refused or failed on it: a loss must be seen even by a reader who skims.
 */
export function fidelitySummary(result: MeasureResult): string[] {
  const rows = (test: (row: RowResult) => boolean): string[] =>
    result.payloads.flatMap((p) => p.rows.filter((r) => r.kind === 'codec' && test(r)).map((r) => `${r.name} on ${p.name}`));
  const lossy = rows((r) => r.fidelity !== undefined && !r.fidelity.ok);
  const failed = rows((r) => r.error !== undefined);
  const unmeasured = result.payloads.filter((p) => p.error !== undefined).map((p) => p.name);
  return [
    ...(lossy.length > 0 ? [`fidelity: these did not give the payload back exactly: ${lossy.join('; ')}`] : []),
    ...(failed.length > 0 ? [`fidelity: these refused or failed on the payload (see the error in the table): ${failed.join('; ')}`] : []),
    ...(unmeasured.length > 0 ? [`not measured (see the error under each): ${unmeasured.join('; ')}`] : []),
  ];
}
