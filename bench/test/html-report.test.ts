import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { MeasureResult, OperationResult, PayloadResult, Ratio, RowResult } from '@wirebench/core/measure';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtmlReport } from '@wirebench/core/report';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const METHOD = 'Per payload, every row is timed interleaved in rounds; a ratio to JSON is taken per round, its 95 % interval a percentile bootstrap over rounds.';

function ratio(estimate: number, low: number, high: number): Ratio {
  return { estimate, low, high, perRound: [low, estimate, high] };
}

/** One timed operation: `median` ms per call on a payload of `jsonBytes`. */
function operation(median: number, jsonBytes: number, vsJson: Ratio, wrapperCost?: Ratio): OperationResult {
  return {
    median,
    p75: median * 1.05,
    p99: median * 1.4,
    mean: median * 1.08,
    min: median * 0.95,
    rme: 1.2,
    samples: 880,
    callsPerSample: 16,
    mbPerSecond: jsonBytes / 1e6 / (median / 1000),
    roundMedians: [median, median * 1.01, median * 0.99],
    vsJson,
    ...(wrapperCost ? { wrapperCost } : {}),
  };
}

const ORDERS_BYTES = 48_213;
const ordersRows: RowResult[] = [
  {
    name: 'json',
    kind: 'codec',
    format: 'json',
    bytes: ORDERS_BYTES,
    bytesVsJson: 1,
    compressed: { gzip: 9_870, brotli: 8_012 },
    fidelity: { ok: true, diffs: [], truncated: false },
    encode: operation(0.1205, ORDERS_BYTES, ratio(1, 1, 1)),
    decode: operation(0.2104, ORDERS_BYTES, ratio(1, 1, 1)),
  },
  {
    name: 'msgpack',
    kind: 'codec',
    format: 'msgpack',
    bytes: 35_120,
    bytesVsJson: 35_120 / ORDERS_BYTES,
    compressed: { gzip: 9_012, brotli: 7_655 },
    fidelity: { ok: true, diffs: [], truncated: false },
    encode: operation(0.0747, ORDERS_BYTES, ratio(0.62, 0.58, 0.66)),
    decode: operation(0.2167, ORDERS_BYTES, ratio(1.03, 0.97, 1.1)),
  },
  {
    name: 'protobuf',
    kind: 'codec',
    format: 'protobuf',
    bytes: 16_430,
    bytesVsJson: 16_430 / ORDERS_BYTES,
    compressed: { gzip: 7_310, brotli: 6_544 },
    fidelity: {
      ok: false,
      diffs: [
        { path: '$.orders[3].total', kind: 'value', expected: 19.99, actual: 19.989999771118164 },
        { path: '$.orders[7]["unit-price"]', kind: 'value', expected: 0.1, actual: 0.10000000149011612 },
        { path: '$.meta', kind: 'order' },
      ],
      truncated: false,
    },
    encode: operation(0.2531, ORDERS_BYTES, ratio(2.1, 1.93, 2.28)),
    decode: operation(0.0862, ORDERS_BYTES, ratio(0.41, 0.39, 0.44)),
  },
  {
    name: 'flatbuffers',
    kind: 'codec',
    format: 'flatbuffers',
    error: 'encode failed: field "orders[0].tags" mixes strings and numbers',
  },
  {
    name: '@msgpack/msgpack decode',
    kind: 'library',
    format: 'msgpack',
    wraps: 'msgpack',
    decode: operation(0.2007, ORDERS_BYTES, ratio(0.95, 0.9, 1.01), ratio(1.08, 1.02, 1.15)),
  },
];

const EVENTS_BYTES = 1_268_400;
const eventsRows: RowResult[] = [
  {
    name: 'json',
    kind: 'codec',
    format: 'json',
    bytes: EVENTS_BYTES,
    bytesVsJson: 1,
    compressed: { gzip: 201_332 },
    fidelity: { ok: true, diffs: [], truncated: false },
    encode: operation(4.81, EVENTS_BYTES, ratio(1, 1, 1)),
    decode: operation(7.92, EVENTS_BYTES, ratio(1, 1, 1)),
  },
  {
    name: 'msgpack',
    kind: 'codec',
    format: 'msgpack',
    bytes: 1_002_112,
    bytesVsJson: 1_002_112 / EVENTS_BYTES,
    compressed: { gzip: 188_004 },
    fidelity: { ok: true, diffs: [], truncated: false },
    encode: operation(5.5, EVENTS_BYTES, ratio(1.14, 1.09, 1.2)),
    decode: operation(12.1, EVENTS_BYTES, ratio(1.53, 1.41, 1.62)),
  },
  {
    name: 'protobuf',
    kind: 'codec',
    format: 'protobuf',
    bytes: 598_230,
    bytesVsJson: 598_230 / EVENTS_BYTES,
    compressed: { gzip: 160_876 },
    fidelity: { ok: true, diffs: [], truncated: false },
    encode: operation(3.02, EVENTS_BYTES, ratio(0.63, 0.6, 0.67)),
    decode: operation(2.3, EVENTS_BYTES, ratio(0.29, 0.27, 0.31)),
  },
];

const rounds = (count: number, suspectRounds: number): PayloadResult['rounds'] =>
  Array.from({ length: count }, (_, i) => ({
    rotation: i,
    wallMs: 410 + i,
    cpuPressure: i < suspectRounds ? 0.41 : 0.02,
    attempts: i < suspectRounds ? 3 : 1,
    suspect: i < suspectRounds,
  }));

const result: MeasureResult = {
  format: 'wirebench-result',
  version: 1,
  createdAt: '2025-11-23T07:30:00.000Z',
  environment: {
    runtime: 'node',
    runtimeVersion: 'v22.11.0',
    platform: 'linux',
    arch: 'x64',
    cpuModel: 'AMD EPYC 7B13',
    cores: 8,
    memoryGb: 31.4,
    timerResolutionMs: 0.0005,
    cpuThrottle: 4,
    libraries: { '@msgpack/msgpack': '3.1.3', protobufjs: '8.8.1', '@wirebench/core': '0.1.0' },
  },
  options: {
    rounds: 11,
    roundTime: 40,
    warmupTime: 150,
    sampleTime: 0.05,
    budget: 60_000,
    minRounds: 3,
    maxPressure: 0.25,
    retries: 2,
    bootstrapResamples: 2000,
    operations: ['encode', 'decode'],
    compressors: ['gzip', 'brotli'],
  },
  method: METHOD,
  payloads: [
    {
      name: 'orders.json',
      jsonBytes: ORDERS_BYTES,
      lossyNumbers: [{ path: '$.orders[0].id', text: '12345678901234567891', value: 12345678901234567000, reason: 'rounded' }],
      lossyCount: 1,
      reference: 'json',
      rounds: rounds(11, 0),
      stoppedByBudget: false,
      suspect: false,
      rows: ordersRows,
    },
    {
      name: HOSTILE_NAME,
      jsonBytes: EVENTS_BYTES,
      lossyNumbers: [],
      lossyCount: 0,
      reference: 'json',
      rounds: rounds(7, 2),
      stoppedByBudget: true,
      suspect: true,
      rows: eventsRows,
    },
  ],
};

const html = renderHtmlReport(result);

describe('renderHtmlReport', () => {
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

  it('escapes every string from the result, starting with payload names', () => {
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
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
    for (const text of ['node v22.11.0', 'AMD EPYC 7B13', '<dd>8</dd>', '500 ns', '4× slow-down', 'protobufjs', '8.8.1', '2025-11-23T07:30:00.000Z', '60,000 ms', '2,000']) {
      expect(html).toContain(text);
    }
  });
});

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`html-report: ${CHROMIUM} not found, skipping the layout check in headless Chromium`);

describe('renderHtmlReport in headless Chromium', () => {
  it.skipIf(!hasChromium)('fits a 360 px phone without horizontal scrolling, text at least 14 px', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await mkdir('test-results', { recursive: true });
      await writeFile('test-results/html-report.html', html);
      const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.setContent(html);
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
      await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
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
  });
});
