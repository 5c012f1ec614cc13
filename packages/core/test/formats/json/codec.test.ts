/** The json codec (src/formats/json/codec.ts): `JSON.stringify` and `TextDecoder` + `JSON.parse`, refusing what gives no JSON text. */
import { describe, expect, it } from 'vitest';
import { createCodec } from '../../../src/create-codec.js';
import { refusal } from '../../support/refusal.js';

describe('json encode', () => {
  it('refuses to encode a value JSON.stringify gives no text for', async () => {
    const json = await createCodec('json');
    expect(refusal(() => json.encode(undefined)).message).toMatch(/json: \$ holds undefined/);
    expect(refusal(() => json.encode(() => 1)).message).toMatch(/json: \$ holds a function/);
  });
});

describe('json decode', () => {
  it('keeps a U+FFFD that valid UTF-8 holds (only malformed bytes are refused)', async () => {
    const codec = await createCodec('json');
    expect(codec.decode(new TextEncoder().encode('{"r":"a\ufffdb","k":"\u00e9"}'))).toEqual({ r: 'a\ufffdb', k: 'é' });
  });
});
