import { ByteBuffer } from 'flatbuffers';
import type { Schema, TypeRef } from '@wirebench/core';
import { createCodec } from '@wirebench/core';
import { CatalogItem, Order, OrderBatch, TelemetryReading, UserProfile } from '@wirebench/schemas/generated';
import type { CanonicalCase } from './canonical.js';
import type { Comparison } from './comparison.js';

type Unpack = (bytes: Uint8Array) => object;

/** flatc's object API on each root message: a full materialization, as wirebench's decode is. */
const UNPACK: Readonly<Record<string, Unpack>> = {
  UserProfile: (bytes) => UserProfile.getRootAsUserProfile(new ByteBuffer(bytes)).unpack(),
  Order: (bytes) => Order.getRootAsOrder(new ByteBuffer(bytes)).unpack(),
  TelemetryReading: (bytes) => TelemetryReading.getRootAsTelemetryReading(new ByteBuffer(bytes)).unpack(),
  CatalogItem: (bytes) => CatalogItem.getRootAsCatalogItem(new ByteBuffer(bytes)).unpack(),
  OrderBatch: (bytes) => OrderBatch.getRootAsOrderBatch(new ByteBuffer(bytes)).unpack(),
};

/** wirebench's FlatBuffers decode against the flatc-generated TypeScript unpacking the same bytes. */
export async function flatbuffersComparison(sample: CanonicalCase): Promise<Comparison> {
  const unpack = UNPACK[sample.message];
  if (!unpack) throw new Error(`no flatc-generated root for ${sample.message}`);
  const codec = await createCodec('flatbuffers', { schema: sample.schema });
  const bytes = codec.encode(sample.value);
  return {
    format: 'flatbuffers',
    bytes: bytes.length,
    wirebench: { name: 'wirebench', decode: () => codec.decode(bytes) },
    baselines: [
      {
        name: 'flatc unpack()',
        decode: () => unpack(bytes),
        toJson: (object) => objectApiToJson(sample.schema, { kind: 'message', name: sample.message }, object),
      },
    ],
  };
}

const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The object API's view (camelCase keys, bigint, null when absent, maps as key/value entries) as JSON data. */
function objectApiToJson(schema: Schema, type: TypeRef, value: unknown): unknown {
  switch (type.kind) {
    case 'message': {
      const message = schema.messages.find((m) => m.name === type.name);
      if (!message) throw new Error(`the schema has no message ${type.name}`);
      const object = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const field of message.fields) {
        const item = object[camel(field.name)];
        if (!(item === null && field.optional)) out[field.jsonName] = objectApiToJson(schema, field.type, item);
      }
      return out;
    }
    case 'list':
      return (value as unknown[]).map((item) => objectApiToJson(schema, type.of, item));
    case 'map':
      return Object.fromEntries(
        (value as Array<{ key: string; value: unknown }>).map((entry) => [entry.key, objectApiToJson(schema, type.of, entry.value)]),
      );
    default:
      return typeof value === 'bigint' ? Number(value) : value;
  }
}
