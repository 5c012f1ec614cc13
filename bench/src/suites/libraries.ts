import { Decoder as MsgpackDecoder, Encoder as MsgpackEncoder } from '@msgpack/msgpack';
import type { Codec, FormatId, Schema, TypeRef } from '@wirebench/core';
import { checkRoundTrip, toProto } from '@wirebench/core';
import { CatalogItem, Order, OrderBatch, TelemetryReading, UserProfile } from '@wirebench/schemas/generated';
import { Decoder as CborDecoder, Encoder as CborEncoder } from 'cbor-x';
import { ByteBuffer } from 'flatbuffers';
import protobuf from 'protobufjs';
import type { ExtraRow } from 'wirebench';

/**
 * The raw library calls each codec wraps, as extra rows of the same run: the difference between a
 * codec's row and its library's row is wirebench's own cost, measured rather than guessed. Every
 * decoding row is first checked to give back the payload, so no row times different work.
 */

// The options wirebench's cbor codec uses: the same work, minus the wrapper.
const CBOR_OPTIONS = { useRecords: false, mapsAsObjects: true, pack: false, structuredClone: false } as const;
// toObject's conversion to the data wirebench returns: numbers, not Longs, and proto3 defaults kept.
const PLAIN_DATA: protobuf.IConversionOptions = { longs: Number, defaults: true };

/**
 * The library row each codec is weighed against in the README's overhead figures: the call that does
 * the codec's work (for protobuf, `decode` without `toObject`, the closest to wirebench's decode).
 */
export const LIBRARY_ROW = {
  json: 'JSON.stringify + TextEncoder / TextDecoder + JSON.parse',
  msgpack: '@msgpack/msgpack',
  cbor: 'cbor-x',
  protobuf: 'protobufjs decode',
  flatbuffers: 'flatc unpack()',
} as const satisfies Partial<Record<FormatId, string>>;

/** flatc's object API on each canonical root message: a full materialization, as wirebench's decode is. */
export const FLATC_ROOTS: Readonly<Record<string, (bytes: Uint8Array) => object>> = {
  UserProfile: (bytes) => UserProfile.getRootAsUserProfile(new ByteBuffer(bytes)).unpack(),
  Order: (bytes) => Order.getRootAsOrder(new ByteBuffer(bytes)).unpack(),
  TelemetryReading: (bytes) => TelemetryReading.getRootAsTelemetryReading(new ByteBuffer(bytes)).unpack(),
  CatalogItem: (bytes) => CatalogItem.getRootAsCatalogItem(new ByteBuffer(bytes)).unpack(),
  OrderBatch: (bytes) => OrderBatch.getRootAsOrderBatch(new ByteBuffer(bytes)).unpack(),
};

interface Checked {
  readonly row: ExtraRow;
  /** Untimed: the decoded result as JSON data, for the check (default: as is). */
  readonly toJson?: (decoded: unknown) => unknown;
}

export interface LibraryRows {
  readonly rows: ExtraRow[];
  /** Rows left out because the library does not give back this payload as JSON data, with the reason. */
  readonly skipped: string[];
}

/**
 * Library rows for one payload; `codecs` are the codecs measured on it (their bytes are what the
 * libraries read). protobufjs sees wire names and helper messages, so on inferred schemas with odd
 * keys or nested lists its rows are left out (and said so) rather than timed on different data.
 */
export function libraryRows(value: unknown, schema: Schema | undefined, codecs: readonly Codec[]): LibraryRows {
  const codec = (format: string): Codec | undefined => codecs.find((c) => c.format === format);
  const rows: Checked[] = [];

  if (codec('json')) {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const bytes = encoder.encode(JSON.stringify(value));
    rows.push({
      row: {
        name: LIBRARY_ROW.json,
        kind: 'library',
        format: 'json',
        wraps: 'json',
        encode: () => encoder.encode(JSON.stringify(value)),
        decode: () => JSON.parse(decoder.decode(bytes)) as unknown,
      },
    });
  }
  const msgpack = codec('msgpack');
  if (msgpack) {
    const encoder = new MsgpackEncoder();
    const decoder = new MsgpackDecoder();
    const bytes = msgpack.encode(value);
    rows.push({
      row: {
        name: LIBRARY_ROW.msgpack,
        kind: 'library',
        format: 'msgpack',
        wraps: 'msgpack',
        encode: () => encoder.encode(value),
        decode: () => decoder.decode(bytes),
      },
    });
  }
  const cbor = codec('cbor');
  if (cbor) {
    const encoder = new CborEncoder(CBOR_OPTIONS);
    const decoder = new CborDecoder(CBOR_OPTIONS);
    const bytes = cbor.encode(value);
    rows.push({
      row: {
        name: LIBRARY_ROW.cbor,
        kind: 'library',
        format: 'cbor',
        wraps: 'cbor',
        encode: () => encoder.encode(value),
        decode: () => decoder.decode(bytes) as unknown,
      },
    });
  }
  const pb = codec('protobuf');
  if (pb && schema) {
    // The types as an app using protobufjs loads them, from the same .proto text; keepCase keeps the field names.
    const type = protobuf.parse(toProto(schema), { keepCase: true }).root.lookupType(`${schema.namespace}.${schema.root}`);
    const bytes = pb.encode(value);
    const toJson = (message: unknown): unknown => type.toObject(message as protobuf.Message, PLAIN_DATA);
    rows.push(
      { row: { name: LIBRARY_ROW.protobuf, kind: 'library', format: 'protobuf', wraps: 'protobuf', decode: () => type.decode(bytes) }, toJson },
      {
        row: {
          name: `${LIBRARY_ROW.protobuf} + toObject`,
          kind: 'library',
          format: 'protobuf',
          wraps: 'protobuf',
          decode: () => type.toObject(type.decode(bytes), PLAIN_DATA),
        },
      },
    );
  }
  const fb = codec('flatbuffers');
  const unpack = schema && FLATC_ROOTS[schema.root];
  if (fb && schema && unpack) {
    const bytes = fb.encode(value);
    const root: TypeRef = { kind: 'message', name: schema.root };
    rows.push({
      row: { name: LIBRARY_ROW.flatbuffers, kind: 'library', format: 'flatbuffers', wraps: 'flatbuffers', decode: () => unpack(bytes) },
      toJson: (object) => objectApiToJson(schema, root, object),
    });
  }

  const kept: ExtraRow[] = [];
  const skipped: string[] = [];
  for (const { row, toJson } of rows) {
    const decoded = row.decode?.();
    const diffs = row.decode ? checkRoundTrip(value, toJson ? toJson(decoded) : decoded).diffs.filter((d) => d.kind !== 'order') : [];
    if (diffs.length === 0) kept.push(row);
    else skipped.push(`${row.name}: its decode differs from the payload at ${diffs[0]?.path} (${diffs[0]?.kind})`);
  }
  return { rows: kept, skipped };
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
      return Object.fromEntries((value as Array<{ key: string; value: unknown }>).map((entry) => [entry.key, objectApiToJson(schema, type.of, entry.value)]));
    default:
      return typeof value === 'bigint' ? Number(value) : value;
  }
}
