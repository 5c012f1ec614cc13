import { canonicalSamples } from 'wirebench/samples';
import { schemaFromProto } from '../../src/schema/from-proto.js';
import type { Schema } from '../../src/schema/types.js';
import { canonicalProto } from './paths.js';

/** Each canonical sample with the Schema of its root message, read from schemas/canonical.proto. */
export function canonicalCases(seed = 1): Array<{ shape: string; message: string; value: Record<string, unknown>; schema: Schema }> {
  const proto = canonicalProto();
  return canonicalSamples(seed).map((sample) => ({ ...sample, schema: schemaFromProto(proto, sample.message) }));
}
