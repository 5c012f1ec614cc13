/**
 * Two-way compatibility with flatc-generated code (schemas/generated/, from the hand-written
 * schemas/canonical.fbs): generated readers read wirebench's bytes, and wirebench's decoder reads
 * bytes that generated writers built.
 */
import { Builder, ByteBuffer } from 'flatbuffers';
import { describe, expect, it } from 'vitest';
import * as generated from '../../../../../schemas/generated/canonical_generated.js';
import { checkRoundTrip } from '../../../src/fidelity.js';
import { flatbuffersCodec } from '../../../src/formats/flatbuffers/codec.js';
import type { Schema, TypeRef } from '../../../src/schema/types.js';
import { findMessage } from '../../../src/schema/types.js';
import { canonicalCases } from '../../support/canonical.js';

type ObjectApi = Record<string, unknown> & { pack(builder: Builder): number };
const classes = generated as unknown as Record<string, { new (): ObjectApi } & Record<string, unknown>>;
const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The generated object API's view (camelCase, bigint, null for absent) as JSON data. */
function fromObjectApi(schema: Schema, message: string, object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of findMessage(schema, message).fields) {
    const value = object[camel(field.name)];
    if (value === null && field.optional) continue;
    out[field.jsonName] = valueFrom(schema, field.type, value);
  }
  return out;
}

function valueFrom(schema: Schema, type: TypeRef, value: unknown): unknown {
  if (type.kind === 'message') return fromObjectApi(schema, type.name, value as Record<string, unknown>);
  if (type.kind === 'list') return (value as unknown[]).map((item) => valueFrom(schema, type.of, item));
  if (type.kind === 'map') {
    return Object.fromEntries((value as Array<{ key: string; value: unknown }>).map((e) => [e.key, valueFrom(schema, type.of, e.value)]));
  }
  return typeof value === 'bigint' ? Number(value) : value;
}

/** JSON data as the generated object API's instances, ready for its `pack`. */
function toObjectApi(schema: Schema, message: string, json: Record<string, unknown>): ObjectApi {
  const object = new (classes[`${message}T`] as new () => ObjectApi)();
  for (const field of findMessage(schema, message).fields) {
    if (json[field.jsonName] !== undefined) object[camel(field.name)] = valueTo(schema, field.type, json[field.jsonName]);
  }
  return object;
}

function valueTo(schema: Schema, type: TypeRef, value: unknown): unknown {
  if (type.kind === 'message') return toObjectApi(schema, type.name, value as Record<string, unknown>);
  if (type.kind === 'list') return (value as unknown[]).map((item) => valueTo(schema, type.of, item));
  if (type.kind === 'map') {
    // canonical.fbs names its only map entry table Preference.
    return Object.entries(value as Record<string, unknown>).map(([key, item]) =>
      Object.assign(new (classes['PreferenceT'] as new () => ObjectApi)(), { key, value: item }),
    );
  }
  if (type.kind === 'scalar' && (type.scalar === 'int64' || type.scalar === 'uint64')) return BigInt(value as number);
  return value;
}

describe.each(canonicalCases().map((c) => [c.shape, c] as const))('%s', (_shape, sample) => {
  const root = classes[sample.message] as Record<string, (bb: ByteBuffer) => { unpack(): Record<string, unknown> }>;

  it('flatc-generated readers read the bytes wirebench writes', () => {
    const bytes = flatbuffersCodec(sample.schema).encode(sample.value);
    const unpacked = (root[`getRootAs${sample.message}`] as (bb: ByteBuffer) => { unpack(): Record<string, unknown> })(new ByteBuffer(bytes)).unpack();
    const report = checkRoundTrip(sample.value, fromObjectApi(sample.schema, sample.message, unpacked));
    expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
  });

  it('wirebench reads the bytes flatc-generated writers build', () => {
    const builder = new Builder(1024);
    builder.finish(toObjectApi(sample.schema, sample.message, sample.value).pack(builder));
    const report = checkRoundTrip(sample.value, flatbuffersCodec(sample.schema).decode(builder.asUint8Array()));
    expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
  });
});
