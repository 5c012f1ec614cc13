import type { Codec, FormatId } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { jsonCodec } from '../formats/json/codec.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { decodeLossy } from '../wire/utf8.js';
import { acceptHeader } from './accept.js';
import { formatForContentType } from './media-types.js';

/** Options of `createFetchClient`. */
export interface FetchClientOptions {
  /**
   * The codecs that read responses, preferred first: the `Accept` header lists their media types in
   * this order, with falling weights. The first one also encodes request bodies.
   */
  readonly codecs: readonly Codec[];
  /** Defaults to the global `fetch`; pass your own for auth, retries or tests. */
  readonly fetch?: typeof fetch;
  /** The largest response body read (default `DEFAULT_LIMITS.maxBytes`): a larger one is refused by its Content-Length, or as soon as it passes the limit, unread. */
  readonly maxBytes?: number;
}

/** `fetch`'s `RequestInit` without `body`: a `value` to encode instead, and the format to encode it in. */
export interface FetchRequest extends Omit<RequestInit, 'body'> {
  /** JSON data to send as the body, encoded by a codec (which sets `Content-Type`); the method then defaults to POST. */
  readonly value?: unknown;
  /** The format that encodes `value`: one of the client's codecs. Defaults to the first codec's. */
  readonly bodyFormat?: FormatId;
}

/** A response as `FetchClient.request` resolves it: the decoded body, the format it came in, status and headers. */
export interface DecodedResponse {
  /** The decoded body; undefined when the response has none. */
  readonly value: unknown;
  /** The format the body was read as; undefined when there was no body. */
  readonly format: FormatId | undefined;
  readonly status: number;
  readonly headers: Headers;
}

/** What `createFetchClient` returns. */
export interface FetchClient {
  /** Sends the request and decodes the answer by its `Content-Type`; rejects on a status outside 200–299. */
  request(url: string | URL, init?: FetchRequest): Promise<DecodedResponse>;
}

/** A response whose status is not 2xx: `status` and the start of the `body` the server sent. */
export class HttpStatusError extends WirebenchError {
  readonly status: number;
  readonly body: string;

  constructor(message: string, status: number, body: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Error bodies are for people: enough of one to say what went wrong, not a whole page. */
const ERROR_BODY_CHARS = 500;

/**
 * A client that asks for the codecs' formats and reads whichever the server answers in: the body
 * is decoded by the codec for its `Content-Type` (aliases such as `application/vnd.msgpack`
 * included). An `application/json` or `+json` answer is read as JSON even without a JSON codec,
 * as servers send errors and fallbacks that way, but it is only asked for when a JSON codec is
 * given. A body without a `Content-Type` is refused rather than guessed at (RFC 9110 lets a
 * recipient treat it as opaque bytes), and so is a type none of the codecs reads.
 */
export function createFetchClient(options: FetchClientOptions): FetchClient {
  const { codecs } = options;
  const first = codecs[0];
  if (!first) throw new WirebenchError('createFetchClient needs at least one codec, e.g. codecs: [jsonCodec()]');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const maxBytes = options.maxBytes ?? DEFAULT_LIMITS.maxBytes;
  const accept = acceptHeader(codecs);
  // The first codec given for a format reads it; simdjson's `application/json` reads as json.
  const readers = new Map<FormatId, Codec>();
  for (const codec of codecs) {
    const format = formatForContentType(codec.mediaType);
    if (format && !readers.has(format)) readers.set(format, codec);
  }
  if (!readers.has('json')) readers.set('json', jsonCodec());

  return {
    async request(url, init = {}) {
      const { value, bodyFormat, ...requestInit } = init;
      const headers = new Headers(requestInit.headers);
      if (!headers.has('accept')) headers.set('accept', accept);
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (value !== undefined) {
        const writer = bodyFormat === undefined ? first : codecs.find((codec) => codec.format === bodyFormat);
        if (!writer) {
          throw new WirebenchError(`no ${bodyFormat} codec to encode the request body: add one to createFetchClient's codecs`, {
            format: bodyFormat,
          });
        }
        // Codecs return bytes that own their whole ArrayBuffer (never a SharedArrayBuffer).
        body = writer.encode(value) as Uint8Array<ArrayBuffer>;
        headers.set('content-type', writer.mediaType);
      }
      const method = (requestInit.method ?? (body ? 'POST' : 'GET')).toUpperCase();
      const response = await fetchImpl(url, { ...requestInit, method, headers, ...(body ? { body } : {}) });
      const what = `${method} ${String(url)}`;
      if (!response.ok) throw await statusError(what, response);

      const { bytes, complete } = await readUpTo(response, maxBytes);
      if (!complete)
        throw new WirebenchError(
          `${what} answered a body of more than ${maxBytes} bytes, past the client's maxBytes: raise it in createFetchClient's options if that is expected`,
        );
      const contentType = response.headers.get('content-type');
      const answered = { status: response.status, headers: response.headers };
      // No body to read: 204 and 205 never have one, HEAD only describes one.
      if (response.status === 204 || response.status === 205 || method === 'HEAD' || (bytes.length === 0 && !contentType)) {
        return { value: undefined, format: undefined, ...answered };
      }
      if (!contentType) {
        throw new WirebenchError(
          `${what} answered ${response.status} with a body but no Content-Type, so no codec can be chosen to read it; the server should answer one of: ${accept}`,
        );
      }
      const format = formatForContentType(contentType);
      const reader = format && readers.get(format);
      if (!reader) {
        const known = format ? ` (${format}), but no ${format} codec was given to createFetchClient: add one to codecs` : `, which no codec reads`;
        throw new WirebenchError(`${what} answered Content-Type ${contentType}${known}; asked for: ${accept}`);
      }
      return { value: reader.decode(bytes), format: reader.format, ...answered };
    },
  };
}

async function statusError(what: string, response: Response): Promise<HttpStatusError> {
  let body = '';
  try {
    // Its start only: four bytes per character is the most UTF-8 takes.
    const { bytes } = await readUpTo(response, 4 * ERROR_BODY_CHARS, 'start');
    body = decodeLossy(bytes).trim().slice(0, ERROR_BODY_CHARS);
  } catch {
    // The status says enough when the body cannot be read.
  }
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new HttpStatusError(`${what} answered ${status}${body ? `: ${body}` : ''}`, response.status, body);
}

/**
 * The body's bytes while they stay within `limit`; past it the rest is cancelled unread and
 * `complete` is false. A body whose Content-Length is past the limit is not read at all, unless
 * `want` is 'start' (of an error message, say), which reads up to the limit either way.
 */
async function readUpTo(response: Response, limit: number, want: 'all' | 'start' = 'all'): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  const body = response.body;
  if (!body) return { bytes: new Uint8Array(0), complete: true };
  if (want === 'all' && declared > limit) {
    await body.cancel();
    return { bytes: new Uint8Array(0), complete: false };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let complete = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    if (length > limit) {
      complete = false;
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, complete };
}
