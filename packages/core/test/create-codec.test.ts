/**
 * create-codec.ts: `createCodec` builds every implementation the registry lists (and
 * `createCodecWithLibraries` every library one), refuses what it cannot build, saying why, and
 * passes options on to the format's factory.
 */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { FORMATS } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { createCodecWithLibraries } from '../src/formats/libraries/index.js';
import { IMPLEMENTATIONS } from '../src/implementations.js';
import { inferSchema } from '../src/schema/infer.js';

describe('createCodec', () => {
  const schema = inferSchema({ id: 1, name: 'a' });
  const pairs = FORMATS.flatMap((format) => IMPLEMENTATIONS[format]).map((i) => [i.key, i] as const);

  it.each(pairs)('%s: builds the codec the registry lists, which says its format and implementation', async (_key, i) => {
    for (const create of [createCodec, createCodecWithLibraries]) {
      let codec: Awaited<ReturnType<typeof createCodec>>;
      try {
        codec = await create(i.format, { schema, implementation: i.id });
      } catch (error) {
        // simdjson's native addon is optional: where it is missing, the factory says so.
        if (i.format === 'simdjson' && /simdjson/.test(String(error))) return;
        throw error;
      }
      expect([codec.format, codec.implementation]).toEqual([i.format, i.id]);
      expect(codec.decode(codec.encode({ id: 2, name: 'b' }))).toEqual({ id: 2, name: 'b' });
    }
  });

  it.each(['protobuf', 'flatbuffers'] as const)('rejects %s without a schema, saying how to get one', async (format) => {
    await expect(createCodec(format)).rejects.toThrow(WirebenchError);
    await expect(createCodec(format)).rejects.toThrow(/inferSchema|schemaFromProto/);
  });

  it('rejects an unknown format by listing the known ones', async () => {
    await expect(createCodec('yaml' as FormatId)).rejects.toThrow(/unknown format "yaml".*json, simdjson, msgpack/);
  });

  it("passes { unknownKeys: 'drop' } on to the schema codec", async () => {
    const schema = inferSchema({ id: 1, name: 'a' });
    const codec = await createCodec('protobuf', { schema, unknownKeys: 'drop' });
    expect(codec.decode(codec.encode({ id: 2, name: 'b', email: 'x@y' }))).toEqual({ id: 2, name: 'b' });
  });
});
