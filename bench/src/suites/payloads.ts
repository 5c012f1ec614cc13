import type { LossyNumber, Schema } from '@wirebench/core';
import { inferSchema } from '@wirebench/core';
import type { MeasureTarget } from '@wirebench/core/measure';
import type { Suite, SuiteContext } from './suite.js';
import { codecsFor, targetFor } from './suite.js';

/** One payload as `parseJson` gave it, named by its file. */
export interface ParsedPayload {
  readonly name: string;
  readonly value: unknown;
  readonly lossyNumbers: readonly LossyNumber[];
  readonly lossyCount: number;
}

/**
 * The user's own payloads, each with a schema inferred from it for protobuf and FlatBuffers.
 * Browser-safe: Node reads the files (files.ts), a browser page fetches them; both plan them here.
 */
export function payloadsSuite(payloads: readonly ParsedPayload[]): Suite {
  return {
    name: 'files',
    summary: `your payloads: ${payloads.map((p) => p.name).join(', ')}`,
    async plan(context) {
      const notes: string[] = [];
      const targets = [];
      for (const { name, value, lossyNumbers, lossyCount } of payloads) {
        const target = await payloadTarget(name, value, context, notes);
        targets.push({ ...target, payload: { ...target.payload, lossyNumbers, lossyCount } });
      }
      return { targets, notes };
    },
  };
}

/**
 * A payload's target with an inferred schema. Where none can be inferred (JSON nested deeper than
 * the call stack allows, say), the schemaless formats are still measured and a note says why the
 * schema formats are not.
 */
export async function payloadTarget(name: string, value: unknown, context: SuiteContext, notes: string[]): Promise<MeasureTarget> {
  let schema: Schema;
  try {
    schema = inferSchema(value);
  } catch (error) {
    const reason = error instanceof RangeError ? 'the data is nested too deeply' : (error as Error).message;
    notes.push(`${name}: no schema could be inferred (${reason}), so protobuf and FlatBuffers are not measured on it`);
    return { payload: { name, value }, codecs: await codecsFor(context.formats.filter((f) => f !== 'protobuf' && f !== 'flatbuffers'), undefined, notes) };
  }
  return targetFor(name, value, schema, context, notes);
}
