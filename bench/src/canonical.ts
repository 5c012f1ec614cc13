import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Codec, MeasureTarget } from '@wirebench/core';
import { FORMATS, WirebenchError, createCodec, schemaFromProto } from '@wirebench/core';
import { canonicalSamples } from '@wirebench/core/samples';

const PROTO = fileURLToPath(new URL('../../schemas/canonical.proto', import.meta.url));

/** The embedded default payloads: one of each canonical shape, with every format that can run here. */
export async function canonicalTargets(seed: number): Promise<{ targets: MeasureTarget[]; skipped: string[] }> {
  const proto = readFileSync(PROTO, 'utf8');
  const skipped: string[] = [];
  const targets: MeasureTarget[] = [];
  for (const sample of canonicalSamples(seed)) {
    const schema = schemaFromProto(proto, sample.message);
    const codecs: Codec[] = [];
    for (const format of FORMATS) {
      try {
        codecs.push(await createCodec(format, { schema }));
      } catch (error) {
        if (!(error instanceof WirebenchError)) throw error;
        if (!skipped.some((line) => line.startsWith(format))) skipped.push(`${format}: ${error.message}`);
      }
    }
    targets.push({ payload: { name: sample.shape, value: sample.value }, codecs });
  }
  return { targets, skipped };
}
