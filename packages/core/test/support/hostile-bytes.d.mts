import type { Builder } from 'flatbuffers';

export function flatbuffersSharedVector(count: number, makeTarget: (builder: Builder) => number, padding?: number): Uint8Array;
export function protobufRepeated(item: readonly number[], count: number, padding?: number): Uint8Array;

export type ChildDecode =
  | { outcome: 'decoded'; ms: number; input: number; retained: number; kind: string }
  | { outcome: 'refused'; name: string; message: string; ms: number; input: number; allocated: number }
  | { outcome: 'crashed'; status: number | null; signal: string | null; outOfMemory: boolean; stderr: string }
  | { outcome: 'timedOut'; timeoutMs: number };

export function decodeInChild(
  format: string,
  implementation: string,
  bytes: Uint8Array,
  options?: { timeoutMs?: number; maxOldSpaceMb?: number; rounds?: number },
): ChildDecode;
export function cborPackedPrefixCopies(prefixLength: number, references: number): Uint8Array;
export function nestedClaims(format: 'msgpack' | 'cbor', levels: number, count: number): Uint8Array;
export function cborSharedString(length: number, references: number): Uint8Array;
