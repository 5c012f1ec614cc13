import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Environment, MeasureResult, OperationResult, PayloadResult, Ratio, RowResult } from 'wirebench';
import { BenchError } from '../src/errors.js';
import {
  checkFigureMarkers,
  renderFigureSections,
  renderSizesSection,
  renderSpeedSection,
  renderSummarySection,
  renderVersusSection,
  SIZES_BEGIN,
  SIZES_END,
  SPEED_BEGIN,
  SPEED_END,
  SUMMARY_BEGIN,
  SUMMARY_END,
  spliceFigureSections,
  spliceSpeedSection,
  VERSUS_BEGIN,
  VERSUS_END,
} from '../src/report/readme.js';

/** The generated sections of docs/figures.md (`npm run bench:readme`), written from two small synthetic result files (no measuring). */

const ratio = (estimate: number, low: number, high: number): Ratio => ({ estimate, low, high, perRound: [low, estimate, high] });

function op(vsJson: Ratio, wrapperCost?: Ratio): OperationResult {
  return {
    median: 0.1,
    p75: 0.11,
    p99: 0.2,
    mean: 0.12,
    min: 0.09,
    rme: 1,
    samples: 300,
    callsPerSample: 10,
    mbPerSecond: 100,
    roundMedians: [0.1, 0.1, 0.1],
    vsJson,
    ...(wrapperCost ? { wrapperCost } : {}),
  };
}

const EXACT = { ok: true, diffs: [], truncated: false };
const ONE = ratio(1, 1, 1);

function codec(
  name: string,
  bytes: number,
  encode: Ratio,
  decode: Ratio,
  fidelity: RowResult['fidelity'] = EXACT,
  compressed: Record<string, number> = { gzip: bytes / 2 },
): RowResult {
  return {
    name,
    kind: 'codec',
    format: name as RowResult['format'],
    bytes,
    bytesVsJson: bytes / 1000,
    compressed,
    fidelity,
    encode: op(encode),
    decode: op(decode),
  };
}

function library(name: string, wraps: string, encode: Ratio | undefined, decode: Ratio): RowResult {
  return {
    name,
    kind: 'library',
    wraps,
    ...(encode ? { encode: op(ratio(0.9, 0.8, 1), encode) } : {}),
    decode: op(ratio(0.9, 0.8, 1), decode),
  };
}

function payload(name: string, rows: RowResult[], extra: Partial<PayloadResult> = {}): PayloadResult {
  return { name, jsonBytes: 1000, lossyNumbers: [], lossyCount: 0, reference: 'json', rounds: [], stoppedByBudget: false, suspect: false, rows, ...extra };
}

function result(environment: Partial<Environment> & Pick<Environment, 'runtime' | 'runtimeVersion'>, payloads: PayloadResult[]): MeasureResult {
  return {
    format: 'wirebench-result',
    version: 2,
    createdAt: '2026-11-23T12:00:00.000Z',
    environment: { timerResolutionMs: 0.005, cpuModel: 'Test CPU', cores: 2, memoryGb: 8, libraries: { 'cbor-x': '1.6.9' }, ...environment },
    options: {
      rounds: 9,
      roundTime: 15,
      warmupTime: 60,
      sampleTime: 0.05,
      budget: null,
      minRounds: 3,
      maxPressure: 0.25,
      retries: 2,
      bootstrapResamples: 2000,
      operations: ['encode', 'decode'],
      compressors: ['gzip'],
    },
    method: 'test',
    payloads,
  };
}

const LOSSY = { ok: false, diffs: [{ path: '$.total', kind: 'value' as const, expected: 0.1, actual: 0.10000000149 }], truncated: false };

const node = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2', platform: 'linux', arch: 'x64', libraries: { simdjson: '0.9.2' } }, [
  payload('order', [
    codec('json', 1000, ONE, ONE),
    codec('simdjson', 1000, ratio(1.01, 0.98, 1.05), ratio(3.1, 2.9, 3.3)),
    codec('cbor', 820, ratio(1.36, 1.25, 1.61), ratio(2.12, 1.92, 2.28)),
    codec('protobuf', 420, ratio(2.02, 1.84, 2.16), ratio(0.49, 0.45, 0.55), LOSSY),
    library('JSON.stringify + TextEncoder / TextDecoder + JSON.parse', 'json', ratio(0.98, 0.89, 1.18), ratio(1.02, 0.95, 1.13)),
    library('cbor-x', 'cbor', ratio(1.54, 1.49, 1.71), ratio(1.83, 1.33, 2.03)),
    library('protobufjs decode', 'protobuf', undefined, ratio(1.21, 1.13, 1.26)),
  ]),
  payload('../shared/data/corpus/twitter.json', [codec('json', 1000, ONE, ONE), codec('protobuf', 500, ratio(3, 2.5, 3.5), ratio(1.5, 1.2, 1.8))], {
    suspect: true,
    lossyCount: 36,
    lossyNumbers: [{ path: '$.statuses[0].id', text: '505874924095815681', value: 505874924095815700, reason: 'rounded' }],
  }),
]);

const chromium = result({ runtime: 'browser', runtimeVersion: 'Chromium 156.0', crossOriginIsolated: true }, [
  payload('order', [
    codec('json', 1000, ONE, ONE),
    codec('cbor', 820, ratio(2.21, 2.0, 2.5), ratio(2.83, 2.6, 3.0)),
    { name: 'protobuf', kind: 'codec', format: 'protobuf', error: 'encode failed: | bad\nvalue' },
    library('cbor-x', 'cbor', ratio(1.4, 1.3, 1.5), ratio(2.5, 2.2, 2.7)),
  ]),
  payload('../shared/data/corpus/twitter.json', [codec('json', 1000, ONE, ONE), codec('protobuf', 500, ratio(4, 3.5, 4.5), ratio(2, 1.8, 2.2))]),
]);

const section = renderSpeedSection(
  { node, chromium },
  {
    command: 'npm run bench:readme',
    durationMs: 6 * 60_000,
    notes: {
      node: ['../shared/data/corpus/twitter.json: protobufjs decode: its decode differs from the payload at $.a (missing)'],
      chromium: [
        'simdjson not measured: a Node addon',
        '../shared/data/corpus/twitter.json: protobufjs decode: its decode differs from the payload at $.a (missing)',
      ],
    },
  },
);
const lines = section.split('\n');

describe('the speed section', () => {
  it('says the command, date, duration, machine, runtimes and settings', () => {
    expect(section).toContain('Measured on 2026-11-23; written by `npm run bench:readme` (6 min, measuring included).');
    expect(section).toContain('Machine: Test CPU, 2 cores, 8 GB, linux x64.');
    expect(section).toContain('Runtimes: Node v20.20.2 (timer step 5.00 µs) and Chromium 156.0 (in the page, cross-origin isolated, timer step 5.00 µs).');
    expect(section).toContain('Both: 9 rounds × 15 ms per task, warm-up 60 ms.');
    expect(section).toContain('Libraries: cbor-x 1.6.9, simdjson 0.9.2.');
    expect(lines[0]).toBe('<!-- Generated by `npm run bench:readme`: rerun it rather than editing by hand. -->');
  });

  it('says how many processes a pooled result holds, per runtime', () => {
    const pooled = (result: MeasureResult, rounds: number): MeasureResult => ({ ...result, options: { ...result.options, rounds } });
    const text = renderSpeedSection(
      { node: pooled(node, 27), chromium: pooled(chromium, 18) },
      { command: 'npm run bench:readme', processes: { node: 3, chromium: 2 } },
    );
    expect(text).toContain(
      'Node: 3 fresh processes of 9 rounds each (pooled: 27 rounds) × 15 ms per task, warm-up 60 ms; Chromium: 2 fresh processes of 9 rounds each (pooled: 18 rounds) × 15 ms per task, warm-up 60 ms.',
    );
    expect(text).toContain("95 % bootstrap interval over rounds; the rounds of a runtime's processes pooled)");
    // Without a process count (one process, or files rewritten --from), nothing is said of pooling.
    expect(section).toContain('95 % bootstrap interval over rounds); below 1');
    expect(section).not.toContain('pooled');
  });

  it('gives each format × JSON with its interval, Node and Chromium side by side, lossy and failed rows marked', () => {
    expect(lines).toContain('| order (1,000) | simdjson | 1,000 (100 %) | exact | 1.01× (0.98–1.05) | 3.10× (2.90–3.30) | — | — |');
    expect(lines).toContain('| order (1,000) | cbor | 820 (82 %) | exact | 1.36× (1.25–1.61) | 2.12× (1.92–2.28) | 2.21× (2.00–2.50) | 2.83× (2.60–3.00) |');
    expect(lines).toContain(
      '| order (1,000) | protobuf | 420 (42 %) | Node: **LOSSY**: 1 diff (first: value at $.total); Chromium: **error**: encode failed: \\| bad value | 2.02× (1.84–2.16) | 0.49× (0.45–0.55) | error | error |',
    );
    // The reference row is not a figure; a payload's folder is not part of its name.
    expect(lines.some((line) => line.startsWith('| order (1,000) | json |'))).toBe(false);
    expect(lines).toContain(
      '| twitter.json † ‡ (1,000) | protobuf | 500 (50 %) | exact | 3.00× (2.50–3.50) | 1.50× (1.20–1.80) | 4.00× (3.50–4.50) | 2.00× (1.80–2.20) |',
    );
  });

  it('gives wirebench ÷ each library with its interval, and says where a library row is missing', () => {
    // The heading other pages link to (figures.md#overhead-what-wirebench-adds-to-each-library).
    expect(lines).toContain('## Overhead: what wirebench adds to each library');
    expect(lines).toContain('| order | cbor | cbor-x | 1.54× (1.49–1.71) | 1.83× (1.33–2.03) | 1.40× (1.30–1.50) | 2.50× (2.20–2.70) |');
    expect(lines).toContain('| order | protobuf | protobufjs decode | not timed | 1.21× (1.13–1.26) | — | — |');
    expect(lines).toContain('| order | json | JSON.stringify + TextEncoder / TextDecoder + JSON.parse | 0.98× (0.89–1.18) | 1.02× (0.95–1.13) | — | — |');
    expect(section).toMatch(/^No library row .*: json \(JSON\.stringify .*\) on twitter\.json; protobuf \(protobufjs decode\) on twitter\.json\.$/m);
  });

  it('lists the notes the runs printed once each, saying which runtime alone printed one', () => {
    const notes = lines.slice(lines.indexOf('Notes the runs printed:') + 2);
    expect(notes.slice(0, 2)).toEqual([
      '- twitter.json: protobufjs decode: its decode differs from the payload at $.a (missing)',
      '- simdjson not measured: a Node addon (Chromium only)',
    ]);
  });

  it('explains the marks on payload names', () => {
    expect(section).toContain('† Some rounds stayed under heavy CPU contention after their retries: twitter.json (Node).');
    expect(section).toContain('‡ twitter.json: 36 number literal(s) that `JSON.parse` cannot keep (first: `$.statuses[0].id` = 505874924095815681)');
  });
});

describe('the sizes section', () => {
  const sizes = renderSizesSection({ node, chromium }, { command: 'npm run bench:readme' }).split('\n');

  it('says where its figures come from, and gives raw, gzip and brotli bytes as shares of JSON', () => {
    expect(sizes[0]).toBe('<!-- Generated by `npm run bench:readme`: rerun it rather than editing by hand. -->');
    expect(sizes[1]).toBe('From the run of 2026-11-23 that wrote the speed tables (`npm run bench:readme`): sizes from the Node run.');
    expect(sizes).toContain('| payload | JSON bytes / gzip / brotli | cbor | protobuf |');
    // No brotli in these results: "—" in its place.
    expect(sizes).toContain('| order | 1,000 / 500 / — | 82 % / 82 % / — | 42 % / 42 % / — |');
    expect(sizes).toContain('| twitter.json | 1,000 / 500 / — | — | 50 % / 50 % / — |');
  });

  it('gives a format that writes JSON text (simdjson) no column, and says so', () => {
    expect(sizes.join('\n')).toContain('simdjson: the same bytes as JSON (JSON text), so no column of its own.');
  });

  it('gives brotli where the run measured it, and "error" where the codec refused the payload', () => {
    const json = codec('json', 1000, ONE, ONE, EXACT, { gzip: 400, brotli: 300 });
    const msgpack = codec('msgpack', 800, ONE, ONE, EXACT, { gzip: 396, brotli: 330 });
    const refused: RowResult = { name: 'protobuf', kind: 'codec', format: 'protobuf', error: 'no schema' };
    const one = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2' }, [payload('order', [json, msgpack, refused])]);
    const text = renderSizesSection({ node: one, chromium: result({ runtime: 'browser', runtimeVersion: 'Chromium 156.0' }, []) }, { command: 'x' });
    expect(text).toContain('| order | 1,000 / 400 / 300 | 80 % / 99 % / 110 % | error |');
  });
});

describe('the summary section', () => {
  const summary = renderSummarySection({ node, chromium }, { command: 'npm run bench:readme' });
  const rows = summary.split('\n');

  it('counts, per format, runtime and operation, the payloads faster than JSON, ≈ JSON and slower, by where the interval lies', () => {
    expect(rows).toContain('| simdjson | 0 of 2 | 100 % | 100 % | 0 / 1 / 0 | 0 / 0 / 1 | — | — |');
    expect(rows).toContain('| cbor | 1 of 2 | 82 % | 82 % | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 |');
    // protobuf on order is LOSSY in Node and refused in Chromium: only twitter.json counts.
    expect(rows).toContain('| protobuf | 1 of 2 | 50 % | 50 % | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 |');
    expect(summary).toContain('JSON itself wrote the fewest raw bytes on 0 of 2 payloads.');
  });

  it('names what it did not count, and why', () => {
    expect(summary).toMatch(
      /^Not counted .*: protobuf on order \(sizes: LOSSY\); protobuf on order \(Node: LOSSY\); protobuf on order \(Chromium: error\)\.$/m,
    );
  });

  it('tells faster from ≈ from slower by the interval, not the estimate', () => {
    const rowWith = (name: string, encode: Ratio) => codec(name, 900, encode, encode);
    const runs = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2' }, [
      payload('a', [codec('json', 1000, ONE, ONE), rowWith('msgpack', ratio(0.9, 0.8, 0.99))]),
      payload('b', [codec('json', 1000, ONE, ONE), rowWith('msgpack', ratio(0.9, 0.8, 1.01))]),
      payload('c', [codec('json', 1000, ONE, ONE), rowWith('msgpack', ratio(1.1, 1.01, 1.2))]),
    ]);
    const text = renderSummarySection({ node: runs, chromium: result({ runtime: 'browser', runtimeVersion: 'Chromium 156.0' }, []) }, { command: 'x' });
    expect(text).toContain('| msgpack | 3 of 3 | 90 % | 90 % | 1 / 1 / 1 | 1 / 1 / 1 | — | — |');
  });
});

describe('the versus section', () => {
  /** A codec row of `implementation` whose every round takes `ms` per call. */
  const timed = (format: string, implementation: string, ms: number, extra: Partial<RowResult> = {}): RowResult => {
    const base = codec(implementation === 'wirebench' ? format : `${format} (${implementation})`, 800, ONE, ONE);
    const at = (o: OperationResult): OperationResult => ({ ...o, roundMedians: [ms, ms * 2, ms] });
    return {
      ...base,
      format: format as RowResult['format'],
      implementation,
      encode: at(base.encode as OperationResult),
      decode: at(base.decode as OperationResult),
      ...extra,
    };
  };
  const nodeRun = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2', libraries: { 'cbor-x': '1.6.9 (native cbor-extract)' } }, [
    payload('../shared/data/corpus/twitter.json', [codec('json', 1000, ONE, ONE), timed('cbor', 'wirebench', 0.3), timed('cbor', 'cbor-x', 0.2)]),
    payload('order', [codec('json', 1000, ONE, ONE), timed('cbor', 'wirebench', 0.1), timed('cbor', 'cbor-x', 0.2)]),
  ]);
  const chromiumRun = result({ runtime: 'browser', runtimeVersion: 'Chromium 156.0', libraries: { 'cbor-x': '1.6.9' } }, [
    payload('order', [codec('json', 1000, ONE, ONE), timed('cbor', 'wirebench', 0.1), timed('cbor', 'cbor-x', 0.1, { error: 'decode failed: | bad\nbytes' })]),
  ]);
  const runs = { node: nodeRun, chromium: chromiumRun };
  const text = renderVersusSection(runs, { command: 'npm run bench:readme', processes: { node: 3, chromium: 3 } });
  const lines = text.split('\n');

  it('says where its figures come from and what they are', () => {
    expect(lines[0]).toBe('<!-- Generated by `npm run bench:readme`: rerun it rather than editing by hand. -->');
    expect(lines[1]).toMatch(/^From the run of 2026-11-23 that wrote the speed tables/);
    expect(text).toContain("wirebench's time ÷ the library's time");
    expect(text).toContain("The rounds of a runtime's processes are pooled, each paired with its own run's round.");
  });

  it("gives one table per runtime, the library's version as that runtime ran it, geomean and max rows", () => {
    const node = lines.slice(lines.indexOf('### Node'), lines.indexOf('### Chromium'));
    expect(node).toContain('Libraries: cbor-x 1.6.9 (native cbor-extract).');
    expect(node).toContain('| payload | cbor (cbor-x) encode | cbor (cbor-x) decode |');
    expect(node).toContain('| twitter.json | **1.50×** (1.50–1.50) | **1.50×** (1.50–1.50) |');
    expect(node).toContain('| order | 0.50× (0.50–0.50) | 0.50× (0.50–0.50) |');
    expect(node).toContain('| **geomean** | 0.87× | 0.87× |');
    expect(node).toContain('| **max** | **1.50×** twitter.json | **1.50×** twitter.json |');
  });

  it('leaves out what errored, with the reason on one line', () => {
    const chromium = lines.slice(lines.indexOf('### Chromium'));
    expect(chromium).toContain('Libraries: cbor-x 1.6.9.');
    expect(chromium).toContain('| order | error | error |');
    expect(chromium).toContain('- order, cbor (cbor-x) encode and decode: cbor (cbor-x) errored: decode failed: | bad bytes');
  });

  it("names each runtime's version where they differ, and says what a library codec's row is in the tables that list every row", () => {
    const speed = renderSpeedSection(runs, { command: 'x' });
    expect(speed).toContain('Libraries: cbor-x 1.6.9 (native cbor-extract) in Node and 1.6.9 in Chromium.');
    expect(speed).toContain('`format (library)` (`msgpack (msgpackr)`) is that library behind the same Codec API');
    expect(speed).toContain("The libraries' own codecs (their options, behind the same API) are weighed against wirebench in the next section");
    expect(renderSummarySection(runs, { command: 'x' })).toContain('`format (library)` (`msgpack (msgpackr)`) is that library');
    // Results without library codecs keep their captions as they were.
    expect(section).not.toContain('format (library)');
  });
});

describe('every engine beside Node', () => {
  const engine = (name: 'firefox' | 'webkit', browser: string, version: string, javascript: 'SpiderMonkey' | 'JavaScriptCore') =>
    ({ name, browser, version, javascript }) as const;
  const browserRun = (runtimeVersion: string, extra: Partial<Environment>, decode: { cbor: Ratio; protobuf: Ratio }) =>
    result({ runtime: 'browser', runtimeVersion, crossOriginIsolated: true, libraries: { 'cbor-x': '1.6.9' }, ...extra }, [
      payload('order', [codec('json', 1000, ONE, ONE), codec('cbor', 820, ratio(1.2, 1.1, 1.3), decode.cbor), codec('protobuf', 420, ONE, decode.protobuf)]),
    ]);
  const nodeRun = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2', libraries: { 'cbor-x': '1.6.9 (native cbor-extract)' } }, [
    payload('order', [
      codec('json', 1000, ONE, ONE),
      codec('cbor', 820, ratio(0.7, 0.6, 0.8), ratio(0.9, 0.85, 0.95)),
      codec('protobuf', 420, ONE, ratio(0.5, 0.45, 0.55)),
    ]),
  ]);
  // Decode: protobuf leads in Node and Chromium; in Firefox cbor and protobuf cannot be told apart; in WebKit JSON leads.
  const runs = {
    node: nodeRun,
    chromium: browserRun('Chromium 156.0', {}, { cbor: ratio(0.9, 0.85, 0.95), protobuf: ratio(0.6, 0.55, 0.65) }),
    firefox: browserRun(
      'Firefox 153.8.0esr',
      { engine: engine('firefox', 'Firefox', '153.8.0esr', 'SpiderMonkey') },
      { cbor: ratio(0.8, 0.7, 0.9), protobuf: ratio(0.75, 0.6, 0.85) },
    ),
    webkit: browserRun(
      'WebKitGTK 2.50.6',
      { engine: engine('webkit', 'WebKitGTK', '2.50.6', 'JavaScriptCore') },
      { cbor: ratio(1.4, 1.3, 1.5), protobuf: ratio(1.2, 1.1, 1.3) },
    ),
  };
  const source = {
    command: 'npm run bench:readme',
    notes: { node: ['a Node note'], chromium: ['a browser note'], firefox: ['a browser note'], webkit: ['a browser note', 'WebKit alone'] },
  };
  const speed = renderSpeedSection(runs, source);

  it('gives each runtime its columns, in the order Node, Chromium, Firefox, WebKit', () => {
    expect(speed).toContain(
      '| payload (JSON bytes) | format | bytes (% JSON) | fidelity | Node encode | Node decode | Chromium encode | Chromium decode | Firefox encode | Firefox decode | WebKit encode | WebKit decode |',
    );
    expect(speed).toContain(
      '| order (1,000) | cbor | 820 (82 %) | exact | 0.70× (0.60–0.80) | 0.90× (0.85–0.95) | 1.20× (1.10–1.30) | 0.90× (0.85–0.95) | 1.20× (1.10–1.30) | 0.80× (0.70–0.90) | 1.20× (1.10–1.30) | 1.40× (1.30–1.50) |',
    );
  });

  it('names each engine with its JavaScript engine, each library version with the runtimes that ran it, and which runtimes printed a note', () => {
    expect(speed).toContain(
      'Runtimes: Node v20.20.2 (timer step 5.00 µs), Chromium 156.0 (in the page, cross-origin isolated, timer step 5.00 µs), Firefox 153.8.0esr (SpiderMonkey, in the page, cross-origin isolated, timer step 5.00 µs) and WebKitGTK 2.50.6 (JavaScriptCore, in the page, cross-origin isolated, timer step 5.00 µs).',
    );
    expect(speed).toContain('Each: 9 rounds × 15 ms per task, warm-up 60 ms.');
    expect(speed).toContain('Libraries: cbor-x 1.6.9 (native cbor-extract) in Node and 1.6.9 in Chromium, Firefox and WebKit.');
    expect(speed).toContain('- a Node note (Node only)');
    expect(speed).toContain('- a browser note (Chromium, Firefox and WebKit only)');
    expect(speed).toContain('- WebKit alone (WebKit only)');
  });

  it('gives a versus table per runtime', () => {
    const versus = renderVersusSection(runs, source);
    expect(versus).toContain('the same format, in Node, Chromium, Firefox and WebKit.');
    expect(versus.split('\n').filter((line) => line.startsWith('### '))).toEqual(['### Node', '### Chromium', '### Firefox', '### WebKit']);
  });

  it('names the fastest row of each payload and operation per runtime, and the runtimes that disagree beyond the noise', () => {
    const summary = renderSummarySection(runs, source).split('\n');
    expect(summary).toContain(
      "| format | fewest raw bytes | raw bytes, % of JSON | gzip bytes, % of JSON's gzip | Node encode | Node decode | Chromium encode | Chromium decode | Firefox encode | Firefox decode | WebKit encode | WebKit decode |",
    );
    // Encode: cbor leads in Node; JSON and protobuf (both exactly 1×) lead in every browser, cbor slower there.
    expect(summary).toContain(
      '| order | encode | cbor 0.70× | json 1.00× ≈ protobuf | json 1.00× ≈ protobuf | json 1.00× ≈ protobuf | Node ≠ Chromium, Firefox and WebKit |',
    );
    // Decode: Firefox's leaders (protobuf ≈ cbor) share protobuf with Node and Chromium; WebKit's leader is JSON, alone.
    expect(summary).toContain(
      '| order | decode | protobuf 0.50× | protobuf 0.60× | protobuf 0.75× ≈ cbor | json 1.00× | WebKit ≠ Node, Chromium and Firefox |',
    );
    expect(summary).toContain('The runtimes disagree on the fastest row on 2 of 2 payload operations measured in more than one runtime.');
  });

  it('calls no disagreement where every runtime leads with the same row', () => {
    const same = renderSummarySection({ node: runs.node, chromium: runs.chromium }, source).split('\n');
    expect(same).toContain('| order | decode | protobuf 0.50× | protobuf 0.60× |  |');
    expect(same).toContain('The runtimes disagree on the fastest row on 1 of 2 payload operations measured in more than one runtime.');
    // A different fastest row is no disagreement while the runs cannot order it against the other runtime's.
    const close = browserRun('Chromium 156.0', {}, { cbor: ratio(0.58, 0.5, 0.62), protobuf: ratio(0.6, 0.55, 0.65) });
    expect(renderSummarySection({ node: runs.node, chromium: close }, source)).toContain('| order | decode | protobuf 0.50× | cbor 0.58× ≈ protobuf |  |');
  });

  it('names no fastest row for an operation a run did not time (--operations encode)', () => {
    const encodeOnly = (runtime: 'node' | 'browser', runtimeVersion: string) =>
      result({ runtime, runtimeVersion }, [
        payload('order', [
          { ...codec('json', 1000, ONE, ONE), decode: undefined },
          { ...codec('cbor', 900, ratio(0.8, 0.7, 0.9), ONE), decode: undefined },
        ] as RowResult[]),
      ]);
    const text = renderSummarySection({ node: encodeOnly('node', 'Node v20.20.2'), chromium: encodeOnly('browser', 'Chromium 156.0') }, source);
    expect(text).toContain('| order | decode | — | — |  |');
    expect(text).toContain('on 0 of 1 payload operations measured in more than one runtime');
  });

  it('names three of the rows tied with the fastest, and counts the rest', () => {
    const many = (runtimeVersion: string, runtime: 'node' | 'browser') =>
      result({ runtime, runtimeVersion }, [
        payload('order', [
          codec('json', 1000, ONE, ONE),
          ...['a', 'b', 'c', 'd', 'e', 'f'].map((name, i) => codec(name, 900, ratio(0.5 + i / 100, 0.4, 0.7), ONE)),
        ]),
      ]);
    const text = renderSummarySection({ node: many('Node v20.20.2', 'node'), chromium: many('Chromium 156.0', 'browser') }, source);
    expect(text).toContain('| order | encode | a 0.50× ≈ b, c, d, 2 more | a 0.50× ≈ b, c, d, 2 more |  |');
    // Four others are all named: "1 more" would say no less than the name.
    const four = result({ runtime: 'node', runtimeVersion: 'Node v20.20.2' }, [
      payload('order', [codec('json', 1000, ONE, ONE), ...['a', 'b', 'c', 'd', 'e'].map((name) => codec(name, 900, ratio(0.5, 0.4, 0.7), ONE))]),
    ]);
    expect(renderSummarySection({ node: four, chromium: four }, source)).toContain('| order | encode | a 0.50× ≈ b, c, d, e | a 0.50× ≈ b, c, d, e |  |');
  });

  it("bench:readme -- --from takes one file per engine, in any order after Node's, and refuses two of one engine", () => {
    const dir = mkdtempSync(join(tmpdir(), 'wirebench-readme-engines-'));
    try {
      const file = (name: string, value: MeasureResult): string => {
        writeFileSync(join(dir, name), JSON.stringify(value));
        return join(dir, name);
      };
      const [nodeFile, chromiumFile, firefoxFile, webkitFile] = [
        file('node.json', runs.node),
        file('chromium.json', runs.chromium),
        file('firefox.json', runs.firefox),
        file('webkit.json', runs.webkit),
      ];
      const pagePath = join(dir, 'figures.md');
      writeFileSync(pagePath, `${SPEED_BEGIN}\n${SPEED_END}\n${VERSUS_BEGIN}\n${VERSUS_END}\n${SIZES_BEGIN}\n${SIZES_END}\n${SUMMARY_BEGIN}\n${SUMMARY_END}\n`);
      const CLI = fileURLToPath(new URL('../dist/cli/readme.js', import.meta.url));
      const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, '--page', pagePath, ...args], { encoding: 'utf8' });
      const run = cli('--from', nodeFile, webkitFile, chromiumFile, firefoxFile);
      expect(run.status, run.stderr).toBe(0);
      const page = readFileSync(pagePath, 'utf8');
      expect(page).toContain(
        '| Node encode | Node decode | Chromium encode | Chromium decode | Firefox encode | Firefox decode | WebKit encode | WebKit decode |',
      );
      expect(page).toContain('### WebKit');
      const twice = cli('--from', nodeFile, webkitFile, webkitFile);
      expect(twice.status).toBe(1);
      expect(twice.stderr).toContain(`${webkitFile}: a second result of webkit; give one file per engine`);
      const badEngines = cli('--engines', 'chromium,safari');
      expect(badEngines.status).toBe(2);
      expect(badEngines.stderr).toContain('--engines takes a comma-separated list of chromium, firefox, webkit, not "chromium,safari"');
      expect(cli('--from', nodeFile).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('splicing the sections into the figures page', () => {
  const page = `# Figures\n\nbefore\n${SPEED_BEGIN}\nNot measured yet.\n${SPEED_END}\nbetween\n${VERSUS_BEGIN}\n${VERSUS_END}\n${SIZES_BEGIN}\n${SIZES_END}\n${SUMMARY_BEGIN}\n${SUMMARY_END}\nafter\n`;

  it('replaces only what is between the markers, and the same section twice gives the same page', () => {
    const once = spliceSpeedSection(page, 'new table');
    expect(once).toBe(page.replace('Not measured yet.', 'new table'));
    expect(spliceSpeedSection(once, 'new table')).toBe(once);
  });

  it('writes every section between its own markers', () => {
    const sections = renderFigureSections({ node, chromium }, { command: 'npm run bench:readme' });
    expect(sections.map((section) => section.begin)).toEqual([SPEED_BEGIN, VERSUS_BEGIN, SIZES_BEGIN, SUMMARY_BEGIN]);
    const written = spliceFigureSections(page, sections);
    expect(written.startsWith('# Figures\n\nbefore\n')).toBe(true);
    expect(written).toContain(`${SPEED_END}\nbetween\n${VERSUS_BEGIN}\n<!-- Generated by`);
    expect(written).toContain(`${VERSUS_END}\n${SIZES_BEGIN}\n<!-- Generated by`);
    expect(written.endsWith(`${SUMMARY_END}\nafter\n`)).toBe(true);
    expect(spliceFigureSections(written, sections)).toBe(written);
  });

  it('refuses a page without every pair of markers, in order, once each', () => {
    for (const bad of ['no markers', `${SPEED_END}\n${SPEED_BEGIN}`, `${SPEED_BEGIN}\n${SPEED_END}\n${SPEED_BEGIN}\n${SPEED_END}`]) {
      expect(() => spliceSpeedSection(bad, 'x')).toThrow(BenchError);
    }
    expect(() => checkFigureMarkers(page)).not.toThrow();
    expect(() => checkFigureMarkers(page.replace(SUMMARY_END, ''))).toThrow(BenchError);
    expect(() => checkFigureMarkers(page.replace(SIZES_BEGIN, ''))).toThrow(BenchError);
    expect(() => checkFigureMarkers(page.replace(VERSUS_END, ''))).toThrow(BenchError);
  });
});

describe('npm run bench:readme -- --from', () => {
  const CLI = fileURLToPath(new URL('../dist/cli/readme.js', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-readme-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = { node: join(dir, 'node.json'), chromium: join(dir, 'chromium.json'), page: join(dir, 'figures.md') };
  writeFileSync(files.node, JSON.stringify(node));
  writeFileSync(files.chromium, JSON.stringify(chromium));
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, '--page', files.page, '--from', ...args], { encoding: 'utf8' });
  const empty = (speed = '') =>
    `${SPEED_BEGIN}\n${speed}${SPEED_END}\n${VERSUS_BEGIN}\n${VERSUS_END}\n${SIZES_BEGIN}\n${SIZES_END}\n${SUMMARY_BEGIN}\n${SUMMARY_END}\n`;

  it('rewrites the sections of the page it is given from the result files, without measuring', () => {
    writeFileSync(files.page, `# x\n${empty('Not measured yet.\n')}`);
    const run = cli(files.node, files.chromium);
    expect(run.status, run.stderr).toBe(0);
    const page = readFileSync(files.page, 'utf8');
    expect(page).toContain(`written by \`npm run bench:readme -- --from ${files.node} ${files.chromium}\`.`);
    expect(page).toContain('| order | cbor | cbor-x | 1.54× (1.49–1.71) | 1.83× (1.33–2.03) | 1.40× (1.30–1.50) | 2.50× (2.20–2.70) |');
    expect(page).toContain('| order | 1,000 / 500 / — | 82 % / 82 % / — | 42 % / 42 % / — |');
    expect(page).toContain('| cbor | 1 of 2 | 82 % | 82 % | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 | 0 / 0 / 1 |');
    expect(page).not.toContain('Not measured yet.');
  });

  it('writes the figures page of the repository by default, and nothing else', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/rewrites the generated sections of\s+docs\/figures\.md/);
    expect(help.stdout).toContain('No other file is written.');
    expect(help.stdout).not.toContain('README');
  });

  it('refuses results in the wrong order, and a page without every pair of markers, leaving it as it was', () => {
    writeFileSync(files.page, '# no markers\n');
    expect(cli(files.node, files.chromium).status).toBe(1);
    // The speed markers alone are not enough: nothing is written.
    writeFileSync(files.page, `${SPEED_BEGIN}\nkept\n${SPEED_END}\n`);
    const partial = cli(files.node, files.chromium);
    expect(partial.status).toBe(1);
    expect(partial.stderr).toContain(`needs exactly one ${VERSUS_BEGIN} followed by one ${VERSUS_END}`);
    expect(readFileSync(files.page, 'utf8')).toBe(`${SPEED_BEGIN}\nkept\n${SPEED_END}\n`);
    writeFileSync(files.page, empty('kept\n'));
    const swapped = cli(files.chromium, files.node);
    expect(swapped.status).toBe(1);
    expect(swapped.stderr).toMatch(/must be a Node result/);
    expect(readFileSync(files.page, 'utf8')).toBe(empty('kept\n'));
  });

  it('says the processes each file pools when told, and the command that says so', () => {
    writeFileSync(files.page, empty());
    const run = cli(files.node, files.chromium, '--processes', '3');
    expect(run.status, run.stderr).toBe(0);
    const page = readFileSync(files.page, 'utf8');
    expect(page).toContain(`written by \`npm run bench:readme -- --from ${files.node} ${files.chromium} --processes 3\`.`);
    expect(page).toContain('Both: 3 fresh processes of 3 rounds each (pooled: 9 rounds)');
  });

  it('refuses a process count that is not a whole number from 1 to 20, before measuring', () => {
    for (const bad of ['0', '2.5', 'many', '21', '0x3', '1e1', ' 2 ']) {
      const run = spawnSync(process.execPath, [CLI, '--page', files.page, '--processes', bad], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`--processes takes a whole number from 1 to 20, not "${bad}"`);
    }
  });
});
