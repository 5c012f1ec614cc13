/**
 * report/html-answer.ts: the HTML report's answer, from answers `withAnswers` computed on the report
 * fixture: the ranking with its reasons first, a stacked bar per row per preset whose parts are
 * sized and labelled from the figures, each row's break-even, and the bytes by path.
 */
import { describe, expect, it } from 'vitest';
import { decompressionWords, formatMs } from '../../src/report/answer-words.js';
import { formatCount, formatNumber } from '../../src/report/format.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderAnswer } from '../../src/report/html-answer.js';
import { escapeHtml } from '../../src/report/html-elements.js';
import type { ResultPayload } from '../../src/result/types.js';
import { answered, answeredResult, MSGPACK_JS, result } from './fixture.js';

const [orders, events] = answeredResult.payloads as [ResultPayload, ResultPayload];
const html = renderAnswer(orders);

/** The usable-chart rows of `page` under the preset heading `label`. */
function presetRows(page: string, label: string): string[] {
  const start = page.indexOf(`<h4>${label}</h4>`);
  expect(start, label).toBeGreaterThanOrEqual(0);
  // Up to the next heading: the next preset's chart, or the bytes by path.
  const next = page.slice(start + 4).search(/<h[34]>/);
  const chart = next === -1 ? page.slice(start) : page.slice(start, start + 4 + next);
  return chart.split('<div class="row usable-row">').slice(1);
}

describe('renderAnswer: the ranking', () => {
  it('lists the ranked rows in order, each with its time until usable and its reason', () => {
    const items = [
      ...html.matchAll(
        /<li class="ranked">\n<span class="rank">(\d+)<\/span><span class="ranked-name">([^<]+)<\/span><strong class="ranked-total">([^<]+)<\/strong>\n<span class="why">([^<]+)<\/span>/g,
      ),
    ];
    const { ranked } = orders.answer!.ranking;
    expect(items.map((m) => [m[1], m[2], m[3]])).toEqual(ranked.map((r) => [String(r.rank), r.name, formatMs(r.timeUntilUsable.totalMs)]));
    expect(items[0]?.[4]).toBe(
      `762 µs sooner than JSON: 858 B less to transfer; repays its ${MSGPACK_JS} of JS after 12 responses by bytes, 13 responses by time on 4G`,
    );
    expect(items[1]?.[4]).toBe('the reference; no JS to ship (the platform&#39;s JSON.parse)');
    expect(html).toContain('<h3>Ranking <span class="h-note">time until usable on 4G (9 Mbps, 170ms RTT) with gzip, fastest first</span></h3>');
  });

  it('then the rows left out, each with why, escaped', () => {
    expect(html).toContain('<h4>Not ranked</h4>');
    expect(html).toContain('<li><strong>protobuf</strong>: lost data at $.orders[3].total (value)</li>');
    expect(html).toContain(
      '<li><strong>flatbuffers</strong>: could not be measured: encode failed: field &quot;orders[0].tags&quot; mixes strings and numbers</li>',
    );
  });

  it('states the constraints, and what they rule out', () => {
    const strict = renderAnswer(answered({ network: '3g-slow', served: 'gzip', bundleBudgetBytes: 9_000, noEval: true }).payloads[1]!);
    expect(strict).toContain('<p class="note">Constraints: at most 9,000 B of gzipped JS; no eval (CSP without unsafe-eval).</p>');
    expect(strict).toContain(
      '<li><strong>protobuf</strong>: measured with the code it generates with new Function, which a no-eval CSP forbids (there it runs interpreted, at other speeds): to rank it, measure again without eval: wirebench &lt;file&gt; --no-eval',
    );
    expect(strict).toContain(`<li><strong>msgpack</strong>: ${MSGPACK_JS} of JS over a 9,000 B budget</li>`);
    expect(strict).toMatch(/<span class="ranked-name">json<\/span>/);
    expect(strict).not.toMatch(/<span class="ranked-name">(msgpack|protobuf)<\/span>/);
  });
});

describe('renderAnswer: time until usable', () => {
  it('draws a stacked bar per row per preset: transfer, decompression and decode, sized on the preset’s scale', () => {
    const answer = orders.answer!;
    expect(html.match(/<div class="stack" /g)).toHaveLength(3 * 3); // json, msgpack and the lossy protobuf on 3 presets
    for (const [id, label] of [
      ['3g-slow', '3G Slow (400 Kbps, 400ms RTT)'],
      ['4g', '4G (9 Mbps, 170ms RTT)'],
      ['cable', 'Cable (5/1 Mbps 28ms RTT)'],
    ] as const) {
      const rows = presetRows(html, label);
      expect(rows.map((row) => row.match(/<span class="row-name">([^<]+)<\/span>/)?.[1])).toEqual(['msgpack', 'json', 'protobuf']);
      const figures = answer.rows.map((r) => r.usable.find((t) => t.network === id && t.served === 'gzip'));
      const largest = Math.max(...figures.map((t) => t?.totalMs ?? 0));
      for (const row of rows) {
        const name = row.match(/<span class="row-name">([^<]+)<\/span>/)?.[1];
        const t = answer.rows.find((r) => r.name === name)!.usable.find((u) => u.network === id && u.served === 'gzip')!;
        const widths = [...row.matchAll(/<span class="part part-(\w+)" style="width:([\d.]+)%" title="([^"]+)"><\/span>/g)].map((m) => [
          m[1],
          Number(m[2]),
          m[3],
        ]);
        expect(widths.map((w) => w[0])).toEqual(['transfer', 'decompress', 'decode']);
        expect(widths[0]?.[1]).toBeCloseTo((t.transferMs / largest) * 100, 1);
        expect(widths[1]?.[1]).toBeCloseTo((t.decompressMs / largest) * 100, 1);
        expect(widths[2]?.[1]).toBeCloseTo((t.decodeMs / largest) * 100, 1);
        expect(widths.map((w) => w[2])).toEqual([
          `transfer ${formatMs(t.transferMs)}`,
          `decompression ${formatMs(t.decompressMs)}`,
          `decode ${formatMs(t.decodeMs)}`,
        ]);
        // The label names each part by its swatch, and the parts add up to the total.
        const parts = [t.transferMs, t.decompressMs, t.decodeMs].map(formatNumber);
        expect(row).toContain(
          `<strong>${formatMs(t.totalMs)}</strong> <span class="usable-parts">= <span class="swatch-box part-transfer"></span>${parts[0]} + <span class="swatch-box part-decompress"></span>${parts[1]} + <span class="swatch-box part-decode"></span>${parts[2]} ms</span>`,
        );
        expect(row).toContain(`aria-label="${formatMs(t.totalMs)}: ${parts[0]} transfer + ${parts[1]} decompression + ${parts[2]} decode ms"`);
        expect(t.totalMs).toBeCloseTo(t.transferMs + t.decompressMs + t.decodeMs, 9);
      }
    }
    // The slowest row of a preset fills its bar.
    const slowest = presetRows(html, '3G Slow (400 Kbps, 400ms RTT)')[1]!;
    const total = [...slowest.matchAll(/style="width:([\d.]+)%"/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBeCloseTo(100, 1);
  });

  it('says when each row’s JavaScript is repaid on that link, and marks the rows outside the ranking', () => {
    const [msgpack, json, protobuf] = presetRows(html, '4G (9 Mbps, 170ms RTT)');
    expect(msgpack).toContain(`<span class="repaid">repays its ${MSGPACK_JS} of JS after 13 responses</span>`);
    expect(json).toContain('<span class="repaid">no JS to ship</span>');
    expect(protobuf).toContain('<span class="kind">not ranked</span>');
    expect(msgpack).not.toContain('not ranked');
  });

  it('adds the ranking’s preset when it is not a default one, and draws no segment for a part of 0 ms', () => {
    const none = renderAnswer(answered({ network: 'lte', served: 'none' }).payloads[0]!);
    expect(none.match(/<h4>[^<]+<\/h4>/g)).toEqual([
      '<h4>Not ranked</h4>',
      '<h4>3G Slow (400 Kbps, 400ms RTT)</h4>',
      '<h4>4G (9 Mbps, 170ms RTT)</h4>',
      '<h4>Cable (5/1 Mbps 28ms RTT)</h4>',
      '<h4>LTE (12 Mbps, 70ms RTT)</h4>',
    ]);
    expect(none).toContain('Time until usable <span class="h-note">uncompressed, on each link</span>');
    expect(none).not.toContain('part part-decompress');
    expect(none.match(/class="part part-transfer"/g)).toHaveLength(3 * 4);
    expect(none).not.toContain('decompression: what inflating');
  });

  it('says what the decompression segment is: what inflating adds after the last byte, from the streaming rate or the per-call time', () => {
    expect(html).toContain(
      "then what decompression adds after the last byte (it overlaps the transfer, so it depends on the link), then this machine's decode (the same on every link).",
    );
    expect(html).toContain(`<p class="note">${escapeHtml(decompressionWords(orders.answer!))}</p>`);
    expect(decompressionWords(orders.answer!)).toContain("at this device's inflate rate over one long stream");
    const older = renderAnswer(answered({ network: '4g', served: 'gzip' }, { streamed: false }).payloads[0]!);
    expect(older).toContain('as this result has no streaming inflate rate (it was measured before wirebench timed one)');
  });
});

describe('renderAnswer: bytes by path', () => {
  it('tabulates JSON against the best-ranked other format on the paths that save most, the rest and the whole', () => {
    const bytes = orders.attribution!.formats.find((f) => f.format === 'msgpack')!;
    const comparison = bytes.savedVsJson!;
    expect(html).toContain(
      '<th scope="col">path</th><th scope="col">JSON</th><th scope="col">msgpack</th><th scope="col">saved</th><th scope="col">keys</th><th scope="col">values</th><th scope="col">framing</th>',
    );
    for (const p of comparison.paths) {
      const cells = [p.baseBytes, p.otherBytes, p.total, p.keys, p.values, p.framing].map((n) => `<td>${formatCount(n)}</td>`).join('');
      expect(html).toContain(`<tr><th scope="row"><code>${p.path}</code></th>${cells}</tr>`);
    }
    const whole = [
      bytes.total + comparison.saved.total,
      bytes.total,
      comparison.saved.total,
      comparison.saved.keys,
      comparison.saved.values,
      comparison.saved.framing,
    ];
    expect(html).toContain(`<tr class="total"><th scope="row">the whole payload</th>${whole.map((n) => `<td>${formatCount(n)}</td>`).join('')}</tr>`);
    expect(html).toContain(`<tr class="rest"><th scope="row">${comparison.rest.paths} other paths</th>`);
    expect(renderAnswer(events)).toContain('<p class="note">Not shown, as its bytes were not attributed.</p>');
  });
});

describe('renderHtmlReport with answers', () => {
  it('puts each payload’s answer first, before its size and time charts', () => {
    const page = renderHtmlReport(answeredResult);
    const payload = page.slice(page.indexOf('<h2 id="payload-0">'));
    expect(payload.indexOf('<h3>Ranking ')).toBeGreaterThan(0);
    expect(payload.indexOf('<h3>Ranking ')).toBeLessThan(payload.indexOf('<h3>Time until usable '));
    expect(payload.indexOf('<h3>Time until usable ')).toBeLessThan(payload.indexOf('<h3>Bytes by path '));
    expect(payload.indexOf('<h3>Bytes by path ')).toBeLessThan(payload.indexOf('<h3>Size</h3>'));
    expect(page.match(/<h3>Ranking /g)).toHaveLength(2);
  });

  it('has no answer section for a result without answers, and a note when a payload could not be answered', () => {
    expect(renderHtmlReport(result)).not.toContain('<h3>Ranking');
    const { answer: _answer, ...unanswered } = orders;
    expect(renderAnswer({ ...unanswered, answerError: 'orders.json: no <JSON> row' })).toBe(
      '<div class="warning" role="note"><p><strong>No answer.</strong> orders.json: no &lt;JSON&gt; row</p></div>',
    );
  });
});
