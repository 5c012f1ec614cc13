import { schemaFromProto } from '@wirebench/core/schema';
import { canonicalSamples } from 'wirebench/samples';
import type { Suite } from './suite.js';
import { targetFor } from './suite.js';

/** The embedded default payloads: one of each canonical shape, with its hand-written schema. */
export const canonicalSuite: Suite = {
  name: 'canonical',
  summary: 'one payload of each canonical shape (user_profile, order, telemetry, catalog_item, order_batch) with its hand-written schema',
  async plan(context) {
    const notes: string[] = [];
    const targets = [];
    for (const { shape, message, value } of canonicalSamples(context.seed)) {
      targets.push(await targetFor(shape, value, schemaFromProto(context.proto, message), context, notes));
    }
    return { targets, notes };
  },
};
