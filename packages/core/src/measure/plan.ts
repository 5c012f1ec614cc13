import type { Codec, FormatId } from '../codec.js';
import { SCHEMA_FORMATS } from '../codec.js';
import { createCodec } from '../create-codec.js';
import { WirebenchError } from '../errors.js';
import { inferSchema } from '../schema/infer.js';
import type { Schema } from '../schema/types.js';
import type { MeasureTarget, Payload } from './types.js';

/**
 * From a payload and a list of formats to what `measure` takes: the codecs that can run here, with
 * a schema inferred from the payload for protobuf and FlatBuffers. What cannot run is said in
 * `notes`, never dropped in silence. Shared by the CLI and the bench (Node and browser alike).
 */

/** Codecs of the requested formats that can run here; the others become notes (simdjson in a browser or without its addon, say). */
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

/** A payload ready to measure: its target (codecs of the formats that can run) and the schema they use. */
export interface PlannedPayload {
  readonly target: MeasureTarget;
  /** The schema inferred from the payload (protobuf and FlatBuffers are measured with it), or undefined when none could be. */
  readonly schema: Schema | undefined;
}

/**
 * A payload's target with a schema inferred from it. Where none can be inferred (JSON nested deeper
 * than the call stack allows, say), the schemaless formats are still measured and a note says why
 * the schema formats are not.
 */
export async function planPayload(payload: Payload, formats: readonly FormatId[], notes: string[]): Promise<PlannedPayload> {
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
  return { target: { payload, codecs: await codecsFor(usable, schema, notes) }, schema };
}
