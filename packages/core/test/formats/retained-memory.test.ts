/**
 * What a decoder keeps in memory for hostile bytes, measured in a fresh Node process with
 * `--expose-gc` (support/retained-memory.mjs, on the built package): the heap the decoded value
 * holds after full collections, divided by the input's size. The README promises at most
 * RETAINED_BOUND bytes per input byte for every decoder; the inputs are the worst shapes known for
 * each format, and for the schema formats they are padded to sit just inside the value budget
 * (limits.ts), so the figure is the most the budget lets through, not a refusal.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const SCRIPT = join(REPO_ROOT, 'packages/core/test/support/retained-memory.mjs');
/** Bytes of heap a decoded value may keep per byte of input (README, Limits and guarantees). */
const RETAINED_BOUND = 80;
const COUNT = 200_000;

interface Measured {
  readonly input: number;
  readonly retained: number;
  readonly items: number;
  readonly error?: string;
}

function measure(name: string, csp = false): Measured {
  const run = spawnSync(process.execPath, ['--expose-gc', SCRIPT, name, String(COUNT), ...(csp ? ['csp'] : [])], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`${name}: exit ${String(run.status)}\n${run.stderr}`);
  return JSON.parse(run.stdout) as Measured;
}

const CASES = [
  // Three bytes (`{},`) per empty object: JSON.parse, for comparison.
  'json-empty-objects',
  // One byte per empty container: the schemaless formats' worst case, a 56-byte object per byte.
  'msgpack-empty-maps',
  'msgpack-empty-arrays',
  'msgpack-short-strings',
  // 14 bytes per string of 13 characters, each a slice of a batch's text (wire/utf8/batch.ts).
  'msgpack-sliced-strings',
  'cbor-empty-maps',
  'cbor-empty-arrays',
  'cbor-short-strings',
  'cbor-sliced-strings',
  // Two bytes (`0a 00`) per record of 30 fields, every one a default (137× before the value budget).
  'protobuf-empty-messages',
  'protobuf-empty-messages-interpreted',
  'protobuf-empty-dynamic-objects',
  // Four bytes per offset to one shared table, or to one shared short string (50× before).
  'flatbuffers-shared-table',
  'flatbuffers-shared-ascii-string',
  'flatbuffers-shared-string',
];

describe('retained memory on hostile input', () => {
  it.each(CASES)(`%s: decoded whole, keeping at most ${RETAINED_BOUND}× the input`, (name) => {
    const measured = measure(name);
    expect(measured.error).toBeUndefined();
    expect(measured.items).toBe(COUNT);
    expect(measured.retained / measured.input).toBeLessThanOrEqual(RETAINED_BOUND);
    // The probe measures something: every item holds at least a pointer in its array.
    expect(measured.retained).toBeGreaterThan(COUNT * 8);
  });

  it.each(['protobuf-empty-messages', 'flatbuffers-shared-table'])('%s without generated code (CSP): the same bound', (name) => {
    const measured = measure(name, true);
    expect(measured.error).toBeUndefined();
    expect(measured.items).toBe(COUNT);
    expect(measured.retained / measured.input).toBeLessThanOrEqual(RETAINED_BOUND);
  });
});
