import { getEventListeners } from 'node:events';
import type { Codec } from '@wirebench/core';
import { jsonCodec } from '@wirebench/core/json';
import { msgpackCodec } from '@wirebench/core/msgpack';
import { describe, expect, it } from 'vitest';
import { streamGzip } from '../../src/measure/compress.js';
import { DECOMPRESSION_ROUNDS, MIN_STREAM_BYTES, STREAM_BYTES, STREAM_COMPRESS_BUDGET_MS } from '../../src/measure/decompression.js';
import { measure } from '../../src/measure/engine.js';
import { MIN_SAMPLES } from '../../src/measure/timing.js';
import type { Compressor, ExtraRow, MeasureOptions, MeasureProgress, MeasureTarget, PayloadResult } from '../../src/measure/types.js';
import { RESULT_FORMAT, RESULT_VERSION } from '../../src/measure/types.js';

const payload = { name: 'rows', value: { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `row ${i}`, ok: i % 2 === 0 })) } };
// Short, so the suite stays fast: these tests check what the engine does, not how fast anything is.
const quick: MeasureOptions = { rounds: 4, roundTime: 4, warmupTime: 6, sampleTime: 0.02, bootstrapResamples: 200 };

/** A codec whose every call is logged, to see the order in which the engine runs its tasks. */
function loggingCodec(format: Codec['format'], log: string[]): Codec {
  const json = jsonCodec();
  return {
    ...json,
    format,
    encode: (value) => (log.push(`${format} encode`), json.encode(value)),
    decode: (bytes) => (log.push(`${format} decode`), json.decode(bytes)),
  };
}

/** Consecutive calls of the same task collapsed: one entry per block of calls. */
const blocks = (log: readonly string[]): string[] => log.filter((entry, i) => entry !== log[i - 1]);

describe('measure', () => {
  it('reports sizes, sample statistics and ratios to JSON with an interval, in a versioned JSON-serializable result', async () => {
    const result = await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], quick);
    expect(result.format).toBe(RESULT_FORMAT);
    expect(result.version).toBe(RESULT_VERSION);
    expect(result.options.rounds).toBe(4);
    expect(result.environment.runtime).toBe('node');
    expect(result.environment.timerResolutionMs).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);

    const [json, msgpack] = result.payloads[0]!.rows;
    expect(json!.bytes).toBe(jsonCodec().encode(payload.value).length);
    expect(msgpack!.bytes).toBe(msgpackCodec().encode(payload.value).length);
    expect(msgpack!.bytesVsJson).toBeCloseTo(msgpack!.bytes! / json!.bytes!, 12);
    expect(json!.compressed!['gzip']).toBeLessThan(json!.bytes!);
    expect(json!.fidelity!.ok).toBe(true);
    for (const row of [json!, msgpack!]) {
      for (const stats of [row.encode!, row.decode!]) {
        expect(stats.samples).toBeGreaterThanOrEqual(4 * MIN_SAMPLES);
        expect(stats.roundMedians).toHaveLength(4);
        expect(stats.median).toBeGreaterThan(0);
        expect(stats.p75).toBeGreaterThanOrEqual(stats.median);
        expect(stats.p99).toBeGreaterThanOrEqual(stats.p75);
        expect(stats.min).toBeLessThanOrEqual(stats.median);
        expect(stats.mean).toBeGreaterThan(0);
        expect(stats.mbPerSecond).toBeCloseTo(result.payloads[0]!.jsonBytes / 1e6 / (stats.median / 1000), 6);
      }
    }
    // JSON against itself: every per-round ratio is exactly 1.
    expect(json!.decode!.vsJson).toMatchObject({ estimate: 1, low: 1, high: 1, perRound: [1, 1, 1, 1] });
    const ratio = msgpack!.decode!.vsJson!;
    expect(ratio.perRound).toEqual(msgpack!.decode!.roundMedians.map((m, r) => m / json!.decode!.roundMedians[r]!));
    expect(ratio.low).toBeLessThanOrEqual(ratio.estimate);
    expect(ratio.high).toBeGreaterThanOrEqual(ratio.estimate);
  });

  it('interleaves every task in each round, in an order that rotates from round to round', async () => {
    const log: string[] = [];
    const codecs = (['json', 'msgpack', 'cbor'] as const).map((format) => loggingCodec(format, log));
    await measure([{ payload, codecs }], { ...quick, rounds: 5 });
    // The measuring rounds are the last 5 × 6 blocks of calls (after warm-up and batch sizing).
    const measured = blocks(log).slice(-5 * 6);
    const rounds = Array.from({ length: 5 }, (_, r) => measured.slice(r * 6, r * 6 + 6));
    for (const round of rounds) expect(new Set(round).size).toBe(6);
    expect(new Set(rounds.map((round) => round.join())).size).toBe(5);
    expect(new Set(rounds.map((round) => round[0])).size).toBeGreaterThan(1);
  });

  it('streams progress and each payload before and after timing', async () => {
    const progress: MeasureProgress[] = [];
    const payloads: Array<[PayloadResult, boolean]> = [];
    await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], {
      ...quick,
      onProgress: (p) => progress.push(p),
      onPayload: (result, final) => payloads.push([result, final]),
    });
    const measuring = progress.filter((p) => p.phase === 'measure');
    // 2 rows × 2 operations × 4 rounds, then each row's decompression by each compressor, 3 rounds
    // one call at a time and 3 rounds as one long stream.
    const tasks = 4 * 4 + 2 * Object.keys(payloads[1]![0].rows[0]!.compressed!).length * 2 * DECOMPRESSION_ROUNDS;
    expect(measuring.at(-1)).toMatchObject({ done: tasks, total: tasks });
    expect(measuring.map((p) => p.done)).toEqual([...measuring.map((p) => p.done)].sort((a, b) => a - b));
    expect(payloads.map(([, final]) => final)).toEqual([false, true]);
    expect(payloads[0]![0].rows[1]!.bytes).toBeGreaterThan(0);
    expect(payloads[0]![0].rows[1]!.decode).toBeUndefined();
    expect(payloads[1]![0].rows[1]!.decode).toBeDefined();
  });

  it("times each compressor's decompression of each row's compressed bytes, on the runtime's own decompressor", async () => {
    const wait = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // A compressor whose decompression takes 0.3 ms: the figure must be that, measured.
    const slow: Compressor = { compress: async (bytes) => bytes.slice(), decompress: (bytes) => (wait(0.3), bytes.slice()) };
    const result = await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], { ...quick, compressors: { gzip: streamGzip, slow } });
    expect(result.options.timeDecompression).toBe(true);
    for (const row of result.payloads[0]!.rows) {
      expect(row.decompressMs!['gzip']).toBeGreaterThan(0);
      expect(row.decompressMs!['slow']).toBeGreaterThanOrEqual(0.3);
      expect(row.decompressMs!['slow']).toBeLessThan(3);
    }

    const untimed = await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { gzip: streamGzip }, timeDecompression: false });
    expect(untimed.options.timeDecompression).toBe(false);
    expect(untimed.payloads[0]!.rows[0]!.compressed!['gzip']).toBeGreaterThan(0);
    expect(untimed.payloads[0]!.rows[0]!.decompressMs).toBeUndefined();

    // A compressor written as a class: its decompress is called on it, as on any object.
    class Level implements Compressor {
      private readonly level = 6;
      async compress(bytes: Uint8Array): Promise<Uint8Array> {
        return bytes.slice();
      }
      decompress(bytes: Uint8Array): Uint8Array {
        if (this.level !== 6) throw new Error('called without its compressor');
        return bytes.slice();
      }
    }
    const classy = await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { level: new Level() } });
    expect(classy.payloads[0]!.rows[0]!.decompressMs!['level']).toBeGreaterThan(0);

    const lying: Compressor = { compress: async (bytes) => bytes.slice(), decompress: (bytes) => bytes.subarray(1) };
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { lying } })).rejects.toThrow(
      'compressor "lying" does not decompress its own output back to the bytes it compressed',
    );
  });

  it("measures each compressor's streaming rate per row over a long body, without the per-call overhead", async () => {
    const wait = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // 1 ms per 500,000 bytes in either path, and 0.3 ms more per call through `decompress`: the rate
    // must come out near 500,000 B/ms, where the per-call time of a row of a few kB says far less.
    const work = (bytes: Uint8Array): Uint8Array => (wait(bytes.length / 500_000), bytes.slice());
    const paced: Compressor = {
      compress: async (bytes) => bytes.slice(),
      decompress: (bytes) => (wait(0.3), work(bytes)),
      decompressStreaming: work,
    };
    // Without a streaming path (zlib's synchronous calls), the per-call figure gives the rate: the row's bytes over it.
    const plain: Compressor = { compress: async (bytes) => bytes.slice(), decompress: paced.decompress };
    const result = await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], { ...quick, compressors: { gzip: streamGzip, paced, plain } });
    for (const row of result.payloads[0]!.rows) {
      expect(Object.keys(row.inflateBytesPerMs!).sort()).toEqual(['gzip', 'paced', 'plain']);
      expect(row.inflateBytesPerMs!['gzip']).toBeGreaterThan(0);
      const rate = row.inflateBytesPerMs!['paced']!;
      expect(rate).toBeGreaterThan(0.6 * 500_000);
      expect(rate).toBeLessThanOrEqual(500_000 * 1.01);
      expect(row.bytes! / row.decompressMs!['paced']!).toBeLessThan(0.1 * rate);
      // The plain rate carries the 0.3 ms of each call: the row's bytes over its per-call time, exactly.
      expect(row.inflateBytesPerMs!['plain']).toBe(row.bytes! / row.decompressMs!['plain']!);
      expect(row.inflateBytesPerMs!['plain']).toBeLessThan(0.1 * rate);
    }
    const untimed = await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { paced }, timeDecompression: false });
    expect(untimed.payloads[0]!.rows[0]!.inflateBytesPerMs).toBeUndefined();

    // A row of no bytes (protobuf's empty message) has no rate, and the run still ends with its progress full.
    const json = jsonCodec();
    const empty: Codec = { ...json, format: 'protobuf', encode: () => new Uint8Array(0), decode: () => payload.value };
    const progress: MeasureProgress[] = [];
    // With a compressor timed on a long stream and one not, the progress planned counts each as it runs.
    const none = await measure([{ payload, codecs: [json, empty] }], { ...quick, compressors: { paced, plain }, onProgress: (p) => progress.push(p) });
    expect(none.payloads[0]!.rows[1]).toMatchObject({ bytes: 0, decompressMs: { paced: expect.any(Number) } });
    expect(none.payloads[0]!.rows[1]!.inflateBytesPerMs).toBeUndefined();
    expect(none.payloads[0]!.rows[0]!.inflateBytesPerMs!['paced']).toBeGreaterThan(0);
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);

    const lying: Compressor = { ...paced, decompressStreaming: (bytes) => bytes.subarray(1) };
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { lying } })).rejects.toThrow(
      'compressor "lying" does not decompress a long stream back to the bytes it compressed',
    );
  });

  it('shortens the long body where compressing it would take long (a compressor as slow as Firefox brotli), never below its floor', async () => {
    const wait = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const streamed: Record<string, number[]> = { slow: [], fast: [] };
    // Each call also costs a fixed 5 ms, as a CompressionStream call does: on a small row that is most of its time, not a pace per byte.
    const pacedAt = (name: 'slow' | 'fast', msPerKb: number): Compressor => ({
      compress: async (bytes) => (wait(5 + (bytes.length / 1024) * msPerKb), bytes.slice()),
      decompress: (bytes) => bytes.slice(),
      decompressStreaming: (bytes) => (streamed[name]!.push(bytes.length), bytes.slice()),
    });
    // 20 ms per KiB: 256 KiB would take about 5 s; the budget allows about 12 KiB, so the floor, 16 KiB, applies.
    // The fast one (5 ms a call, nearly nothing per byte) gets the whole length, though 5 ms on the small row alone would read as slow.
    const started = performance.now();
    await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { slow: pacedAt('slow', 20), fast: pacedAt('fast', 0.001) } });
    expect(performance.now() - started).toBeLessThan(4_000);
    const rowBytes = new TextEncoder().encode(JSON.stringify(payload.value)).length;
    const long = (min: number): number => Math.ceil(min / rowBytes) * rowBytes;
    expect(new Set(streamed.slow)).toEqual(new Set([long(MIN_STREAM_BYTES)]));
    expect(new Set(streamed.fast)).toEqual(new Set([long(STREAM_BYTES)]));
    // 1.5 ms per KiB: about 160 KiB fits the budget, judged from the first 16 KiB of the long body.
    streamed.slow = [];
    await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, compressors: { slow: pacedAt('slow', 1.5) } });
    const length = streamed.slow[0]!;
    expect(length).toBeGreaterThan(long(MIN_STREAM_BYTES));
    expect(length).toBeLessThan(STREAM_BYTES);
    expect(length * (1.5 / 1024)).toBeLessThan(STREAM_COMPRESS_BUDGET_MS * 1.1);
  });

  it('says plainly when a codec changes the data, and when it cannot encode the payload', async () => {
    const json = jsonCodec();
    const lossy: Codec = { ...json, format: 'msgpack', decode: (bytes) => ({ ...(json.decode(bytes) as object), rows: [] }) };
    const refusing: Codec = {
      ...json,
      format: 'protobuf',
      encode: () => {
        throw new Error('no schema fits');
      },
    };
    const result = await measure([{ payload, codecs: [json, lossy, refusing] }], quick);
    const [, changed, refused] = result.payloads[0]!.rows;
    expect(changed!.fidelity!.ok).toBe(false);
    expect(changed!.fidelity!.diffs[0]).toMatchObject({ path: '$.rows[49]', kind: 'missing' });
    expect(refused).toMatchObject({ name: 'protobuf', error: 'encode failed: no schema fits' });
    expect(refused!.encode).toBeUndefined();
  });

  it('times extra rows beside the codecs, with the cost of the codec that wraps them', async () => {
    const json = jsonCodec();
    const bytes = json.encode(payload.value);
    const decoder = new TextDecoder();
    const target: MeasureTarget = {
      payload,
      codecs: [json],
      extras: [{ name: 'JSON.parse', kind: 'library', format: 'json', wraps: 'json', decode: () => JSON.parse(decoder.decode(bytes)) as unknown }],
    };
    const [, library] = (await measure([target], quick)).payloads[0]!.rows;
    expect(library).toMatchObject({ name: 'JSON.parse', kind: 'library', wraps: 'json' });
    expect(library!.encode).toBeUndefined();
    expect(library!.decode!.vsJson!.perRound).toHaveLength(4);
    const inverse = library!.decode!.vsJson!.perRound.map((r) => 1 / r);
    library!.decode!.wrapperCost!.perRound.forEach((cost, r) => {
      expect(cost).toBeCloseTo(inverse[r]!, 12);
    });
  });

  it('builds extra rows given as a function only when their payload is reached, and counts them in the progress', async () => {
    const log: string[] = [];
    const second = { name: 'second', value: { n: 1 } };
    const extrasFor = (name: string) => (): ExtraRow[] => {
      log.push(`build ${name}`);
      return [{ name: 'JSON.stringify', kind: 'library', format: 'json', wraps: 'json', encode: () => JSON.stringify(payload.value) }];
    };
    const progress: MeasureProgress[] = [];
    const result = await measure(
      [
        { payload, codecs: [loggingCodec('json', log)], extras: extrasFor('rows') },
        { payload: second, codecs: [loggingCodec('json', log)], extras: extrasFor('second') },
      ],
      { ...quick, operations: ['encode'], timeDecompression: false, onProgress: (p) => progress.push(p) },
    );
    // The second payload's rows are built after the first payload was timed, not up front.
    const built = log.indexOf('build second');
    expect(log.filter((entry) => entry.startsWith('build'))).toEqual(['build rows', 'build second']);
    expect(log.slice(0, built).filter((entry) => entry === 'json encode').length).toBeGreaterThan(4);
    expect(result.payloads.map((p) => p.rows.map((r) => r.name))).toEqual([
      ['json', 'JSON.stringify'],
      ['json', 'JSON.stringify'],
    ]);
    const last = progress.at(-1)!;
    expect(last.done).toBe(last.total);
    expect(last.total).toBe(2 * 2 * 4); // 2 payloads × (codec + extra) × 4 rounds
  });
  it('reports extra rows whose builder throws as an error row, and still measures the rest', async () => {
    const target: MeasureTarget = {
      payload,
      codecs: [jsonCodec()],
      extras: () => {
        throw new Error('no library here');
      },
    };
    const [json, extras] = (await measure([target], quick)).payloads[0]!.rows;
    expect(json!.encode!.median).toBeGreaterThan(0);
    expect(extras).toMatchObject({ name: 'extra rows', error: 'no library here' });
  });

  it('retries rounds taken under heavy CPU contention and marks those that stayed contended', async () => {
    let stalledMicros = 0;
    // Contended on the first try of every round, calm on the retry.
    let calls = 0;
    const flaky = (): number => (stalledMicros += calls++ % 4 === 1 ? 10_000_000 : 0);
    const progress: MeasureProgress[] = [];
    const calm = await measure([{ payload, codecs: [jsonCodec()] }], {
      ...quick,
      cpuPressure: flaky,
      timeDecompression: false,
      onProgress: (p) => progress.push(p),
    });
    expect(calm.payloads[0]!.rounds.map((r) => r.attempts)).toEqual([2, 2, 2, 2]);
    expect(calm.payloads[0]!.suspect).toBe(false);
    // Retried attempts count as extra work: the bar never goes backwards and ends full.
    const done = progress.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ done: 2 * 4 * 2, total: 2 * 4 * 2 });

    const busy = await measure([{ payload, codecs: [jsonCodec()] }], { ...quick, retries: 1, cpuPressure: () => (stalledMicros += 10_000_000) });
    expect(busy.payloads[0]!.rounds.every((r) => r.attempts === 2 && r.suspect && r.cpuPressure! > 1)).toBe(true);
    expect(busy.payloads[0]!.suspect).toBe(true);
  });

  it('stops adding rounds when the time budget is spent, keeping the minimum', async () => {
    const progress: MeasureProgress[] = [];
    const result = await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], {
      ...quick,
      rounds: 50,
      budget: 1,
      minRounds: 3,
      timeDecompression: false,
      onProgress: (p) => progress.push(p),
    });
    expect(result.payloads[0]!.rounds).toHaveLength(3);
    expect(progress.at(-1)).toMatchObject({ done: 3 * 4, total: 3 * 4 });
    expect(result.payloads[0]!.stoppedByBudget).toBe(true);
    expect(result.payloads[0]!.rows[1]!.decode!.vsJson!.perRound).toHaveLength(3);
  });

  it('cancels by AbortSignal', async () => {
    const controller = new AbortController();
    const run = measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], {
      ...quick,
      rounds: 1000,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'measure' && p.round === 1) controller.abort(new Error('cancelled by the user'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the user');
  });

  it('cancels promptly when the abort comes from a timer (the event loop is not starved)', async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('timed out')), 50);
    await expect(measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], { ...quick, rounds: 100_000, signal: controller.signal })).rejects.toThrow(
      'timed out',
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("leaves no listener on the caller's signal, however many rounds ran", async () => {
    const controller = new AbortController();
    await measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], { ...quick, rounds: 6, signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('cancels promptly while timing a synchronous decompressor (an abort from a timer)', async () => {
    const wait = (ms: number): void => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const slow: Compressor = { compress: async (bytes) => bytes.slice(), decompress: (bytes) => (wait(5), bytes.slice()) };
    const compressors = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`slow${i}`, slow]));
    const controller = new AbortController();
    let abortedAt = 0;
    const run = measure([{ payload, codecs: [jsonCodec(), msgpackCodec()] }], {
      ...quick,
      compressors,
      signal: controller.signal,
      onProgress: (p) => {
        // The codecs' rounds are done: what follows is decompression timing.
        if (p.phase === 'measure' && p.done === 4 * 4 && abortedAt === 0)
          setTimeout(() => ((abortedAt = performance.now()), controller.abort(new Error('stop'))), 10);
      },
    });
    await expect(run).rejects.toThrow('stop');
    // A decompression call is 5 ms; warming and sizing all 12 tasks without yielding would take far longer.
    expect(performance.now() - abortedAt).toBeLessThan(200);
  });

  it('rejects when aborted while the last payload, which has nothing to time, is prepared', async () => {
    const controller = new AbortController();
    const refusing: Codec = {
      ...jsonCodec(),
      encode: () => {
        throw new Error('refused');
      },
    };
    const run = measure([{ payload, codecs: [refusing] }], { ...quick, signal: controller.signal, onPayload: () => controller.abort(new Error('stop')) });
    await expect(run).rejects.toThrow('stop');
  });

  it('refuses nonsense settings and duplicate row names', async () => {
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { rounds: 0 })).rejects.toThrow('rounds must be an integer ≥ 1');
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { rounds: 2.5 })).rejects.toThrow('rounds must be an integer ≥ 1, got 2.5');
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { retries: -1 })).rejects.toThrow('retries must be an integer ≥ 0');
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { bootstrapResamples: 100_001 })).rejects.toThrow(
      'bootstrapResamples must be an integer from 1 to 100000, got 100001',
    );
    await expect(measure([{ payload, codecs: [jsonCodec()] }], { maxPressure: Number.NaN })).rejects.toThrow('maxPressure must be a positive number');
    await expect(measure([{ payload, codecs: [jsonCodec(), jsonCodec()] }], quick)).rejects.toThrow('two rows named "json"');
  });
});
