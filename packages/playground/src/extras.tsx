/**
 * "Look inside" and "take results away" extras: SVG bar charts with intervals, a share link that
 * carries the payload compressed in the URL hash, and a side-by-side comparison with a result JSON
 * from another device. Main-thread code: no @wirebench/core at runtime.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { Component, useState } from 'react';
import { formatBytes, formatMs } from './format.js';
import type { MeasureResult, PayloadResult, RowResult } from './protocol.js';

/** Payloads up to this many UTF-8 bytes travel in a share link (compressed; the link stays well under browsers' URL limits). */
export const SHARE_LIMIT_BYTES = 256 * 1024;
/** A compressed link longer than this is not offered (about 100 KB of URL). */
export const SHARE_LIMIT_URL_CHARS = 100_000;

function codecRows(payload: PayloadResult): RowResult[] {
  return payload.rows.filter((r) => r.kind === 'codec' && !r.error);
}

interface Bar {
  readonly label: string;
  readonly value: number;
  readonly low?: number;
  readonly high?: number;
  readonly text: string;
}

/** Horizontal bars with optional interval whiskers and a reference line at `reference`. */
function BarChart({ title, bars, reference }: { title: string; bars: readonly Bar[]; reference?: number }): ReactNode {
  const max = Math.max(reference ?? 0, ...bars.map((b) => b.high ?? b.value)) * 1.05 || 1;
  const row = 22;
  const labelW = 92;
  const width = 320;
  const plotW = width - labelW - 56; // room on the right for the value
  const height = bars.length * row + 6;
  const x = (v: number): number => labelW + (plotW * v) / max;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.text}`).join(', ')}`}>
        {bars.map((b, i) => {
          const y = 3 + i * row;
          return (
            <g key={b.label}>
              <text x={0} y={y + 14} className="chart-label">
                {b.label}
              </text>
              <rect x={labelW} y={y + 3} width={Math.max(1, x(b.value) - labelW)} height={row - 8} className="chart-bar" />
              {b.low !== undefined && b.high !== undefined && (
                <line x1={x(b.low)} x2={x(b.high)} y1={y + row / 2 - 1} y2={y + row / 2 - 1} className="chart-whisker" />
              )}
              <text x={Math.max(x(b.high ?? b.value), x(b.value)) + 4} y={y + 14} className="chart-value">
                {b.text}
              </text>
            </g>
          );
        })}
        {reference !== undefined && <line x1={x(reference)} x2={x(reference)} y1={0} y2={height} className="chart-reference" />}
      </svg>
    </figure>
  );
}

export function Charts({ payload }: { payload: PayloadResult }): ReactNode {
  const rows = codecRows(payload);
  const sizeBars: Bar[] = rows.filter((r) => r.bytesVsJson !== undefined).map((r) => ({ label: r.name, value: r.bytesVsJson! * 100, text: `${Math.round(r.bytesVsJson! * 100)} %` }));
  const timeBars = (op: 'encode' | 'decode'): Bar[] =>
    rows.flatMap((r) => {
      if (r.name === payload.reference) return r[op] ? [{ label: r.name, value: 1, text: '1×' }] : [];
      const ratio = r[op]?.vsJson;
      return ratio ? [{ label: r.name, value: ratio.estimate, low: ratio.low, high: ratio.high, text: `${ratio.estimate.toFixed(2)}×` }] : [];
    });
  const enc = timeBars('encode');
  const dec = timeBars('decode');
  const reference = rows.find((r) => r.name === payload.reference);
  const jsonTime = (op: 'encode' | 'decode'): string => (reference?.[op] ? ` (JSON: ${formatMs(reference[op].median)})` : '');
  return (
    <div className="charts">
      <BarChart title="Bytes, % of JSON" bars={sizeBars} reference={100} />
      {enc.length > 1 && <BarChart title={`Encode time ÷ JSON's${jsonTime('encode')}; line: 95 % interval`} bars={enc} reference={1} />}
      {dec.length > 1 && <BarChart title={`Decode time ÷ JSON's${jsonTime('decode')}; line: 95 % interval`} bars={dec} reference={1} />}
    </div>
  );
}

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
  if (packed.length > SHARE_LIMIT_URL_CHARS) return { refused: `even compressed, the link would be ${packed.length.toLocaleString('en-US')} characters long` };
  const url = new URL(location.href);
  url.hash = `p=${packed}`;
  return { url: url.toString() };
}

/**
 * Longest `#p=` hash the page reads: shareLink never makes a longer one, so anything longer was not
 * made by this page (and base64 of more than that cannot be a link we would offer).
 */
export const SHARE_HASH_LIMIT_CHARS = '#p='.length + SHARE_LIMIT_URL_CHARS;

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
  if (!hash.startsWith('#p=') || typeof DecompressionStream === 'undefined') return null;
  if (hash.length > SHARE_HASH_LIMIT_CHARS) return { refused: `the link's payload is ${hash.length.toLocaleString('en-US')} characters long; share links carry up to ${SHARE_HASH_LIMIT_CHARS.toLocaleString('en-US')}` };
  const match = /^#p=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return null;
  const bytes = await inflateCapped(fromBase64Url(match[1]!), SHARE_LIMIT_BYTES);
  if (!bytes) return { refused: `the link's payload unpacks to more than ${formatBytes(SHARE_LIMIT_BYTES)}, the most a share link carries` };
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || v === null || check(v);

/** An operation Compare renders: a finite median and, if present, a ratio with a finite estimate. */
function isOperation(v: unknown): boolean {
  return isObject(v) && isNumber(v['median']) && optional(v['vsJson'], (r) => isObject(r) && isNumber(r['estimate']));
}

/**
 * Why `value` is not a result JSON Compare can render, or null when it is. Checks in depth every
 * field that is rendered: a file that passes only the top-level check would throw in render.
 */
function resultProblem(value: unknown): string | null {
  if (!isObject(value) || value['format'] !== 'wirebench-result' || value['version'] !== 1) return 'not a wirebench result (format "wirebench-result", version 1)';
  const env = value['environment'];
  if (!isObject(env)) return '"environment" is not an object';
  for (const key of ['userAgent', 'runtime', 'runtimeVersion'] as const) if (!optional(env[key], (v) => typeof v === 'string')) return `environment.${key} is not a string`;
  if (!optional(env['cores'], isNumber)) return 'environment.cores is not a number';
  const payloads = value['payloads'];
  if (!Array.isArray(payloads) || payloads.length === 0) return '"payloads" is not a non-empty array';
  for (const [i, p] of payloads.entries()) {
    if (!isObject(p) || typeof p['name'] !== 'string') return `payloads[${i}] has no name`;
    if (!Array.isArray(p['rows'])) return `payloads[${i}] has no rows array`;
    for (const [j, r] of (p['rows'] as unknown[]).entries()) {
      if (!isObject(r) || typeof r['name'] !== 'string' || typeof r['kind'] !== 'string') return `payloads[${i}].rows[${j}] has no name or kind`;
      if (!optional(r['encode'], isOperation) || !optional(r['decode'], isOperation)) return `payloads[${i}].rows[${j}] (${r['name']}) has a malformed encode or decode figure`;
    }
  }
  return null;
}

/** Last guard: a render error in Compare shows a message instead of blanking the whole page. */
class CompareBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render(): ReactNode {
    if (this.state.error) return <p className="error">The comparison could not be shown: {this.state.error}. Reload the page to try another file.</p>;
    return this.props.children;
  }
}

function deviceName(result: MeasureResult): string {
  const env = result.environment;
  return `${env.userAgent ?? `${env.runtime} ${env.runtimeVersion}`} (${env.cores ?? '?'} cores)`;
}

/** Imports a result JSON from another device and shows its figures beside this device's. */
export function Compare({ result }: { result: MeasureResult | null }): ReactNode {
  return (
    <CompareBoundary>
      <CompareInner result={result} />
    </CompareBoundary>
  );
}

function CompareInner({ result }: { result: MeasureResult | null }): ReactNode {
  const [other, setOther] = useState<MeasureResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > 20 * 1024 * 1024) {
      setError(`${chosen.name} is ${formatBytes(chosen.size)}: too large for a result file`);
      return;
    }
    void chosen.text().then((text) => {
      try {
        const value: unknown = JSON.parse(text);
        const problem = resultProblem(value);
        if (problem) throw new Error(`not a result this page can show: ${problem}`);
        setOther(value as MeasureResult);
        setError(null);
      } catch (e) {
        setOther(null);
        setError(`${chosen.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  };
  const mine = result?.payloads[0];
  const theirs = other?.payloads.find((p) => p.name === mine?.name) ?? other?.payloads[0];
  const fmt = (row: RowResult | undefined, op: 'encode' | 'decode'): string => {
    const o = row?.[op];
    if (!o) return '—';
    return o.vsJson ? `${formatMs(o.median)} (${o.vsJson.estimate.toFixed(2)}×)` : formatMs(o.median);
  };
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare devices</h2>
      <p className="note">Import a result JSON downloaded on another device (or by npm run bench) to see its figures beside this run's.</p>
      <label className="button secondary">
        Import a result JSON
        <input type="file" accept=".json,application/json" onChange={onFile} />
      </label>
      {error && <p className="error">{error}</p>}
      {other && theirs && (
        <>
          <p className="note">
            Other: {deviceName(other)}, {theirs.name}. This: {result ? deviceName(result) : 'no run yet'}.
          </p>
          <div className="table-box compare">
            <table>
              <thead>
                <tr>
                  <th scope="col">format</th>
                  <th scope="col">encode here</th>
                  <th scope="col">encode there</th>
                  <th scope="col">decode here</th>
                  <th scope="col">decode there</th>
                </tr>
              </thead>
              <tbody>
                {theirs.rows
                  .filter((r) => r.kind === 'codec')
                  .map((row) => {
                    const here = mine?.rows.find((r) => r.name === row.name);
                    return (
                      <tr key={row.name}>
                        <th scope="row">{row.name}</th>
                        <td data-label="encode here">{fmt(here, 'encode')}</td>
                        <td data-label="encode there">{fmt(row, 'encode')}</td>
                        <td data-label="decode here">{fmt(here, 'decode')}</td>
                        <td data-label="decode there">{fmt(row, 'decode')}</td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </div>
          {mine && theirs.name !== mine.name && <p className="note">The payloads differ ({mine.name} here, {theirs.name} there): compare ratios to JSON, not times.</p>}
        </>
      )}
    </section>
  );
}
