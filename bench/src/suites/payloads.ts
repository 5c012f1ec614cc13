import type { LossyNumber } from '@wirebench/core';
import type { MeasureTarget } from 'wirebench';
import { planPayload } from 'wirebench';
import type { Suite, SuiteContext } from './suite.js';
import { withLibraries } from './suite.js';

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

/** A payload's target with a schema inferred from it (planPayload of wirebench), and library rows when asked for. */
export async function payloadTarget(name: string, value: unknown, context: SuiteContext, notes: string[]): Promise<MeasureTarget> {
  const { target, schema } = await planPayload({ name, value }, context.formats, notes, context.implementations, context.create);
  return schema ? withLibraries(target, schema, context, notes) : target;
}
