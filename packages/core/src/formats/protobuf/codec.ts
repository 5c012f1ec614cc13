import type { Codec, GeneratedCodeOptions } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, WirebenchError, wrapError } from '../../errors.js';
import { assertEncodable } from '../../json-data.js';
import { checkByteLength, resolveLimits, tooManyValues, valueBudget } from '../../limits.js';
import { Refusal, refusalError } from '../../refusal.js';
import { lowerSchema, PROTOBUF_RULES } from '../../schema/lower.js';
import { runsInterpreted } from '../../schema/records.js';
import type { Schema } from '../../schema/types.js';
import { findMessage, rootPayload, rootRecord } from '../../schema/types.js';
import { generatePlans } from './generate.js';
import type { MessageCodecs } from './interpret.js';
import { interpretPlans } from './interpret.js';
import { compilePlans } from './plan.js';
import { ProtoReader } from './reader.js';
import { scalarWires } from './scalars.js';
import { checkValueLayout, valueCodec } from './value.js';
import { ProtoWriter } from './writer.js';

/** Options of `protobufCodec`: the name they had before FlatBuffers' codecs took `interpreted` too. */
export type ProtobufCodecOptions = GeneratedCodeOptions;

/**
 * Protobuf straight from and into JSON data, in one pass: code generated per message of the lowered
 * schema (generate.ts) writes every present field of a JSON object under its tag and reads
 * the wire back into object literals keyed by JSON names, checking each value against its field's
 * type on the way in (refusing keys the schema does not know, unless dropped by option) and every
 * length, varint and UTF-8 sequence on the way out, within the codec's limits both ways. The bytes
 * are proto3 for `toProto(schema)`: protoc and protobufjs read them, and this codec reads theirs.
 * Where a Content-Security-Policy forbids generated code, or with `interpreted: true`, the same
 * plans run interpreted, compiling nothing.
 */
export function protobufCodec(schema: Schema, options: ProtobufCodecOptions = {}): Codec {
  findMessage(schema, schema.root);
  const limits = resolveLimits(options.limits, 'protobuf');
  const lowered = lowerSchema(schema, PROTOBUF_RULES);
  for (const [name, role] of lowered.roles) if (role === 'dynamic') checkValueLayout(findMessage(lowered.schema, name));
  const scalars = scalarWires(limits);
  const strictKeys = (options.unknownKeys ?? 'error') === 'error';
  const plans = compilePlans(lowered, schema.root, schema.wrappedRoot ? schema.root : undefined, limits, strictKeys, scalars);
  const value = valueCodec(limits, scalars);
  const interpreted = runsInterpreted(options);
  const codecs: MessageCodecs = (interpreted ? undefined : generatePlans(plans, value)) ?? interpretPlans(plans, value);
  const encodeRoot = codecs.encoders[plans.root] as MessageCodecs['encoders'][number];
  const decodeRoot = codecs.decoders[plans.root] as MessageCodecs['decoders'][number];
  const writer = new ProtoWriter();
  return {
    format: 'protobuf',
    mediaType: MEDIA_TYPES.protobuf,
    implementation: 'wirebench',
    ...(interpreted ? { interpreted } : {}),
    encode(payload) {
      // A getter in the payload that encodes again gets a writer of its own, not this one's half-written bytes.
      const w = writer.busy ? new ProtoWriter() : writer;
      w.busy = true;
      try {
        w.reset();
        encodeRoot(w, rootRecord(schema, payload), 1, 0);
      } catch (error) {
        // What is not JSON data, or past a limit, gets the words every format uses (json-data.ts); only then a schema mismatch.
        if (error instanceof Refusal) assertEncodable(payload, 'protobuf', limits);
        throw wrapError('protobuf', 'encode', refusalError(stackOverflow(error)));
      } finally {
        w.busy = false;
      }
      checkByteLength('protobuf', limits, w.position);
      // Refused here, not by the reader: bytes this codec writes always decode with its limits.
      if (w.values > valueBudget(limits, w.position)) throw tooManyValues('protobuf', limits, w.position);
      return w.finish();
    },
    decode(bytes) {
      assertBytes('protobuf', bytes);
      checkByteLength('protobuf', limits, bytes.length);
      try {
        const reader = new ProtoReader(bytes, valueBudget(limits, bytes.length));
        return rootPayload(schema, decodeRoot(reader, bytes.length, 1, 0) as Record<string, unknown>);
      } catch (error) {
        // Decode errors are about bytes, not about a JSON path.
        throw wrapError('protobuf', 'decode', error instanceof Refusal ? error.error('') : stackOverflow(error));
      }
    },
  };
}

function stackOverflow(error: unknown): unknown {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new WirebenchError('the data is nested too deeply for the call stack', { format: 'protobuf', cause: error });
  }
  return error;
}
