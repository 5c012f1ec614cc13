/**
 * report/text.ts: the plain-text tables of a small result, as a terminal or a CI log shows them:
 * headings, aligned rows with figures in the shared formats, fidelity words and the lines under them.
 */
import { describe, expect, it } from 'vitest';
import { failedPayload } from '../../src/measure/merge.js';
import { fidelitySummary, formatEnvironment, formatPayload, formatResult, ratioText } from '../../src/report/text.js';
import { HOSTILE_NAME, ratio, result } from './fixture.js';

const [orders, events] = result.payloads;
const compressors = result.options.compressors;
const ordersText = formatPayload(orders!, compressors);
const lines = ordersText.split('\n');
/** The table line that starts with `name` under the header that starts with `table`. */
const row = (table: string, name: string): string => {
  const start = lines.findIndex((line) => line.startsWith(table));
  return lines.slice(start).find((line) => line.startsWith(name)) ?? '';
};

describe('formatPayload', () => {
  it('heads each payload with its JSON size and rounds', () => {
    expect(lines[0]).toBe('## orders.json — JSON 48,213 bytes, 11 rounds, CPU pressure max 2.0 %');
    expect(formatPayload(events!, compressors).split('\n')[0]).toBe(
      `## ${HOSTILE_NAME} — JSON 1,268,400 bytes, 7 rounds (cut short by --budget), CPU pressure max 41 %`,
    );
  });

  it("says the file's own size beside JSON's where they differ (every ratio is taken against JSON's minified bytes)", () => {
    const header = (sourceBytes: number | undefined): string =>
      formatPayload({ ...orders!, ...(sourceBytes === undefined ? {} : { sourceBytes }) }, compressors).split('\n')[0] ?? '';
    expect(header(102_614)).toBe('## orders.json — JSON 48,213 bytes (minified from 102,614 B as the file holds it), 11 rounds, CPU pressure max 2.0 %');
    expect(header(48_100)).toBe('## orders.json — JSON 48,213 bytes (written out from 48,100 B as the file holds it), 11 rounds, CPU pressure max 2.0 %');
    // The same size, or none given (a result from code, or saved before the field), says nothing more.
    expect(header(48_213)).toBe(lines[0]);
    expect(header(undefined)).toBe(lines[0]);
  });

  it('has a size table: exact bytes, % of JSON, compressed bytes and fidelity words', () => {
    expect(lines).toContain('size          bytes  % JSON   gzip  brotli  fidelity');
    expect(row('size', 'json')).toMatch(/^json +48,213 +100 % +9,870 +8,012 +exact$/);
    expect(row('size', 'msgpack')).toMatch(/^msgpack +35,120 +73 % +9,012 +7,655 +exact$/);
    expect(row('size', 'protobuf')).toMatch(/^protobuf +16,430 +34 % +7,310 +6,544 +2 diffs \(first: value at \$\.orders\[3\]\.total\)$/);
    expect(row('size', 'flatbuffers')).toMatch(/^flatbuffers +— +— +— +error: encode failed: field "orders\[0\]\.tags" mixes strings and numbers$/);
  });

  it("reads a compressor's size as the row's own: a name no row holds is —, never a member every object inherits", () => {
    const table = formatPayload(orders!, ['gzip', 'toString', 'constructor']).split('\n');
    const json = table.slice(table.findIndex((line) => line.startsWith('size'))).find((line) => line.startsWith('json'));
    expect(json).toMatch(/^json +48,213 +100 % +9,870 +— +— +exact$/);
    expect(table.join('\n')).not.toContain('NaN');
  });

  it('has encode and decode tables: µs, rme, MB/s, the ratio to JSON with its interval, and the wrapper cost', () => {
    expect(row('encode', 'json')).toMatch(/^json +121 +127 +169 +130 +±1\.2 % +400 +1\.00 +reference$/);
    expect(row('encode', 'msgpack')).toMatch(/^msgpack +74\.7 +78\.4 +105 +80\.7 +±1\.2 % +645 +0\.62 +0\.58–0\.66$/);
    expect(row('decode', 'msgpack')).toMatch(/ 1\.03 +0\.97–1\.10 {2}≈ JSON/);
    expect(row('decode', '  @msgpack/msgpack decode')).toMatch(/0\.95 +0\.90–1\.01 {2}≈ JSON +msgpack = 1\.08× \(1\.02–1\.15\)$/);
    expect(lines.find((line) => line.startsWith('decode'))).toMatch(/× JSON +95 % interval +codec ÷ library$/);
  });

  it('warns about the numbers JSON.parse could not keep', () => {
    expect(lines[1]).toBe(
      '  ! 1 number literal(s) cannot be kept by JSON.parse, so every format (JSON too) sees them changed: $.orders[0].id = 12345678901234567891',
    );
    expect(formatPayload(events!, compressors)).toContain('  ! 2 of 7 rounds ran under heavy CPU contention even after retries');
  });

  it('names the rows measured interpreted (--no-eval) under the heading, and says nothing when none was', () => {
    const rows = orders!.rows.map((r) => (r.name === 'protobuf' ? { ...r, interpreted: true } : r));
    expect(formatPayload({ ...orders!, rows }, compressors).split('\n')[1]).toBe(
      '  Measured interpreted (no eval), without the code they generate with new Function, as a page whose CSP forbids it runs them: protobuf',
    );
    expect(ordersText).not.toContain('interpreted');
  });
});

describe('formatResult', () => {
  it('starts with the environment, then every payload', () => {
    const text = formatResult(result);
    expect(text.startsWith(formatEnvironment(result))).toBe(true);
    expect(formatEnvironment(result).split('\n')).toEqual([
      'Node v22.11.0, CPU throttled 4×; AMD EPYC 7B13, 8 cores, 31.4 GB; timer step 500 ns',
      'libraries: @msgpack/msgpack 3.1.3, protobufjs 8.8.1, @wirebench/core 0.1.0',
      '11 rounds × 40 ms per task, warm-up 150 ms per task',
      'isolation: worker-per-payload (each payload in a fresh worker, one after another: its own JavaScript heap and JIT state)',
    ]);
    expect(formatEnvironment({ ...result, options: { ...result.options, isolation: 'none' } })).toMatch(/\nisolation: none \(every payload in one process/);
    const { isolation: _isolation, ...older } = result.options;
    expect(formatEnvironment({ ...result, options: older })).toMatch(/\nisolation: not recorded/);
    expect(text).toContain('\n## orders.json — ');
    expect(text).toContain(`\n## ${HOSTILE_NAME} — `);
  });

  it('names every row that lost data or refused the payload', () => {
    expect(fidelitySummary(result)).toEqual([
      'fidelity: these did not give the payload back exactly: protobuf on orders.json',
      'fidelity: these refused or failed on the payload (see the error in the table): flatbuffers on orders.json',
    ]);
  });
});

describe('a payload that could not be measured', () => {
  const failed = { ...result, payloads: [...result.payloads, failedPayload('crashed.json', 'the worker measuring it crashed: out of memory')] };

  it('says so under its heading instead of tables, and in the lines under the tables', () => {
    const text = formatPayload(failed.payloads[2]!, compressors);
    expect(text.split('\n')).toEqual(['## crashed.json — not measured', '  ! not measured: the worker measuring it crashed: out of memory']);
    expect(fidelitySummary(failed).at(-1)).toBe('not measured (see the error under each): crashed.json');
  });
});

describe('ratioText', () => {
  it('gives the estimate and the interval, marking an interval that includes 1', () => {
    expect(ratioText(ratio(0.72, 0.69, 0.75))).toEqual(['0.72', '0.69–0.75']);
    expect(ratioText(ratio(1.02, 0.98, 1.05))).toEqual(['1.02', '0.98–1.05  ≈ JSON']);
    expect(ratioText(ratio(0.031, 0.028, 0.034))).toEqual(['0.031', '0.028–0.034']);
    expect(ratioText(undefined)).toEqual(['', '']);
  });
});
