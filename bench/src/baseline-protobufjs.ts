import protobuf from 'protobufjs';
import { createCodec } from '@wirebench/core';
import type { CanonicalCase } from './canonical.js';
import { CANONICAL_PROTO } from './canonical.js';
import type { Comparison } from './comparison.js';

// toObject's conversion to the data wirebench returns: numbers, not Longs, and default values.
// proto3 leaves a non-optional false, 0 or "" off the wire, so `longs` alone would drop such keys.
const PLAIN_DATA: protobuf.IConversionOptions = { longs: Number, defaults: true };

let root: protobuf.Root | undefined;

/**
 * The types as an app using protobufjs loads them: straight from canonical.proto. keepCase, as in
 * wirebench's own protobufjs types, keeps the JSON keys (the proto field names) for the check.
 */
function canonicalRoot(): protobuf.Root {
  root ??= new protobuf.Root().loadSync(CANONICAL_PROTO, { keepCase: true });
  return root;
}

/** wirebench's protobuf decode against protobufjs decoding the same bytes, without and with toObject. */
export async function protobufComparison(sample: CanonicalCase): Promise<Comparison> {
  const codec = await createCodec('protobuf', { schema: sample.schema });
  const bytes = codec.encode(sample.value);
  const type = canonicalRoot().lookupType(`${sample.schema.namespace}.${sample.message}`);
  return {
    format: 'protobuf',
    bytes: bytes.length,
    wirebench: { name: 'wirebench', decode: () => codec.decode(bytes) },
    baselines: [
      {
        name: 'protobufjs decode',
        decode: () => type.decode(bytes),
        toJson: (message) => type.toObject(message as protobuf.Message, PLAIN_DATA),
      },
      { name: 'protobufjs decode+toObject', decode: () => type.toObject(type.decode(bytes), PLAIN_DATA) },
    ],
  };
}
