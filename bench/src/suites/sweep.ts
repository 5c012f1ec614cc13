import { schemaFromProto } from '@wirebench/core/schema';
import { orderBatch, seededRandom } from 'wirebench/samples';
import type { Suite } from './suite.js';
import { targetFor } from './suite.js';

/** Target JSON sizes of the sweep: how cost grows with size, from a small response to a large export. */
export const SWEEP_BYTES = [1024, 8 * 1024, 64 * 1024, 512 * 1024, 4 * 1024 * 1024] as const;

const label = (bytes: number): string => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);
const jsonSize = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/** One shape (an order batch) at about 1 KB, 8 KB, 64 KB, 512 KB and 4 MB of JSON. */
export const sweepSuite: Suite = {
  name: 'sweep',
  summary: `one shape (order_batch) at about ${SWEEP_BYTES.map(label).join(', ')} of JSON`,
  async plan(context) {
    const schema = schemaFromProto(context.proto, 'OrderBatch');
    const notes: string[] = [];
    const targets = [];
    // Bytes per order from a large sample, so each size is hit within one order's worth.
    const empty = jsonSize(orderBatch(seededRandom(context.seed), 0));
    const perOrder = (jsonSize(orderBatch(seededRandom(context.seed), 200)) - empty) / 200;
    for (const bytes of SWEEP_BYTES) {
      const count = Math.max(1, Math.round((bytes - empty) / perOrder));
      const value = orderBatch(seededRandom(context.seed + bytes), count);
      targets.push(await targetFor(`sweep ${label(bytes)} (${count} orders)`, value, schema, context, notes));
    }
    return { targets, notes };
  },
};
