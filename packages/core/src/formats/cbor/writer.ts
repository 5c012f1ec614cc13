import type { Limits } from '../../limits.js';
import { ValueWriter } from '../schemaless-binary/writer.js';

/**
 * CBOR for `ValueWriter`: the bytes cbor-x's Encoder writes with the codec's options (maps always
 * with a 16-bit count, as cbor-x does, and whole numbers past 32 bits as float 64), except -0,
 * a float 64 here and the integer 0 there.
 */
export class CborWriter extends ValueWriter {
  constructor(limits: Limits) {
    super(limits, 24, 0x60, 0x78); // major type 3 with the length in the head, or in 1 / 2 / 4 bytes
  }

  protected number(value: number): void {
    const bytes = this.bytes;
    let p = this.pos;
    if (value >>> 0 === value && (value !== 0 || 1 / value > 0)) {
      p = this.head(0x00, value);
    } else if (value >> 0 === value && value !== 0) {
      p = this.head(0x20, -1 - value);
    } else if (value < 0 && value >= -0x100000000 && Math.floor(value) === value) {
      bytes[p++] = 0x3a;
      this.view.setUint32(p, -1 - value);
      p += 4;
    } else {
      bytes[p++] = 0xfb;
      this.view.setFloat64(p, value);
      p += 8;
    }
    this.pos = p;
  }

  protected atom(value: boolean | null): void {
    this.bytes[this.pos++] = value === null ? 0xf6 : value ? 0xf5 : 0xf4;
  }

  protected arrayHeader(length: number): void {
    this.pos = this.head(0x80, length);
  }

  protected mapHeader(size: number): void {
    const bytes = this.bytes;
    const p = this.pos;
    if (size < 0x10000) {
      bytes[p] = 0xb9;
      bytes[p + 1] = size >> 8;
      bytes[p + 2] = size & 0xff;
      this.pos = p + 3;
    } else {
      bytes[p] = 0xba;
      this.view.setUint32(p + 1, size);
      this.pos = p + 5;
    }
  }

  /** An item head of major type `major` (already shifted) with the smallest argument form; returns the position after it. */
  private head(major: number, argument: number): number {
    const bytes = this.bytes;
    const p = this.pos;
    if (argument < 24) {
      bytes[p] = major | argument;
      return p + 1;
    }
    if (argument < 0x100) {
      bytes[p] = major | 24;
      bytes[p + 1] = argument;
      return p + 2;
    }
    if (argument < 0x10000) {
      bytes[p] = major | 25;
      bytes[p + 1] = argument >> 8;
      bytes[p + 2] = argument & 0xff;
      return p + 3;
    }
    bytes[p] = major | 26;
    this.view.setUint32(p + 1, argument);
    return p + 5;
  }
}
