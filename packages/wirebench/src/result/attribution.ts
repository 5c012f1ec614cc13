import type { FormatId, Schema } from '@wirebench/core';
import { bytesBreakdown } from '../attribution/breakdown.js';
import type { PlannedPayload } from '../measure/plan.js';
import type { MeasureResult } from '../measure/types.js';
import type { ResultPayload, WirebenchResult } from './types.js';

/** What a payload's byte attribution is worked out from: its value, the formats measured on it and the schema they used. */
export interface AttributionSource {
  readonly name: string;
  readonly value: unknown;
  /** The formats whose codecs could be built for it (JSON is always attributed, as the reference). */
  readonly formats: readonly FormatId[];
  /** The schema the protobuf and FlatBuffers codecs were built with; inferred again when absent. */
  readonly schema: Schema | undefined;
}

/** The source of a payload planned by `planPayload`: the formats of its codecs and its inferred schema. */
export function attributionSource({ target, schema }: PlannedPayload): AttributionSource {
  return { name: target.payload.name, value: target.payload.value, formats: [...new Set(target.codecs.map((codec) => codec.format))], schema };
}

/**
 * The result with where each payload's bytes go (`bytesBreakdown`): a payload's `attribution`, or
 * its `attributionError` when the attribution throws; payloads without a source, or that could not
 * be measured, are left as they are. Worked out after measuring, outside every timed region, where
 * the payload's value is (the worker that measured it, in an isolated run).
 */
export function withAttribution(result: MeasureResult, sources: readonly AttributionSource[]): WirebenchResult {
  const byName = new Map(sources.map((source) => [source.name, source]));
  return { ...result, payloads: result.payloads.map((payload) => attributed(payload, byName.get(payload.name))) };
}

function attributed(payload: ResultPayload, source: AttributionSource | undefined): ResultPayload {
  if (!source || payload.error !== undefined) return payload;
  try {
    return { ...payload, attribution: bytesBreakdown(source.value, source.formats, source.schema ? { schema: source.schema } : {}) };
  } catch (error) {
    return { ...payload, attributionError: error instanceof Error ? error.message : String(error) };
  }
}
