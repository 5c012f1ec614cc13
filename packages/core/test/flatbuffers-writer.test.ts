/**
 * formats/flatbuffers/writer.ts: strings go to one region after every table and vector, in the
 * order they were written, so a decoder finds the text of many records in one run of ASCII bytes
 * (one native TextDecoder call per window, wire/utf8.ts) instead of one run per record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flatbuffersCodec } from '../src/formats/flatbuffers.js';
import { Writer } from '../src/formats/flatbuffers/writer.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { inferSchema } from '../src/schema/infer.js';

/** The string region the writer should append for `strings`, in this order: each 4-aligned, as uint32 length, UTF-8, NUL. */
function stringRegion(strings: readonly string[]): Uint8Array {
  const out: number[] = [];
  for (const text of strings) {
    while (out.length % 4 !== 0) out.push(0);
    const utf8 = new TextEncoder().encode(text);
    const length = utf8.length;
    out.push(length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24, ...utf8, 0);
  }
  return Uint8Array.from(out);
}

/** Builds-log-like records: the shape (name, URL, status per record) where strings used to alternate with tables. */
const jobs = Array.from({ length: 300 }, (_, i) => ({
  name: `job-${i}`,
  url: `https://builds.example.org/job/project-${i}-trunk/`,
  color: i % 3 === 0 ? 'red' : 'blue',
}));

describe('the string region', () => {
  afterEach(() => vi.restoreAllMocks());

  it('holds every string, in the order written, after all tables and vectors, and ends the buffer', () => {
    const value = { title: 'Builds', tags: ['nightly', 'ünïcode ✓', ''], jobs: jobs.slice(0, 3), owner: { login: 'ci-bot' } };
    const codec = flatbuffersCodec(inferSchema(value));
    const bytes = codec.encode(value);
    // Fields in the sample's key order, depth first: the order the generated and interpreted writers both use.
    const strings = ['Builds', 'nightly', 'ünïcode ✓', '', ...jobs.slice(0, 3).flatMap((j) => [j.name, j.url, j.color]), 'ci-bot'];
    const region = stringRegion(strings);
    const start = bytes.length - region.length;
    expect(start % 4).toBe(0);
    expect([...bytes.subarray(start)]).toEqual([...region]);
    expect(codec.decode(bytes)).toEqual(value);
    // No string bytes before the region: the tables and vectors come first.
    const before = new TextDecoder('latin1').decode(bytes.subarray(0, start));
    for (const text of ['Builds', 'nightly', 'job-0', 'https://', 'ci-bot']) expect(before).not.toContain(text);
  });

  it('lets the decoder read the strings of 300 records with a few native calls, not one per record', () => {
    const codec = flatbuffersCodec(inferSchema({ jobs }));
    const bytes = codec.encode({ jobs });
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    expect(codec.decode(bytes)).toEqual({ jobs });
    const textBytes = jobs.reduce((sum, j) => sum + 12 + j.name.length + j.url.length + j.color.length, 0);
    expect(decode.mock.calls.length).toBeGreaterThan(0);
    expect(decode.mock.calls.length).toBeLessThanOrEqual(Math.ceil(textBytes / 2048) + 2);
  });

  it('does not depend on an earlier encode: long strings, then short ones, give a fresh codec\'s bytes', () => {
    const schema = inferSchema({ jobs });
    const codec = flatbuffersCodec(schema);
    const long = { jobs: jobs.map((j) => ({ ...j, name: j.name.repeat(9) })) };
    const short = { jobs: [{ name: 'a', url: 'b', color: 'c' }] };
    codec.encode(long);
    expect(codec.encode(short)).toEqual(flatbuffersCodec(schema).encode(short));
  });

  it('is dropped after a huge encode once encodes are small again, like the table buffer', () => {
    const textOf = (w: Writer): Uint8Array => (w as unknown as { text: Uint8Array }).text;
    const slotsOf = (w: Writer): number[] => (w as unknown as { textSlots: number[] }).textSlots;
    const writer = new Writer(1024, DEFAULT_LIMITS.maxStringLength);
    writer.start();
    writer.string(0, 'x'.repeat(3 << 20));
    writer.start(); // the last encode filled it
    expect(textOf(writer).length).toBeGreaterThan(3 << 20);
    writer.string(0, 'small');
    writer.start(); // the last encode wrote one short string
    expect(textOf(writer).length).toBeLessThan(1 << 20);

    for (let i = 0; i < 600_000; i++) writer.string(0, '');
    writer.start();
    expect(slotsOf(writer).length).toBe(1_200_000);
    writer.string(0, 'one');
    writer.start();
    expect(slotsOf(writer).length).toBe(0);
  });

  it('refuses a lone surrogate and a string over the limit without recording it', () => {
    const writer = new Writer(1024, 8);
    writer.start();
    const vector = writer.vector(3, 4); // three uoffset slots, at vector + 4, + 8, + 12
    expect(writer.string(vector + 4, 'ok')).toBe(true);
    expect(writer.string(vector + 8, '\ud800')).toBe(false);
    expect(writer.string(vector + 12, 'nine byte')).toBe(false);
    const bytes = writer.finish(0);
    const region = vector + 16;
    expect([...bytes.subarray(region)]).toEqual([...stringRegion(['ok'])]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(vector + 4, true)).toBe(region - (vector + 4)); // the slot points at its string
    expect(view.getUint32(vector + 8, true)).toBe(0); // refused: never pointed anywhere
    expect(view.getUint32(vector + 12, true)).toBe(0);
  });
});
