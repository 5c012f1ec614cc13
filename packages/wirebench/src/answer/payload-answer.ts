import type { FormatId } from '@wirebench/core';
import { WirebenchError } from '@wirebench/core';
import type { PayloadResult } from '../measure/types.js';
import type { BreakEven } from './break-even.js';
import { breakEven } from './break-even.js';
import type { Constraints } from './constraints.js';
import type { FirstDiff, RowFacts } from './facts.js';
import { rowFacts } from './facts.js';
import { isNodeOnly, jsBytesOf } from './js-cost.js';
import { DEFAULT_NETWORK_IDS, findNetworkPreset } from './networks.js';
import type { Ranking } from './rank.js';
import { rank } from './rank.js';
import type { ServedEncoding } from './served.js';
import { SERVED_ENCODINGS, servedParts } from './served.js';
import type { SlowerCpu } from './slower-cpu.js';
import { onSlowerCpu, slowdowns } from './slower-cpu.js';
import type { TimeUntilUsable } from './time-until-usable.js';
import { timeUntilUsable } from './time-until-usable.js';
import type { OtherNetwork } from './verdict.js';
import { otherNetworks } from './verdict.js';

/**
 * The answer for one measured payload, from its result alone: every row's time until usable on each
 * network and served encoding it has figures for, its break-even against JSON, and the ranking under
 * the user's constraints. Computed from the figures this run measured on this device; written into
 * the result (`PayloadResult.answer`) so that another device's result, compared or imported, carries
 * its own.
 */

/** One row's figures across the networks and served encodings. */
export interface RowAnswer {
  readonly name: string;
  readonly format: FormatId;
  readonly implementation: string;
  /** Gzipped JavaScript an app ships for this row (0 for JSON); null where no page can load it (simdjson). */
  readonly jsBytes: number | null;
  /** Time until usable on each network (in `networks` order), for each served encoding (in `served` order) it has figures for. */
  readonly usable: readonly TimeUntilUsable[];
  /** Against JSON, on the same grid; empty for JSON itself and rows whose JS is unknown. */
  readonly breakEven: readonly BreakEven[];
  /** Why the measurement failed, in its own words (`RowResult.error`): then the row has no figures. */
  readonly error?: string;
  /** No bundle size is known for the implementation's JavaScript (`jsBytes` null): no break-even, never ranked. */
  readonly bundleSizeUnknown?: boolean;
  /** The row has figures but did not give the payload back: where it first differed, when the round trip found a path. Never ranked. */
  readonly lostData?: { readonly firstDiff?: FirstDiff };
}

/** The answer for one payload. */
export interface PayloadAnswer {
  /** Network preset ids, in the order the figures are given. */
  readonly networks: readonly string[];
  /** The served encodings JSON's row has figures for (`none` always; gzip and brotli where their sizes and decompression were measured). */
  readonly served: readonly ServedEncoding[];
  readonly rows: readonly RowAnswer[];
  /** The ranking under the constraints given (their network is among `networks`). */
  readonly ranking: Ranking;
  /** The verdict on each other network of `networks`, the constraints otherwise the same: what would change it. Absent in results saved before it was added. */
  readonly otherNetworks?: readonly OtherNetwork[];
  /** The verdict on CPUs 2× and 4× slower than the one that measured (slower-cpu.ts). Absent in results saved before it was added. */
  readonly slowerCpu?: readonly SlowerCpu[];
}

/** Options of `answerPayload`. */
export interface AnswerOptions {
  /** Networks to give every row's figures on (default: the slow mobile, 4G and Wi-Fi roles); the constraints' network is added when missing. */
  readonly networks?: readonly string[];
  /** The gzipped JS of an implementation (default `jsBytesOf`: the bundle sizes shipped with the package). */
  readonly jsBytes?: (format: FormatId, implementation: string) => number | undefined;
  /**
   * The rows were measured without generated code, for rows that do not say so themselves (results
   * written before `RowResult.interpreted`): what a row says wins.
   */
  readonly interpreted?: boolean;
}

/** The ranking's facts of each codec row of `payload`. */
export function payloadFacts(payload: PayloadResult, options: Pick<AnswerOptions, 'jsBytes' | 'interpreted'> = {}): RowFacts[] {
  const jsBytes = options.jsBytes ?? jsBytesOf;
  return payload.rows
    .filter((row) => row.kind === 'codec' && row.format !== undefined)
    .map((row) => {
      const format = row.format as FormatId;
      const nodeOnly = isNodeOnly(format);
      const js = jsBytes(format, row.implementation ?? 'wirebench');
      const extras = {
        ...(row.decompressMs ? { decompressMs: row.decompressMs } : {}),
        ...(row.inflateBytesPerMs ? { inflateBytesPerMs: row.inflateBytesPerMs } : {}),
        ...(options.interpreted !== undefined ? { interpreted: options.interpreted } : {}),
      };
      // A row whose JS is unknown (or that no page loads) still gets its facts: the ranking says why it is left out.
      const facts = rowFacts(row, { ...extras, jsBytes: js ?? 0 });
      if (nodeOnly) return { ...facts, nodeOnly: true };
      return js === undefined ? { ...facts, bundleSizeUnknown: true } : facts;
    });
}

/**
 * The answer for `payload` under `constraints` (a WirebenchError when the result has no measured
 * JSON row, or the constraints are not valid).
 */
export function answerPayload(payload: PayloadResult, constraints: Constraints, options: AnswerOptions = {}): PayloadAnswer {
  const facts = payloadFacts(payload, options);
  const ranking = rank(facts, constraints);
  const networks = [...new Set([...(options.networks ?? DEFAULT_NETWORK_IDS), ranking.network.id])].map((id) => findNetworkPreset(id).id);
  const json = facts.find((row) => row.format === 'json' && row.implementation === 'wirebench');
  if (!json?.figures) throw new WirebenchError(`${payload.name}: no measured JSON row, and every comparison is to JSON`);
  const jsonFigures = json.figures;
  const served = SERVED_ENCODINGS.filter((s) => s === 'none' || (jsonFigures.compressed?.[s] !== undefined && jsonFigures.decompressMs?.[s] !== undefined));
  const grid = (f: RowFacts): TimeUntilUsable[] => {
    const figures = f.figures;
    if (!figures) return [];
    return networks.flatMap((network) =>
      served.flatMap((s) => {
        if (s !== 'none' && (figures.compressed?.[s] === undefined || figures.decompressMs?.[s] === undefined)) return [];
        return [timeUntilUsable(servedParts(figures, s), network, s)];
      }),
    );
  };
  const jsonGrid = grid(json);
  const rows = facts.map((f): RowAnswer => {
    const usable = grid(f);
    const jsKnown = f.nodeOnly !== true && f.bundleSizeUnknown !== true;
    const isJson = f === json;
    const breakEvens =
      isJson || !jsKnown
        ? []
        : usable.flatMap((t) => {
            const reference = jsonGrid.find((j) => j.network === t.network && j.served === t.served);
            return reference ? [breakEven({ jsBytes: f.jsBytes, row: t, json: reference }, t.network)] : [];
          });
    const firstDiff = f.fidelity.firstDiff;
    const lost = f.figures !== undefined && !f.fidelity.ok;
    return {
      name: f.name,
      format: f.format,
      implementation: f.implementation,
      jsBytes: jsKnown ? f.jsBytes : null,
      usable,
      breakEven: breakEvens,
      ...(f.error !== undefined ? { error: f.error } : {}),
      ...(f.bundleSizeUnknown ? { bundleSizeUnknown: true } : {}),
      ...(lost ? { lostData: firstDiff ? { firstDiff: { path: firstDiff.path, kind: firstDiff.kind } } : {} } : {}),
    };
  });
  return {
    networks,
    served,
    rows,
    ranking,
    otherNetworks: otherNetworks(facts, ranking, networks),
    slowerCpu: onSlowerCpu(facts, ranking, slowdowns(ranking.constraints)),
  };
}
