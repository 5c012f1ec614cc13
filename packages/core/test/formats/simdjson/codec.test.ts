/**
 * The simdjson codec (src/formats/simdjson/codec.ts) decodes exactly what JSON.parse does: where
 * simdjson 0.9.2 would read a document differently or refuse valid JSON, the codec reads that
 * document with JSON.parse. The addon is optional: where it does not load, the tests that create
 * their own codec return early (its absence is tested in optional-addon.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../src/codec.js';
import { createCodec } from '../../../src/create-codec.js';
import { checkRoundTrip } from '../../../src/fidelity.js';
import type { CodecOptions } from '../../../src/limits.js';
import { refusal } from '../../support/refusal.js';

/** A simdjson codec, or undefined where the optional addon does not load. */
async function simdjsonIfLoaded(options?: CodecOptions): Promise<Codec | undefined> {
  try {
    return await createCodec('simdjson', options);
  } catch {
    return undefined;
  }
}

describe('simdjson decodes exactly what JSON.parse does', () => {
  const documents = ['[-0, 1, {"a": -0}]', '{"\\u005f_proto__": {"x": 1}}', '["a\\ud800b"]', '[123456789012345678901234567890]', '[1e400]'];

  it.each(documents)('%s', async (document) => {
    const codec = await simdjsonIfLoaded();
    if (!codec) return;
    const decoded = codec.decode(new TextEncoder().encode(document));
    expect(checkRoundTrip(JSON.parse(document), decoded).ok).toBe(true);
    expect(Object.getPrototypeOf(decoded)).toBe(Array.isArray(decoded) ? Array.prototype : Object.prototype);
  });

  const simdjsonCases = [
    ['an escaped backslash before a u, then a lone low surrogate', { s: '\\ud800\udc00' }],
    ['keys with \\u0000', { 'a\u0000b': 1, a: 2, '\u0000': [{ '\u0000': 3 }] }],
    ['a lone high surrogate before another escape', { s: '\ud800\u0001', t: 'x\udbff\n' }],
  ] as const;
  it.each(simdjsonCases)('keeps %s', async (_name, value) => {
    const codec = await simdjsonIfLoaded();
    if (!codec) return;
    expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
  });

  it('reads a negative literal that underflows as -0, and its errors carry its own format', async () => {
    const codec = await simdjsonIfLoaded({ limits: { maxDepth: 1 } });
    if (!codec) return;
    const decoded = codec.decode(new TextEncoder().encode(`[-0.${'0'.repeat(330)}1]`)) as number[];
    expect(Object.is(decoded[0], -0)).toBe(true);
    const error = refusal(() => codec.encode([[1]]));
    expect(error.format).toBe('simdjson');
    expect(error.message).toMatch(/^simdjson: /);
  });
});

describe('simdjson 0.9.2 defects the codec works around', () => {
  const decode = async (text: string): Promise<unknown> => (await createCodec('simdjson')).decode(new TextEncoder().encode(text));

  it('cuts a key at an escaped \\u0000, so the codec reads such documents with JSON.parse', async () => {
    expect(Object.keys((await decode('{"a\\u0000b":1}')) as object)).toEqual(['a\u0000b']);
  });

  it('refuses integers written out in full outside 64 bits, so the codec reads those documents with JSON.parse', async () => {
    // -2^63 itself prints as -9223372036854776000, past int64's end.
    expect(await decode(JSON.stringify([2 ** 64, -(2 ** 63), 2 ** 63, 1e21]))).toEqual([2 ** 64, -(2 ** 63), 2 ** 63, 1e21]);
  });
});
