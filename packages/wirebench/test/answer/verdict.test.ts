/**
 * answer/verdict.ts: the recommendation in one sentence, as the CLI, the HTML report and the
 * playground print it first: the first row and its lead over JSON, or stay with JSON, or nothing
 * meets the constraints; and the rows level with the first.
 */
import { describe, expect, it } from 'vitest';
import { rank } from '../../src/answer/rank.js';
import { verdict } from '../../src/answer/verdict.js';
import { formatMs } from '../../src/answer/wording.js';
import { ROWS, row } from './fixtures.js';

describe('verdict', () => {
  it('names the row usable first and its lead over JSON, from the ranking’s figures', () => {
    const ranking = rank(ROWS, { network: '3g-slow', served: 'gzip' });
    const first = ranking.ranked[0]!;
    const json = ranking.reference.timeUntilUsable.totalMs;
    expect(first.name).toBe('protobuf');
    expect(verdict(ranking)).toBe(
      `protobuf is usable first on 3G Slow with gzip: ${formatMs(first.timeUntilUsable.totalMs)} per response, ${formatMs(json - first.timeUntilUsable.totalMs)} sooner than JSON (${formatMs(json)}).`,
    );
  });

  it('says to stay with JSON when JSON is first, and that nothing meets constraints that rule out every row', () => {
    const slow = ROWS.map((r) => (r.format === 'json' ? r : { ...r, figures: { ...r.figures!, decodeMs: 1_000 } }));
    expect(verdict(rank(slow, { network: 'cable', served: 'gzip' }))).toBe(
      'Stay with JSON on Cable with gzip: no format that meets your constraints is usable sooner.',
    );
    const lossy = ROWS.map((r) => ({ ...r, fidelity: { ok: false, firstDiff: { path: '$.id', kind: 'value' as const } } }));
    expect(verdict(rank(lossy, { network: '4g', served: 'none' }))).toBe('No row meets these constraints on 4G uncompressed: see why below.');
  });

  it('names the rows level with the first, one, or several with commas', () => {
    const rounds = (r: ReturnType<typeof row>, ms: number[]) => ({
      ...r,
      figures: { ...r.figures!, decodeRoundsMs: ms, decodeMs: [...ms].sort((a, b) => a - b)[ms.length >> 1] as number },
    });
    const even = [0.3, 0.3, 0.3, 0.3];
    const rows = [
      rounds(row('json', 'wirebench', { gzip: 7_000 }), even),
      rounds(row('msgpack', 'wirebench', { gzip: 7_000, jsBytes: 1 }), even),
      rounds(row('cbor', 'wirebench', { gzip: 7_000, jsBytes: 1 }), even),
      rounds(row('cbor', 'cbor-x', { gzip: 7_000, jsBytes: 1 }), even),
    ];
    const two = verdict(rank(rows.slice(0, 2), { network: '4g', served: 'gzip' }));
    expect(two).toMatch(/^Stay with JSON on 4G with gzip: .*\. msgpack is level with it: /);
    const four = verdict(rank(rows, { network: '4g', served: 'gzip' }));
    expect(four).toMatch(/\. cbor, cbor \(cbor-x\) and msgpack are level with it: /);
  });
});
