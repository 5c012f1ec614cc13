import type { Limits } from '../../limits.js';
import { BinaryReader } from '../schemaless-binary/reader.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Reads CBOR (RFC 8949) item heads for `BinaryReader`: integers that a JS number holds exactly,
 * finite half/single/double floats, false/true/null, text strings, arrays and maps with text keys,
 * definite or indefinite length. Byte strings, tags, undefined, other simple values and reserved
 * additional-information values are refused with their byte offset. The self-described CBOR tag
 * 55799 (d9 d9 f7) is accepted as a prefix of the whole input, where RFC 8949 §3.4.6 puts it.
 */
export class CborReader extends BinaryReader {
  private readonly chunks: number[] = [];

  constructor(limits: Limits) {
    super('cbor', limits);
  }

  protected walk(): void {
    const bytes = this.bytes;
    const end = this.end;
    if (end >= 3 && bytes[0] === 0xd9 && bytes[1] === 0xd9 && bytes[2] === 0xf7) {
      this.pos = 3;
    }
    for (;;) {
      const start = this.pos;
      if (start >= end) throw this.fail(start, 'truncated: the input ends where a value should start');
      const b = bytes[start] as number;
      const major = b >> 5;
      const info = b & 0x1f;
      if (major === 7) {
        this.simple(start, info);
      } else {
        // The argument: a count, a length or an integer's magnitude.
        let argument: number;
        let p = start + 1;
        if (info < 24) {
          argument = info;
        } else if (info === 24) {
          this.ensure(start, 2, 'an item head');
          argument = bytes[p] as number;
          p += 1;
        } else if (info === 25) {
          this.ensure(start, 3, 'an item head');
          argument = this.u16(p);
          p += 2;
        } else if (info === 26) {
          this.ensure(start, 5, 'an item head');
          argument = this.u32(p);
          p += 4;
        } else if (info === 27) {
          this.ensure(start, 9, 'an item head');
          // Exact up to 2^53; beyond that only compared, never used as a value.
          argument = this.u32(p) * 0x100000000 + this.u32(p + 4);
          p += 8;
        } else if (info === 31) {
          argument = -1;
        } else {
          throw this.fail(start, `the reserved additional information ${info} in the item head 0x${b.toString(16)}`);
        }
        this.pos = p;
        switch (major) {
          case 0:
          case 1: {
            if (argument === -1) throw this.fail(start, `an integer head with indefinite length (0x${b.toString(16)}), which CBOR does not allow`);
            if (argument > (major === 0 ? MAX_SAFE : MAX_SAFE - 1)) throw this.inexactInteger(start, this.bigText(start, major));
            this.scalar(start, major === 0 ? argument : -1 - argument);
            break;
          }
          case 2:
            throw this.notJson(start, 'a byte string');
          case 3:
            if (argument === -1) this.indefiniteText(start);
            else {
              if (p + argument > end) {
                throw this.fail(start, `truncated: a text string of ${argument} bytes, but the input ends ${end - p} bytes after its head`);
              }
              this.pos = p + argument;
              this.text(start, p, p + argument);
            }
            break;
          case 4:
            this.open(start, argument, false);
            break;
          case 5:
            this.open(start, argument, true);
            break;
          default: {
            const what =
              argument === 28 || argument === 29
                ? `the value-sharing tag ${argument} (shared or cyclic references)`
                : argument === 0 || argument === 1
                  ? `the date/time tag ${argument}`
                  : `the tag ${argument === -1 ? '(indefinite)' : argument}`;
            throw this.notJson(start, what);
          }
        }
      }
      if (this.done) return;
    }
  }

  /** Major type 7: false, true, null, floats and the break; the rest is refused. */
  private simple(start: number, info: number): void {
    const p = start + 1;
    switch (info) {
      case 20:
        this.pos = p;
        return this.scalar(start, false);
      case 21:
        this.pos = p;
        return this.scalar(start, true);
      case 22:
        this.pos = p;
        return this.scalar(start, null);
      case 23:
        throw this.notJson(start, 'undefined (0xf7)');
      case 25:
        this.ensure(start, 3, 'a half float');
        this.pos = start + 3;
        return this.scalar(start, this.float(start, p, 2));
      case 26:
        this.ensure(start, 5, 'a single float');
        this.pos = start + 5;
        return this.scalar(start, this.float(start, p, 4));
      case 27:
        this.ensure(start, 9, 'a double float');
        this.pos = start + 9;
        return this.scalar(start, this.float(start, p, 8));
      case 31:
        this.pos = p;
        return this.close(start);
      case 24:
        throw this.notJson(start, p < this.end ? `the simple value ${this.bytes[p]}` : 'a simple value');
      default:
        if (info < 20) throw this.notJson(start, `the simple value ${info}`);
        throw this.fail(start, `the reserved additional information ${info} in the item head 0x${(0xe0 | info).toString(16)}`);
    }
  }

  /** A text string in definite-length text chunks up to a break; `this.pos` is just after its head. */
  private indefiniteText(start: number): void {
    const bytes = this.bytes;
    const end = this.end;
    const chunks = this.chunks;
    chunks.length = 0;
    let p = this.pos;
    for (;;) {
      if (p >= end) throw this.fail(start, 'truncated: an indefinite-length text string has no break (0xff)');
      const b = bytes[p] as number;
      if (b === 0xff) break;
      const info = b & 0x1f;
      if (b >> 5 !== 3 || info > 27) {
        throw this.fail(p, 'an indefinite-length text string may only hold definite-length text strings until its break');
      }
      let length = info;
      let from = p + 1;
      if (info >= 24) {
        const size = 1 << (info - 24);
        this.ensure(p, 1 + size, 'a text chunk head');
        length =
          size === 1 ? (bytes[from] as number) : size === 2 ? this.u16(from) : size === 4 ? this.u32(from) : this.u32(from) * 0x100000000 + this.u32(from + 4);
        from += size;
      }
      if (from + length > end) throw this.fail(p, `truncated: a text chunk of ${length} bytes, but the input ends ${end - from} bytes after its head`);
      chunks.push(from, from + length);
      p = from + length;
    }
    this.pos = p + 1;
    this.chunkedText(start, chunks);
  }

  private bigText(start: number, major: number): string {
    const info = (this.bytes[start] as number) & 0x1f;
    const size = info === 27 ? 8 : 4;
    let value = 0n;
    for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(this.bytes[start + 1 + i] as number);
    return String(major === 0 ? value : -1n - value);
  }
}
