import { describe, expect, it } from 'vitest';
import type { CallFrame, CpuProfile } from '../src/profile/summarize.js';
import { OWNERS, ownerOfPath, summarize } from '../src/profile/summarize.js';

const frame = (functionName: string, url = '', lineNumber = -1, scriptId = url === '' ? '0' : '7'): CallFrame => ({
  functionName,
  scriptId,
  url,
  lineNumber,
  columnNumber: lineNumber >= 0 ? 2 : -1,
});

const WRITE = frame('write', 'file:///repo/packages/core/dist/formats/msgpack/writer.js', 39);

/**
 * A hand-made profile: the loop calls wirebench's write, which calls msgpackr's pack, which calls a
 * builtin; write also appears a second time in the tree (one function, two nodes); and V8's
 * garbage collector, (program), (idle) and a function made by new Function (no URL, a script).
 */
const PROFILE: CpuProfile = {
  startTime: 1000,
  endTime: 1120,
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6, 7, 9, 10] },
    { id: 2, callFrame: frame('callFor', 'file:///repo/bench/dist/profile/loop.js', 11), children: [3] },
    {
      id: 3,
      callFrame: WRITE,
      children: [4],
      positionTicks: [
        { line: 45, ticks: 2 },
        { line: 41, ticks: 1 },
      ],
    },
    { id: 4, callFrame: frame('pack', 'file:///repo/node_modules/msgpackr/pack.js', 471), children: [8] },
    { id: 5, callFrame: frame('(garbage collector)') },
    { id: 6, callFrame: frame('(program)') },
    { id: 7, callFrame: frame('(idle)') },
    { id: 8, callFrame: frame('subarray') },
    { id: 9, callFrame: frame('e0', '', 0, '42') },
    { id: 10, callFrame: WRITE, positionTicks: [{ line: 45, ticks: 1 }] },
  ],
  // Sample i lasts until sample i + 1 (the last: until endTime), as DevTools counts it:
  // write 10 + 10 + 10, pack 10, GC 40 (one sample, a long one), idle 10 (left out), subarray 10, e0 10.
  samples: [3, 3, 4, 5, 7, 8, 9, 10],
  timeDeltas: [10, 10, 10, 10, 40, 10, 10, 10],
};

describe('summarize', () => {
  it('shares self time by the time each sample lasts, merges a function met at two nodes, and leaves idle out', () => {
    const summary = summarize(PROFILE);
    expect(summary.samples).toBe(7);
    expect(summary.idleSamples).toBe(1);
    expect(summary.totalMs).toBeCloseTo(0.1, 9);
    const rows = summary.functions.map((row) => [row.name, row.file, row.line, row.owner, row.samples, Number(row.percent.toFixed(6))]);
    expect(rows).toEqual([
      ['(garbage collector)', '', undefined, OWNERS.gc, 1, 40],
      ['write', 'formats/msgpack/writer.js', 40, OWNERS.core, 3, 30],
      ['pack', 'msgpackr/pack.js', 472, 'msgpackr', 1, 10],
      ['subarray', '', undefined, OWNERS.native, 1, 10],
      ['e0', '', 1, OWNERS.generated, 1, 10],
    ]);
    expect(summary.owners.map((row) => [row.owner, Number(row.percent.toFixed(6))])).toEqual([
      [OWNERS.gc, 40],
      [OWNERS.core, 30],
      ['msgpackr', 10],
      [OWNERS.native, 10],
      [OWNERS.generated, 10],
    ]);
    expect(summary.owners.reduce((sum, row) => sum + row.percent, 0)).toBeCloseTo(100, 9);
    // Its lines' ticks, over both of its nodes: line 45 has 3 of 4.
    expect(summary.functions.find((row) => row.name === 'write')?.hotLine).toEqual({ line: 45, percent: 75 });
    expect(summary.functions.find((row) => row.name === 'pack')?.hotLine).toBeUndefined();
  });

  it("shows the hot line where the locator maps it (a bundle's line to its source's)", () => {
    const summary = summarize(PROFILE, (_file, line) => ({ file: 'mapped.ts', line: line === undefined ? 1 : line + 100, owner: OWNERS.core }));
    expect(summary.functions.find((row) => row.name === 'write')?.hotLine).toEqual({ line: 145, percent: 75 });
  });

  it('falls back to hitCount when the profile has no samples', () => {
    const nodes = [
      { id: 1, callFrame: frame('(root)'), hitCount: 0, children: [2, 3] },
      { id: 2, callFrame: WRITE, hitCount: 3 },
      { id: 3, callFrame: frame('(garbage collector)'), hitCount: 1 },
    ];
    const summary = summarize({ startTime: 0, endTime: 1000, nodes });
    expect(summary.functions.map((row) => [row.name, row.samples, row.selfMs, row.percent])).toEqual([
      ['write', 3, 0.75, 75],
      ['(garbage collector)', 1, 0.25, 25],
    ]);
  });

  it('refuses a sample of a node the profile does not list', () => {
    expect(() => summarize({ ...PROFILE, samples: [3, 3, 4, 5, 7, 8, 9, 99] })).toThrow(/node 99/);
  });
});

describe('ownerOfPath', () => {
  it('names the package a path belongs to, with the path inside it', () => {
    expect(ownerOfPath('/w/node_modules/@msgpack/msgpack/dist.esm/Encoder.mjs')).toEqual({
      file: '@msgpack/msgpack/dist.esm/Encoder.mjs',
      owner: '@msgpack/msgpack',
    });
    expect(ownerOfPath('/w/node_modules/a/node_modules/cbor-x/encode.js')).toEqual({ file: 'cbor-x/encode.js', owner: 'cbor-x' });
    expect(ownerOfPath('/w/node_modules/@wirebench/core/dist/wire/utf8/encode.js')).toEqual({ file: 'wire/utf8/encode.js', owner: OWNERS.core });
    expect(ownerOfPath('/w/packages/core/src/formats/msgpack/writer.ts')).toEqual({ file: 'formats/msgpack/writer.ts', owner: OWNERS.core });
    expect(ownerOfPath('/w/bench/src/profile/loop.ts')).toEqual({ file: 'bench/src/profile/loop.ts', owner: OWNERS.harness });
    expect(ownerOfPath('/elsewhere/lib/thing.js')).toEqual({ file: 'lib/thing.js', owner: OWNERS.other });
  });
});
