/**
 * The playground's constraints (src/answer/constraints.ts): whether the run measured the rows of
 * generated code as the No eval box asks, which the page says beside the box, with Measure again.
 */
import { describe, expect, it } from 'vitest';
import type { RowResult } from 'wirebench';
import { evalMismatch } from '../../src/answer/constraints.js';

const row = (name: string, format: RowResult['format'], implementation: string, over: Partial<RowResult> = {}): RowResult => ({
  name,
  kind: 'codec',
  format,
  implementation,
  ...over,
});

/** A run's codec rows (no figures: what is read is which code each row ran). */
function run(interpreted: boolean): RowResult[] {
  const marked = interpreted ? { interpreted: true } : {};
  return [
    row('json', 'json', 'wirebench'),
    row('msgpack', 'msgpack', 'wirebench'),
    row('protobuf', 'protobuf', 'wirebench', marked),
    row('protobuf (protobufjs)', 'protobuf', 'protobufjs'),
    row('flatbuffers', 'flatbuffers', 'wirebench', marked),
    row('flatbuffers (flatbuffers)', 'flatbuffers', 'flatbuffers', marked),
    { name: '@msgpack/msgpack decode', kind: 'library', format: 'msgpack', wraps: 'msgpack' },
  ];
}

const GENERATING = ['protobuf', 'flatbuffers', 'flatbuffers (flatbuffers)'];

describe('evalMismatch', () => {
  it('nothing to say when the run measured as the box asks', () => {
    expect(evalMismatch(false, run(false))).toBeUndefined();
    expect(evalMismatch(true, run(true))).toBeUndefined();
  });

  it('box ticked after a run of generated code: those rows, to measure interpreted (protobufjs, which cannot run there, is not among them)', () => {
    expect(evalMismatch(true, run(false))).toEqual({ rows: GENERATING, measureAs: 'interpreted' });
  });

  it('box unticked after an interpreted run: those rows, to measure generated', () => {
    expect(evalMismatch(false, run(true))).toEqual({ rows: GENERATING, measureAs: 'generated' });
  });

  it('leaves out a row that could not be measured, and a payload without such rows', () => {
    const failed = run(false).map((r) => (r.name === 'flatbuffers' ? { ...r, error: 'refused' } : r));
    expect(evalMismatch(true, failed)?.rows).toEqual(['protobuf', 'flatbuffers (flatbuffers)']);
    expect(evalMismatch(true, run(false).slice(0, 2))).toBeUndefined();
  });
});
