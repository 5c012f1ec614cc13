/** negotiate/media-types.ts: each format's media types and aliases, and the format a Content-Type names. */
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../src/codec.js';
import { FORMATS, MEDIA_TYPES } from '../../src/codec.js';
import { negotiateFormat } from '../../src/negotiate/accept.js';
import { formatForContentType } from '../../src/negotiate/media-types.js';

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

  it("maps every format's own media type back to it, so each is reachable by negotiation", () => {
    for (const format of FORMATS) {
      expect(formatForContentType(MEDIA_TYPES[format])).toBe(format === 'simdjson' ? 'json' : format);
      expect(negotiateFormat(MEDIA_TYPES[format], [format])).toBe(format);
    }
  });

  it('is undefined for anything else', () => {
    for (const contentType of [
      undefined,
      null,
      '',
      'text/plain',
      'text/html; charset=utf-8',
      'application/octet-stream',
      'application/vnd.google.protobuf',
      'json',
      'application/json x',
    ]) {
      expect(formatForContentType(contentType), String(contentType)).toBeUndefined();
    }
  });
});
