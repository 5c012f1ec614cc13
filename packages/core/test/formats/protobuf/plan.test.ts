/** The protobuf plans (src/formats/protobuf/plan.ts): what they allow besides the limits every codec shares. */
import { describe, expect, it } from 'vitest';
import { protobufCodec } from '../../../src/formats/protobuf/codec.js';
import { DEFAULT_LIMITS } from '../../../src/limits.js';
import { inferSchema } from '../../../src/schema/infer.js';
import { deepArray } from '../../support/nesting.js';
import { refusal } from '../../support/refusal.js';

describe('the protobuf recursion limit', () => {
  it('protobuf keeps to its own recursion limit of 100 messages, which protoc shares, and says so', () => {
    const codec = protobufCodec(inferSchema([1, 'any JSON value']));
    expect(refusal(() => codec.encode(deepArray(DEFAULT_LIMITS.maxDepth))).message).toMatch(/nests more than 100 messages deep/);
  });
});
