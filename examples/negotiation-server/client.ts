/**
 * The client side: builds its codecs from the schema the server prints (never from a sample of its
 * own), then asks for the latest order in each format and posts it back.
 *
 * Run it against a running server: `node examples/negotiation-server/dist/client.js http://localhost:8080`.
 */
import { pathToFileURL } from 'node:url';
import type { Codec, FormatId } from '@wirebench/core';
import { createCodec } from '@wirebench/core';
import { createFetchClient } from '@wirebench/core/negotiate';
import { schemaFromProto } from '@wirebench/core/schema';

const FORMATS: readonly FormatId[] = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];

/**
 * One codec per format, protobuf and FlatBuffers from the server's `/schema.proto`. wirebench reads
 * no `.fbs`, and needs not: both formats encode by the same Schema, and the printed `.fbs` gives each
 * field the protobuf field number minus one as its id, so the `.proto` describes FlatBuffers bodies too.
 */
export async function codecsFromServer(baseUrl: string): Promise<Codec[]> {
  const response = await fetch(new URL('/schema.proto', baseUrl));
  if (!response.ok) throw new Error(`GET /schema.proto answered ${response.status}`);
  const schema = schemaFromProto(await response.text(), 'Root'); // inferSchema names the root message Root
  return Promise.all(FORMATS.map((format) => createCodec(format, { schema })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2] ?? 'http://localhost:8080';
  for (const codec of await codecsFromServer(baseUrl)) {
    const client = createFetchClient({ codecs: [codec] });
    const latest = await client.request(new URL('/orders/latest', baseUrl));
    const echoed = await client.request(new URL('/orders', baseUrl), { value: latest.value });
    const size = latest.headers.get('content-length');
    console.log(`${codec.format.padEnd(12)} ${latest.headers.get('content-type')} ${size} bytes, echoed ${echoed.format}`);
  }
}
