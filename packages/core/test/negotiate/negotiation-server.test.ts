/**
 * The example negotiation server (examples/negotiation-server) over loopback, through the built
 * package as an app would use it: every format out and back in, codecs built from the schema the
 * server prints, and the 406, 415, 400 and 413 answers. Needs `npm run build` first, as `npm test` does.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Codec, FormatId } from '@wirebench/core';
import { checkRoundTrip, MEDIA_TYPES, WirebenchError } from '@wirebench/core';
import { createFetchClient, HttpStatusError } from '@wirebench/core/negotiate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecsFromServer } from '../../../../examples/negotiation-server/client.js';
import { createNegotiationServer, LATEST_ORDER, OFFERED, SAMPLE_ORDERS } from '../../../../examples/negotiation-server/server.js';

let server: Server;
let baseUrl: string;
let codecs: Map<FormatId, Codec>;

beforeAll(async () => {
  server = await createNegotiationServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  codecs = new Map((await codecsFromServer(baseUrl)).map((codec) => [codec.format, codec]));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const url = (path: string): URL => new URL(path, baseUrl);
const codecOf = (format: FormatId): Codec => codecs.get(format) as Codec;

/** What a request rejected with; fails the test when it did not reject. */
async function rejection(request: Promise<unknown>): Promise<HttpStatusError> {
  const outcome = await request.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(HttpStatusError);
  return outcome.error as HttpStatusError;
}

describe('every format by negotiation', () => {
  it('the client built a codec for each offered format from /schema.proto', () => {
    expect([...codecs.keys()]).toEqual(OFFERED);
  });

  it.each(OFFERED)('GET /orders/latest answers %s when asked for it', async (format) => {
    const codec = codecOf(format);
    const answer = await createFetchClient({ codecs: [codec] }).request(url('/orders/latest'));
    expect(answer.format).toBe(format);
    expect(answer.headers.get('content-type')).toBe(MEDIA_TYPES[format]);
    expect(answer.headers.get('vary')).toBe('Accept');
    expect(answer.value).toEqual(LATEST_ORDER);
    expect(checkRoundTrip(LATEST_ORDER, answer.value).ok).toBe(true);
  });

  it.each(OFFERED)('POST /orders reads a %s body and echoes it in that format', async (format) => {
    const codec = codecOf(format);
    const sent = SAMPLE_ORDERS[OFFERED.indexOf(format) + 1];
    const answer = await createFetchClient({ codecs: [codec] }).request(url('/orders'), { value: sent });
    expect(answer.format).toBe(format);
    expect(answer.value).toEqual(sent);
  });

  it('reads the body in one format and answers in the one the client prefers', async () => {
    const client = createFetchClient({ codecs: [codecOf('protobuf'), codecOf('msgpack')] });
    const answer = await client.request(url('/orders'), { value: LATEST_ORDER, bodyFormat: 'msgpack' });
    expect(answer.format).toBe('protobuf');
    expect(answer.value).toEqual(LATEST_ORDER);
  });

  it("follows the client's preference order, and the server's for ties", async () => {
    const preferring = createFetchClient({ codecs: [codecOf('cbor'), codecOf('flatbuffers'), codecOf('json')] });
    expect((await preferring.request(url('/orders/latest'))).format).toBe('cbor');
    const anything = await fetch(url('/orders/latest'), { headers: { accept: '*/*' } });
    expect(anything.headers.get('content-type')).toBe('application/json');
    const notJson = await fetch(url('/orders/latest'), { headers: { accept: 'application/json;q=0, */*' } });
    expect(notJson.headers.get('content-type')).toBe('application/msgpack');
  });

  it('understands the registered names of MessagePack and protobuf', async () => {
    const msgpack = await fetch(url('/orders/latest'), { headers: { accept: 'application/vnd.msgpack' } });
    expect(msgpack.headers.get('content-type')).toBe('application/msgpack');
    expect(codecOf('msgpack').decode(new Uint8Array(await msgpack.arrayBuffer()))).toEqual(LATEST_ORDER);

    const protobuf = codecOf('protobuf');
    const posted = await fetch(url('/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/protobuf', accept: 'application/protobuf' },
      body: protobuf.encode(LATEST_ORDER) as Uint8Array<ArrayBuffer>,
    });
    expect(posted.status).toBe(200);
    expect(protobuf.decode(new Uint8Array(await posted.arrayBuffer()))).toEqual(LATEST_ORDER);
  });

  it('serves the schema as .proto and .fbs text', async () => {
    const proto = await (await fetch(url('/schema.proto'))).text();
    const fbs = await (await fetch(url('/schema.fbs'))).text();
    expect(proto).toMatch(/^syntax = "proto3";/m);
    expect(proto).toMatch(/^message Root \{/m);
    expect(fbs).toMatch(/^table Root \{/m);
    expect(fbs).toMatch(/^root_type Root;/m);
  });
});

describe('refusals', () => {
  it('406 when the Accept header allows nothing offered, listing what is', async () => {
    const client = createFetchClient({ codecs: [codecOf('json')] });
    const error = await rejection(client.request(url('/orders/latest'), { headers: { accept: 'text/html, application/json;q=0' } }));
    expect(error.status).toBe(406);
    for (const format of OFFERED) expect(error.body).toContain(MEDIA_TYPES[format]);
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/orders\/latest answered 406 Not Acceptable: /);

    const posted = await rejection(client.request(url('/orders'), { value: LATEST_ORDER, headers: { accept: 'image/*' } }));
    expect(posted.status).toBe(406);
  });

  it('415 for a body type the server does not read, with the types it does in Accept', async () => {
    const withoutReadableType: Record<string, string>[] = [{ 'content-type': 'text/plain' }, {}];
    for (const headers of withoutReadableType) {
      const response = await fetch(url('/orders'), { method: 'POST', headers, body: new Uint8Array([1, 2, 3]) });
      expect(response.status).toBe(415);
      const accept = response.headers.get('accept') ?? '';
      for (const format of OFFERED) expect(accept).toContain(MEDIA_TYPES[format]);
      expect(await response.text()).toMatch(/^POST \/orders reads application\/json, /);
    }
  });

  it('400 with the decoder message for a body that does not decode', async () => {
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ['application/msgpack', new Uint8Array([0xc1])],
      ['application/cbor', new Uint8Array([0xff])],
      ['application/json', new TextEncoder().encode('{"id": 1')],
      ['application/x-protobuf', new Uint8Array([0x0a, 0xff])],
      ['application/x-flatbuffers', new Uint8Array([1, 2, 3])],
    ];
    for (const [contentType, body] of cases) {
      const response = await fetch(url('/orders'), { method: 'POST', headers: { 'content-type': contentType }, body });
      const format = contentType === 'application/json' ? 'json' : OFFERED.find((f) => MEDIA_TYPES[f] === contentType);
      expect(response.status, contentType).toBe(400);
      expect(await response.text(), contentType).toMatch(new RegExp(`^${format}: `));
    }
  });

  it('400 for data that the answer format cannot hold, through the client', async () => {
    const client = createFetchClient({ codecs: [codecOf('protobuf'), codecOf('json')] });
    const error = await rejection(client.request(url('/orders'), { value: { id: 1 }, bodyFormat: 'json' }));
    expect(error.status).toBe(400);
    expect(error.body).toMatch(/^protobuf: \$: key "created_at" is missing/);
    expect(error).toBeInstanceOf(WirebenchError);
  });

  it('413 for a body over the limit, 404 for anything else', async () => {
    const big = await fetch(url('/orders'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect((await fetch(url('/orders/first'))).status).toBe(404);
    expect((await fetch(url('/orders/latest'), { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 413 from a Content-Length past the limit without waiting for the body, and 400 for a target that is no URL', async () => {
    const huge = await rawRequest('POST /orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000000\r\n\r\n');
    expect(huge).toMatch(/^HTTP\/1\.1 413 /);
    expect(huge).toMatch(/connection: close/i);
    expect(await rawRequest('GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers 413 to a chunked body once it passes the limit, and reads a path that starts with // as a path', async () => {
    const chunk = `100000\r\n${'x'.repeat(0x100000)}\r\n`;
    const chunked = await rawRequest(
      `POST /orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}${chunk}`,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    expect(await rawRequest('GET //orders/latest HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 /);
    expect(await rawRequest('GET //evil.example/orders/latest HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 /);
  });
});

/** What the server answers to `head` sent on a raw connection (no body follows), up to the first response's end. */
function rawRequest(head: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (/\r\n\r\n/.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('end', () => resolve(answer));
  });
}
