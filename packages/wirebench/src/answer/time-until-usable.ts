import { WirebenchError } from '@wirebench/core';
import { nonNegative, positive } from './check.js';
import type { InflateSource } from './decompression.js';
import { streamedDecompressionMs } from './decompression.js';
import type { NetworkPreset } from './networks.js';
import { DEFAULT_NETWORK_IDS, findNetworkPreset } from './networks.js';
import type { ServedEncoding, ServedFigures } from './served.js';
import { servedParts } from './served.js';

/**
 * Time until usable: from the app asking for a response to the app holding its decoded data,
 *
 *   total = transfer + decompression + decode,   transfer = latency + download,
 *   latency = one round trip (the preset's RTT),  download = bytes × 8 / download bandwidth.
 *
 * The latency model, kept simple on purpose: an API call goes over a connection that is already open
 * (keep-alive, HTTP/2 or HTTP/3, as every call after an app's first is), so it costs one round trip,
 * the request going up and the response's first byte coming back, then the response's bytes at the
 * link's download bandwidth. Not modelled, because they are the same for every format and so cannot
 * change a ranking: DNS, TCP and TLS set-up, the request's own upload (a GET's few hundred bytes),
 * HTTP headers, the server's time to produce the response. Not modelled although it could favour
 * fewer bytes: TCP slow start, which on a fresh connection sends about 14 KB (10 segments) in the
 * first round trip and doubles each round trip after, so a response of more than ~14 KB on a new
 * connection waits extra round trips; the model's figures are those of a warm connection. Packet
 * loss is 0, as in every WebPageTest profile used here.
 *
 * Decode is what the device measured (median), never canned. Decompression is what inflating adds
 * after the last byte: a browser inflates `Content-Encoding` while the bytes arrive, so only the part
 * slower than the link, and the last piece, count (decompression.ts models it, from the whole body's
 * inflate at the device's measured rate); 0 when the bytes are served as they are.
 */

/** The parts of a transfer: one round trip, then the bytes at the link's bandwidth. */
export interface Transfer {
  /** One round trip: the preset's RTT. */
  readonly latencyMs: number;
  /** bytes × 8 / download bits per second, in milliseconds. */
  readonly downloadMs: number;
  /** latencyMs + downloadMs. */
  readonly transferMs: number;
}

/** One row's time until usable on one preset with one served encoding: its parts and their sum. */
export interface TimeUntilUsable extends Transfer {
  /** The preset's id. */
  readonly network: string;
  readonly served: ServedEncoding;
  /** Bytes on the wire. */
  readonly bytes: number;
  /** What decompression adds after the last byte arrives (`streamedDecompressionMs` of `inflateMs`); 0 for `none`. */
  readonly decompressMs: number;
  /**
   * The whole body's inflate, ms, as the model took it: absent for `none`, and in answers saved
   * before the model (whose `decompressMs` is the whole per-call time).
   */
  readonly inflateMs?: number;
  /** Where `inflateMs` comes from: the streaming rate, or one call on the body (an upper bound). */
  readonly inflateFrom?: InflateSource;
  readonly decodeMs: number;
  /** transferMs + decompressMs + decodeMs, added in that order. */
  readonly totalMs: number;
}

/** What one time-until-usable figure is computed from. */
export interface UsableInput {
  /** Bytes on the wire as served. */
  readonly bytes: number;
  /**
   * The whole body's inflate at the device's streaming rate, ms (encoded bytes ÷
   * `RowResult.inflateBytesPerMs`): preferred for gzip and brotli; absent or 0 for `none`.
   */
  readonly inflateMs?: number;
  /**
   * Measured ms of one decompression call on the body (`RowResult.decompressMs`): the whole body's
   * inflate where `inflateMs` is absent (it counts the call's overhead: an upper bound). One of the
   * two is required (and ≥ 0) for gzip and brotli; absent or 0 for `none`.
   */
  readonly decompressMs?: number;
  /** Measured decode ms. */
  readonly decodeMs: number;
}

/** A preset given by id, or the preset itself (a custom link), checked. */
export function resolvePreset(network: NetworkPreset | string): NetworkPreset {
  if (typeof network === 'string') return findNetworkPreset(network);
  positive(`${network.id}: download bandwidth`, network.downloadBps);
  nonNegative(`${network.id}: round-trip time`, network.rttMs);
  return network;
}

/** Milliseconds `bytes` take at `bitsPerSecond`, with no latency: the download part of a transfer. */
export function downloadMs(bytes: number, bitsPerSecond: number): number {
  return (nonNegative('bytes', bytes) * 8 * 1000) / positive('bandwidth', bitsPerSecond);
}

/** The transfer of `bytes` as one response on `network`: one round trip plus the bytes at its download bandwidth. */
export function transfer(bytes: number, network: NetworkPreset | string): Transfer {
  const preset = resolvePreset(network);
  const latencyMs = preset.rttMs;
  const download = downloadMs(bytes, preset.downloadBps);
  return { latencyMs, downloadMs: download, transferMs: latencyMs + download };
}

/**
 * Time until usable of one response of `input.bytes` on `network`, served as `served`: the parts and
 * their total. Refuses (WirebenchError) negative or non-finite figures, and a decompression time
 * for bytes served as they are.
 */
export function timeUntilUsable(input: UsableInput, network: NetworkPreset | string, served: ServedEncoding): TimeUntilUsable {
  const preset = resolvePreset(network);
  const bytes = nonNegative('bytes', input.bytes);
  const decodeMs = nonNegative('decode ms', input.decodeMs);
  const t = transfer(bytes, preset);
  const total = (decompressMs: number): number => t.transferMs + decompressMs + decodeMs;
  if (served === 'none') {
    for (const [what, ms] of [
      ['a decompression time', input.decompressMs],
      ['an inflate time', input.inflateMs],
    ] as const) {
      if (ms !== undefined && ms !== 0) throw new WirebenchError(`bytes served as they are are not decompressed, yet ${what} of ${String(ms)} ms was given`);
    }
    return { network: preset.id, served, bytes, ...t, decompressMs: 0, decodeMs, totalMs: total(0) };
  }
  const inflateFrom: InflateSource = input.inflateMs !== undefined ? 'stream' : 'per-call';
  const inflateMs =
    inflateFrom === 'stream' ? nonNegative(`${served} inflate ms`, input.inflateMs) : nonNegative(`${served} decompression ms`, input.decompressMs);
  const decompressMs = streamedDecompressionMs({ bytes, inflateMs, downloadMs: t.downloadMs });
  return { network: preset.id, served, bytes, ...t, decompressMs, inflateMs, inflateFrom, decodeMs, totalMs: total(decompressMs) };
}

/** Time until usable of a row's measured figures on `network`, served as `served` (see `servedParts`). */
export function rowTimeUntilUsable(figures: ServedFigures, network: NetworkPreset | string, served: ServedEncoding): TimeUntilUsable {
  return timeUntilUsable(servedParts(figures, served), network, served);
}

/** A row's time until usable on each of `networks` (default: the slow mobile, 4G and Wi-Fi roles), in that order. */
export function timeUntilUsableAcross(
  figures: ServedFigures,
  served: ServedEncoding,
  networks: readonly (NetworkPreset | string)[] = DEFAULT_NETWORK_IDS,
): TimeUntilUsable[] {
  return networks.map((n) => rowTimeUntilUsable(figures, n, served));
}
