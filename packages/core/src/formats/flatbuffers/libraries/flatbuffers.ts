import { Builder } from 'flatbuffers';
import type { Codec, GeneratedCodeOptions } from '../../../codec.js';
import { resolveLimits, tooManyValues, valueBudget } from '../../../limits.js';
import { refusalError } from '../../../refusal.js';
import { runsInterpreted } from '../../../schema/records.js';
import type { Schema } from '../../../schema/types.js';
import { keepsBuffer } from '../../../wire/buffer.js';
import { libraryCodec } from '../../libraries/codec.js';
import { ByteBufferDecoder } from './flatbuffers-decode.js';
import { BuilderEncoder } from './flatbuffers-encode.js';
import { planTables } from './flatbuffers-plan.js';

/**
 * FlatBuffers by the `flatbuffers` npm runtime (an optional peer dependency): its `Builder` and
 * `ByteBuffer`, driven by the schema the way flatc-generated TypeScript drives them (no flatc, no
 * generated classes: the plan comes from wirebench's own lowering and table shapes). The bytes are
 * the ones `toFbs(schema)` describes, so wirebench's `flatbuffersCodec(schema)` and flatc-generated
 * code read them, and this codec reads theirs; maps, nullables, `Value` tables, absent and null
 * fields mean what they mean there. The bytes are laid out differently (the Builder writes back
 * to front and shares identical vtables), so they need not be byte-identical.
 *
 * Encode: `builder.forceDefaults(true)` is set for every buffer. Generated code leaves a field out
 * when it equals its default, which would make `0`, `false` and `""` absent; wirebench writes every
 * present field so that presence survives, and so does this codec. Values are checked against the
 * schema on the way in (unknown keys refused with their JSON path, or dropped with
 * `unknownKeys: 'drop'`; a lone surrogate, which the runtime's TextEncoder would turn into U+FFFD,
 * refused) and the limits are those the decoder enforces, the value budget included.
 *
 * Decode guarantees, for any bytes: the result is plain JSON data or a WirebenchError (whatever the
 * runtime throws is wrapped by `libraryCodec`); it never loops and never builds more than the
 * budgets allow (work linear in the input's size: see flatbuffers-decode.ts); nesting stops at
 * `maxDepth`, so hostile offsets pointing back up cannot recurse without end, and every depth up to
 * MAX_DEPTH is read and written on a cold stack (two frames a level: 1,000 levels took 750 KB of
 * stack in Node 20, where the main thread has 984 KB); map keys such as
 * `__proto__` become own properties; and every offset followed lies inside the buffer, so truncated
 * bytes are refused rather than read as zeros (unless all that went is padding or a last string's
 * NUL terminator). Not guaranteed, as with generated accessors: strings
 * are decoded by the runtime's non-fatal TextDecoder, so malformed UTF-8 reads as U+FFFD where
 * wirebench's codec refuses it; alignment, NUL terminators and overlapping objects are not checked
 * (the runtime reads unaligned data correctly, and overlap is bounded by the budgets); offsets are
 * read as the runtime reads them, signed, so one past 2^31 points backwards instead of being refused;
 * fields in slots the schema does not have are ignored.
 *
 * The one code it compiles (`new Function`) builds decoded records as object literals; with
 * `interpreted: true`, or where a CSP forbids it, they are copied from a template instead.
 */
export function flatbuffersRuntimeCodec(schema: Schema, options: GeneratedCodeOptions = {}): Codec {
  const limits = resolveLimits(options.limits, 'flatbuffers');
  const strictKeys = (options.unknownKeys ?? 'error') === 'error';
  const interpreted = runsInterpreted(options);
  const root = planTables(schema, limits, interpreted);
  let shared = new Builder(1024);
  let busy = false;

  const encode = (value: unknown): Uint8Array => {
    // A getter in the value that encodes again gets a Builder of its own, not this one's half-built buffer.
    const own = !busy;
    const builder = own ? shared : new Builder(1024);
    busy = true;
    try {
      builder.clear();
      // clear() turns forcing defaults off again.
      builder.forceDefaults(true);
      const encoder = new BuilderEncoder(builder, limits, strictKeys);
      builder.finish(encoder.table(root, value, 1));
      // A view into the Builder's buffer, which the next encode overwrites: the caller gets a copy.
      const bytes = builder.asUint8Array().slice();
      // Refused here, not by the decoder: bytes this codec writes always decode with its limits.
      if (encoder.values > valueBudget(limits, bytes.length)) throw tooManyValues('flatbuffers', limits, bytes.length);
      if (own && !keepsBuffer(builder.dataBuffer().capacity(), bytes.length)) shared = new Builder(1024);
      return bytes;
    } catch (error) {
      throw refusalError(error);
    } finally {
      if (own) busy = false;
    }
  };

  return libraryCodec({
    format: 'flatbuffers',
    implementation: 'flatbuffers',
    limits,
    interpreted,
    encode,
    decode: (bytes) => new ByteBufferDecoder(bytes, limits).root(root),
  });
}
