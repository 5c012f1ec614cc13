/**
 * Share links: the payload compressed into the URL hash (`#p=<deflate-raw, base64url>`), so another
 * device opens the page with the same text to measure; and the guarded reading of such a link (a
 * hash too long, or one that inflates past the limit, is refused rather than held in memory).
 */
import { formatBytes, formatCount } from 'wirebench/report';
import { SHARE_HASH_PREFIX } from './share-hash.js';

/** Payloads up to this many UTF-8 bytes travel in a share link (compressed; the link stays well under browsers' URL limits). */
export const SHARE_LIMIT_BYTES = 256 * 1024;
/** A compressed link longer than this is not offered (about 100 KB of URL). */
export const SHARE_LIMIT_URL_CHARS = 100_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** `#p=<deflate-raw, base64url>` for the payload, or null with the reason it cannot be shared. */
export async function shareLink(text: string): Promise<{ url: string } | { refused: string }> {
  const raw = new TextEncoder().encode(text);
  if (raw.length > SHARE_LIMIT_BYTES) return { refused: `the payload is ${formatBytes(raw.length)}; links carry up to ${formatBytes(SHARE_LIMIT_BYTES)}` };
  if (typeof CompressionStream === 'undefined') return { refused: 'this browser has no CompressionStream' };
  const packed = toBase64Url(await pipe(raw, new CompressionStream('deflate-raw')));
  if (packed.length > SHARE_LIMIT_URL_CHARS) return { refused: `even compressed, the link would be ${formatCount(packed.length)} characters long` };
  const url = new URL(location.href);
  url.hash = `${SHARE_HASH_PREFIX}${packed}`;
  return { url: url.toString() };
}

/**
 * Longest `#p=` hash the page reads: shareLink never makes a longer one, so anything longer was not
 * made by this page (and base64 of more than that cannot be a link we would offer).
 */
export const SHARE_HASH_LIMIT_CHARS = SHARE_HASH_PREFIX.length + SHARE_LIMIT_URL_CHARS;

/**
 * Inflates with a reader, counting bytes, and cancels once past `limit`: a few KB of deflate can
 * inflate to GBs (a "deflate bomb"), which arrayBuffer() would try to hold whole.
 */
async function inflateCapped(bytes: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The payload text a share link carries, a refusal saying why the link was not read, or null when the hash holds none. */
export async function payloadFromHash(hash: string): Promise<{ text: string } | { refused: string } | null> {
  if (!hash.startsWith(SHARE_HASH_PREFIX) || typeof DecompressionStream === 'undefined') return null;
  if (hash.length > SHARE_HASH_LIMIT_CHARS)
    return { refused: `the link's payload is ${formatCount(hash.length)} characters long; share links carry up to ${formatCount(SHARE_HASH_LIMIT_CHARS)}` };
  const match = /^#p=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return null;
  const bytes = await inflateCapped(fromBase64Url(match[1]!), SHARE_LIMIT_BYTES);
  if (!bytes) return { refused: `the link's payload unpacks to more than ${formatBytes(SHARE_LIMIT_BYTES)}, the most a share link carries` };
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}
