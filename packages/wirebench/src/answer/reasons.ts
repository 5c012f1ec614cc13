import type { BreakEven } from './break-even.js';
import type { LevelWith } from './level.js';
import type { NetworkPreset } from './networks.js';
import type { TimeUntilUsable } from './time-until-usable.js';
import { formatBytes, formatMs, formatResponses, servedWords } from './wording.js';

/**
 * The one-line reason beside a ranked row, built from its figures only: its time until usable, how
 * it compares with JSON's and where the difference comes from (the wire or the device), and what its
 * JavaScript costs. E.g. `msgpack (msgpackr): 41 ms until usable on 4G with gzip, 3 ms sooner than
 * JSON: 900 B less to transfer, decompression + decode 0.2 ms slower; repays its 12,499 B of JS after 14 responses`.
 */

/** What a ranked row's reason is built from. */
export interface ReasonInput {
  readonly name: string;
  readonly isReference: boolean;
  readonly network: NetworkPreset;
  readonly row: TimeUntilUsable;
  readonly json: TimeUntilUsable;
  readonly breakEven: BreakEven;
  /** The rows it is level with (level.ts); none when absent. */
  readonly level?: readonly LevelWith[];
}

/** The reason line of a ranked row: `<name>: <time> until usable on <preset> <served>, ` then `rankedDetail`. */
export function rankedReason(input: ReasonInput): string {
  const { name, network, row } = input;
  return `${name}: ${formatMs(row.totalMs)} until usable on ${network.name} ${servedWords(row.served)}, ${rankedDetail(input)}`;
}

/** The reason without its head (the name, time and preset a table shows in columns of their own): how it compares with JSON, and its JS. */
export function rankedDetail(input: ReasonInput): string {
  const detail = input.isReference
    ? "the reference; no JS to ship (the platform's JSON.parse)"
    : `${versusJson(input.row, input.json)}; ${jsCost(input.breakEven, input.network)}`;
  return input.level && input.level.length > 0 ? `${detail}; ${levelWords(input.level)}` : detail;
}

/** `level with cbor and msgpack (msgpackr): the order flipped in 2–3 of 5 rounds`. */
function levelWords(level: readonly LevelWith[]): string {
  const names = level.map((l) => l.name);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}` : (names[0] as string);
  const flips = level.map((l) => l.flipped);
  const low = Math.min(...flips);
  const high = Math.max(...flips);
  const rounds = Math.max(...level.map((l) => l.rounds));
  return `level with ${listed}: the order flipped in ${low === high ? low : `${low}–${high}`} of ${rounds} rounds`;
}

/** `3 ms sooner than JSON: 900 B less to transfer, decompression + decode 0.2 ms slower`. */
function versusJson(row: TimeUntilUsable, json: TimeUntilUsable): string {
  const saved = json.totalMs - row.totalMs;
  const when = saved > 0 ? `${formatMs(saved)} sooner than JSON` : saved < 0 ? `${formatMs(saved)} later than JSON` : 'as soon as JSON';
  const bytes = json.bytes - row.bytes;
  const wire = bytes > 0 ? `${formatBytes(bytes)} less to transfer` : bytes < 0 ? `${formatBytes(bytes)} more to transfer` : 'the same bytes to transfer';
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
  const js = formatBytes(be.jsBytes);
  if (be.jsBytes === 0) return 'no JS to ship';
  const byBytes = be.responsesByBytes;
  const byTime = be.responsesByTime;
  if (byBytes === byTime) return byBytes === 'never' ? `never repays its ${js} of JS` : `repays its ${js} of JS after ${formatResponses(byBytes)}`;
  const timeView = `${byTime === 'never' ? 'never' : formatResponses(byTime)} by time on ${network.name}`;
  if (byBytes === 'never') return `repays its ${js} of JS after ${timeView}, never by bytes`;
  return `repays its ${js} of JS after ${formatResponses(byBytes)} by bytes, ${timeView}`;
}
