/** create-codec.ts: `createCodec` refuses what it cannot build, saying why, and passes options on to the format's factory. */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { createCodec } from '../src/create-codec.js';
import { WirebenchError } from '../src/errors.js';
import { inferSchema } from '../src/schema/infer.js';

describe('createCodec', () => {
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
