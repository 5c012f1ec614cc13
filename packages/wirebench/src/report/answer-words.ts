import { BUNDLE_MEASURED_WITH } from '@wirebench/core';
import type { BreakEven, Responses } from '../answer/break-even.js';
import type { Exclusion } from '../answer/constraints.js';
import { INFLATE_CHUNK_BYTES } from '../answer/decompression.js';
import type { LevelWith } from '../answer/level.js';
import type { NetworkPreset } from '../answer/networks.js';
import { findNetworkPreset } from '../answer/networks.js';
import type { PayloadAnswer, RowAnswer } from '../answer/payload-answer.js';
import type { ExcludedRow, RankedRow, Ranking } from '../answer/rank.js';
import type { ServedEncoding } from '../answer/served.js';
import type { SlowerCpu } from '../answer/slower-cpu.js';
import type { TimeUntilUsable } from '../answer/time-until-usable.js';
import type { OtherNetwork, Verdict, VerdictBrief, VersusJson } from '../answer/verdict.js';
import { brief, roundsToWin, sameBrief, verdict } from '../answer/verdict.js';
import type { Environment } from '../measure/types.js';
import { formatBytes, formatDuration } from './format.js';

/**
 * The answer in words: every sentence a person reads about it (the verdict, a ranked row's reason,
 * why a row is not ranked, why a row has no figures), built from the answer's data (answer/), with
 * the figures in the one style of every wirebench report (format.ts: decimal kB, µs below a
 * millisecond). The CLI's text, the HTML report and the playground all print these, so they say the
 * same; a saved result holds only the data, so it can be worded anew.
 */

/** A duration's size, for a saving or a loss quoted by its size: `850 µs`, `41.2 ms`. */
export function formatMs(ms: number): string {
  return formatDuration(Math.abs(ms));
}

/** A difference with its sign, for a column of differences to JSON: `−23.8 ms` (sooner), `+1.20 ms` (later), `0 ms`. */
export function formatSignedMs(ms: number): string {
  return ms === 0 ? '0 ms' : `${ms < 0 ? '−' : '+'}${formatMs(ms)}`;
}

/** A size's magnitude, for a saving or a loss quoted by its size: `48,213 B`, `598 kB`. */
export function formatSize(bytes: number): string {
  return formatBytes(Math.abs(bytes));
}

/** `1 response`, `9 responses`, `never`. */
export function formatResponses(responses: Responses): string {
  return responses === 'never' ? 'never' : `${responses} response${responses === 1 ? '' : 's'}`;
}

/** How a served encoding reads after "on 4G": `with gzip`, `with brotli`, `uncompressed`. */
export function servedWords(served: ServedEncoding): string {
  return served === 'none' ? 'uncompressed' : `with ${served}`;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}` : (names[0] ?? '');
}

/** A share's magnitude as the verdict quotes it, in percent: `0.1 %`, `0.07 %`, `4.2 %`, `5 %`, `12 %`. */
export function formatShare(share: number): string {
  const pct = Math.abs(share) * 100;
  const text = pct >= 10 ? pct.toFixed(0) : pct >= 1 ? pct.toFixed(1).replace(/\.0$/, '') : String(Number(pct.toPrecision(1)));
  return `${text} %`;
}

/**
 * The recommendation in one sentence, as the CLI (`answer:`), the HTML report and the playground
 * print it first. E.g. `protobuf is usable first on 4G with gzip: 210 ms per response, 23.8 ms
 * (10 %) sooner than JSON (234 ms), sooner in 11 of 11 rounds.`, `Stay with JSON on 4G with gzip: no
 * format is noticeably sooner (protobuf is best, 171 µs sooner, 0.1 % of JSON's 172 ms; the
 * threshold is 5 %).`, `Too few rounds to rank on 4G with gzip: 3 measured, at least 5 needed.`,
 * `No row meets these constraints …`.
 */
export function verdictSentence(v: Verdict): string {
  const where = `on ${v.network.name} ${servedWords(v.served)}`;
  if (v.kind === 'none-meets') return `No row meets these constraints ${where}: see why below.`;
  if (v.kind === 'too-few-rounds') {
    return `Too few rounds to rank ${where}: ${v.rounds === 0 ? 'no paired rounds' : `${v.rounds} measured`}, at least ${v.minRounds} needed; measure again with more rounds.`;
  }
  const names = v.levelWith.map((l) => l.name);
  const subject = v.kind === 'format-first' ? v.row.name : 'JSON';
  const level =
    names.length > 0
      ? ` ${listed(names)} ${names.length > 1 ? 'are' : 'is'} level with ${subject}: each was as fast in enough of the measured rounds that these figures cannot tell them apart.`
      : '';
  if (v.kind === 'stay-with-json') return `Stay with JSON ${where}: ${stayReason(v)}.${level}`;
  const total = v.row.timeUntilUsable.totalMs;
  const share = v.savedMs >= 0 ? ` (${formatShare(v.share)})` : '';
  return `${v.row.name} is usable first ${where}: ${formatMs(total)} per response, ${formatMs(v.savedMs)}${share} ${v.savedMs >= 0 ? 'sooner' : 'later'} than JSON (${formatMs(v.jsonMs)}), sooner in ${v.sooner} of ${v.rounds} rounds.${passedOverWords(v)}${level}`;
}

/** ` msgpack (7,871 B of JS) is named over msgpack (msgpackr), not noticeably sooner here (msgpack (msgpackr): 190 µs sooner, 0.1 % of JSON's time, with 12,000 B of JS).` */
function passedOverWords(v: Extract<Verdict, { kind: 'format-first' }>): string {
  if (v.passedOver.length === 0) return '';
  const others = v.passedOver.map(
    (s) => `${s.name}: ${formatMs(s.laterMs)} sooner, ${formatShare(s.share)} of JSON's time, with ${formatSize(s.jsBytes)} of JS`,
  );
  return ` ${v.row.name} (${formatSize(v.row.jsBytes)} of JS) is named over ${listed(v.passedOver.map((s) => s.name))}, not noticeably sooner here (${others.join('; ')}).`;
}

/**
 * The verdict of an answer, then what would change it: the networks of the answer where another
 * verdict holds, and the CPU slowdown up to which it holds; then, given the result's environment,
 * where its device figures were measured. E.g. `Stay with JSON on 4G with gzip: … It would change
 * on 3G Slow, where protobuf is 38.0 ms (9 %) sooner than JSON. It holds on a CPU 2× and 4×
 * slower (4×: Lighthouse's mobile profile). Device times measured in Node v20.20.2 (V8) on AMD EPYC, 2 cores.`
 */
export function answerVerdict(answer: PayloadAnswer, environment?: Environment): string {
  const v = verdict(answer.ranking);
  const parts = [
    verdictSentence(v),
    otherNetworksWords(v, answer.otherNetworks ?? []),
    slowerCpuWords(v, answer.slowerCpu ?? []),
    environment ? `Device times measured ${deviceWords(environment)}.` : '',
  ];
  return parts.filter((part) => part !== '').join(' ');
}

/** Whether `b` says what `v` says: stay with JSON both, or the same row named (callers pass only those two kinds as `v`). */
const sameVerdict = (v: Verdict, b: VerdictBrief): boolean => sameBrief(brief(v), b);

/** `protobuf is 38.0 ms (9 %) sooner than JSON`. */
const namedWords = (b: VerdictBrief): string =>
  b.named ? `${b.named.name} is ${formatMs(b.named.savedMs)} (${formatShare(b.named.share)}) sooner than JSON` : 'a format is first';

/**
 * A verdict in brief, in words, as the answer comparison and the slower-CPU sentence quote it:
 * `stay with JSON`, `protobuf is 38.0 ms (9 %) sooner than JSON`, `too few rounds to tell`, `no row meets the constraints`.
 */
export function verdictBriefWords(b: VerdictBrief): string {
  switch (b.kind) {
    case 'stay-with-json':
      return 'stay with JSON';
    case 'format-first':
      return namedWords(b);
    case 'too-few-rounds':
      return 'too few rounds to tell';
    case 'none-meets':
      return 'no row meets the constraints';
  }
}

/** What the other networks say, against the verdict `v`: only where it differs, or that it holds there too. */
function otherNetworksWords(v: Verdict, others: readonly OtherNetwork[]): string {
  if (v.kind !== 'stay-with-json' && v.kind !== 'format-first') return '';
  const name = (o: OtherNetwork): string => findNetworkPreset(o.network).name;
  const differ = others.filter((o) => !sameVerdict(v, o) && (o.kind === 'stay-with-json' || o.kind === 'format-first'));
  const same = others.filter((o) => sameVerdict(v, o));
  const parts = differ.map((o) =>
    o.kind === 'stay-with-json'
      ? `On ${name(o)}, stay with JSON: no format is noticeably sooner there.`
      : `It would change on ${name(o)}, where ${namedWords(o)}.`,
  );
  if (differ.length === 0 && same.length > 0) parts.push(`The same on ${listed(same.map(name))}.`);
  return parts.join(' ');
}

/** A slowdown as the words quote it: `4× (Lighthouse's mobile profile)` for 4. */
const slowdown = (factor: number): string => `${factor}×${factor === 4 ? " (Lighthouse's mobile profile)" : ''}`;

/** Up to which CPU slowdown the verdict `v` holds, and what it becomes past it. */
function slowerCpuWords(v: Verdict, slower: readonly SlowerCpu[]): string {
  if ((v.kind !== 'stay-with-json' && v.kind !== 'format-first') || slower.length === 0) return '';
  const ordered = [...slower].sort((a, b) => a.factor - b.factor);
  const firstOther = ordered.find((s) => !sameVerdict(v, s));
  if (!firstOther) return `It holds on a CPU ${listed(ordered.map((s) => slowdown(s.factor)))} slower than the one measured.`;
  const holds = ordered.filter((s) => s.factor < firstOther.factor);
  const upTo = holds.length > 0 ? `It holds on a CPU up to ${slowdown(holds.at(-1)?.factor as number)} slower; ` : '';
  const then = `${verdictBriefWords(firstOther)}${firstOther.kind === 'format-first' ? '' : ' there'}`;
  return `${upTo}${holds.length > 0 ? 'on' : 'On'} a CPU ${slowdown(firstOther.factor)} slower than the one measured, ${then}.`;
}

/** The JavaScript engine a runtime's name implies. */
function engineOf(runtimeVersion: string, runtime: Environment['runtime']): string | undefined {
  if (runtime === 'node' || /\b(Chrome|Chromium|Edg|Opera)\b/i.test(runtimeVersion)) return 'V8';
  if (/Firefox/i.test(runtimeVersion)) return 'SpiderMonkey';
  if (/Safari|WebKit|Epiphany/i.test(runtimeVersion)) return 'JavaScriptCore';
  return undefined;
}

/**
 * A runtime by its name and JavaScript engine: `Node v20.20.2 (V8)`, `Chromium 156.0.8078.108 (V8)`,
 * `WebKitGTK 2.50.6 (JavaScriptCore)`, `Chrome 131 (V8)`.
 */
export function runtimeWords(environment: Environment): string {
  // The runner's word where it started the browser; else what the runtime's name implies.
  const engine = environment.engine?.javascript ?? engineOf(environment.runtimeVersion, environment.runtime);
  // The runtime as detectEnvironment (or the runner) names it: `Node v20.19.0`, `Chrome 131`, `WebKitGTK 2.50.6`.
  return `${environment.runtimeVersion}${engine ? ` (${engine})` : ''}`;
}

/** Where a run measured: `in Node v20.20.2 (V8) on AMD EPYC, 2 cores`, `in Chrome 131 (V8), a Web Worker, at 4× CPU throttling`. */
export function deviceWords(environment: Environment): string {
  const where = [`in ${runtimeWords(environment)}`];
  if (environment.runtime === 'worker') where.push('a Web Worker');
  const cpu = [environment.cpuModel, environment.cores !== undefined ? `${environment.cores} cores` : undefined].filter((part) => part !== undefined);
  const text = `${where.join(', ')}${cpu.length > 0 ? ` on ${cpu.join(', ')}` : ''}`;
  return environment.cpuThrottle !== undefined && environment.cpuThrottle > 1 ? `${text}, at ${environment.cpuThrottle}× CPU throttling` : text;
}

/** Why to stay with JSON, and how near the best other row came: the part of the verdict after `Stay with JSON on …: `. */
function stayReason(v: Extract<Verdict, { kind: 'stay-with-json' }>): string {
  const threshold = `the threshold is ${formatShare(v.minGain)}`;
  const best = v.best;
  if (!best) return 'it is the only format that meets your constraints';
  const gain = `${formatMs(best.savedMs)} ${best.savedMs >= 0 ? 'sooner' : 'later'}, ${formatShare(best.share)} of JSON's ${formatMs(best.jsonMs)}`;
  if (!v.why) {
    const when = best.savedMs < 0 ? `${formatMs(best.savedMs)} later than` : 'as soon as';
    return `no format that meets your constraints is usable sooner (the next, ${best.name}, is ${when} JSON's ${formatMs(best.jsonMs)})`;
  }
  const inRounds =
    best.share >= v.minGain && best.byMinGain !== undefined && best.rounds !== undefined
      ? `, which it cleared in ${best.byMinGain} of ${best.rounds} rounds (${roundsToWin(best.rounds)} needed)`
      : '';
  const reasons = [...(v.why.belowMinGain ? [`${threshold}${inRounds}`] : []), ...(v.why.inNoise ? [noiseWords(best)] : [])];
  return `no format is noticeably sooner (${best.name} is best, ${gain}; ${reasons.join('; and ')})`;
}

/** Why a lead is within the noise: `sooner in 3 of 5 rounds, 5 needed to tell it from the noise`, or `later than JSON in 4 of 5 rounds`. */
function noiseWords(best: VersusJson): string {
  const rounds = best.rounds ?? 0;
  const sooner = best.sooner ?? 0;
  if (rounds === 0) return 'not measured in the same rounds as JSON, so not told from the noise';
  if (sooner * 2 < rounds) return `later than JSON in ${rounds - sooner} of ${rounds} rounds`;
  return `sooner in ${sooner} of ${rounds} rounds, ${roundsToWin(rounds)} needed to tell it from the noise`;
}

/** What a ranked row's reason is read against: the ranking's network, and JSON's row. */
export type ReasonContext = Pick<Ranking, 'network' | 'reference'>;

/**
 * The one-line reason of a ranked row, from its figures only: `<name>: <time> until usable on <preset>
 * <served>, ` then `rankedDetail`. E.g. `msgpack (msgpackr): 41 ms until usable on 4G with gzip, 3 ms
 * sooner than JSON: 900 B less to transfer, decompression + decode 0.2 ms slower; repays its 12,499 B
 * of JS after 14 responses`. `{ name: false }` leaves out `<name>: `, for a list that shows it apart.
 */
export function rankedReason(row: RankedRow, ranking: ReasonContext, options: { readonly name?: boolean } = {}): string {
  const t = row.timeUntilUsable;
  const reason = `${formatMs(t.totalMs)} until usable on ${ranking.network.name} ${servedWords(t.served)}, ${rankedDetail(row, ranking)}`;
  return options.name === false ? reason : `${row.name}: ${reason}`;
}

/** The reason without its head (the name, time and preset a table shows in columns of their own): how it compares with JSON, and its JS. */
export function rankedDetail(row: RankedRow, ranking: ReasonContext): string {
  const detail =
    row.name === ranking.reference.name
      ? "the reference; no JS to ship (the platform's JSON.parse)"
      : `${versusJson(row.timeUntilUsable, ranking.reference.timeUntilUsable)}; ${jsCost(row.breakEven, ranking.network)}`;
  return row.levelWith && row.levelWith.length > 0 ? `${detail}; ${levelWords(row.levelWith)}` : detail;
}

/** `level with cbor and msgpack (msgpackr): the order flipped in 2–3 of 5 rounds`. */
function levelWords(level: readonly LevelWith[]): string {
  const flips = level.map((l) => l.flipped);
  const low = Math.min(...flips);
  const high = Math.max(...flips);
  const rounds = Math.max(...level.map((l) => l.rounds));
  return `level with ${listed(level.map((l) => l.name))}: the order flipped in ${low === high ? low : `${low}–${high}`} of ${rounds} rounds`;
}

/** `3 ms sooner than JSON: 900 B less to transfer, decompression + decode 0.2 ms slower`. */
function versusJson(row: TimeUntilUsable, json: TimeUntilUsable): string {
  const saved = json.totalMs - row.totalMs;
  const when = saved > 0 ? `${formatMs(saved)} sooner than JSON` : saved < 0 ? `${formatMs(saved)} later than JSON` : 'as soon as JSON';
  const bytes = json.bytes - row.bytes;
  const wire = bytes > 0 ? `${formatSize(bytes)} less to transfer` : bytes < 0 ? `${formatSize(bytes)} more to transfer` : 'the same bytes to transfer';
  const device = json.decompressMs + json.decodeMs - (row.decompressMs + row.decodeMs);
  const parts = [wire];
  // A device difference the reader would see as "0 ms" is left out rather than quoted as noise.
  if (Math.abs(device) >= 0.001) {
    parts.push(`decompression + decode ${formatMs(device)} ${device > 0 ? 'faster' : 'slower'}`);
  }
  return `${when}: ${parts.join(', ')}`;
}

/** `repays its 12,499 B of JS after 14 responses`, and the time view where it differs. */
function jsCost(be: BreakEven, network: NetworkPreset): string {
  const js = formatSize(be.jsBytes);
  if (be.jsBytes === 0) return 'no JS to ship';
  const byBytes = be.responsesByBytes;
  const byTime = be.responsesByTime;
  if (byBytes === byTime) return byBytes === 'never' ? `never repays its ${js} of JS` : `repays its ${js} of JS after ${formatResponses(byBytes)}`;
  const timeView = `${byTime === 'never' ? 'never' : formatResponses(byTime)} by time on ${network.name}`;
  if (byBytes === 'never') return `repays its ${js} of JS after ${timeView}, never by bytes`;
  return `repays its ${js} of JS after ${formatResponses(byBytes)} by bytes, ${timeView}`;
}

/**
 * What the decompression part of the answer's times until usable is, for the legend of a table or
 * chart of them: what inflating adds after the last byte, at which rate, and what an app that
 * decompresses bodies itself pays instead. Says when the inflate came from the per-call time (a
 * result measured before the streaming rate) or the part is the whole per-call time (an answer saved
 * before the model). Empty for bytes served as they are.
 */
export function decompressionWords(answer: PayloadAnswer): string {
  const served = answer.ranking.constraints.served;
  if (served === 'none') return '';
  const from = new Set(answer.rows.flatMap((row) => row.usable.filter((t) => t.served === served).map((t) => t.inflateFrom ?? 'unmodelled')));
  const model = `decompression: what inflating the ${served} body adds after its last byte arrives. A browser inflates Content-Encoding while the bytes arrive, so this counts the inflate of the last TLS record (up to ${formatBytes(INFLATE_CHUNK_BYTES)}) and whatever else the transfer cannot hide`;
  const rate = from.has('per-call')
    ? "from one decompression call per body, as this result has no streaming inflate rate (it was measured before wirebench timed one): the call's overhead makes these figures an upper bound"
    : "at this device's inflate rate over one long stream";
  const older = from.has('unmodelled')
    ? ' This answer was saved before that model: its decompression is the whole time of one decompression call per body.'
    : '';
  return `${model}, ${rate}.${older} An app that decompresses bodies itself pays a whole call instead (decompressMs in the result).`;
}

/** `repays its 12,499 B of JS after 14 responses` by time alone, or `never repays …`: a chart's label for one link. */
export function repaidByTime(be: BreakEven): string {
  const js = formatSize(be.jsBytes);
  return be.responsesByTime === 'never' ? `never repays its ${js} of JS` : `repays its ${js} of JS after ${formatResponses(be.responsesByTime)}`;
}

/** The command that measures a payload as a page without eval runs it. */
const NO_EVAL_COMMAND = 'wirebench <file> --no-eval';

/** One reason a row is not ranked, in words: `12,499 B of JS over a 10,000 B budget`. `name` is the row's. */
export function exclusionWords(exclusion: Exclusion, name: string): string {
  switch (exclusion.code) {
    case 'not-measured':
      return exclusion.error !== undefined ? `could not be measured: ${exclusion.error}` : 'has no measured figures';
    case 'no-bundle-size':
      return `could not be measured: no bundle size is known for ${name}'s JavaScript`;
    case 'node-only':
      return 'runs in Node only (a native addon): no page or app can load it';
    case 'lost-data': {
      const d = exclusion.firstDiff;
      return d ? `lost data at ${d.path} (${d.kind})` : 'lost data (its round trip was not checked or found no path)';
    }
    case 'no-figures': {
      const s = exclusion.served;
      return exclusion.missing === 'size'
        ? `no ${s} size: the runtime that measured this row had no ${s} compressor`
        : `no ${s} decompression time: this row's run did not time ${s} decompression`;
    }
    case 'needs-eval':
      return exclusion.eval === 'always'
        ? `cannot run without eval (new Function), which a no-eval CSP forbids${exclusion.why ? `: ${exclusion.why}` : ''}`
        : // A result measured before, or without, --no-eval: the row would run there, interpreted, at speeds not measured.
          `measured with the code it generates with new Function, which a no-eval CSP forbids (there it runs interpreted, at other speeds): to rank it, measure again without eval: ${NO_EVAL_COMMAND} (the playground: tick No eval, then Measure)`;
    case 'over-budget':
      return `${formatSize(exclusion.jsBytes)} of JS over a ${formatSize(exclusion.budgetBytes)} budget`;
    case 'int64':
      return `does not keep int64 exactly: ${
        exclusion.why ??
        (exclusion.int64 === 'refused' ? 'refuses 64-bit integers beyond ±(2^53 − 1)' : 'reads 64-bit integers beyond ±(2^53 − 1) as the nearest double')
      }`;
    case 'not-readable':
      return `not human-readable: ${exclusion.format} bytes are binary`;
    case 'shared-schema':
      return `needs a shared schema: ${exclusion.format} needs the same schema on both sides`;
  }
}

/** Every reason a row is not ranked, in words, joined: `lost data at $.id (value); 12,499 B of JS over a 10,000 B budget`. */
export function exclusionsText(row: ExcludedRow): string {
  return row.exclusions.map((e) => exclusionWords(e, row.name)).join('; ');
}

/** An excluded row's line: its name, then `exclusionsText`: `msgpack (msgpackr): lost data at $.id (value); …`. */
export function excludedReason(row: ExcludedRow): string {
  return `${row.name}: ${exclusionsText(row)}`;
}

/**
 * Why a row of the answer has no figures or is never ranked whatever the constraints, for a table
 * cell: the measurement's own error, an unknown bundle size, or the data it lost; undefined when none.
 */
export function rowAnswerNote(row: RowAnswer): string | undefined {
  if (row.error !== undefined) return row.error;
  if (row.bundleSizeUnknown) return `no bundle size is known for ${row.name}'s JavaScript`;
  if (row.lostData) {
    const d = row.lostData.firstDiff;
    return `lost data${d ? ` at ${d.path} (${d.kind})` : ''}`;
  }
  return undefined;
}

/** Where the JS cost figures come from, in words, for a table's footnote. */
export const JS_COST_SOURCE = `gzipped bytes of each codec's entry of @wirebench/core in a minified browser bundle (${BUNDLE_MEASURED_WITH}; npm run bundle:budget)`;
