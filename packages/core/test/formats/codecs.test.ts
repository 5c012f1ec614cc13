/**
 * What every codec promises, run through each format by `createCodec`: the canonical payloads come
 * back exactly, the codec says its format and media type, an encode does not change the bytes an
 * earlier one returned, and strings and keys come back whole (a leading U+FEFF included).
 */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/codec.js';
import { FORMATS, MEDIA_TYPES } from '../../src/codec.js';
import { createCodec } from '../../src/create-codec.js';
import { checkRoundTrip } from '../../src/fidelity.js';
import { inferSchema } from '../../src/schema/infer.js';
import { canonicalCases } from '../support/canonical.js';

const cases = canonicalCases();

describe.each(FORMATS)('%s codec', (format: FormatId) => {
  it.each(cases.map((c) => [c.shape, c] as const))('round-trips the canonical %s payload exactly', async (_shape, sample) => {
    const codec = await createCodec(format, { schema: sample.schema });
    const bytes = codec.encode(sample.value);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBeGreaterThan(0);
    const report = checkRoundTrip(sample.value, codec.decode(bytes));
    expect(report.diffs.filter((d) => d.kind !== 'order')).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('has the media type of its format and says which format it is', async () => {
    const codec = await createCodec(format, { schema: cases[0]!.schema });
    expect(codec.format).toBe(format);
    expect(codec.mediaType).toBe(MEDIA_TYPES[format]);
  });

  it('encodes twice from one instance without the second result changing the first', async () => {
    const sample = cases[0]!;
    const codec = await createCodec(format, { schema: sample.schema });
    const first = codec.encode(sample.value);
    const copy = first.slice();
    codec.encode({ ...sample.value, id: 7 });
    expect(first).toEqual(copy);
  });

  it('keeps a leading U+FEFF in strings and keys, short and long', async () => {
    const value = JSON.parse('{"__proto__": 1, "\\ufeffa": "\\ufeffx", "a": 2, "long": ""}') as Record<string, unknown>;
    value['long'] = `\ufeff${'a'.repeat(300)}`;
    const codec = await createCodec(format, { schema: inferSchema(value) });
    expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
    const plain = { s: `\ufeff${'b'.repeat(198)}`, m: { '\ufeffk1': 1, k1: 2 } };
    const plainCodec = await createCodec(format, { schema: inferSchema(plain) });
    expect(checkRoundTrip(plain, plainCodec.decode(plainCodec.encode(plain))).ok).toBe(true);
  });
});
