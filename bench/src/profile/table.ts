/**
 * bench:profile's tables: one implementation's run (calls per second, samples) and its self time
 * per function and per owner, as plain text.
 */
import { formatCount, formatDuration } from 'wirebench/report';
import type { LoopResult } from './loop.js';
import { SAMPLING_INTERVAL_US } from './loop.js';
import type { FunctionRow, ProfileSummary } from './summarize.js';
import { OWNERS } from './summarize.js';

/** V8's own lines, shown whether or not they make the top N (0.0 when absent). */
const ALWAYS = ['(garbage collector)', '(program)'] as const;

const percent = (value: number): string => value.toFixed(1).padStart(6);

function where(row: Pick<FunctionRow, 'file' | 'line' | 'owner' | 'hotLine'>): string {
  if (row.file === '') return row.owner === OWNERS.generated ? '(new Function)' : '';
  const hot = row.hotLine ? `  (line ${row.hotLine.line}: ${row.hotLine.percent.toFixed(0)} %)` : '';
  return row.line === undefined ? row.file : `${row.file}:${row.line}${hot}`;
}

/** The run's line: calls per second and per call, and how many samples V8 took. */
export function runLine(loop: LoopResult, summary: ProfileSummary): string {
  const perSecond = loop.calls / (loop.ms / 1000);
  const interval = summary.samples > 0 ? (summary.totalMs * 1000) / summary.samples : 0;
  return (
    `${formatCount(perSecond)} calls/s (${formatDuration(loop.ms / loop.calls)} a call) over ${formatDuration(loop.ms)} under the profiler; ` +
    `${formatCount(summary.samples)} samples, one every ${interval.toFixed(0)} µs on average (${SAMPLING_INTERVAL_US} µs asked)` +
    (summary.idleSamples > 0 ? `; ${formatCount(summary.idleSamples)} idle samples left out` : '')
  );
}

/**
 * The top `top` functions by self time, then V8's (garbage collector) and (program) if not among
 * them; each with its file and line, and the line most of its self time was on.
 */
export function functionTable(summary: ProfileSummary, top: number): string[] {
  const shown = summary.functions.slice(0, top);
  const extra = ALWAYS.filter((name) => !shown.some((row) => row.name === name)).map(
    (name) => summary.functions.find((row) => row.name === name) ?? { name, file: '', line: undefined, owner: '', samples: 0, selfMs: 0, percent: 0 },
  );
  const rows = [...shown, ...extra];
  const nameWidth = Math.max('function'.length, ...rows.map((row) => row.name.length));
  const lines = [`${'self %'.padStart(6)}  ${'function'.padEnd(nameWidth)}  where  (hottest line: its share of the function's samples)`];
  for (const [i, row] of rows.entries()) {
    if (i === shown.length && summary.functions.length > shown.length) lines.push(`${''.padStart(6)}  …`);
    lines.push(`${percent(row.percent)}  ${row.name.padEnd(nameWidth)}  ${where(row)}`.trimEnd());
  }
  return lines;
}

/** Self time per owner: wirebench core, the library, V8 builtins & native, the garbage collector, … */
export function ownerTable(summary: ProfileSummary): string[] {
  return [`${'self %'.padStart(6)}  owner`, ...summary.owners.map((row) => `${percent(row.percent)}  ${row.owner}`)];
}
