/**
 * One endpoint in every format wirebench speaks, chosen per request by content negotiation:
 *
 *   GET  /orders/latest   the latest order, in the format the Accept header weighs highest
 *   POST /orders          the order in the body (read by its Content-Type), echoed back the same way
 *   GET  /schema.proto    the schema the protobuf and FlatBuffers bodies follow, for clients to build
 *   GET  /schema.fbs      their codecs from; the .fbs is for flatc-generated readers
 *
 * Run it with `npm run build && node examples/negotiation-server/dist/server.js` (PORT, default 8080).
 */

import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { Codec, FormatId } from '@wirebench/core';
import { createCodec, inferSchema, MEDIA_TYPES, toFbs, toProto, WirebenchError } from '@wirebench/core';
import { formatForContentType, mediaTypesOf, negotiateFormat } from '@wirebench/core/negotiate';
import { order, seededRandom } from 'wirebench/samples';

/** The server's preference, for ties: JSON first, so browsers and curl, which accept anything, read JSON. */
export const OFFERED: readonly FormatId[] = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];

/** Payloads the schema is inferred from, all at once, so a key some orders lack becomes optional. */
const rng = seededRandom(42);
export const SAMPLE_ORDERS: readonly Record<string, unknown>[] = Array.from({ length: 20 }, () => order(rng));
export const LATEST_ORDER = SAMPLE_ORDERS[0] as Record<string, unknown>;

/** Bodies larger than this are refused with 413 before they are decoded. */
const MAX_BODY_BYTES = 1024 * 1024;

const TEXT = { 'content-type': 'text/plain; charset=utf-8' } as const;

export async function createNegotiationServer(): Promise<Server> {
  const [first, ...moreSamples] = SAMPLE_ORDERS;
  const schema = inferSchema(first, { moreSamples });
  // Printed once: these texts are the contract. Clients build their codecs from /schema.proto.
  const protoText = toProto(schema);
  const fbsText = toFbs(schema);
  const codecs = new Map<FormatId, Codec>();
  for (const format of OFFERED) codecs.set(format, await createCodec(format, { schema }));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Appended to an origin, not resolved against it: `//host/path` is a path here, not another host.
    const target = request.url ?? '/';
    const pathname = target.startsWith('/') ? URL.parse(`http://localhost${target}`)?.pathname : undefined;
    if (pathname === undefined) return send(response, 400, TEXT, `the request target ${JSON.stringify(request.url)} is not a URL path`);
    const route = `${request.method} ${pathname}`;
    if (route === 'GET /schema.proto') return send(response, 200, TEXT, protoText);
    if (route === 'GET /schema.fbs') return send(response, 200, TEXT, fbsText);
    if (route === 'GET /orders/latest') {
      const writer = chooseWriter(request, response);
      if (writer) answer(response, writer, writer.encode(LATEST_ORDER));
      return;
    }
    if (route === 'POST /orders') {
      const contentType = request.headers['content-type'];
      const format = formatForContentType(contentType);
      const reader = format && codecs.get(format);
      if (!reader) {
        // RFC 9110 (15.5.16): the Accept of a 415 says which request types would have been read.
        const readable = OFFERED.flatMap(mediaTypesOf);
        const body = `POST /orders reads ${readable.join(', ')}; got ${contentType ?? 'no Content-Type'}`;
        return send(response, 415, { ...TEXT, accept: readable.join(', ') }, body);
      }
      const writer = chooseWriter(request, response);
      if (!writer) return;
      const bytes = await readBody(request);
      if (!bytes) {
        // Answered before the rest of the body arrives, which is then not read: the connection closes.
        send(response, 413, { ...TEXT, connection: 'close' }, `POST /orders takes bodies up to ${MAX_BODY_BYTES} bytes`);
        return;
      }
      let echoed: Uint8Array;
      try {
        // Decoding checks the bytes; encoding checks the data fits the answer's format (its schema).
        echoed = writer.encode(reader.decode(bytes));
      } catch (error) {
        if (error instanceof WirebenchError) return send(response, 400, TEXT, error.message);
        throw error;
      }
      return answer(response, writer, echoed);
    }
    return send(response, 404, TEXT, `no route ${route}; try GET /orders/latest, POST /orders, GET /schema.proto or GET /schema.fbs`);
  }

  /** The codec to answer in, or undefined after answering 406 with what is offered. */
  function chooseWriter(request: IncomingMessage, response: ServerResponse): Codec | undefined {
    const accept = request.headers.accept;
    const format = negotiateFormat(accept, OFFERED);
    if (format) return codecs.get(format);
    const offered = OFFERED.map((f) => MEDIA_TYPES[f]).join(', ');
    send(response, 406, { ...TEXT, vary: 'Accept' }, `${request.method} ${request.url} answers ${offered}; the Accept header allows none: ${accept}`);
    return undefined;
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(response, 500, TEXT, 'internal error');
      else response.destroy();
    });
  });
}

/** A negotiated answer: caches must key it by Accept too. */
function answer(response: ServerResponse, writer: Codec, bytes: Uint8Array): void {
  send(response, 200, { 'content-type': writer.mediaType, vary: 'Accept' }, bytes);
}

function send(response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string | Uint8Array): void {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  response.writeHead(status, { ...headers, 'content-length': bytes.byteLength });
  response.end(bytes);
}

/**
 * The whole body, or undefined as soon as it (or its Content-Length) is past MAX_BODY_BYTES: then
 * reading stops without destroying the request, so the 413 still goes out before the connection closes.
 */
function readBody(request: IncomingMessage): Promise<Uint8Array | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer): void => {
      length += chunk.byteLength;
      if (length > MAX_BODY_BYTES) {
        request.off('data', onData);
        request.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    request.on('data', onData);
    // A Buffer is a Uint8Array, often a view into Node's shared pool: decoders read it where it lies.
    request.on('end', () => resolve(Buffer.concat(chunks, length)));
    request.on('error', reject);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env['PORT'] ?? 8080);
  const server = await createNegotiationServer();
  server.listen(port, () => console.log(`negotiation server on http://localhost:${port}`));
}
