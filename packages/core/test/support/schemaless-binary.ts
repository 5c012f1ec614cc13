/**
 * What the msgpack and CBOR tests share: both codecs by format name, raw bytes, and the refusal a
 * codec throws. Used by test/formats/schemaless-binary/, msgpack/ and cbor/.
 */
import { expect } from 'vitest';
import { WirebenchError } from '../../src/errors.js';
import { cborCodec } from '../../src/formats/cbor/codec.js';
import { msgpackCodec } from '../../src/formats/msgpack/codec.js';

export const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
export const ascii = (text: string): number[] => [...new TextEncoder().encode(text)];
export const make = { msgpack: msgpackCodec, cbor: cborCodec } as const;
export type Binary = keyof typeof make;
export const FORMATS: Binary[] = ['msgpack', 'cbor'];

/** The WirebenchError `run` throws (fails the test when it throws nothing or something else). */
export function refusal(format: Binary, run: () => unknown): WirebenchError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(WirebenchError);
  expect((thrown as WirebenchError).format).toBe(format);
  return thrown as WirebenchError;
}
