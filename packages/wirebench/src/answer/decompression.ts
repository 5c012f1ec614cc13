import { nonNegative, positive } from './check.js';

/**
 * Decompression as a browser does it. A response served with `Content-Encoding` is inflated by the
 * browser's network stack as its bytes arrive, before the page sees them: Chromium runs the body
 * bytes through its content-encoding filters (gzip, deflate, brotli) as they are received, at the
 * URLRequestJob layer (Life of a URLRequest, "Filters"); Firefox's nsHTTPCompressConv inflates each
 * piece of data as `OnDataAvailable` hands it over. (WebKit on Apple platforms leaves it to the
 * system's networking, whose source is not public.) So inflating overlaps the transfer, and adds to
 * time until usable only where it is slower than the bytes arrive, plus the last piece, which can
 * only be inflated once it is in.
 *
 * The model: a two-stage pipeline (receive, then inflate) over pieces of `chunk` bytes. Piece k is in
 * at RTT + k × chunk / link rate, and is inflated once it is in and the piece before it is done, at
 * the device's inflate rate. With B the compressed bytes, c = min(chunk, B), D their download (B at
 * the link's rate) and W the whole body's inflate (B at the inflate rate), the last piece is done at
 *
 *   transfer + max(c × W / B,  W − D × (B − c) / B).
 *
 * Inflate faster than the link (W ≤ D): the inflater waits for each piece, and only the last piece's
 * inflate, c × W / B, comes after the last byte. Slower: it starts on the first piece and never waits
 * again, ending W − D × (B − c) / B after the last byte. A body of one piece adds all of W, and so
 * does an infinitely fast link; an infinitely fast inflate adds nothing.
 *
 * W comes from the device's rate over one long stream (`RowResult.inflateBytesPerMs`, no per-call
 * overhead), else from one call on the body (`RowResult.decompressMs`, in a result measured before
 * the rate was), whose overhead makes it an upper bound.
 */

/** Where the model's sources are, for a report to cite. */
export const DECOMPRESSION_SOURCES = Object.freeze([
  Object.freeze({
    name: 'Chromium, Life of a URLRequest (net/docs/life-of-a-url-request.md), "Filters (gzip, deflate, brotli, etc)"',
    url: 'https://github.com/chromium/chromium/blob/5b83ed465231eb0bb65d444348d89cb5a66501a0/net/docs/life-of-a-url-request.md',
  }),
  Object.freeze({
    name: 'Firefox, nsHTTPCompressConv::OnDataAvailable (netwerk/streamconv/converters/nsHTTPCompressConv.cpp)',
    url: 'https://github.com/mozilla/gecko-dev/blob/ea3ec7956f220652a8c51509ff1a650aa92414dd/netwerk/streamconv/converters/nsHTTPCompressConv.cpp',
  }),
  Object.freeze({
    name: 'RFC 8446 (TLS 1.3), section 5.1: a record carries at most 2^14 bytes, and is decrypted whole',
    url: 'https://tools.ietf.org/rfc/rfc8446',
  }),
] as const);

/**
 * The piece of a response the network stack hands its inflater at once, in bytes: 16,384, the most a
 * TLS record carries (RFC 8446, 5.1), which is decrypted only once it is all in. Responses come over
 * HTTPS; a server that writes smaller records (or HTTP/3, whose packets are about 1.2 kB) hands over
 * smaller pieces and adds less after the last byte, so this is the model's upper bound.
 */
export const INFLATE_CHUNK_BYTES = 16_384;

/** Where the whole body's inflate time comes from: the streaming rate, or one call on the body. */
export type InflateSource = 'stream' | 'per-call';

/** What the model takes, in bytes and milliseconds. */
export interface StreamedDecompressionInput {
  /** Compressed bytes on the wire. */
  readonly bytes: number;
  /** The whole body's inflate at the device's rate, ms (W). */
  readonly inflateMs: number;
  /** The bytes' download at the link's bandwidth, ms, without the round trip (D). */
  readonly downloadMs: number;
  /** Bytes handed to the inflater at once (default INFLATE_CHUNK_BYTES). */
  readonly chunkBytes?: number;
}

/**
 * Milliseconds decompression adds to the transfer: max(c × W / B, W − D × (B − c) / B), c = min(chunk,
 * B) (see above). Between the last piece's inflate and the whole inflate; never more than W. Refuses
 * (WirebenchError) a negative or non-finite figure, or a chunk that is not > 0.
 */
export function streamedDecompressionMs(input: StreamedDecompressionInput): number {
  const bytes = nonNegative('compressed bytes', input.bytes);
  const inflateMs = nonNegative('inflate ms', input.inflateMs);
  const downloadMs = nonNegative('download ms', input.downloadMs);
  const chunk = positive('chunk bytes', input.chunkBytes ?? INFLATE_CHUNK_BYTES);
  // The share of the body in its last piece; a body of no bytes is one piece.
  const last = bytes === 0 ? 1 : Math.min(chunk, bytes) / bytes;
  return Math.max(last * inflateMs, inflateMs - downloadMs * (1 - last));
}
