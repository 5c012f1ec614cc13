import { describe, expect, it } from 'vitest';
import type { Codec } from '../src/codec.js';
import { jsonCodec } from '../src/formats/json.js';
import { msgpackCodec } from '../src/formats/msgpack.js';
import type { MeasureProgress } from '../src/measure.js';
import { measure } from '../src/measure.js';

const payload = { name: 'rows', value: { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `row ${i}`, ok: i % 2 === 0 })) } };
const quick = { time: 20, warmupTime: 5 };

describe('measure', () => {
  it('reports sizes, timings and ratios to JSON from the same run, with progress', async () => {
    const progress: MeasureProgress[] = [];
    const [json, msgpack] = await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], {
      ...quick,
      onProgress: (p) => progress.push(p),
    });
    expect(json!.format).toBe('json');
    expect(json!.bytes).toBe(jsonCodec().encode(payload.value).length);
    expect(msgpack!.bytes).toBe(msgpackCodec().encode(payload.value).length);
    expect(json!.compressed['gzip']).toBeLessThan(json!.bytes);
    expect(json!.vsJson).toEqual({ bytes: 1, encode: 1, decode: 1 });
    expect(msgpack!.vsJson!.bytes).toBeCloseTo(msgpack!.bytes / json!.bytes, 10);
    expect(msgpack!.vsJson!.decode).toBeCloseTo(msgpack!.decode.median / json!.decode.median, 10);
    for (const stats of [json!.encode, json!.decode, msgpack!.encode, msgpack!.decode]) {
      expect(stats.samples).toBeGreaterThan(10);
      expect(stats.median).toBeGreaterThan(0);
      expect(stats.p75).toBeGreaterThanOrEqual(stats.median);
      expect(stats.p99).toBeGreaterThanOrEqual(stats.p75);
      expect(stats.mbPerSecond).toBeGreaterThan(0);
    }
    expect(progress.map((p) => `${p.done}/${p.total} ${p.format}`)).toEqual(['1/2 json', '2/2 msgpack']);
  });

  it('says plainly when a codec changes the data', async () => {
    const json = jsonCodec();
    const lossy: Codec = { ...json, format: 'msgpack', decode: (bytes) => ({ ...(json.decode(bytes) as object), rows: [] }) };
    const [, result] = await measure([{ payload, codecs: [json, lossy] }], quick);
    expect(result!.fidelity.ok).toBe(false);
    expect(result!.fidelity.diffs[0]).toMatchObject({ path: '$.rows[49]', kind: 'missing' });
  });
});
