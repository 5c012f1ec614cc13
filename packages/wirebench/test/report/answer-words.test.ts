/**
 * report/answer-words.ts: the answer's sentences, from its data: the figures as the sentences quote
 * them, the verdict, each ranked row's reason, why a row is not ranked, and why a row of the answer
 * has no figures. The CLI, the HTML report and the playground print these very strings.
 */
import { describe, expect, it } from 'vitest';
import { IMPLEMENTATION_CAPABILITIES } from '../../src/answer/capabilities.js';
import type { Exclusion } from '../../src/answer/constraints.js';
import type { RowFacts } from '../../src/answer/facts.js';
import type { PayloadAnswer, RowAnswer } from '../../src/answer/payload-answer.js';
import { rank } from '../../src/answer/rank.js';
import { otherNetworks, verdict } from '../../src/answer/verdict.js';
import {
  answerVerdict,
  decompressionWords,
  deviceWords,
  excludedReason,
  exclusionsText,
  exclusionWords,
  formatMs,
  formatResponses,
  formatShare,
  formatSignedMs,
  formatSize,
  rankedDetail,
  rankedReason,
  repaidByTime,
  rowAnswerNote,
  servedWords,
  verdictSentence,
} from '../../src/report/answer-words.js';
import { ALL_LEVEL, EVERY_CONSTRAINT, inRounds, LEVEL_PAIR, ROWS, row, withRounds } from '../answer/fixtures.js';
import { answered } from './fixture.js';

describe('the figures, as the sentences quote them', () => {
  it("quotes durations and sizes in the reports' one style (report/format.ts), by magnitude", () => {
    expect([412.4, 41.4, 3.24, 0.2, 0.0004, -3.24].map(formatMs)).toEqual(['412 ms', '41.4 ms', '3.24 ms', '200 µs', '400 ns', '3.24 ms']);
    expect([850, 1_200, 11_702, 120_400, 1_400_000, -1_600].map(formatSize)).toEqual(['850 B', '1,200 B', '11,702 B', '120 kB', '1.40 MB', '1,600 B']);
  });

  it('writes a difference to JSON with its sign, a true minus for sooner', () => {
    expect([-23.81, 1.2, 0, -0.2].map(formatSignedMs)).toEqual(['−23.8 ms', '+1.20 ms', '0 ms', '−200 µs']);
  });

  it('responses and served encodings', () => {
    expect([1, 9, 'never' as const].map(formatResponses)).toEqual(['1 response', '9 responses', 'never']);
    expect((['none', 'gzip', 'brotli'] as const).map(servedWords)).toEqual(['uncompressed', 'with gzip', 'with brotli']);
  });
});

describe('verdictSentence', () => {
  it('names the row usable first, its lead over JSON as time and share, and the rounds it won', () => {
    const ranking = rank(inRounds(ROWS), { network: '3g-slow', served: 'gzip' });
    const first = ranking.ranked[0]!;
    const json = ranking.reference.timeUntilUsable.totalMs;
    expect(first.name).toBe('protobuf');
    expect(verdictSentence(verdict(ranking))).toBe(
      `protobuf is usable first on 3G Slow with gzip: ${formatMs(first.timeUntilUsable.totalMs)} per response, ${formatMs(json - first.timeUntilUsable.totalMs)} (6 %) sooner than JSON (${formatMs(json)}), sooner in 5 of 5 rounds.`,
    );
  });

  it('says which implementation of the format it passed over for less JS, and by how little that one was sooner', () => {
    const rows = [
      withRounds(row('json', 'wirebench', { gzip: 7_000 }), [40, 40, 40, 40, 40]),
      withRounds(row('msgpack', 'msgpackr', { gzip: 7_000, jsBytes: 12_000 }), [1, 1, 1, 1, 1]),
      withRounds(row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 7_871 }), [1.1, 1.1, 1.1, 1.1, 1.1]),
    ];
    expect(verdictSentence(verdict(rank(rows, { network: '4g', served: 'gzip' })))).toMatch(
      /^msgpack is usable first on 4G with gzip: .* sooner in 5 of 5 rounds\. msgpack \(7,871 B of JS\) is named over msgpack \(msgpackr\), not noticeably sooner here \(msgpack \(msgpackr\): 100\.0 µs sooner, 0\.05 % of JSON's time, with 12,000 B of JS\)\.$/,
    );
  });

  it('says "later", with no share, when JSON itself is left out and the first row is slower than it', () => {
    const rows = inRounds([row('json', 'wirebench', { gzip: 7_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 7_000, decodeMs: 5, jsBytes: 1 })]);
    const lossyJson = rows.map((r) => (r.format === 'json' ? { ...r, fidelity: { ok: false } } : r));
    expect(verdictSentence(verdict(rank(lossyJson, { network: '4g', served: 'gzip' })))).toMatch(
      /^msgpack is usable first on 4G with gzip: \S+ ms per response, 4\.70 ms later than JSON \(\S+ ms\), sooner in 0 of 5 rounds\.$/,
    );
  });

  it('says to stay with JSON when no format is noticeably sooner: the best row, its gain as time and share, and the threshold', () => {
    const ranking = rank(inRounds(ROWS), { network: '4g', served: 'gzip' });
    const json = ranking.reference.timeUntilUsable.totalMs;
    const saved = json - ranking.ranked[0]!.timeUntilUsable.totalMs;
    expect(verdictSentence(verdict(ranking))).toBe(
      `Stay with JSON on 4G with gzip: no format is noticeably sooner (protobuf is best, ${formatMs(saved)} sooner, ${formatShare(saved / json)} of JSON's ${formatMs(json)}; the threshold is 5 %).`,
    );
    expect(formatShare(saved / json)).toBe('0.7 %');
  });

  it('says to stay with JSON when the best row is sooner in too few rounds to tell from the noise, and both reasons at once', () => {
    const rounds = (fast: number): RowFacts[] => [
      withRounds(row('json', 'wirebench', { gzip: 7_000 }), [20, 20, 20, 20, 20]),
      withRounds(
        row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 1 }),
        [1, 1, 1, 25, 25].map((ms, i) => (i < fast ? 1 : ms)),
      ),
    ];
    expect(verdictSentence(verdict(rank(rounds(3), { network: '4g', served: 'gzip' })))).toMatch(
      /^Stay with JSON on 4G with gzip: no format is noticeably sooner \(msgpack is best, 19\.0 ms sooner, 9\.\d % of JSON's \S+ ms; sooner in 3 of 5 rounds, 5 needed to tell it from the noise\)\. msgpack is level with JSON: /,
    );
    expect(verdictSentence(verdict(rank(rounds(3), { network: '4g', served: 'gzip', minGain: 0.2 })))).toMatch(
      /\(msgpack is best, 19\.0 ms sooner, 9\.\d % of JSON's \S+ ms; the threshold is 20 %; and sooner in 3 of 5 rounds, 5 needed to tell it from the noise\)/,
    );
  });

  it('says "later than JSON" when the best row is ahead by its median but behind in most rounds', () => {
    const json = withRounds(row('json', 'wirebench', { gzip: 7_000 }), [20, 20, 20, 20, 20]);
    const msgpack = withRounds(row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 1 }), [25, 25, 25, 25, 1]);
    // The median of every sample (1 ms) leans to the round that ran fast; the rounds say otherwise.
    const skewed = { ...msgpack, figures: { ...msgpack.figures!, decodeMs: 1 } };
    expect(verdictSentence(verdict(rank([json, skewed], { network: '4g', served: 'gzip' })))).toMatch(
      /^Stay with JSON on 4G with gzip: no format is noticeably sooner \(msgpack is best, 19\.0 ms sooner, .*; later than JSON in 4 of 5 rounds\)\.$/,
    );
  });

  it('says too few rounds to rank, with how many there were and how many are needed', () => {
    expect(verdictSentence(verdict(rank(inRounds(ROWS, 4), { network: '3g-slow', served: 'gzip' })))).toBe(
      'Too few rounds to rank on 3G Slow with gzip: 4 measured, at least 5 needed; measure again with more rounds.',
    );
    expect(verdictSentence(verdict(rank(ROWS, { network: '4g', served: 'none' })))).toBe(
      'Too few rounds to rank on 4G uncompressed: no paired rounds, at least 5 needed; measure again with more rounds.',
    );
  });

  it('says to stay with JSON when JSON is first (and how far the next row is), when it alone is ranked, and that nothing meets constraints that rule out every row', () => {
    const slow = inRounds(ROWS.map((r) => (r.format === 'json' ? r : { ...r, figures: { ...r.figures!, decodeMs: 1_000 } })));
    expect(verdictSentence(verdict(rank(slow, { network: 'cable', served: 'gzip' })))).toBe(
      "Stay with JSON on Cable with gzip: no format that meets your constraints is usable sooner (the next, protobuf, is 997 ms later than JSON's 41.0 ms).",
    );
    expect(verdictSentence(verdict(rank(ROWS, { network: '4g', served: 'gzip', readableTraffic: true })))).toBe(
      'Stay with JSON on 4G with gzip: it is the only format that meets your constraints.',
    );
    const lossy = ROWS.map((r) => ({ ...r, fidelity: { ok: false, firstDiff: { path: '$.id', kind: 'value' as const } } }));
    expect(verdictSentence(verdict(rank(lossy, { network: '4g', served: 'none' })))).toBe('No row meets these constraints on 4G uncompressed: see why below.');
  });

  it('names the rows level with the first, one, or several with commas', () => {
    const five = ALL_LEVEL.map((r) => withRounds(r, [...r.figures!.decodeRoundsMs!, 0.3]));
    const two = verdictSentence(verdict(rank(five.slice(0, 2), { network: '4g', served: 'gzip' })));
    expect(two).toMatch(/^Stay with JSON on 4G with gzip: .*\. msgpack is level with JSON: /);
    const four = verdictSentence(verdict(rank(five, { network: '4g', served: 'gzip' })));
    expect(four).toMatch(/\. cbor, cbor \(cbor-x\) and msgpack are level with JSON: /);
  });
});

describe('answerVerdict', () => {
  const answerOn = (network: string, networks: readonly string[], minGain?: number): PayloadAnswer => {
    const rows = inRounds(ROWS);
    const ranking = rank(rows, { network, served: 'gzip', ...(minGain !== undefined ? { minGain } : {}) });
    return { networks, served: ['none', 'gzip'], rows: [], ranking, otherNetworks: otherNetworks(rows, ranking, networks) };
  };

  it('says what would change a verdict to stay with JSON: the network where a format is noticeably sooner', () => {
    const text = answerVerdict(answerOn('4g', ['3g-slow', '4g']));
    expect(text).toMatch(/^Stay with JSON on 4G with gzip: .*\. It would change on 3G Slow, where protobuf is 33\.7 ms \(6 %\) sooner than JSON\.$/);
  });

  it('says where a named format gives way to JSON, and that the verdict holds where it does', () => {
    expect(answerVerdict(answerOn('3g-slow', ['3g-slow', '4g']))).toMatch(
      /^protobuf is usable first on 3G Slow .*\. On 4G, stay with JSON: no format is noticeably sooner there\.$/,
    );
    expect(answerVerdict(answerOn('4g', ['3g-slow', '4g', 'cable'], 0.5))).toMatch(/^Stay with JSON on 4G with gzip: .*\. The same on 3G Slow and Cable\.$/);
  });

  it('says up to which CPU slowdown the verdict holds, and what it becomes past it', () => {
    const onFourG = answerOn('4g', ['4g']);
    const holds = answerVerdict({
      ...onFourG,
      slowerCpu: [
        { factor: 2, kind: 'stay-with-json' },
        { factor: 4, kind: 'stay-with-json' },
      ],
    });
    expect(holds).toMatch(/\. It holds on a CPU 2× and 4× \(Lighthouse's mobile profile\) slower than the one measured\.$/);
    const changes = answerVerdict({
      ...onFourG,
      slowerCpu: [
        { factor: 2, kind: 'stay-with-json' },
        { factor: 4, kind: 'format-first', named: { name: 'flatbuffers', savedMs: 12, share: 0.06 } },
      ],
    });
    expect(changes).toMatch(
      /\. It holds on a CPU up to 2× slower; on a CPU 4× \(Lighthouse's mobile profile\) slower than the one measured, flatbuffers is 12\.0 ms \(6 %\) sooner than JSON\.$/,
    );
    const atOnce = answerVerdict({ ...onFourG, slowerCpu: [{ factor: 2, kind: 'format-first', named: { name: 'cbor', savedMs: 9, share: 0.05 } }] });
    expect(atOnce).toMatch(/\. On a CPU 2× slower than the one measured, cbor is 9\.00 ms \(5 %\) sooner than JSON\.$/);
  });

  it('names where the device times were measured: runtime, engine, CPU, a worker and any throttling', () => {
    const node = { runtime: 'node', runtimeVersion: 'Node v20.19.0', cpuModel: 'AMD EPYC', cores: 2, timerResolutionMs: 0.001, libraries: {} } as const;
    expect(deviceWords(node)).toBe('in Node v20.19.0 (V8) on AMD EPYC, 2 cores');
    const page = { runtime: 'worker', runtimeVersion: 'Firefox 140', cores: 8, cpuThrottle: 4, timerResolutionMs: 0.02, libraries: {} } as const;
    expect(deviceWords(page)).toBe('in Firefox 140 (SpiderMonkey), a Web Worker on 8 cores, at 4× CPU throttling');
    expect(deviceWords({ ...page, runtimeVersion: 'Safari 18.4', cpuThrottle: 1 })).toBe('in Safari 18.4 (JavaScriptCore), a Web Worker on 8 cores');
    expect(answerVerdict(answerOn('4g', ['4g']), node)).toMatch(/\. Device times measured in Node v20\.19\.0 \(V8\) on AMD EPYC, 2 cores\.$/);
  });

  it('is the verdict alone for a result saved before the other networks were (no `otherNetworks`)', () => {
    const { otherNetworks: _, ...older } = answerOn('4g', ['3g-slow', '4g']);
    expect(answerVerdict(older)).toBe(verdictSentence(verdict(older.ranking)));
  });
});

describe('formatShare', () => {
  it('quotes a share as a percent: whole from 10 %, one decimal below (none when it is 0), one figure below 1 %', () => {
    expect([0.001, 0.0007, 0.05, 0.0603, 0.25, -0.042, 0].map(formatShare)).toEqual(['0.1 %', '0.07 %', '5 %', '6 %', '25 %', '4.2 %', '0 %']);
  });
});

describe('rankedReason and rankedDetail', () => {
  it('quote the figures: time, the preset, the saving over JSON on the wire and on the device, the JS and when it is repaid', () => {
    const rows = [row('json', 'wirebench', { gzip: 8_000, decodeMs: 0.3 }), row('msgpack', 'wirebench', { gzip: 6_800, decodeMs: 0.5, jsBytes: 12_000 })];
    const ranking = rank(rows, { network: '3g-slow', served: 'gzip' });
    // msgpack: 400 ms RTT + 6,800 B at 400 Kbps (136 ms) + 0.1 + 0.5 = 536.6 ms; JSON: 400 + 160 + 0.1 + 0.3 = 560.4 ms.
    // 12 KB of JS ÷ 1,200 B saved = 10 responses; its 240 ms download ÷ 23.8 ms saved = 10.1, so 11.
    expect(ranking.ranked.map((r) => rankedReason(r, ranking))).toEqual([
      'msgpack: 537 ms until usable on 3G Slow with gzip, 23.8 ms sooner than JSON: 1,200 B less to transfer, decompression + decode 200 µs slower; repays its 12,000 B of JS after 10 responses by bytes, 11 responses by time on 3G Slow',
      "json: 560 ms until usable on 3G Slow with gzip, the reference; no JS to ship (the platform's JSON.parse)",
    ]);
    expect(rankedReason(ranking.ranked[0]!, ranking, { name: false })).toBe(
      '537 ms until usable on 3G Slow with gzip, 23.8 ms sooner than JSON: 1,200 B less to transfer, decompression + decode 200 µs slower; repays its 12,000 B of JS after 10 responses by bytes, 11 responses by time on 3G Slow',
    );
    expect(rankedDetail(ranking.ranked[0]!, ranking)).toBe(
      '23.8 ms sooner than JSON: 1,200 B less to transfer, decompression + decode 200 µs slower; repays its 12,000 B of JS after 10 responses by bytes, 11 responses by time on 3G Slow',
    );
    const same = rank([rows[0] as RowFacts, row('msgpack', 'wirebench', { gzip: 6_800, decodeMs: 0.3, jsBytes: 12_000 })], {
      network: '3g-slow',
      served: 'gzip',
    });
    // The same decode: no device clause, and bytes and time repay the JS alike.
    expect(rankedReason(same.ranked[0]!, same)).toBe(
      'msgpack: 536 ms until usable on 3G Slow with gzip, 24.0 ms sooner than JSON: 1,200 B less to transfer; repays its 12,000 B of JS after 10 responses',
    );
  });

  it('say when a row saves bytes and loses time, so its JS is never repaid by time', () => {
    const rows: RowFacts[] = [
      row('json', 'wirebench', { gzip: 8_000, decodeMs: 0.3 }),
      row('protobuf', 'wirebench', { gzip: 6_000, decodeMs: 3, jsBytes: 11_702 }),
    ];
    const fios = rank(rows, { network: 'fios', served: 'gzip' });
    expect(rankedReason(fios.ranked[1]!, fios)).toBe(
      'protobuf: 9.50 ms until usable on FIOS with gzip, 1.90 ms later than JSON: 2,000 B less to transfer, decompression + decode 2.70 ms slower; repays its 11,702 B of JS after 6 responses by bytes, never by time on FIOS',
    );
  });

  it('say in both reasons that two rows are level, and how often their order flipped', () => {
    const ranking = rank(LEVEL_PAIR, { network: '4g', served: 'gzip' });
    expect(ranking.ranked.map((r) => r.name)).toEqual(['json', 'msgpack', 'cbor']);
    expect(rankedReason(ranking.ranked[0]!, ranking)).toMatch(/; level with msgpack: the order flipped in 2 of 5 rounds$/);
    expect(rankedDetail(ranking.ranked[1]!, ranking)).toMatch(/; level with json: the order flipped in 2 of 5 rounds$/);
    expect(rankedReason(ranking.ranked[2]!, ranking)).not.toContain('level with');
  });

  it('repaidByTime: a chart label for one link', () => {
    const ranking = rank(ROWS, { network: '3g-slow', served: 'gzip' });
    const be = ranking.ranked.find((r) => r.name === 'msgpack')!.breakEven;
    expect(repaidByTime(be)).toBe(`repays its 7,871 B of JS after ${formatResponses(be.responsesByTime)}`);
    expect(repaidByTime({ ...be, responsesByTime: 'never' })).toBe('never repays its 7,871 B of JS');
  });
});

describe('why a row is not ranked', () => {
  it('one line per row: its name, then every reason', () => {
    const lossy = row('cbor', 'cbor-x', { gzip: 100, decodeMs: 0, jsBytes: 0, fidelity: { ok: false, firstDiff: { path: '$.orders[3].id', kind: 'value' } } });
    expect(excludedReason(rank([...ROWS, lossy], { network: '3g-slow', served: 'gzip' }).excluded[0]!)).toBe(
      'cbor (cbor-x): lost data at $.orders[3].id (value)',
    );
    const noEval = rank(ROWS, { network: '3g-slow', served: 'gzip', noEval: true });
    expect(excludedReason(noEval.excluded[1]!)).toBe(
      `protobuf (protobufjs): cannot run without eval (new Function), which a no-eval CSP forbids: ${IMPLEMENTATION_CAPABILITIES['protobuf/protobufjs']?.evalWhy}`,
    );
    const budget = rank(ROWS, { network: '3g-slow', served: 'gzip', bundleBudgetBytes: 10_000 });
    expect(budget.excluded.map(excludedReason)).toEqual([
      'msgpack (msgpackr): 12,000 B of JS over a 10,000 B budget',
      'protobuf: 11,702 B of JS over a 10,000 B budget',
      'protobuf (protobufjs): 18,000 B of JS over a 10,000 B budget',
      'flatbuffers: 11,704 B of JS over a 10,000 B budget',
    ]);
    const noSchema = rank(ROWS, { network: '4g', served: 'gzip', sharedSchemaOk: false });
    expect(excludedReason(noSchema.excluded[0]!)).toBe('protobuf: needs a shared schema: protobuf needs the same schema on both sides');
  });

  it('a row without figures for the served encoding, one that could not be measured, one never measured', () => {
    const noBrotli: RowFacts = {
      ...row('msgpack', 'wirebench'),
      figures: { bytes: 40_000, compressed: { gzip: 7_000 }, decompressMs: { gzip: 0.1 }, decodeMs: 0.4 },
    };
    const failed: RowFacts = { ...row('cbor', 'wirebench'), figures: undefined, error: 'cbor: refused the payload' };
    const ranking = rank([ROWS[0] as RowFacts, noBrotli, failed], { network: '4g', served: 'brotli' });
    expect(ranking.excluded.map(excludedReason)).toEqual([
      'msgpack: no brotli size: the runtime that measured this row had no brotli compressor',
      'cbor: could not be measured: cbor: refused the payload',
    ]);
    const bare: RowFacts = { ...row('cbor', 'wirebench'), figures: undefined };
    expect(excludedReason(rank([ROWS[0] as RowFacts, bare], { network: '4g', served: 'gzip' }).excluded[0]!)).toBe('cbor: has no measured figures');
  });

  it('every kind of exclusion in words, several joined by "; "', () => {
    const words = (e: Exclusion): string => exclusionWords(e, 'msgpack (msgpackr)');
    expect(
      [
        { code: 'no-bundle-size' },
        { code: 'node-only' },
        { code: 'lost-data' },
        { code: 'no-figures', served: 'gzip', missing: 'decompression' },
        { code: 'needs-eval', eval: 'always' },
        { code: 'needs-eval', eval: 'generated' },
        { code: 'int64', int64: 'refused' },
        { code: 'int64', int64: 'nearest-double' },
        { code: 'int64', int64: 'refused', why: 'refuses a 64-bit integer beyond ±(2^53 − 1) rather than round it' },
        { code: 'not-readable', format: 'msgpack' },
      ].map((e) => words(e as Exclusion)),
    ).toEqual([
      "could not be measured: no bundle size is known for msgpack (msgpackr)'s JavaScript",
      'runs in Node only (a native addon): no page or app can load it',
      'lost data (its round trip was not checked or found no path)',
      "no gzip decompression time: this row's run did not time gzip decompression",
      'cannot run without eval (new Function), which a no-eval CSP forbids',
      'measured with the code it generates with new Function, which a no-eval CSP forbids (there it runs interpreted, at other speeds): to rank it, measure again without eval: wirebench <file> --no-eval (the playground: tick No eval, then Measure)',
      'does not keep int64 exactly: refuses 64-bit integers beyond ±(2^53 − 1)',
      'does not keep int64 exactly: reads 64-bit integers beyond ±(2^53 − 1) as the nearest double',
      'does not keep int64 exactly: refuses a 64-bit integer beyond ±(2^53 − 1) rather than round it',
      'not human-readable: msgpack bytes are binary',
    ]);
    const all = rank([ROWS[0] as RowFacts, row('protobuf', 'protobufjs', { jsBytes: 18_000 })], EVERY_CONSTRAINT);
    expect(exclusionsText(all.excluded.find((r) => r.name === 'protobuf (protobufjs)')!)).toBe(
      [
        'cannot run without eval (new Function), which a no-eval CSP forbids: its encode, decode and toObject are code protobufjs generates with Function, with no fallback',
        '18,000 B of JS over a 10,000 B budget',
        'does not keep int64 exactly: reads a 64-bit integer beyond ±(2^53 − 1) as the nearest double (longs: Number); 2^63 − 1 reads as 2^63',
        'not human-readable: protobuf bytes are binary',
        'needs a shared schema: protobuf needs the same schema on both sides',
      ].join('; '),
    );
  });
});

describe('decompressionWords', () => {
  const answer = (options: { streamed: boolean }, served: 'gzip' | 'brotli' | 'none' = 'gzip') =>
    answered({ network: '4g', served }, options).payloads[0]!.answer!;

  it('says what the decompression part is and at which rate, and what an app that decompresses bodies itself pays', () => {
    expect(decompressionWords(answer({ streamed: true }, 'brotli'))).toBe(
      "decompression: what inflating the brotli body adds after its last byte arrives. A browser inflates Content-Encoding while the bytes arrive, so this counts the inflate of the last TLS record (up to 16,384 B) and whatever else the transfer cannot hide, at this device's inflate rate over one long stream. An app that decompresses bodies itself pays a whole call instead (decompressMs in the result).",
    );
    expect(decompressionWords(answer({ streamed: true }, 'none'))).toBe('');
  });

  it('says when the inflate came from the per-call time, and when a saved answer predates the model', () => {
    const perCall = decompressionWords(answer({ streamed: false }));
    expect(perCall).toContain('from one decompression call per body, as this result has no streaming inflate rate');
    expect(perCall).not.toContain('saved before');
    // An answer an older wirebench saved: its figures carry no inflateFrom.
    const saved = answer({ streamed: false });
    const older = { ...saved, rows: saved.rows.map((r) => ({ ...r, usable: r.usable.map(({ inflateFrom: _from, inflateMs: _ms, ...t }) => t) })) };
    expect(decompressionWords(older)).toContain(
      'This answer was saved before that model: its decompression is the whole time of one decompression call per body.',
    );
  });
});

describe('rowAnswerNote', () => {
  const base: RowAnswer = { name: 'msgpack (msgpackr)', format: 'msgpack', implementation: 'msgpackr', jsBytes: 12_000, usable: [], breakEven: [] };
  it('says why a row of the answer has no figures or is never ranked: its error first, then an unknown JS size, then lost data', () => {
    expect(rowAnswerNote(base)).toBeUndefined();
    expect(rowAnswerNote({ ...base, error: 'encode failed: boom', lostData: {} })).toBe('encode failed: boom');
    expect(rowAnswerNote({ ...base, jsBytes: null, bundleSizeUnknown: true, lostData: {} })).toBe(
      "no bundle size is known for msgpack (msgpackr)'s JavaScript",
    );
    expect(rowAnswerNote({ ...base, lostData: { firstDiff: { path: '$.id', kind: 'type' } } })).toBe('lost data at $.id (type)');
    expect(rowAnswerNote({ ...base, lostData: {} })).toBe('lost data');
  });
});
