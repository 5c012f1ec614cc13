import type { Codec, FormatId, ImplementationId, Schema } from '@wirebench/core';
import {
  createCodec,
  DEFAULT_IMPLEMENTATION,
  findImplementation,
  IMPLEMENTATION_IDS,
  IMPLEMENTATIONS,
  inferSchema,
  SCHEMA_FORMATS,
  WirebenchError,
} from '@wirebench/core';
import { rowName } from './row-name.js';
import type { MeasureTarget, Payload } from './types.js';

/**
 * From a payload and a list of formats to what `measure` takes: the codecs that can run here, with
 * a schema inferred from the payload for protobuf and FlatBuffers. What cannot run is said in
 * `notes`, never dropped in silence. Shared by the CLI and the bench (Node and browser alike).
 */

/**
 * Which implementations to measure: `'all'` of every format, or a list of ids (`'wirebench'`,
 * `'msgpackr'`, …), each measured for the formats it implements. JSON's codec is always measured:
 * every ratio is to it.
 */
export type ImplementationChoice = 'all' | readonly string[];

/** The choice as a user wrote it (`all`, or ids separated by commas), checked against the known ids. */
export function parseImplementations(text: string): ImplementationChoice {
  if (text.trim() === 'all') return 'all';
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) throw new WirebenchError(`no implementation given; expected all, or some of ${IMPLEMENTATION_IDS.join(', ')}`);
  for (const id of ids) {
    if (!(IMPLEMENTATION_IDS as readonly string[]).includes(id)) {
      throw new WirebenchError(`unknown implementation ${JSON.stringify(id)}; expected all, or some of ${IMPLEMENTATION_IDS.join(', ')}`);
    }
  }
  return ids;
}

/** The (format, implementation) pairs a choice selects, wirebench's own first in each format. */
export function selectImplementations(
  formats: readonly FormatId[],
  choice: ImplementationChoice,
): Array<{ format: FormatId; implementation: ImplementationId }> {
  return formats.flatMap((format) =>
    IMPLEMENTATIONS[format]
      .filter((i) => choice === 'all' || choice.includes(i.id) || (format === 'json' && i.id === 'wirebench'))
      .map((i) => ({ format, implementation: i.id })),
  );
}

/**
 * `create` made to measure what a page whose Content-Security-Policy forbids `new Function` runs:
 * each implementation that compiles code per schema (the registry's `eval: 'generated'`) made
 * `interpreted`, so its rows say so (`RowResult.interpreted`); the others as `create` makes them
 * (protobufjs, which cannot run there at all, is measured as it is: the answer says why it is left out).
 */
export function withoutGeneratedCode(create: typeof createCodec): typeof createCodec {
  return async (format, options = {}) => {
    const implementation = findImplementation(format, options.implementation ?? DEFAULT_IMPLEMENTATION);
    return create(format, implementation.capabilities.eval === 'generated' ? { ...options, interpreted: true } : options);
  };
}

/**
 * Codecs of the requested formats and implementations that can run here; the others become notes
 * (simdjson in a browser or without its addon, a library that is not installed).
 */
export async function codecsFor(
  formats: readonly FormatId[],
  schema: Schema | undefined,
  notes: string[],
  implementations: ImplementationChoice = ['wirebench'],
  create: typeof createCodec = createCodec,
): Promise<Codec[]> {
  const codecs: Codec[] = [];
  for (const { format, implementation } of selectImplementations(formats, implementations)) {
    try {
      codecs.push(await create(format, { ...(schema ? { schema } : {}), implementation }));
    } catch (error) {
      if (!(error instanceof WirebenchError)) throw error;
      const note = `${rowName(format, implementation)} not measured: ${error.message}`;
      if (!notes.includes(note)) notes.push(note);
    }
  }
  return codecs;
}

/** A payload ready to measure: its target (codecs of the formats that can run) and the schema they use. */
export interface PlannedPayload {
  readonly target: MeasureTarget;
  /** The schema inferred from the payload (protobuf and FlatBuffers are measured with it), or undefined when none could be. */
  readonly schema: Schema | undefined;
}

/**
 * A payload's target with a schema inferred from it, its codecs made by `create` (`createCodec`,
 * or `createCodecWithLibraries` from `@wirebench/core/libraries` in a bundled page). Where no schema
 * can be inferred (JSON nested deeper than the call stack allows, say), the schemaless formats are
 * still measured and a note says why the schema formats are not.
 */
export async function planPayload(
  payload: Payload,
  formats: readonly FormatId[],
  notes: string[],
  implementations: ImplementationChoice = ['wirebench'],
  create: typeof createCodec = createCodec,
): Promise<PlannedPayload> {
  let schema: Schema | undefined;
  try {
    schema = inferSchema(payload.value);
  } catch (error) {
    const reason = error instanceof RangeError ? 'the data is nested too deeply' : (error as Error).message;
    if (formats.some((format) => SCHEMA_FORMATS.includes(format))) {
      notes.push(`${payload.name}: no schema could be inferred (${reason}), so protobuf and FlatBuffers are not measured on it`);
    }
  }
  const usable = schema ? formats : formats.filter((format) => !SCHEMA_FORMATS.includes(format));
  return { target: { payload, codecs: await codecsFor(usable, schema, notes, implementations, create) }, schema };
}
