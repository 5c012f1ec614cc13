/**
 * Content negotiation without a network: the `Accept` parser against RFC 9110's grammar, the choice
 * of format, Content-Type to format, and the fetch client against a fetch double that records what
 * was sent and answers what each test says.
 */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../src/codec.js';
import { FORMATS, MEDIA_TYPES } from '../src/codec.js';
import { WirebenchError } from '../src/errors.js';
import { cborCodec } from '../src/formats/cbor/codec.js';
import { jsonCodec } from '../src/formats/json/codec.js';
import { msgpackCodec } from '../src/formats/msgpack/codec.js';
import { protobufCodec } from '../src/formats/protobuf/codec.js';
import { HttpStatusError, acceptHeader, createFetchClient, formatForContentType, negotiateFormat, parseAccept } from '../src/negotiate/index.js';
import { inferSchema } from '../src/schema/infer.js';

const SCHEMALESS: readonly FormatId[] = ['json', 'msgpack', 'cbor'];
const ALL: readonly FormatId[] = ['json', 'msgpack', 'cbor', 'protobuf', 'flatbuffers'];

describe('parseAccept', () => {
  it('reads types, weights and parameters, lowercased, in the order written', () => {
    const ranges = parseAccept(' Application/JSON ;q=0.5 ,application/msgpack;Q=1,text/*;charset="utf-8";q=0 , */*;q=0.001');
    expect(ranges.map((r) => [r.type, r.subtype, r.q, Object.fromEntries(r.params)])).toEqual([
      ['application', 'json', 0.5, {}],
      ['application', 'msgpack', 1, {}],
      ['text', '*', 0, { charset: 'utf-8' }],
      ['*', '*', 0.001, {}],
    ]);
  });

  it('accepts every weight the grammar allows', () => {
    for (const q of ['0', '0.', '0.5', '0.05', '0.123', '1', '1.', '1.0', '1.000']) {
      expect(parseAccept(`a/b;q=${q}`).map((r) => r.q), q).toEqual([Number(q)]);
    }
  });

  it('skips malformed entries and keeps the rest', () => {
    const malformed = [
      'application', // no subtype
      '*/json', // a wildcard type with a concrete subtype
      'app lication/json', // not a token
      'a/b;q=1.5',
      'a/b;q=-0.1',
      'a/b;q=0.1234', // more than three decimals
      'a/b;q=.5',
      'a/b;q=',
      'a/b;q=abc',
      'a/b;charset', // a parameter without a value
      'a/b;x="a"b', // text after the closing quote
      '/json',
      'application/',
    ];
    for (const entry of malformed) {
      expect(parseAccept(`${entry}, application/cbor`).map((r) => `${r.type}/${r.subtype}`), entry).toEqual(['application/cbor']);
    }
    // A quote never closed holds the rest of the header: all of it is one malformed entry.
    expect(parseAccept('application/cbor, a/b;x="unclosed, application/json').map((r) => r.subtype)).toEqual(['cbor']);
  });

  it('keeps commas and semicolons inside quoted parameter values, and unescapes them', () => {
    const [range, ...rest] = parseAccept('text/html;title="a, b; c \\"d\\"";q=0.7, application/json');
    expect(range?.params.get('title')).toBe('a, b; c "d"');
    expect(range?.q).toBe(0.7);
    expect(rest.map((r) => r.subtype)).toEqual(['json']);
  });

  it('tolerates empty list elements and empty parameters', () => {
    expect(parseAccept(' , application/json ,, ;').map((r) => r.subtype)).toEqual(['json']);
    expect(parseAccept('application/json;;q=0.2')[0]?.q).toBe(0.2);
  });
});

describe('negotiateFormat', () => {
  it('anything is acceptable without an Accept header, an empty one, or one with nothing parseable', () => {
    for (const accept of [undefined, null, '', '   ', 'garbage', ';;,']) {
      expect(negotiateFormat(accept, ['msgpack', 'json'])).toBe('msgpack');
    }
  });

  it('chooses the highest weight, whatever the order of the header', () => {
    expect(negotiateFormat('application/json;q=0.5, application/cbor;q=0.9, application/msgpack;q=0.8', SCHEMALESS)).toBe('cbor');
    expect(negotiateFormat('application/x-protobuf;q=0.3, application/json;q=0.2', ALL)).toBe('protobuf');
  });

  it('breaks ties by the order the server offered', () => {
    const accept = 'application/cbor, application/msgpack';
    expect(negotiateFormat(accept, ['msgpack', 'cbor'])).toBe('msgpack');
    expect(negotiateFormat(accept, ['cbor', 'msgpack'])).toBe('cbor');
    expect(negotiateFormat('*/*', ALL)).toBe('json');
    expect(negotiateFormat('*/*', ['flatbuffers', ...SCHEMALESS])).toBe('flatbuffers');
  });

  it('matches wildcards, the more specific range winning', () => {
    expect(negotiateFormat('text/*', SCHEMALESS)).toBeUndefined();
    expect(negotiateFormat('application/*', ['cbor', 'json'])).toBe('cbor');
    // The exact range beats application/*, which beats */*, whatever the weights.
    expect(negotiateFormat('*/*;q=1, application/*;q=0.2, application/json;q=0.5', ['cbor', 'json'])).toBe('json');
    expect(negotiateFormat('*/*;q=0.9, application/*;q=0.2', ['cbor', 'json'])).toBe('cbor');
    expect(negotiateFormat('application/*;q=0.1, */*;q=1', ['json'])).toBe('json');
  });

  it('excludes what q=0 names, even under an accepting wildcard', () => {
    expect(negotiateFormat('application/json;q=0, */*', SCHEMALESS)).toBe('msgpack');
    expect(negotiateFormat('*/*, application/json;q=0, application/msgpack;q=0.000', SCHEMALESS)).toBe('cbor');
    expect(negotiateFormat('application/*;q=0, application/cbor', SCHEMALESS)).toBe('cbor');
    expect(negotiateFormat('*/*;q=0', SCHEMALESS)).toBeUndefined();
    expect(negotiateFormat('application/json;q=0', ['json'])).toBeUndefined();
  });

  it('lets a range with parameters weigh a type only where no bare range names it (RFC 9110 §12.5.1)', () => {
    expect(negotiateFormat('application/json;charset=utf-8', SCHEMALESS)).toBe('json');
    expect(negotiateFormat('application/json;charset=utf-8;q=0', SCHEMALESS)).toBe(undefined);
    expect(negotiateFormat('application/json;q=0.1, application/json;v=2;q=0.9, application/cbor;q=0.5', SCHEMALESS)).toBe('cbor');
    expect(negotiateFormat('application/json;v=2;q=0, application/json;q=1, application/cbor;q=0.5', SCHEMALESS)).toBe('json');
    expect(negotiateFormat('application/json;v=1;q=0, application/json', ['json'])).toBe('json');
    expect(negotiateFormat('application/json;q=0.2, application/json;v=2, application/cbor;q=0.5', SCHEMALESS)).toBe('cbor');
    expect(negotiateFormat('application/json;v=2;q=0.9, application/*;q=0.5, application/cbor;q=0.6', SCHEMALESS)).toBe('json');
  });

  it('is case-insensitive', () => {
    expect(negotiateFormat('APPLICATION/CBOR', SCHEMALESS)).toBe('cbor');
  });

  it('answers json or simdjson for application/json, as offered', () => {
    expect(negotiateFormat('application/json', ['msgpack', 'simdjson', 'json'])).toBe('simdjson');
    expect(negotiateFormat('application/json', ['msgpack'])).toBeUndefined();
  });

  it('reads the registered and legacy names of MessagePack and protobuf as the same formats', () => {
    for (const name of ['application/msgpack', 'application/vnd.msgpack', 'application/x-msgpack']) {
      expect(negotiateFormat(name, ALL), name).toBe('msgpack');
    }
    for (const name of ['application/x-protobuf', 'application/protobuf', 'application/x-protobuffer']) {
      expect(negotiateFormat(name, ALL), name).toBe('protobuf');
    }
    expect(negotiateFormat('application/vnd.google.protobuf, application/protobuf+json', ALL)).toBeUndefined();
    // Aliases equally specific: the higher weight counts.
    expect(negotiateFormat('application/protobuf;q=0.9, application/x-protobuf;q=0.1, application/cbor;q=0.5', ALL)).toBe('protobuf');
  });

  it('never chooses what was not offered', () => {
    expect(negotiateFormat('application/x-flatbuffers', ['json', 'msgpack'])).toBeUndefined();
    expect(negotiateFormat('*/*', [])).toBeUndefined();
    expect(negotiateFormat(undefined, [])).toBeUndefined();
  });
});

describe('formatForContentType', () => {
  it('maps each codec media type to its format, json for application/json', () => {
    const expected: Record<string, FormatId> = {
      'application/json': 'json',
      'application/msgpack': 'msgpack',
      'application/cbor': 'cbor',
      'application/x-protobuf': 'protobuf',
      'application/x-flatbuffers': 'flatbuffers',
    };
    for (const [mediaType, format] of Object.entries(expected)) expect(formatForContentType(mediaType)).toBe(format);
  });

  it('ignores parameters, case and whitespace', () => {
    expect(formatForContentType('Application/JSON; charset=UTF-8')).toBe('json');
    expect(formatForContentType('  application/cbor  ;foo=bar')).toBe('cbor');
  });

  it('reads aliases and structured syntax suffixes', () => {
    expect(formatForContentType('application/vnd.msgpack')).toBe('msgpack');
    expect(formatForContentType('application/x-msgpack')).toBe('msgpack');
    expect(formatForContentType('application/protobuf')).toBe('protobuf');
    expect(formatForContentType('application/x-protobuffer')).toBe('protobuf');
    expect(formatForContentType('application/problem+json; charset=utf-8')).toBe('json');
    expect(formatForContentType('application/protobuf+json')).toBe('json');
    expect(formatForContentType('application/senml+cbor')).toBe('cbor');
  });

  it('maps every format\'s own media type back to it, so each is reachable by negotiation', () => {
    for (const format of FORMATS) {
      expect(formatForContentType(MEDIA_TYPES[format])).toBe(format === 'simdjson' ? 'json' : format);
      expect(negotiateFormat(MEDIA_TYPES[format], [format])).toBe(format);
    }
  });

  it('is undefined for anything else', () => {
    for (const contentType of [undefined, null, '', 'text/plain', 'text/html; charset=utf-8', 'application/octet-stream', 'application/vnd.google.protobuf', 'json', 'application/json x']) {
      expect(formatForContentType(contentType), String(contentType)).toBeUndefined();
    }
  });
});

describe('acceptHeader', () => {
  it('lists media types in preference order with falling weights, each once', () => {
    expect(acceptHeader([msgpackCodec()])).toBe('application/msgpack');
    expect(acceptHeader([msgpackCodec(), cborCodec()])).toBe('application/msgpack, application/cbor;q=0.5');
    expect(acceptHeader([cborCodec(), jsonCodec(), { mediaType: 'application/json' }, msgpackCodec()])).toBe(
      'application/cbor, application/json;q=0.667, application/msgpack;q=0.333',
    );
  });

  it('is read back by negotiateFormat as the same preference', () => {
    const accept = acceptHeader([cborCodec(), msgpackCodec(), jsonCodec()]);
    expect(negotiateFormat(accept, ['json', 'msgpack', 'cbor'])).toBe('cbor');
    expect(negotiateFormat(accept, ['json', 'msgpack'])).toBe('msgpack');
    expect(parseAccept(accept).map((r) => r.q)).toEqual([1, 0.667, 0.333]);
  });
});

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
    const { fetch, requests } = fakeFetch(() => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/problem+json; charset=utf-8' } }));
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
