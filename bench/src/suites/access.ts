import { schemaFromProto } from '@wirebench/core/schema';
import { OrderBatch } from '@wirebench/schemas/generated';
import { ByteBuffer } from 'flatbuffers';
import type { ExtraRow } from 'wirebench';
import { orderBatch, seededRandom } from 'wirebench/samples';
import type { Suite } from './suite.js';
import { codecsFor } from './suite.js';

const ORDERS = 1000;
const PICK = 500;

/**
 * Decode, then read one field, against decode and materialize everything. The eager formats must
 * build the whole object graph either way; FlatBuffers' generated accessors read one field in place,
 * which is the format's whole point. Decode only: encoding does not change.
 */
export const accessSuite: Suite = {
  name: 'access',
  summary: `decode then read one field (orders[${PICK}].id) vs decode and materialize everything, on a ${ORDERS}-order batch`,
  async plan(context) {
    const notes: string[] = [];
    const value = orderBatch(seededRandom(context.seed), ORDERS);
    const expected = (value['orders'] as Array<{ id: number }>)[PICK]?.id;
    const codecs = await codecsFor(context.formats, schemaFromProto(context.proto, 'OrderBatch'), notes, context.implementations, context.create);
    const extras: ExtraRow[] = [];
    for (const codec of codecs) {
      const bytes = codec.encode(value);
      extras.push({
        name: `${codec.format}: decode, read one field`,
        kind: 'custom',
        format: codec.format,
        decode: () => (codec.decode(bytes) as { orders: Array<{ id: number }> }).orders[PICK]?.id,
      });
      if (codec.format === 'flatbuffers') {
        const readOne = (): number => Number(OrderBatch.getRootAsOrderBatch(new ByteBuffer(bytes)).orders(PICK)?.id());
        if (readOne() !== expected) throw new Error(`flatc accessors read ${readOne()} at orders[${PICK}].id, expected ${expected}`);
        extras.push({ name: 'flatbuffers: flatc accessors, read one field', kind: 'custom', format: 'flatbuffers', decode: readOne });
      }
    }
    const payload = { name: `access order_batch (${ORDERS} orders)`, value };
    return { targets: [{ payload, codecs, extras, operations: ['decode'] }], notes };
  },
};
