/**
 * answer/capabilities.ts: the table lists every implementation, and its eval and int64 claims are
 * what the codecs do: each codec is built and run with `Function` counted, then forbidden (as a
 * CSP without 'unsafe-eval' does), and fed a 64-bit integer past 2^53 from another writer.
 */

import type { FormatId, ImplementationId } from '@wirebench/core';
import { createCodec, FORMATS, IMPLEMENTATIONS, inferSchema } from '@wirebench/core';
import { describe, expect, it, vi } from 'vitest';
import { ForbiddenFunction } from '../../../core/test/support/generated-code.js';
import { capabilitiesOf, IMPLEMENTATION_CAPABILITIES, isReadable, needsSharedSchema } from '../../src/answer/capabilities.js';
import { orderBatch, seededRandom } from '../../src/samples.js';

const SAMPLE = orderBatch(seededRandom(7), 30);
const SCHEMA = inferSchema(SAMPLE);
const PAIRS = FORMATS.flatMap((format) => IMPLEMENTATIONS[format].map((i) => ({ format, implementation: i.id })));

/** Builds the codec and round-trips the sample, all while `Function` is `replacement`. */
async function runWith(format: FormatId, implementation: ImplementationId, replacement: unknown): Promise<void> {
  // The module loads first (with the real Function): a load-time probe is not the codec's use.
  await createCodec(format, { implementation, schema: SCHEMA });
  vi.stubGlobal('Function', replacement);
  try {
    const codec = await createCodec(format, { implementation, schema: SCHEMA });
    // Several rounds: some libraries compile readers only after a shape has been seen a few times.
    for (let i = 0; i < 5; i++) codec.decode(codec.encode(SAMPLE));
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Whether the codec loads here (simdjson's native addon is optional). */
async function available(format: FormatId, implementation: ImplementationId): Promise<boolean> {
  try {
    await createCodec(format, { implementation, schema: SCHEMA });
    return true;
  } catch {
    return false;
  }
}

describe('IMPLEMENTATION_CAPABILITIES', () => {
  it('lists every implementation of IMPLEMENTATIONS, and only those', () => {
    expect(Object.keys(IMPLEMENTATION_CAPABILITIES).sort()).toEqual(PAIRS.map((p) => `${p.format}/${p.implementation}`).sort());
  });

  it('says why for each entry', () => {
    for (const entry of Object.values(IMPLEMENTATION_CAPABILITIES)) {
      expect(entry.evalWhy.length).toBeGreaterThan(5);
      expect(entry.int64Why.length).toBeGreaterThan(5);
    }
  });

  it('no implementation keeps int64 exactly: decoded data are JS numbers', () => {
    expect(Object.values(IMPLEMENTATION_CAPABILITIES).filter((c) => c.int64 === 'exact')).toEqual([]);
  });

  it('refuses a pair it does not list, naming what to give instead', () => {
    expect(() => capabilitiesOf('msgpack', 'msgpack-lite')).toThrow(/no capabilities listed for msgpack\/msgpack-lite: give the row's eval and int64/);
  });

  it('readable: JSON text only; shared schema: protobuf and FlatBuffers', () => {
    expect(FORMATS.filter(isReadable)).toEqual(['json', 'simdjson']);
    expect(FORMATS.filter(needsSharedSchema)).toEqual(['protobuf', 'flatbuffers']);
  });
});

describe('the eval claims are what the codecs do', () => {
  for (const { format, implementation } of PAIRS) {
    const claim = IMPLEMENTATION_CAPABILITIES[`${format}/${implementation}`]?.eval;
    it(`${format}/${implementation}: ${claim}`, async (context) => {
      if (!(await available(format, implementation))) context.skip(`${format}/${implementation} does not load here`);
      let calls = 0;
      const RealFunction = Function;
      function CountingFunction(...args: string[]): unknown {
        calls++;
        return RealFunction(...args);
      }
      await runWith(format, implementation, CountingFunction);
      const forbidden = runWith(format, implementation, ForbiddenFunction);
      if (claim === 'never') {
        expect(calls).toBe(0);
        await forbidden;
      } else if (claim === 'generated') {
        expect(calls).toBeGreaterThan(0);
        await forbidden; // it falls back
      } else {
        await expect(forbidden).rejects.toThrow();
      }
    });
  }
});

describe('the int64 claims are what the schemaless codecs do', () => {
  // 2^53 + 1 as another writer puts it in the bytes: uint 64 in MessagePack and CBOR, digits in JSON.
  const BYTES: Partial<Record<FormatId, Uint8Array>> = {
    json: new TextEncoder().encode('9007199254740993'),
    msgpack: Uint8Array.of(0xcf, 0x00, 0x20, 0, 0, 0, 0, 0, 0x01),
    cbor: Uint8Array.of(0x1b, 0x00, 0x20, 0, 0, 0, 0, 0, 0x01),
  };
  for (const { format, implementation } of PAIRS.filter((p) => BYTES[p.format])) {
    const claim = IMPLEMENTATION_CAPABILITIES[`${format}/${implementation}`]?.int64;
    it(`${format}/${implementation}: ${claim}`, async () => {
      const codec = await createCodec(format, { implementation });
      const bytes = BYTES[format] as Uint8Array;
      if (claim === 'refused') expect(() => codec.decode(bytes)).toThrow();
      else expect(codec.decode(bytes)).toBe(2 ** 53);
    });
  }
});
