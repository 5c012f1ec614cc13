/**
 * report/answer-text.ts: a payload's answer as text, from answers `withAnswers` computed on the report
 * fixture: the ranking first (each row's time and reason, then every row left out and why), each
 * row's time until usable on every preset with its parts and break-even, and the bytes by path;
 * every line within 100 columns.
 */
import { describe, expect, it } from 'vitest';
import { formatAnswer } from '../../src/report/answer-text.js';
import { formatMs } from '../../src/report/answer-words.js';
import { formatCount, formatNumber } from '../../src/report/format.js';
import { formatPayload } from '../../src/report/text.js';
import type { ResultPayload } from '../../src/result/types.js';
import { answered, answeredResult, MSGPACK_JS, result } from './fixture.js';

const [orders, events] = answeredResult.payloads as [ResultPayload, ResultPayload];
const lines = formatAnswer(orders);
/** The lines from the one starting with `start` up to the next empty line. */
const section = (text: readonly string[], start: string): string[] => {
  const from = text.findIndex((line) => line.startsWith(start));
  const rest = text.slice(from);
  const end = rest.indexOf('');
  return end === -1 ? rest : rest.slice(0, end);
};

describe('formatAnswer: the ranking', () => {
  it('heads the payload: under its heading and warnings, before the size table', () => {
    const text = formatPayload(orders, answeredResult.options.compressors).split('\n');
    const ranking = text.indexOf('ranking: time until usable on 4G (9 Mbps, 170ms RTT) with gzip, fastest first');
    expect(ranking).toBeGreaterThan(0);
    expect(ranking).toBeLessThan(text.findIndex((line) => line.startsWith('size ')));
    expect(text[0]).toMatch(/^## orders\.json — /);
  });

  it('lists the ranked rows fastest first: rank, row, time until usable and the reason without its head', () => {
    const { ranked } = orders.answer!.ranking;
    // msgpack sends 858 B less than JSON with gzip; on the device the two are within a microsecond (so the reason leaves
    // it out), and its JS (BUNDLE_GZIP_BYTES) is repaid after 12 responses by bytes, 13 by time.
    expect(ranked.map((r) => r.name)).toEqual(['msgpack', 'json']);
    const [msgpack, json] = ranked;
    const ranking = section(lines, 'ranking:');
    expect(ranking[1]).toBe('rank  row      until usable  why');
    // The reason wraps under its own column.
    expect(ranking[3]).toMatch(/^ {29}\S/);
    expect(`${ranking[2]} ${ranking[3]!.trim()}`).toBe(
      `   1  msgpack        ${formatMs(msgpack!.timeUntilUsable.totalMs)}  762 µs sooner than JSON: 858 B less to transfer; repays its ${MSGPACK_JS} of JS after 12 responses by bytes, 13 responses by time on 4G`,
    );
    expect(ranking[4]).toBe(`   2  json           ${formatMs(json!.timeUntilUsable.totalMs)}  the reference; no JS to ship (the platform's JSON.parse)`);
    expect(msgpack!.breakEven).toMatchObject({ responsesByBytes: 12, responsesByTime: 13 });
  });

  it('then every row left out, with each of its reasons', () => {
    const from = lines.indexOf('not ranked:');
    expect(lines.slice(from, from + 3)).toEqual([
      'not ranked:',
      '  protobuf     lost data at $.orders[3].total (value)',
      '  flatbuffers  could not be measured: encode failed: field "orders[0].tags" mixes strings and',
    ]);
  });

  it('states the constraints, and leaves out the rows they rule out with that reason', () => {
    const strict = formatAnswer(answered({ network: '4g', served: 'gzip', bundleBudgetBytes: 9_000 }).payloads[0]!);
    expect(strict).toContain('constraints: at most 9,000 B of gzipped JS');
    expect(strict.filter((line) => /^ {3}\d {2}/.test(line)).map((line) => line.split(/\s{2,}/)[2])).toEqual(['json']);
    expect(strict).toContain(`  msgpack      ${MSGPACK_JS} of JS over a 9,000 B budget`);
    const nothing = formatAnswer(answered({ network: '4g', served: 'gzip', readableTraffic: true, exactInt64: true }).payloads[0]!);
    expect(nothing).toContain('constraints: int64 kept exactly; human-readable traffic');
    expect(nothing).toContain('  no row meets the constraints (see below)');
    // The least gain is stated only where it is not the default 5 %.
    const gain = formatAnswer(answered({ network: '4g', served: 'gzip', minGain: 0.02 }).payloads[0]!);
    expect(gain).toContain("constraints: a switch worth at least 2 % of JSON's time");
    expect(formatAnswer(answered({ network: '4g', served: 'gzip', minGain: 0.05 }).payloads[0]!).some((line) => line.startsWith('constraints:'))).toBe(false);
  });
});

describe('formatAnswer: time until usable', () => {
  it('gives every row on 3G Slow, 4G and Cable as total (transfer + decompression + decode), with its break-even by time', () => {
    const table = lines.slice(lines.findIndex((line) => line.startsWith('row ')));
    expect(table[0]).toMatch(/^row +3G Slow +repaid +4G +repaid$/);
    const msgpack = orders.answer!.rows.find((r) => r.name === 'msgpack')!;
    const cell = (network: string): string => {
      const t = msgpack.usable.find((u) => u.network === network && u.served === 'gzip')!;
      expect(t.totalMs).toBeCloseTo(t.transferMs + t.decompressMs + t.decodeMs, 9);
      return `${formatNumber(t.totalMs)} (${formatNumber(t.transferMs)} + ${formatNumber(t.decompressMs)} + ${formatNumber(t.decodeMs)})`;
    };
    const repaid = (network: string): string => String(msgpack.breakEven.find((b) => b.network === network && b.served === 'gzip')!.responsesByTime);
    expect(table[1]).toMatch(new RegExp(`^msgpack +${escapeRegExp(cell('3g-slow'))} +${repaid('3g-slow')} +${escapeRegExp(cell('4g'))} +${repaid('4g')}$`));
    expect(table[1]).toContain('581 (580 + 0.06 + 0.22)');
    expect(table[2]).toMatch(/^json +598 \(597 \+ 0\.07 \+ 0\.21\) +— +179 \(179 \+ 0\.07 \+ 0\.21\) +—$/);
    // The lossy row keeps its figures here, after the ranked ones: the ranking above says why it is not ranked.
    expect(table[3]).toMatch(/^protobuf +546 /);
    const cable = table.slice(table.findIndex((line, i) => i > 0 && line.startsWith('row ')));
    expect(cable[0]).toMatch(/^row +Cable +repaid$/);
    expect(cable[1]).toMatch(new RegExp(`^msgpack +${escapeRegExp(cell('cable'))} +${repaid('cable')}$`));
    expect(lines.join('\n')).toContain('Rows\nin rank order, the last one not ranked.');
  });

  it('says what the decompression part is: what inflating adds after the last byte, at which rate', () => {
    const legend = section(lines, 'time until usable with gzip').join(' ');
    expect(legend).toContain(
      "decompression: what inflating the gzip body adds after its last byte arrives. A browser inflates Content-Encoding while the bytes arrive, so this counts the inflate of the last TLS record (up to 16,384 B) and whatever else the transfer cannot hide, at this device's inflate rate over one long stream. An app that decompresses bodies itself pays a whole call instead (decompressMs in the result).",
    );
    // A result measured before the streaming rate: answered from the per-call time, and said so.
    const older = section(formatAnswer(answered({ network: '4g', served: 'gzip' }, { streamed: false }).payloads[0]!), 'time until usable with gzip').join(' ');
    expect(older).toContain(
      "from one decompression call per body, as this result has no streaming inflate rate (it was measured before wirebench timed one): the call's overhead makes these figures an upper bound.",
    );
    expect(older).not.toContain('over one long stream');
    // Bytes served as they are: nothing to say.
    expect(formatAnswer(answered({ network: '4g', served: 'none' }).payloads[0]!).join('\n')).not.toContain('decompression: what inflating');
  });

  it('adds the ranking’s preset when it is not a default one, and keeps every block within 100 columns', () => {
    const lte = formatAnswer(answered({ network: 'lte', served: 'brotli' }).payloads[0]!);
    expect(lte[0]).toMatch(/^answer: .* on LTE with brotli: /);
    expect(lte).toContain('ranking: time until usable on LTE (12 Mbps, 70ms RTT) with brotli, fastest first');
    const headers = lte.filter((line) => line.startsWith('row '));
    expect(headers.map((h) => h.split(/ {2,}/).filter((cell) => cell !== 'repaid'))).toEqual([
      ['row', '3G Slow', '4G'],
      ['row', 'Cable', 'LTE'],
    ]);
    expect(lte.some((line) => line.startsWith('time until usable with brotli, in ms'))).toBe(true);
  });
});

describe('formatAnswer: bytes by path', () => {
  it('sets the best-ranked format’s bytes against JSON’s on the paths that save most, then the rest and the whole payload', () => {
    const from = lines.findIndex((line) => line.startsWith('bytes by path: JSON vs msgpack (best-ranked: msgpack;'));
    expect(from).toBeGreaterThan(0);
    const table = lines.slice(from + 2);
    expect(table[0]).toBe(' JSON  msgpack  saved  keys  values  framing  path');
    const bytes = orders.attribution!.formats.find((f) => f.format === 'msgpack')!;
    const comparison = bytes.savedVsJson!;
    comparison.paths.forEach((p, i) => {
      const figures = [p.baseBytes, p.otherBytes, p.total, p.keys, p.values, p.framing].map(formatCount);
      expect(table[i + 1]?.trim().split(/ +/)).toEqual([...figures, p.path]);
    });
    const jsonTotal = bytes.total + comparison.saved.total;
    expect(table.at(-1)?.trim().split(/ {2,}/)).toEqual([
      ...[jsonTotal, bytes.total, comparison.saved.total, comparison.saved.keys, comparison.saved.values, comparison.saved.framing].map(formatCount),
      '(the whole payload)',
    ]);
    // The paths listed and the rest add up to the whole.
    const rest = table.at(-2)!.trim().split(/ {2,}/);
    expect(rest.at(-1)).toBe(`(${comparison.rest.paths} other paths)`);
    const sum = (column: number): number => table.slice(1, -1).reduce((total, line) => total + Number(line.trim().split(/ +/)[column]!.replace(/,/g, '')), 0);
    expect([0, 1, 2].map(sum)).toEqual([jsonTotal, bytes.total, comparison.saved.total]);
  });

  it('says why when there is nothing to show', () => {
    expect(formatAnswer(events)).toContain('bytes by path: not shown, as its bytes were not attributed');
    const jsonOnly = answered({ network: '4g', served: 'gzip', readableTraffic: true }).payloads[0]!;
    expect(formatAnswer(jsonOnly).at(-1)).toBe('bytes by path: not shown, as no format other than JSON is ranked');
  });
});

describe('formatAnswer: what every answer keeps to', () => {
  it('fits a 100-column terminal', () => {
    for (const constraints of [
      { network: '4g', served: 'gzip' },
      { network: 'lte', served: 'none', noEval: true, bundleBudgetBytes: 10_000 },
    ] as const) {
      for (const payload of answered(constraints).payloads) {
        for (const line of formatAnswer(payload)) expect([...line].length, line).toBeLessThanOrEqual(100);
      }
    }
  });

  it('is nothing for a result without answers (the bench’s), and one line when there could be none', () => {
    expect(formatAnswer(result.payloads[0]!)).toEqual([]);
    expect(formatPayload(result.payloads[0]!, result.options.compressors)).not.toContain('ranking:');
    const { answer: _answer, ...unanswered } = orders;
    expect(formatAnswer({ ...unanswered, answerError: 'orders.json: no measured JSON row, and every comparison is to JSON' })).toEqual([
      'no answer: orders.json: no measured JSON row, and every comparison is to JSON',
    ]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
