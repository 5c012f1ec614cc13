/**
 * report/html.ts and its parts: the HTML report of a small result, read as a person would (headings,
 * rows, figures in the shared formats, fidelity badges, warnings, escaping), then laid out in
 * headless Chromium at a phone's width.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { failedPayload } from '../../src/measure/merge.js';
import type { RowResult } from '../../src/measure/types.js';
import { engineMissing } from '../../src/node/engines/binaries.js';
import { launchChromium } from '../../src/node/engines/chromium.js';
import { formatBytes, formatRatioInterval } from '../../src/report/format.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { escapeHtml } from '../../src/report/html-elements.js';
import { answeredResult, HOSTILE_NAME, METHOD, ORDERS_BYTES, operation, ratio, result } from './fixture.js';

const html = renderHtmlReport(result);

describe('renderHtmlReport', () => {
  it('has a heading per payload, linked from the top, and a size row and time rows per codec', () => {
    expect(html).toContain('<h1>wirebench report</h1>');
    expect(html).toContain('<h2 id="payload-0">orders.json</h2>');
    expect(html).toContain('<a href="#payload-0">orders.json</a>');
    expect(html).toContain(`<h2 id="payload-1">${escapeHtml(HOSTILE_NAME)}</h2>`);
    expect(html.match(/<h3>Size<\/h3>/g)).toHaveLength(3); // the legend's, then one per payload
    expect(html.match(/<h3>Encode time <span class="h-note">vs json<\/span><\/h3>/g)).toHaveLength(2);
    for (const name of ['json', 'msgpack', 'protobuf', 'flatbuffers']) expect(html).toContain(`<div class="row size-row">\n<div class="name">${name}</div>`);
    expect(html).toContain('<span class="row-name">protobuf</span>');
    expect(html).toContain('Smallest: <strong>protobuf</strong> 34 % of JSON');
    expect(html).toContain('Fastest decode: <strong>protobuf</strong> 0.41×');
  });

  it('writes every figure in the shared formats', () => {
    expect(html).toContain(`${formatBytes(35_120)} · 73 %`);
    expect(html).toContain(formatRatioInterval(ratio(0.62, 0.58, 0.66)));
    expect(html).toContain('JSON <strong>1.27 MB</strong> (1,268,400 B)');
  });

  it("says the file's own size beside JSON's where they differ", () => {
    const [orders, events] = result.payloads;
    const sized = renderHtmlReport({
      ...result,
      payloads: [
        { ...orders!, sourceBytes: 102_614 },
        { ...events!, sourceBytes: 2_001_002 },
      ],
    });
    expect(sized).toContain('JSON <strong>48,213 B</strong> (minified from 102,614 B as the file holds it)');
    expect(sized).toContain('JSON <strong>1.27 MB</strong> (1,268,400 B, minified from 2,001,002 B as the file holds it)');
    expect(renderHtmlReport({ ...result, payloads: [{ ...orders!, sourceBytes: 48_213 }] })).toContain('JSON <strong>48,213 B</strong></span>');
  });

  it('is one self-contained document: viewport, light and dark, no script, no network', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html.toLowerCase()).not.toContain('<script');
    const urls = html.match(/https?:\/\/[^\s"'<>)]*/g) ?? [];
    expect(urls.filter((url) => url !== 'http://www.w3.org/2000/svg')).toEqual([]);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('lists the notes it is given, escaped, and has no notes section without them', () => {
    const noted = renderHtmlReport(result, { notes: ['simdjson not measured: <addon missing>'] });
    expect(noted).toContain('<h2 id="notes-title">Notes</h2>');
    expect(noted).toContain('<li>simdjson not measured: &lt;addon missing&gt;</li>');
    expect(html).not.toContain('notes-title');
  });

  it('names the rows measured interpreted (--no-eval), and says nothing when none was', () => {
    const [orders, ...rest] = result.payloads;
    const rows = orders!.rows.map((r) => (r.name === 'protobuf' ? { ...r, interpreted: true } : r));
    expect(renderHtmlReport({ ...result, payloads: [{ ...orders!, rows }, ...rest] })).toContain(
      '<p class="note">Measured interpreted (no eval), without the code they generate with new Function, as a page whose CSP forbids it runs them: protobuf.</p>',
    );
    expect(html).not.toContain('Measured interpreted');
  });

  it('escapes every string from the result, starting with payload names', () => {
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(`<title>wirebench report: orders.json, ${escapeHtml(HOSTILE_NAME)}</title>`);
    expect(html).not.toContain('<img');
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('labels size bars with bytes and % of JSON under the same compression', () => {
    expect(html).toContain('48,213 B · 100 %');
    expect(html).toContain('35,120 B · 73 %');
    expect(html).toContain('16,430 B · 34 %');
    expect(html).toContain('9,012 B · 91 %'); // msgpack gzip ÷ JSON gzip
    expect(html).toContain('6,544 B · 82 %'); // protobuf brotli ÷ JSON brotli
    expect(html).toContain('1.27 MB'); // the large payload in decimal megabytes
    expect(html).toContain('598 kB · 47 %');
    expect(html).toContain('JSON <strong>48,213 B</strong>');
  });

  it("sizes a row's compressors from its own sizes: one JSON's row lacks is not read from what every object inherits", () => {
    const [orders] = result.payloads;
    const rows = orders!.rows.map((row) => (row.name === 'msgpack' ? { ...row, compressed: { ...row.compressed, constructor: 8_000 } } : row));
    const chart = renderHtmlReport({ ...result, payloads: [{ ...orders!, rows }] });
    expect(chart).toContain('8,000 B · 17 %'); // ÷ JSON's uncompressed bytes, as JSON has no such size
    expect(chart).not.toContain('NaN');
    expect(chart).not.toContain('function');
  });

  it('labels time bars as ratios with their 95 % interval, and says when they are noise', () => {
    expect(html).toContain('0.62× (0.58–0.66)');
    expect(html).toContain('2.10× (1.93–2.28)');
    expect(html).toContain('0.41× (0.39–0.44)');
    expect(html).toContain('0.29× (0.27–0.31)');
    const noisy = html.slice(html.indexOf('1.03× (0.97–1.10)'));
    expect(noisy.slice(0, 200)).toContain('same as JSON within the noise');
    expect(html).not.toMatch(/0\.62× \(0\.58–0\.66\)<\/strong> <span class="verdict">same as JSON/);
    expect(html).toContain('74.7 µs · 645 MB/s');
    expect(html).toContain('2.30 ms · 551 MB/s');
    expect(html).toContain('class="one"');
  });

  it('shows library rows as secondary, with their wrapper cost', () => {
    expect(html).toMatch(/class="row time-row library"[^>]*>\s*<div class="name"><span class="row-name">@msgpack\/msgpack decode<\/span>/);
    expect(html).toContain('wrapper cost 1.08× (1.02–1.15)');
    expect(html).toContain('library call in msgpack');
  });

  it('shows fidelity per codec, errors as errors, and the warnings', () => {
    expect(html.match(/<span class="badge ok">exact<\/span>/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('<span class="badge bad">2 diffs</span>');
    expect(html).toContain('<code>$.orders[7][&quot;unit-price&quot;]</code>');
    expect(html).toContain('encode failed: field &quot;orders[0].tags&quot; mixes strings and numbers');
    expect(html).toContain('1 number in this JSON lost precision');
    expect(html).toContain('before any codec runs');
    expect(html).toContain('<code>12345678901234567891</code>');
    expect(html).toContain('CPU contention: 2 of 7 rounds');
    expect(html).toContain('7</strong> rounds of 11 planned');
  });

  it('never throws on decoded values JSON cannot spell, and widens the log scale for large ratios', () => {
    const [orders] = result.payloads;
    const odd: RowResult = {
      name: 'cbor',
      kind: 'codec',
      format: 'cbor',
      bytes: 30_000,
      fidelity: { ok: false, diffs: [{ path: '$.big', kind: 'type', expected: 1, actual: 12n }], truncated: true },
      encode: operation(3.1, ORDERS_BYTES, ratio(25.7, 22.1, 31.4)),
    };
    const page = renderHtmlReport({ ...result, payloads: [{ ...orders!, rows: [...orders!.rows, odd] }] });
    expect(page).toContain('<code>1</code>, got <code>12n</code>');
    expect(page).toContain('<code>12n</code>');
    expect(page).toContain('<span class="badge bad">1+ diffs</span>');
    expect(page).toContain('and more: the check stopped counting');
    expect(page).toContain('25.7× (22.1–31.4)');
    expect(page).toMatch(/>0\.01×<.*>0\.1×<.*>1×<.*>10×<.*>100×</s);
  });

  it('has a legend quoting the method and a footer with the environment and options', () => {
    expect(html).toContain('Lower is better everywhere');
    expect(html).toContain('95 % interval, a percentile bootstrap over rounds');
    expect(html).toContain(escapeHtml(METHOD));
    for (const text of [
      'Node v22.11.0',
      'AMD EPYC 7B13',
      '<dd>8</dd>',
      '500 ns',
      '4× slow-down',
      'protobufjs',
      '8.8.1',
      '2025-11-23T07:30:00.000Z',
      '60,000 ms',
      '2,000',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<dt>isolation</dt><dd>worker-per-payload (each payload in a fresh worker');
    expect(html).toContain('<span>isolation: worker-per-payload</span>');
  });

  it('says a payload that could not be measured, with the reason', () => {
    const page = renderHtmlReport({ ...result, payloads: [failedPayload('crashed.json', 'the worker measuring it crashed: <oom>')] });
    expect(page).toContain('<strong>Not measured.</strong> the worker measuring it crashed: &lt;oom&gt;');
  });
});

const noChromium = engineMissing('chromium');

describe('renderHtmlReport in headless Chromium', () => {
  it.skipIf(noChromium !== undefined)(
    `fits a 360 px phone without horizontal scrolling, text at least 14 px${noChromium === undefined ? '' : ` (skipped: ${noChromium})`}`,
    async () => {
      const browser = await launchChromium();
      try {
        // The report as the CLI writes it, answers and all: every section must fit.
        const report = renderHtmlReport(answeredResult);
        await mkdir('test-results', { recursive: true });
        await writeFile('test-results/html-report.html', report);
        const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        await page.setContent(report);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const smallText = await page.evaluate(() => {
          const small: string[] = [];
          for (const element of Array.from(document.body.querySelectorAll('*'))) {
            const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
            if (!ownText) continue;
            const size = parseFloat(getComputedStyle(element).fontSize);
            if (size < 14) small.push(`${element.tagName} ${size}px`);
          }
          return small;
        });
        expect(smallText).toEqual([]);
        await page.screenshot({ path: 'test-results/html-report-360.png', fullPage: true });

        // Opened diff lists must not widen the page either.
        await page.evaluate(() =>
          document.querySelectorAll('details').forEach((details) => {
            details.open = true;
          }),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.screenshot({ path: 'test-results/html-report-360-dark.png', fullPage: true });

        await page.setViewportSize({ width: 1200, height: 900 });
        await page.emulateMedia({ colorScheme: 'light' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1200);
        await page.screenshot({ path: 'test-results/html-report-1200.png', fullPage: true });
        expect(requests.filter((url) => url !== 'about:blank')).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
