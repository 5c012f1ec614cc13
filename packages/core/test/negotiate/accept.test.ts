/**
 * negotiate/accept.ts without a network: the `Accept` parser against RFC 9110's grammar, the choice
 * of format from it, and the `Accept` header a client sends for its codecs.
 */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/codec.js';
import { cborCodec } from '../../src/formats/cbor/codec.js';
import { jsonCodec } from '../../src/formats/json/codec.js';
import { msgpackCodec } from '../../src/formats/msgpack/codec.js';
import { acceptHeader, negotiateFormat, parseAccept } from '../../src/negotiate/accept.js';

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
      expect(
        parseAccept(`a/b;q=${q}`).map((r) => r.q),
        q,
      ).toEqual([Number(q)]);
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
      expect(
        parseAccept(`${entry}, application/cbor`).map((r) => `${r.type}/${r.subtype}`),
        entry,
      ).toEqual(['application/cbor']);
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
