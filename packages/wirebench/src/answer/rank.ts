import type { FormatId } from '@wirebench/core';
import { WirebenchError } from '@wirebench/core';
import type { BreakEven } from './break-even.js';
import { breakEven } from './break-even.js';
import type { Constraints, Exclusion, ResolvedConstraints } from './constraints.js';
import { constraintExclusions, resolveConstraints } from './constraints.js';
import type { RowFacts } from './facts.js';
import type { LevelInput, LevelWith } from './level.js';
import { levelPartners, roundsSoonerBy, roundWins } from './level.js';
import type { NetworkPreset } from './networks.js';
import { findNetworkPreset } from './networks.js';
import type { ServedParts } from './served.js';
import { missingFigure, servedParts } from './served.js';
import type { TimeUntilUsable } from './time-until-usable.js';
import { timeUntilUsable } from './time-until-usable.js';

/**
 * The ranked recommendation: the format/implementation pairs that keep the data and meet the
 * user's constraints, fastest time until usable first, each with the figures its reason is made of
 * (report/answer-words.ts words it); and every other pair with why it is not ranked, as data. Plain
 * data in, JSON-serializable data out.
 *
 * Ties (equal totals) go to fewer bytes on the wire, then less JavaScript, then the name, so the
 * same figures always give the same order. Rows each as fast as the other in many of the rounds that
 * measured them keep their places, each naming the other in `levelWith` (level.ts).
 */

/**
 * A ranked row: its place, figures and break-even against JSON. With the ranking's network and
 * reference (JSON's time until usable) these are what its reason is made of: the bytes and ms it
 * saves over JSON (`breakEven`), the device's part of each time, the JS to repay, the rows it is level with.
 */
export interface RankedRow {
  /** 1 for the first. */
  readonly rank: number;
  readonly name: string;
  readonly format: FormatId;
  readonly implementation: string;
  readonly jsBytes: number;
  readonly timeUntilUsable: TimeUntilUsable;
  readonly breakEven: BreakEven;
  /** The rows it is level with (each as fast as the other in at least a quarter of the rounds: level.ts); absent when none. */
  readonly levelWith?: readonly LevelWith[];
  /**
   * Paired with JSON round by round as the level rule pairs rows (level.ts): in how many of the
   * `rounds` both were measured in this row was strictly sooner than JSON, and in how many sooner by
   * at least the constraints' `minGain` share of JSON's time that round (`byMinGain`; absent in
   * results saved before it was). Absent for JSON's own row and when the two were not measured in
   * the same rounds. The verdict reads it (verdict.ts).
   */
  readonly versusJson?: { readonly sooner: number; readonly rounds: number; readonly byMinGain?: number };
  /**
   * Paired the same way with each row of its format ranked ahead of it: in how many of the `rounds`
   * this row was as soon as that one or sooner (a tie counts). Absent when there is none, or none
   * was measured in the same rounds. The verdict reads it to choose between implementations of a format.
   */
  readonly versusFormat?: readonly { readonly name: string; readonly asSoon: number; readonly rounds: number }[];
}

/** A row the ranking leaves out, with every reason (in a fixed order: data first, then the user's constraints, then the figures). */
export interface ExcludedRow {
  readonly name: string;
  readonly format: FormatId;
  readonly implementation: string;
  readonly exclusions: readonly Exclusion[];
}

/** The answer under one set of constraints. */
export interface Ranking {
  readonly constraints: ResolvedConstraints;
  readonly network: NetworkPreset;
  /** JSON's row, every comparison's reference (whether or not it is ranked itself). */
  readonly reference: { readonly name: string; readonly timeUntilUsable: TimeUntilUsable };
  readonly ranked: readonly RankedRow[];
  readonly excluded: readonly ExcludedRow[];
}

/** JSON as wirebench's own codec runs it: the row every comparison is taken against. */
function isReference(row: RowFacts): boolean {
  return row.format === 'json' && row.implementation === 'wirebench';
}

/**
 * Ranks `rows` (one payload's, JSON's among them) under `constraints`. Never ranks a row that lost
 * data, could not be measured, has no figures for the served encoding, or breaks a constraint.
 * Throws a WirebenchError when there is no JSON row with figures for the served encoding, when two
 * rows share a name, or when a figure is negative or not finite (a mistake upstream, servedParts).
 */
export function rank(rows: readonly RowFacts[], constraints: Constraints): Ranking {
  const resolved = resolveConstraints(constraints);
  const network = findNetworkPreset(resolved.network);
  const names = new Set<string>();
  for (const row of rows) {
    if (names.has(row.name)) throw new WirebenchError(`two rows named ${JSON.stringify(row.name)}: rank one payload's rows at a time`);
    names.add(row.name);
  }

  const jsonRow = rows.find(isReference);
  if (!jsonRow?.figures) throw new WirebenchError('no measured JSON row: every comparison is to JSON, so rank needs its row');
  const json = timeUntilUsable(servedParts(jsonRow.figures, resolved.served), network, resolved.served);

  const served = resolved.served;
  const candidates: { row: RowFacts; time: TimeUntilUsable }[] = [];
  const excluded: ExcludedRow[] = [];
  for (const row of rows) {
    const exclusions = constraintExclusions(row, resolved);
    let parts: ServedParts | undefined;
    if (!row.figures) {
      if (row.error === undefined && !row.bundleSizeUnknown) exclusions.unshift({ code: 'not-measured' });
    } else {
      const missing = missingFigure(row.figures, served);
      if (missing && served !== 'none') exclusions.push({ code: 'no-figures', served, missing });
      else parts = servedParts(row.figures, served);
    }
    if (exclusions.length > 0 || !parts) {
      excluded.push({ name: row.name, format: row.format, implementation: row.implementation, exclusions });
    } else {
      candidates.push({ row, time: timeUntilUsable(parts, network, served) });
    }
  }

  candidates.sort(
    (a, b) =>
      a.time.totalMs - b.time.totalMs ||
      a.time.bytes - b.time.bytes ||
      a.row.jsBytes - b.row.jsBytes ||
      (a.row.name < b.row.name ? -1 : a.row.name > b.row.name ? 1 : 0),
  );
  const levelInput = (row: RowFacts, time: TimeUntilUsable): LevelInput => ({
    name: row.name,
    time,
    ...(row.figures?.decodeRoundsMs ? { decodeRoundsMs: row.figures.decodeRoundsMs } : {}),
  });
  const levels = levelPartners(candidates.map(({ row, time }) => levelInput(row, time)));
  const jsonInput = levelInput(jsonRow, json);
  const ranked = candidates.map(({ row, time }, i): RankedRow => {
    const level = levels[i] ?? [];
    // JSON counts as sooner in a tie, so `sooner` is the rounds this row won outright.
    const wins = row === jsonRow ? undefined : roundWins(levelInput(row, time), jsonInput);
    const versusFormat = candidates.slice(0, i).flatMap((ahead) => {
      const paired = ahead.row.format === row.format ? roundWins(levelInput(ahead.row, ahead.time), levelInput(row, time)) : undefined;
      return paired ? [{ name: ahead.row.name, asSoon: paired.behind, rounds: paired.rounds }] : [];
    });
    return {
      rank: i + 1,
      name: row.name,
      format: row.format,
      implementation: row.implementation,
      jsBytes: row.jsBytes,
      timeUntilUsable: time,
      breakEven: breakEven({ jsBytes: row.jsBytes, row: time, json }, network),
      ...(level.length > 0 ? { levelWith: level } : {}),
      ...(wins
        ? {
            versusJson: {
              sooner: wins.rounds - wins.behind,
              rounds: wins.rounds,
              byMinGain: roundsSoonerBy(levelInput(row, time), jsonInput, resolved.minGain)?.count ?? 0,
            },
          }
        : {}),
      ...(versusFormat.length > 0 ? { versusFormat } : {}),
    };
  });
  return { constraints: resolved, network, reference: { name: jsonRow.name, timeUntilUsable: json }, ranked, excluded };
}
