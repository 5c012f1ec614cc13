/**
 * negotiate/fetch-client.ts: `createFetchClient` against a fetch double that records what was sent
 * and answers what each test says.
 */
import { describe, expect, it } from 'vitest';
import { WirebenchError } from '../../src/errors.js';
import { cborCodec } from '../../src/formats/cbor/codec.js';
import { msgpackCodec } from '../../src/formats/msgpack/codec.js';
import { protobufCodec } from '../../src/formats/protobuf/codec.js';
import { createFetchClient, HttpStatusError } from '../../src/negotiate/fetch-client.js';
import { inferSchema } from '../../src/schema/infer.js';

/** A fetch double: records each request and answers with `respond`'s response. */
function fakeFetch(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return respond(request);
  };
  return { fetch, requests };
}

const binary = (bytes: Uint8Array, contentType: string | undefined, status = 200): Response =>
  new Response(bytes.slice().buffer, { status, headers: contentType ? { 'content-type': contentType } : {} });

describe('createFetchClient', () => {
  const msgpack = msgpackCodec();
  const cbor = cborCodec();
  const value = { id: 7, tags: ['a', null], nested: { ok: true } };

  it('sends Accept listing its codecs in order and decodes the answer by its Content-Type', async () => {
    const { fetch, requests } = fakeFetch(() => binary(cbor.encode(value), 'application/cbor'));
    const client = createFetchClient({ codecs: [msgpack, cbor], fetch });
    const answer = await client.request('https://api.test/orders/1');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.get('accept')).toBe('application/msgpack, application/cbor;q=0.5');
    expect(answer).toMatchObject({ value, format: 'cbor', status: 200 });
  });

  it('reads an alias of a codec media type with that codec', async () => {
    const { fetch } = fakeFetch(() => binary(msgpack.encode(value), 'application/vnd.msgpack'));
    const answer = await createFetchClient({ codecs: [msgpack], fetch }).request('https://api.test/');
    expect(answer.format).toBe('msgpack');
    expect(answer.value).toEqual(value);
  });

  it('reads JSON answers without a JSON codec, without asking for JSON', async () => {
    const { fetch, requests } = fakeFetch(
      () => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/problem+json; charset=utf-8' } }),
    );
    const answer = await createFetchClient({ codecs: [msgpack], fetch }).request('https://api.test/');
    expect(requests[0]?.headers.get('accept')).toBe('application/msgpack');
    expect(answer).toMatchObject({ value, format: 'json' });
  });

  it('keeps an Accept header the caller set', async () => {
    const { fetch, requests } = fakeFetch(() => binary(msgpack.encode(1), 'application/msgpack'));
    await createFetchClient({ codecs: [msgpack, cbor], fetch }).request('https://api.test/', { headers: { Accept: 'application/msgpack' } });
    expect(requests[0]?.headers.get('accept')).toBe('application/msgpack');
  });

  it('encodes a request body with the first codec, or the one named, and defaults the method to POST', async () => {
    const { fetch, requests } = fakeFetch((request) => new Response(request.body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }));
    const client = createFetchClient({ codecs: [msgpack, cbor], fetch });

    const first = await client.request('https://api.test/orders', { value });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('content-type')).toBe('application/msgpack');
    expect(new Uint8Array(await requests[0]!.arrayBuffer())).toEqual(msgpack.encode(value));
    expect(first).toMatchObject({ value, format: 'msgpack' });

    const second = await client.request('https://api.test/orders/7', { method: 'put', value, bodyFormat: 'cbor' });
    expect(requests[1]?.method).toBe('PUT');
    expect(requests[1]?.headers.get('content-type')).toBe('application/cbor');
    expect(second).toMatchObject({ value, format: 'cbor' });
  });

  it('refuses a body format it has no codec for, before sending anything', async () => {
    const { fetch, requests } = fakeFetch(() => new Response(null, { status: 204 }));
    const request = createFetchClient({ codecs: [msgpack], fetch }).request('https://api.test/', { value, bodyFormat: 'cbor' });
    await expect(request).rejects.toThrow(/no cbor codec to encode the request body/);
    expect(requests).toHaveLength(0);
  });

  it('answers undefined for an empty body, and decodes an empty body that has a type', async () => {
    const schema = inferSchema({ note: 'x' }, { moreSamples: [{}] });
    const protobuf = protobufCodec(schema);
    const answers = [new Response(null, { status: 204 }), new Response(null, { status: 200 }), binary(new Uint8Array(0), 'application/x-protobuf')];
    const { fetch } = fakeFetch(() => answers.shift()!);
    const client = createFetchClient({ codecs: [protobuf], fetch });
    expect(await client.request('https://api.test/')).toMatchObject({ value: undefined, format: undefined, status: 204 });
    expect(await client.request('https://api.test/')).toMatchObject({ value: undefined, format: undefined, status: 200 });
    expect(await client.request('https://api.test/')).toMatchObject({ value: {}, format: 'protobuf' });
  });

  it('rejects with the status and the body the server sent on a status outside 2xx', async () => {
    const { fetch } = fakeFetch(() => new Response('offers application/json, application/cbor', { status: 406, statusText: 'Not Acceptable' }));
    const error = await createFetchClient({ codecs: [msgpack], fetch })
      .request('https://api.test/orders')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toBeInstanceOf(WirebenchError);
    expect(error).toMatchObject({ status: 406, body: 'offers application/json, application/cbor' });
    expect((error as Error).message).toBe('GET https://api.test/orders answered 406 Not Acceptable: offers application/json, application/cbor');
  });

  it('refuses a body past maxBytes by its Content-Length or as it streams, and reads only the start of an error body', async () => {
    const big = msgpack.encode({ text: 'x'.repeat(5000) });
    let pulled = 0;
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(1024).fill(0x61));
          },
        }),
        { status: 500 },
      );
    const declared = fakeFetch(() => binary(big, 'application/msgpack'));
    const streamed = fakeFetch(() => new Response(new Blob([big.slice().buffer]).stream(), { headers: { 'content-type': 'application/msgpack' } }));
    for (const { fetch } of [declared, streamed]) {
      await expect(createFetchClient({ codecs: [msgpack], fetch, maxBytes: 4096 }).request('https://api.test/')).rejects.toThrow(
        /answered a body of more than 4096 bytes, past the client's maxBytes/,
      );
    }
    expect((await createFetchClient({ codecs: [msgpack], fetch: declared.fetch, maxBytes: big.length }).request('https://api.test/')).value).toEqual({
      text: 'x'.repeat(5000),
    });
    const error = await createFetchClient({ codecs: [msgpack], fetch: fakeFetch(endless).fetch })
      .request('https://api.test/')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, body: 'a'.repeat(500) });
    expect(pulled).toBeLessThan(10);
    // An error body whose Content-Length is past the limit is still read for its start.
    const declaredError = fakeFetch(() => new Response('b'.repeat(5000), { status: 409, headers: { 'content-length': '5000' } }));
    await expect(createFetchClient({ codecs: [msgpack], fetch: declaredError.fetch }).request('https://api.test/')).rejects.toMatchObject({
      status: 409,
      body: 'b'.repeat(500),
    });
  });

  it('refuses a body without a Content-Type rather than guessing', async () => {
    const { fetch } = fakeFetch(() => binary(new TextEncoder().encode('{"a":1}'), undefined));
    await expect(createFetchClient({ codecs: [msgpack], fetch }).request('https://api.test/')).rejects.toThrow(
      /answered 200 with a body but no Content-Type.*application\/msgpack/,
    );
  });

  it('refuses a Content-Type none of its codecs reads, saying which codec to add', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { headers: { 'content-type': 'text/html' } }));
    await expect(createFetchClient({ codecs: [msgpack], fetch }).request('https://api.test/')).rejects.toThrow(
      'GET https://api.test/ answered Content-Type text/html, which no codec reads; asked for: application/msgpack',
    );
    const cborAnswer = fakeFetch(() => binary(cbor.encode(1), 'application/cbor'));
    await expect(createFetchClient({ codecs: [msgpack], fetch: cborAnswer.fetch }).request('https://api.test/')).rejects.toThrow(
      /application\/cbor \(cbor\), but no cbor codec was given to createFetchClient: add one to codecs/,
    );
  });

  it('passes on the codec error for a body that does not decode', async () => {
    const { fetch } = fakeFetch(() => binary(new Uint8Array([0xc1]), 'application/msgpack'));
    const error = await createFetchClient({ codecs: [msgpack], fetch })
      .request('https://api.test/')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WirebenchError);
    expect(error).toMatchObject({ format: 'msgpack' });
  });

  it('needs at least one codec', () => {
    expect(() => createFetchClient({ codecs: [] })).toThrow(/at least one codec/);
  });
});
