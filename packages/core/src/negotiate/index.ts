/**
 * `@wirebench/core/negotiate`: one endpoint in every format. Servers choose the format to answer in
 * from `Accept` and read request bodies by `Content-Type`; clients ask for their codecs' formats
 * and decode whichever comes back. No Node-only API: it runs in browsers and workers too.
 */
export type { MediaRange } from './accept.js';
export { acceptHeader, negotiateFormat, parseAccept } from './accept.js';
export type { DecodedResponse, FetchClient, FetchClientOptions, FetchRequest } from './fetch-client.js';
export { createFetchClient, HttpStatusError } from './fetch-client.js';
export { formatForContentType, mediaTypesOf } from './media-types.js';
