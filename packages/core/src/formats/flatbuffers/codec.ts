import type { Codec, GeneratedCodeOptions } from '../../codec.js';
import { MEDIA_TYPES } from '../../codec.js';
import { assertBytes, wrapError } from '../../errors.js';
import { assertEncodable } from '../../json-data.js';
import { checkByteLength, resolveLimits, tooManyValues, valueBudget } from '../../limits.js';
import { runsInterpreted } from '../../schema/records.js';
import type { Schema } from '../../schema/types.js';
import { findMessage } from '../../schema/types.js';
import { generateDecoder } from './generate-decoder.js';
import { generateEncoder } from './generate-encoder.js';
import type { PlanSettings } from './interpret.js';
import { interpretTables } from './interpret.js';
import type { TablePlan } from './interpret-table.js';
import { Reader } from './reader.js';
import { tableShapes } from './shape.js';
import { ValueCodec } from './value.js';
import { Writer } from './writer.js';

/**
 * FlatBuffers driven by a wirebench Schema (no flatc, so it runs in a browser). The bytes follow
 * `toFbs(schema)`: flatc and flatc-generated code read them. Every present field is written,
 * defaults included, so presence survives exactly; keys the schema does not know are refused (or
 * dropped, by option). Encoding runs code generated per table in one pass over the value; when that
 * refuses a value, or where generated code is forbidden, the interpreter writes the same bytes and
 * names the path and the reason. Decoding checks every offset against the buffer, bounds the work
 * by the buffer's size and keeps to the codec's limits, which encode enforces too; it runs generated
 * code as well, with the interpreter where that is forbidden. With `interpreted: true` the
 * interpreter does all of it, and nothing is compiled.
 */
export function flatbuffersCodec(schema: Schema, options: GeneratedCodeOptions = {}): Codec {
  findMessage(schema, schema.root);
  const limits = resolveLimits(options.limits, 'flatbuffers');
  const strictKeys = (options.unknownKeys ?? 'error') === 'error';
  const shapes = tableShapes(schema);
  const settings: PlanSettings = { limits, strictKeys, value: new ValueCodec(limits) };
  const root = interpretTables(shapes, settings).get(schema.root) as TablePlan;
  const interpreted = runsInterpreted(options);
  const generated = interpreted ? undefined : generateEncoder(shapes, schema.root, settings);
  const readRoot =
    (interpreted ? undefined : generateDecoder(shapes, schema.root, settings)) ?? ((r: Reader, table: number, depth: number) => root.read(r, table, depth));
  const writer = new Writer(1024, limits.maxStringLength);

  /** The bytes from the generated encoder, or undefined when it refused the value (or is unavailable). */
  const encodeFast = (w: Writer, value: unknown): Uint8Array | undefined => {
    if (!generated) return undefined;
    try {
      w.start();
      return w.finish(generated(w, value, 1));
    } catch {
      return undefined;
    }
  };

  return {
    format: 'flatbuffers',
    mediaType: MEDIA_TYPES.flatbuffers,
    implementation: 'wirebench',
    ...(interpreted ? { interpreted } : {}),
    encode(value) {
      // A getter in the value that encodes again gets a writer of its own, not this one's half-written bytes.
      const w = writer.busy ? new Writer(1024, limits.maxStringLength) : writer;
      w.busy = true;
      try {
        // Dropped keys are never visited by the writers: check them as JSON data here.
        if (!strictKeys) assertEncodable(value, 'flatbuffers', limits);
        let bytes = encodeFast(w, value);
        if (bytes === undefined) {
          // Refusals of what is not JSON data or exceeds the limits, with their paths, come first;
          // the interpreter then names any schema mismatch.
          if (strictKeys) assertEncodable(value, 'flatbuffers', limits);
          w.start();
          bytes = w.finish(root.write(w, value, '$', 1));
        }
        checkByteLength('flatbuffers', limits, bytes.length);
        // Refused here, not by the reader: bytes this codec writes always decode with its limits.
        if (w.values > valueBudget(limits, bytes.length)) throw tooManyValues('flatbuffers', limits, bytes.length);
        return bytes;
      } catch (error) {
        throw wrapError('flatbuffers', 'encode', error);
      } finally {
        w.busy = false;
      }
    },
    decode(bytes) {
      assertBytes('flatbuffers', bytes);
      checkByteLength('flatbuffers', limits, bytes.length);
      const reader = new Reader(bytes, limits);
      try {
        reader.need(0, 4);
        return readRoot(reader, reader.view.getUint32(0, true), 1);
      } catch (error) {
        throw wrapError('flatbuffers', 'decode', error);
      }
    },
  };
}
