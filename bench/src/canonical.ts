import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Codec, MeasureTarget, Schema } from '@wirebench/core';
import { FORMATS, WirebenchError, createCodec, schemaFromProto } from '@wirebench/core';
import type { CanonicalSample } from '@wirebench/core/samples';
import { canonicalSamples } from '@wirebench/core/samples';

export const CANONICAL_PROTO = fileURLToPath(new URL('../../schemas/canonical.proto', import.meta.url));

export interface CanonicalCase extends CanonicalSample {
  /** The wirebench Schema of the sample's root message, read from schemas/canonical.proto. */
  readonly schema: Schema;
}

/** Each canonical sample with its schema: the embedded default payloads. */
export function canonicalCases(seed: number): CanonicalCase[] {
  const proto = readFileSync(CANONICAL_PROTO, 'utf8');
  return canonicalSamples(seed).map((sample) => ({ ...sample, schema: schemaFromProto(proto, sample.message) }));
}

/** The embedded default payloads: one of each canonical shape, with every format that can run here. */
export async function canonicalTargets(seed: number): Promise<{ targets: MeasureTarget[]; skipped: string[] }> {
  const skipped: string[] = [];
  const targets: MeasureTarget[] = [];
  for (const { shape, value, schema } of canonicalCases(seed)) {
    const codecs: Codec[] = [];
    for (const format of FORMATS) {
      try {
        codecs.push(await createCodec(format, { schema }));
      } catch (error) {
        if (!(error instanceof WirebenchError)) throw error;
        if (!skipped.some((line) => line.startsWith(format))) skipped.push(`${format}: ${error.message}`);
      }
    }
    targets.push({ payload: { name: shape, value }, codecs });
  }
  return { targets, skipped };
}
