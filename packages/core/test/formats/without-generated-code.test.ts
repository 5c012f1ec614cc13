/** Pages whose Content-Security-Policy forbids generated code get the interpreted codecs of both schema formats: same data. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkRoundTrip } from '../../src/fidelity.js';
import { flatbuffersCodec } from '../../src/formats/flatbuffers/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { inferSchema } from '../../src/schema/infer.js';
import { canonicalCases } from '../support/canonical.js';

const edge = [{ a: 1, b: null, grid: [[1]] }, { a: null, c: 'x' }, JSON.parse('{"__proto__":1}') as unknown];
const payloads = [...canonicalCases().map((c) => [c.shape, c.value, c.schema] as const), ['mixed and nullable', edge, inferSchema(edge)] as const];

let attempts = 0;
/** What `Function` does, called with or without `new`, under a CSP without 'unsafe-eval'. */
function ForbiddenFunction(): never {
  attempts++;
  throw new EvalError('Refused to evaluate a string as JavaScript');
}

describe('without generated code (CSP)', () => {
  beforeAll(() => vi.stubGlobal('Function', ForbiddenFunction));
  afterAll(() => vi.unstubAllGlobals());

  it.each(payloads)('%s round-trips in FlatBuffers and protobuf', (_name, value, schema) => {
    const before = attempts;
    const codec = flatbuffersCodec(schema);
    expect(attempts).toBeGreaterThan(before);
    expect(checkRoundTrip(value, codec.decode(codec.encode(value))).ok).toBe(true);
    const tried = attempts;
    const protobuf = protobufCodec(schema);
    expect(attempts).toBeGreaterThan(tried);
    expect(checkRoundTrip(value, protobuf.decode(protobuf.encode(value))).ok).toBe(true);
  });
});
