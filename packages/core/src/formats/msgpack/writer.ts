import type { Limits } from '../../limits.js';
import { ValueWriter } from '../schemaless-binary/writer.js';

/** MessagePack for `ValueWriter`: the bytes @msgpack/msgpack's Encoder writes, except -0 (a float 64 here, the integer 0 there). */
export class MsgpackWriter extends ValueWriter {
  constructor(limits: Limits) {
    super(limits, 32, 0xa0, 0xd9); // fixstr, str 8 / 16 / 32
  }

  protected number(value: number): void {
    const bytes = this.bytes;
    let p = this.pos;
    if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) {
      if (value >= 0) {
        if (value < 0x80) {
          bytes[p++] = value;
        } else if (value < 0x100) {
          bytes[p++] = 0xcc;
          bytes[p++] = value;
        } else if (value < 0x10000) {
          bytes[p++] = 0xcd;
          bytes[p++] = value >> 8;
          bytes[p++] = value & 0xff;
        } else if (value < 0x100000000) {
          bytes[p++] = 0xce;
          this.view.setUint32(p, value);
          p += 4;
        } else {
          bytes[p++] = 0xcf;
          this.view.setUint32(p, Math.floor(value / 0x100000000));
          this.view.setUint32(p + 4, value >>> 0);
          p += 8;
        }
      } else if (value >= -0x20) {
        bytes[p++] = value & 0xff;
      } else if (value >= -0x80) {
        bytes[p++] = 0xd0;
        bytes[p++] = value & 0xff;
      } else if (value >= -0x8000) {
        bytes[p++] = 0xd1;
        this.view.setInt16(p, value);
        p += 2;
      } else if (value >= -0x80000000) {
        bytes[p++] = 0xd2;
        this.view.setInt32(p, value);
        p += 4;
      } else {
        bytes[p++] = 0xd3;
        this.view.setInt32(p, Math.floor(value / 0x100000000));
        this.view.setUint32(p + 4, value >>> 0);
        p += 8;
      }
    } else {
      bytes[p++] = 0xcb;
      this.view.setFloat64(p, value);
      p += 8;
    }
    this.pos = p;
  }

  protected atom(value: boolean | null): void {
    this.bytes[this.pos++] = value === null ? 0xc0 : value ? 0xc3 : 0xc2;
  }

  protected arrayHeader(length: number): void {
    this.header(length, 16, 0x90, 0xdc);
  }

  protected mapHeader(size: number): void {
    this.header(size, 16, 0x80, 0xde);
  }

  /** A count: in the fix byte below `fixLimit`, else after `marker16` (16 bits) or the next marker (32 bits). */
  private header(count: number, fixLimit: number, fix: number, marker16: number): void {
    const bytes = this.bytes;
    const p = this.pos;
    if (count < fixLimit) {
      bytes[p] = fix | count;
      this.pos = p + 1;
    } else if (count < 0x10000) {
      bytes[p] = marker16;
      bytes[p + 1] = count >> 8;
      bytes[p + 2] = count & 0xff;
      this.pos = p + 3;
    } else {
      bytes[p] = marker16 + 1;
      this.view.setUint32(p + 1, count);
      this.pos = p + 5;
    }
  }
}
