import { WirebenchError } from '@wirebench/core';
import { nonNegative } from './check.js';
import type { NetworkPreset } from './networks.js';
import type { ServedEncoding } from './served.js';
import type { TimeUntilUsable } from './time-until-usable.js';
import { downloadMs, resolvePreset } from './time-until-usable.js';

/**
 * Break-even: a format other than JSON costs JavaScript, downloaded once (its implementation's
 * gzipped bytes), and may save bytes and time on every response. After how many responses of this
 * payload have the savings repaid that download?
 *
 * - by bytes: ⌈JS bytes ÷ bytes saved per response⌉, the same on every link;
 * - by time on a preset: ⌈JS download ms ÷ ms saved per response⌉, where a response's ms are its
 *   time until usable (transfer + decompression + decode), so a format whose decode is slower can
 *   save bytes and still never repay its JS in time on a fast link.
 *
 * The JS is counted as bytes riding in the app's bundle: its download is bytes × 8 ÷ bandwidth, no
 * extra round trip (a lazily loaded chunk would add one), and its parse and compile time is not
 * counted. JSON's own cost is 0: `JSON.parse` is the platform's. `'never'` (not Infinity, so the
 * answer stays JSON) when a response saves nothing; 0 when there is no JS to repay.
 */

/** How many responses repay the JS, or `'never'`. */
export type Responses = number | 'never';

/** One row's break-even against JSON on one preset. */
export interface BreakEven {
  /** The preset's id. */
  readonly network: string;
  readonly served: ServedEncoding;
  /** The implementation's JavaScript, gzipped bytes (0 for JSON). */
  readonly jsBytes: number;
  /** JSON's bytes on the wire minus the row's, per response (negative: the row sends more). */
  readonly bytesSavedPerResponse: number;
  readonly responsesByBytes: Responses;
  /** The JS's download on the preset: jsBytes × 8 ÷ download bandwidth. */
  readonly jsDownloadMs: number;
  /** JSON's time until usable minus the row's, per response (negative: the row is slower). */
  readonly msSavedPerResponse: number;
  readonly responsesByTime: Responses;
}

/**
 * The responses after which `savedPerResponse` (bytes or ms) repays `cost` (the same unit): 0 when
 * there is nothing to repay, `'never'` when a response saves nothing.
 */
export function responsesToRepay(cost: number, savedPerResponse: number): Responses {
  nonNegative('cost', cost);
  if (!Number.isFinite(savedPerResponse)) throw new WirebenchError(`saving per response must be finite, got ${String(savedPerResponse)}`);
  if (cost === 0) return 0;
  if (savedPerResponse <= 0) return 'never';
  // The ratio of two measured figures can land a rounding error above an integer (9.000000000000002):
  // that is 9 responses, not 10.
  return Math.ceil((cost / savedPerResponse) * (1 - 1e-12));
}

/**
 * The break-even of `row` against `json`, both time-until-usable figures on `network` with the same
 * served encoding, for an implementation whose JavaScript is `jsBytes` gzipped.
 */
export function breakEven(
  input: { readonly jsBytes: number; readonly row: TimeUntilUsable; readonly json: TimeUntilUsable },
  network: NetworkPreset | string,
): BreakEven {
  const preset = resolvePreset(network);
  const { row, json } = input;
  const jsBytes = nonNegative('JS bytes', input.jsBytes);
  for (const [which, t] of [
    ['row', row],
    ['JSON', json],
  ] as const) {
    if (t.network !== preset.id) throw new WirebenchError(`the ${which}'s time until usable is for ${t.network}, not ${preset.id}`);
  }
  if (row.served !== json.served) throw new WirebenchError(`the row is served as ${row.served} and JSON as ${json.served}: compare like with like`);
  const bytesSavedPerResponse = json.bytes - row.bytes;
  const jsDownloadMs = downloadMs(jsBytes, preset.downloadBps);
  const msSavedPerResponse = json.totalMs - row.totalMs;
  return {
    network: preset.id,
    served: row.served,
    jsBytes,
    bytesSavedPerResponse,
    responsesByBytes: responsesToRepay(jsBytes, bytesSavedPerResponse),
    jsDownloadMs,
    msSavedPerResponse,
    responsesByTime: responsesToRepay(jsDownloadMs, msSavedPerResponse),
  };
}
