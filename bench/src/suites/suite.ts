import type { Codec, FormatId, Schema } from '@wirebench/core';
import { WirebenchError, createCodec } from '@wirebench/core';
import type { ExtraRow, MeasureOptions, MeasureTarget } from '@wirebench/core/measure';
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

/** Codecs of the requested formats that can run here; the others become notes (simdjson in a browser, say). */
export async function codecsFor(formats: readonly FormatId[], schema: Schema | undefined, notes: string[]): Promise<Codec[]> {
  const codecs: Codec[] = [];
  for (const format of formats) {
    try {
      codecs.push(await createCodec(format, schema ? { schema } : {}));
    } catch (error) {
      if (!(error instanceof WirebenchError)) throw error;
      const note = `${format} not measured: ${error.message}`;
      if (!notes.includes(note)) notes.push(note);
    }
  }
  return codecs;
}

/**
 * One payload's target: its codecs, and the library rows when asked for. The library rows are built,
 * and checked to give back the payload, only when the engine reaches this payload (their reasons for
 * leaving a row out are added to `notes` then): checking every payload up front ran the codecs on
 * the largest payloads first and left their encoders 2–3× slower for the rest of the process.
 */
export async function targetFor(
  name: string,
  value: unknown,
  schema: Schema,
  context: SuiteContext,
  notes: string[],
): Promise<MeasureTarget> {
  const codecs = await codecsFor(context.formats, schema, notes);
  if (!context.libraries) return { payload: { name, value }, codecs };
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
  return { payload: { name, value }, codecs, extras };
}
