/**
 * wire/buffer.ts: the encoders reuse one buffer between encodes, keep it while encodes still fill a
 * good part of it, and drop it after a one-off huge value; the bytes must depend on neither, nor on
 * an encode started (by a getter) while another one is writing.
 */
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { Writer as FlatWriter } from '../../src/formats/flatbuffers/writer.js';
import { MsgpackWriter } from '../../src/formats/msgpack/writer.js';
import { ProtoWriter } from '../../src/formats/protobuf/writer.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { inferSchema } from '../../src/schema/infer.js';
import { keepsBuffer } from '../../src/wire/buffer.js';

const ENCODERS = FORMATS.filter((format) => format !== 'simdjson');

/** Byte equality without expect's element-by-element diff, which takes seconds on megabytes. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

describe('keepsBuffer', () => {
  it('keeps any buffer up to 1 MiB, and a larger one while a write fills an eighth of it', () => {
    expect(keepsBuffer(1 << 20, 0)).toBe(true);
    expect(keepsBuffer(8 << 20, 1 << 20)).toBe(true);
    expect(keepsBuffer(8 << 20, (1 << 20) - 1)).toBe(false);
    expect(keepsBuffer((1 << 20) + 1, 0)).toBe(false);
  });

  it('the writers drop a huge buffer after a small write, and keep one that a steady huge string fills', () => {
    const bytesOf = (writer: object): Uint8Array => (writer as { bytes: Uint8Array }).bytes;
    const msgpack = new MsgpackWriter(DEFAULT_LIMITS);
    msgpack.write('x'.repeat(3 << 20));
    expect(bytesOf(msgpack).length).toBeGreaterThan(3 << 20);
    msgpack.write('small');
    expect(bytesOf(msgpack).length).toBeLessThan(1 << 20);

    const proto = new ProtoWriter();
    proto.string('x'.repeat(1.5 * (1 << 20))); // reserves 3 bytes per unit: the buffer grows to 8 MiB
    const grown = proto.bytes;
    proto.reset();
    proto.string('x'.repeat(1.5 * (1 << 20)));
    expect(proto.bytes).toBe(grown);
    proto.reset();
    proto.string('small');
    proto.reset();
    expect(proto.bytes.length).toBeLessThan(1 << 20);

    const flat = new FlatWriter(1024, DEFAULT_LIMITS.maxStringLength);
    flat.start();
    flat.room(3 << 20);
    flat.end += 3 << 20;
    flat.start(); // the last encode filled it
    expect(flat.bytes.length).toBeGreaterThan(3 << 20);
    flat.start(); // the last encode wrote 4 bytes
    expect(flat.bytes.length).toBeLessThan(1 << 20);
  });
});

describe('encoders after a huge value', () => {
  const huge = { rows: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `row ${i} `.repeat(8) })) };
  const small = { rows: [{ id: 1, name: 'one' }] };
  const schema = inferSchema(huge);

  it.each(ENCODERS)('%s: huge, small, small, huge again give the same bytes as a fresh codec', async (format) => {
    const codec = await createCodec(format, { schema });
    const fresh = async () => createCodec(format, { schema });
    const hugeBytes = codec.encode(huge);
    expect(hugeBytes.length).toBeGreaterThan(3 << 20); // past 1 MiB, so the small encodes drop the buffer
    const smallBytes = (await fresh()).encode(small);
    expect(codec.encode(small)).toEqual(smallBytes);
    expect(codec.encode(small)).toEqual(smallBytes);
    expect(sameBytes(codec.encode(huge), hugeBytes)).toBe(true);
    expect(codec.decode(codec.encode(small))).toEqual(small);
  });
});

describe('an encode started by a getter while another one writes', () => {
  const sample = { a: 'hello', b: 'world', n: 1 };
  const schema = inferSchema(sample);

  it.each(ENCODERS)('%s: both encodes give their own bytes', async (format) => {
    const codec = await createCodec(format, { schema });
    const inner = { a: 'INNER-SECRET', b: 'INNER', n: 2 };
    let innerBytes: Uint8Array | undefined;
    const outer = {
      a: 'hello',
      get b(): string {
        innerBytes = codec.encode(inner);
        return 'world';
      },
      n: 1,
    };
    const outerBytes = codec.encode(outer);
    expect(codec.decode(outerBytes)).toEqual(sample);
    expect(codec.decode(innerBytes as Uint8Array)).toEqual(inner);
    expect(outerBytes).toEqual(codec.encode(sample));
  });
});
