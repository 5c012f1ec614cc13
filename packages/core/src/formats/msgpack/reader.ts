import type { Limits } from '../../limits.js';
import { BinaryReader } from '../schemaless-binary/reader.js';

const MAX_SAFE_HIGH = 0x1fffff; // the high 32 bits of 2^53 − 1

/**
 * Reads MessagePack item heads for `BinaryReader`: nil, booleans, integers that a JS number holds
 * exactly, finite floats, UTF-8 strings, arrays and maps with string keys. Everything else (bin,
 * ext and timestamps, the never-used 0xc1) is refused with its byte offset.
 */
export class MsgpackReader extends BinaryReader {
  constructor(limits: Limits) {
    super('msgpack', limits);
  }

  protected walk(): void {
    const bytes = this.bytes;
    const end = this.end;
    for (;;) {
      const start = this.pos;
      if (start >= end) throw this.fail(start, 'truncated: the input ends where a value should start');
      const b = bytes[start] as number;
      if (b < 0x80) {
        this.pos = start + 1;
        this.scalar(start, b);
      } else if (b >= 0xe0) {
        this.pos = start + 1;
        this.scalar(start, b - 0x100);
      } else if (b >= 0xa0 && b < 0xc0) {
        this.string(start, 1, b & 0x1f);
      } else if (b < 0x90) {
        this.pos = start + 1;
        this.open(start, b & 0x0f, true);
      } else if (b < 0xa0) {
        this.pos = start + 1;
        this.open(start, b & 0x0f, false);
      } else {
        this.marker(start, b);
      }
      if (this.done) return;
    }
  }

  private marker(start: number, b: number): void {
    const bytes = this.bytes;
    const p = start + 1;
    switch (b) {
      case 0xc0:
        this.pos = p;
        return this.scalar(start, null);
      case 0xc2:
        this.pos = p;
        return this.scalar(start, false);
      case 0xc3:
        this.pos = p;
        return this.scalar(start, true);
      case 0xca:
        this.ensure(start, 5, 'a float 32');
        this.pos = start + 5;
        return this.scalar(start, this.float(start, p, 4));
      case 0xcb:
        this.ensure(start, 9, 'a float 64');
        this.pos = start + 9;
        return this.scalar(start, this.float(start, p, 8));
      case 0xcc:
        this.ensure(start, 2, 'a uint 8');
        this.pos = start + 2;
        return this.scalar(start, bytes[p]);
      case 0xcd:
        this.ensure(start, 3, 'a uint 16');
        this.pos = start + 3;
        return this.scalar(start, this.u16(p));
      case 0xce:
        this.ensure(start, 5, 'a uint 32');
        this.pos = start + 5;
        return this.scalar(start, this.u32(p));
      case 0xcf: {
        this.ensure(start, 9, 'a uint 64');
        const high = this.u32(p);
        const low = this.u32(p + 4);
        if (high > MAX_SAFE_HIGH) throw this.inexactInteger(start, String((BigInt(high) << 32n) | BigInt(low)));
        this.pos = start + 9;
        return this.scalar(start, high * 0x100000000 + low);
      }
      case 0xd0:
        this.ensure(start, 2, 'an int 8');
        this.pos = start + 2;
        return this.scalar(start, ((bytes[p] as number) << 24) >> 24);
      case 0xd1:
        this.ensure(start, 3, 'an int 16');
        this.pos = start + 3;
        return this.scalar(start, (this.u16(p) << 16) >> 16);
      case 0xd2:
        this.ensure(start, 5, 'an int 32');
        this.pos = start + 5;
        return this.scalar(start, this.u32(p) | 0);
      case 0xd3: {
        this.ensure(start, 9, 'an int 64');
        const high = this.u32(p) | 0;
        const low = this.u32(p + 4);
        // Safe: −(2^53 − 1) ≤ value ≤ 2^53 − 1, i.e. high in [−2^21, 2^21) except −2^53 itself.
        if (high > MAX_SAFE_HIGH || high < -MAX_SAFE_HIGH - 1 || (high === -MAX_SAFE_HIGH - 1 && low === 0)) {
          throw this.inexactInteger(start, String((BigInt(high) << 32n) | BigInt(low)));
        }
        this.pos = start + 9;
        return this.scalar(start, high * 0x100000000 + low);
      }
      case 0xd9:
        this.ensure(start, 2, 'a str 8 header');
        return this.string(start, 2, bytes[p] as number);
      case 0xda:
        this.ensure(start, 3, 'a str 16 header');
        return this.string(start, 3, this.u16(p));
      case 0xdb:
        this.ensure(start, 5, 'a str 32 header');
        return this.string(start, 5, this.u32(p));
      case 0xdc:
        this.ensure(start, 3, 'an array 16 header');
        this.pos = start + 3;
        return this.open(start, this.u16(p), false);
      case 0xdd:
        this.ensure(start, 5, 'an array 32 header');
        this.pos = start + 5;
        return this.open(start, this.u32(p), false);
      case 0xde:
        this.ensure(start, 3, 'a map 16 header');
        this.pos = start + 3;
        return this.open(start, this.u16(p), true);
      case 0xdf:
        this.ensure(start, 5, 'a map 32 header');
        this.pos = start + 5;
        return this.open(start, this.u32(p), true);
      case 0xc1:
        throw this.fail(start, 'the byte 0xc1, which MessagePack never uses');
      case 0xc4:
      case 0xc5:
      case 0xc6:
        throw this.notJson(start, 'a bin (byte string)');
      default: {
        // 0xc7–0xc9 ext 8/16/32 and 0xd4–0xd8 fixext: the type byte follows the length.
        const typeAt = b >= 0xd4 ? p : p + (b - 0xc6);
        const type = typeAt < this.end ? ((bytes[typeAt] as number) << 24) >> 24 : undefined;
        throw this.notJson(start, type === -1 ? 'a timestamp (ext type −1)' : `an ext value${type === undefined ? '' : ` of type ${type}`}`);
      }
    }
  }

  /** A string whose `length` bytes follow a header of `header` bytes at `start`. */
  private string(start: number, header: number, length: number): void {
    const from = start + header;
    if (from + length > this.end) {
      throw this.fail(start, `truncated: a string of ${length} bytes, but the input ends ${this.end - from} bytes after its header`);
    }
    this.pos = from + length;
    this.text(start, from, from + length);
  }
}
