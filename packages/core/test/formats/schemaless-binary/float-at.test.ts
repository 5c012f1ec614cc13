/**
 * The scratch-array float reads of the one-pass decoders (src/formats/schemaless-binary/float-at.ts)
 * against DataView's big-endian reads: on the bit patterns fast-check draws, at any offset (random
 * bytes almost never make a special value), and on the special values written out (NaN,
 * ±Infinity, -0, subnormals, the extremes); and the decoders reading floats in a small input
 * (scratch) and a large one (DataView) alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float32At, float64At, SCRATCH_FLOATS_UP_TO } from '../../../src/formats/schemaless-binary/float-at.js';
import { FORMATS, make } from '../../support/schemaless-binary.js';

describe('float64At / float32At', () => {
  it('read what DataView reads, big-endian, at any offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 24 }), fc.nat(16), (bytes, offset) => {
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const at64 = Math.min(offset, bytes.length - 8);
        const at32 = Math.min(offset, bytes.length - 4);
        expect(Object.is(float64At(bytes, at64), view.getFloat64(at64))).toBe(true);
        expect(Object.is(float32At(bytes, at32), view.getFloat32(at32))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('read the special values as DataView writes them', () => {
    const specials = [Number.NaN, Infinity, -Infinity, -0, 0, 5e-324, -5e-324, 2.2250738585072014e-308, Number.MAX_VALUE, -Number.MAX_VALUE, 1, -1.5];
    const bytes = new Uint8Array(8);
    const view = new DataView(bytes.buffer);
    for (const value of specials) {
      view.setFloat64(0, value);
      expect(Object.is(float64At(bytes, 0), value), `float 64 ${value}`).toBe(true);
      view.setFloat32(0, value);
      expect(Object.is(float32At(bytes, 0), Math.fround(value)), `float 32 ${value}`).toBe(true);
    }
    // The smallest float 32 subnormal, by its bits.
    view.setUint32(0, 1);
    expect(float32At(bytes, 0)).toBe(view.getFloat32(0));
    expect(float32At(bytes, 0)).toBeGreaterThan(0);
  });

  it('read a view into a larger buffer from its own start', () => {
    const buffer = new Uint8Array(32);
    new DataView(buffer.buffer).setFloat64(9, -1.5e-300);
    new DataView(buffer.buffer).setFloat32(20, 3.25);
    const view = buffer.subarray(5);
    expect(float64At(view, 4)).toBe(-1.5e-300);
    expect(float32At(view, 15)).toBe(3.25);
  });
});

describe.each(FORMATS)('%s decode reads floats the same in a small and a large input', (format) => {
  const codec = make[format]();
  const doubles = [-0, 0.1, -2.5e-310, 1.7976931348623157e308, 5e-324, 123456.789, -Math.PI];
  const record = { t: 21.37, lat: -33.86882, lon: 151.209296, samples: doubles, z: -0 };
  const large = { records: Array.from({ length: 60 }, () => record) };

  it('the two inputs fall on both sides of the scratch limit', () => {
    expect(codec.encode(record).length).toBeLessThanOrEqual(SCRATCH_FLOATS_UP_TO);
    expect(codec.encode(large).length).toBeGreaterThan(SCRATCH_FLOATS_UP_TO);
  });

  it('doubles in records and in arrays come back exactly, -0 included', () => {
    const small = codec.decode(codec.encode(record)) as typeof record;
    expect(small).toStrictEqual(record);
    expect(Object.is(small.z, -0)).toBe(true);
    const back = codec.decode(codec.encode(large)) as typeof large;
    expect(back).toStrictEqual(large);
    expect(Object.is(back.records[59]?.z, -0)).toBe(true);
  });

  it('a float 32 another writer chose is read exactly', () => {
    // [1.5, -0.1 as float 32]: msgpack 0xca, CBOR 0xfa, each followed by the big-endian bits.
    const bits = new Uint8Array(4);
    new DataView(bits.buffer).setFloat32(0, -0.1);
    const head = format === 'msgpack' ? [0x92, 0xca, 0x3f, 0xc0, 0, 0, 0xca] : [0x82, 0xfa, 0x3f, 0xc0, 0, 0, 0xfa];
    expect(codec.decode(Uint8Array.from([...head, ...bits]))).toStrictEqual([1.5, Math.fround(-0.1)]);
  });
});
