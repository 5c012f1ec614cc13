/**
 * result/upgrade.ts: every version-1 result this repository's history holds (the gate's baseline as
 * each era of the bench wrote it, trimmed to its first payload, and the CLI's answered --json output
 * of 8fb3cc0; fixtures/v1/README.md) reads into this version, with nothing measured changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WirebenchError } from '@wirebench/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withAnswers } from '../../src/answer/with-answers.js';
import { RESULT_VERSION } from '../../src/measure/types.js';
import type { ResultPayload, WirebenchResult } from '../../src/result/types.js';
import { upgradeResult } from '../../src/result/upgrade.js';
import { validateMeasureResult } from '../../src/result/validate.js';
import { answered } from '../report/fixture.js';

const FIXTURES = join(import.meta.dirname, 'fixtures/v1');
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();
const read = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

interface RawRow {
  readonly name: string;
  readonly kind: string;
  readonly bytes?: number;
  readonly implementation?: string;
  readonly encode?: { readonly median: number };
  readonly decode?: { readonly median: number };
}
interface RawPayload {
  readonly name: string;
  readonly rows: readonly RawRow[];
  readonly lossyNumbers: readonly unknown[];
  readonly answer?: unknown;
}

describe('upgradeResult', () => {
  it('has a fixture of every shape of version 1 the history holds', () => {
    expect(fixtures).toHaveLength(6);
    expect(fixtures.every((name) => read(name)['version'] === 1)).toBe(true);
  });

  it.each(fixtures)('%s: reads into this version, every measured figure as written', (name) => {
    const raw = read(name);
    const upgraded = upgradeResult(raw);
    expect(upgraded.version).toBe(RESULT_VERSION);
    const rawPayloads = raw['payloads'] as RawPayload[];
    expect(upgraded.payloads.map((p) => p.name)).toEqual(rawPayloads.map((p) => p.name));
    for (const [index, payload] of upgraded.payloads.entries()) {
      const before = rawPayloads[index] as RawPayload;
      expect(payload.rows.map((r) => [r.name, r.bytes, r.encode?.median, r.decode?.median])).toEqual(
        before.rows.map((r) => [r.name, r.bytes, r.encode?.median, r.decode?.median]),
      );
      expect(payload.lossyCount).toBeGreaterThanOrEqual(before.lossyNumbers.length);
      // Keyed by format and implementation: a library's row by its own, wirebench's rows as wirebench's.
      for (const row of payload.rows.filter((r) => r.kind === 'codec')) {
        expect([row.format, row.implementation]).toEqual(
          row.name.includes(' (') ? [row.name.split(' (')[0], row.name.slice(row.name.indexOf('(') + 1, -1)] : [row.name, 'wirebench'],
        );
      }
      // Version 1's answer held sentences: it is left out, to be worked out again from the figures.
      expect(payload.answer).toBeUndefined();
    }
    // What comes out is a result of this version as it is: the strict check takes it.
    expect(validateMeasureResult(upgraded)).toBe(upgraded);
  });

  it('answers a version-1 CLI result again, from its figures, and keeps its byte attribution', () => {
    const raw = read('cli-answered-8fb3cc0.json');
    expect((raw['payloads'] as RawPayload[])[0]?.answer).toBeDefined();
    const upgraded = upgradeResult(raw);
    expect(upgraded.payloads[0]?.attribution?.formats.map((f) => f.format)).toContain('msgpack');
    const again = withAnswers(upgraded, { network: '4g', served: 'gzip' });
    const ranked = again.payloads[0]?.answer?.ranking.ranked.map((r) => r.name) ?? [];
    expect(ranked).toContain('json');
    expect(ranked).toContain('msgpack (msgpackr)');
  });

  it('takes a result of this version as it is', () => {
    const result = answered();
    expect(upgradeResult(JSON.parse(JSON.stringify(result)))).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('keeps the rows a --no-eval run measured interpreted, which the answer then ranks under no eval', () => {
    const result = answered();
    const [orders, ...rest] = result.payloads as [ResultPayload, ...ResultPayload[]];
    const rows = orders.rows.map((row) => (row.name === 'protobuf' ? { ...row, interpreted: true } : row));
    const read = upgradeResult(JSON.parse(JSON.stringify({ ...result, payloads: [{ ...orders, rows }, ...rest] })));
    expect(read.payloads[0]?.rows.find((row) => row.name === 'protobuf')?.interpreted).toBe(true);
    const exclusions = (r: WirebenchResult) =>
      withAnswers(r, { network: '4g', served: 'gzip', noEval: true }).payloads[0]?.answer?.ranking.excluded.find((row) => row.name === 'protobuf')?.exclusions;
    expect(exclusions(result)).toContainEqual({ code: 'needs-eval', eval: 'generated' });
    expect(exclusions(read)?.map((e) => e.code)).not.toContain('needs-eval');
  });

  it('refuses a version it does not know, and what is not a result, in one line', () => {
    expect(() => upgradeResult({ ...read('bench-node-quick-be7af12.json'), version: 3 })).toThrow(
      /^wirebench result version 3 was written by a newer wirebench: this one reads versions 1 and 2; update wirebench to read it$/,
    );
    expect(() => upgradeResult({ ...read('bench-node-quick-be7af12.json'), version: 3 })).toThrow(WirebenchError);
    expect(() => upgradeResult({ format: 'wirebench-result', version: 1, payloads: 'x' })).toThrow(/^malformed wirebench result: /);
    expect(() => upgradeResult(null)).toThrow(/^not a wirebench result/);
  });

  it('meets a damaged version-1 file with a message, never a TypeError', () => {
    const base = read('cli-answered-8fb3cc0.json');
    const junk = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string(), fc.integer(), fc.constant([]), fc.constant({}));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), junk), { minLength: 1, maxLength: 4 }), (damages) => {
        const value = structuredClone(base) as Record<string, unknown>;
        for (const [at, replacement] of damages) damage(value, at, replacement);
        try {
          upgradeResult(value);
        } catch (error) {
          expect(error).toBeInstanceOf(WirebenchError);
          expect((error as Error).message).toMatch(/^(malformed wirebench result: |not a wirebench result: |wirebench result version )[^\n]+$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Replaces the `at`-th object member or array item met in a depth-first walk (modulo their count) with `replacement`. */
function damage(root: Record<string, unknown>, at: number, replacement: unknown): void {
  const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) {
        slots.push([node, i]);
        walk(item);
      }
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, key]);
        walk(item);
      }
    }
  };
  walk(root);
  const [owner, key] = slots[at % slots.length] as [Record<string, unknown> | unknown[], string | number];
  (owner as Record<string | number, unknown>)[key] = replacement;
}
