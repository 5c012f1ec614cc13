import type { createCodec, FormatId, Schema } from '@wirebench/core';
import type { ExtraRow, ImplementationChoice, MeasureOptions, MeasureTarget } from 'wirebench';
import { codecsFor } from 'wirebench';
import type { LibraryRows } from './libraries.js';
import { libraryRows } from './libraries.js';

/** What every suite is given, in Node and in a browser alike. */
export interface SuiteContext {
  /** Text of schemas/canonical.proto (read from disk in Node, bundled into the browser runner). */
  readonly proto: string;
  /** Seed of the generated payloads. */
  readonly seed: number;
  /** Formats to measure; json is always among them, since every ratio is to JSON. */
  readonly formats: readonly FormatId[];
  /** Who runs each format: wirebench's own codecs, and the library codecs asked for. */
  readonly implementations: ImplementationChoice;
  /** How codecs are made: `createCodec` in Node, `createCodecWithLibraries` in a bundled page. */
  readonly create?: typeof createCodec;
  /** Add rows for the raw library calls each codec wraps. */
  readonly libraries: boolean;
}

export interface SuitePlan {
  readonly targets: MeasureTarget[];
  /** Things the reader should know: formats that cannot run here, library rows left out (added while measuring). */
  readonly notes: string[];
  /** Engine settings this suite needs (e.g. decode only). */
  readonly options?: Partial<MeasureOptions>;
}

export interface Suite {
  readonly name: string;
  readonly summary: string;
  plan(context: SuiteContext): Promise<SuitePlan>;
}

export { codecsFor };

/**
 * One payload's target: its codecs, and the library rows when asked for. The library rows are built,
 * and checked to give back the payload, only when the engine reaches this payload (their reasons for
 * leaving a row out are added to `notes` then): checking every payload up front ran the codecs on
 * the largest payloads first and left their encoders 2–3× slower for the rest of the process.
 */
export async function targetFor(name: string, value: unknown, schema: Schema, context: SuiteContext, notes: string[]): Promise<MeasureTarget> {
  const codecs = await codecsFor(context.formats, schema, notes, context.implementations, context.create);
  return withLibraries({ payload: { name, value }, codecs }, schema, context, notes);
}

/** The target with the library rows when asked for, built when the engine reaches the payload (see targetFor). */
export function withLibraries(target: MeasureTarget, schema: Schema, context: SuiteContext, notes: string[]): MeasureTarget {
  if (!context.libraries) return target;
  const { payload, codecs } = target;
  const { name, value } = payload;
  const extras = (): ExtraRow[] => {
    let libraries: LibraryRows = { rows: [], skipped: [] };
    try {
      libraries = libraryRows(value, schema, codecs);
    } catch (error) {
      notes.push(`${name}: no library rows (${error instanceof RangeError ? 'the data is nested too deeply' : (error as Error).message})`);
    }
    for (const reason of libraries.skipped) notes.push(`${name}: ${reason}`);
    return libraries.rows;
  };
  return { ...target, extras };
}

/** Plans the suites' payloads, filtered by name, with the notes every suite left (the Node runners and the browser page alike). */
export async function planTargets(
  suites: readonly Suite[],
  context: SuiteContext,
  filter: RegExp | undefined,
): Promise<{ targets: MeasureTarget[]; notes: () => string[] }> {
  const targets: MeasureTarget[] = [];
  const plans: SuitePlan[] = [];
  for (const suite of suites) {
    const plan = await suite.plan(context);
    plans.push(plan);
    targets.push(...plan.targets.filter((t) => !filter || filter.test(t.payload.name)));
  }
  // A function: suites add notes while the engine builds their library rows.
  return { targets, notes: () => plans.flatMap((plan) => plan.notes) };
}
