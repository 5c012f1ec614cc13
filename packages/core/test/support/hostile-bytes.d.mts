import type { Builder } from 'flatbuffers';

export function flatbuffersSharedVector(count: number, makeTarget: (builder: Builder) => number, padding?: number): Uint8Array;
export function protobufRepeated(item: readonly number[], count: number, padding?: number): Uint8Array;
