import { keepsBuffer } from '../../wire/buffer.js';
import { writeUtf8 } from '../../wire/utf8.js';

const TWO_32 = 4294967296;

/**
 * The protobuf wire layer for writing: varints, fixed-width numbers, UTF-8 and length-delimited
 * values into one growing buffer that is reused from one encode to the next. A nested message's
 * length is not known before it is written, so one byte is reserved for it and the message moved
 * up only when it turns out to need more (most are shorter than 128 bytes).
 */
export class ProtoWriter {
  bytes = new Uint8Array(4096);
  private view = new DataView(this.bytes.buffer);
  position = 0;
  /** Set while an encode writes here: one started meanwhile (by a getter) needs a writer of its own. */
  busy = false;
  /** What decoding the messages written so far will charge to its value budget (the same costs, summed). */
  values = 0;

  reset(): void {
    this.values = 0;
    if (!keepsBuffer(this.bytes.length, this.position)) {
      this.bytes = new Uint8Array(4096);
      this.view = new DataView(this.bytes.buffer);
    }
    this.position = 0;
  }

  /** A copy of what was written (the buffer itself is reused). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.position);
  }

  /** Makes room for `count` more bytes. */
  ensure(count: number): void {
    if (this.position + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.position + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.position));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /** An unsigned 32-bit varint (also tags and lengths). */
  uint32(value: number): void {
    this.ensure(5);
    const bytes = this.bytes;
    let p = this.position;
    while (value > 127) {
      bytes[p++] = (value & 127) | 128;
      value >>>= 7;
    }
    bytes[p++] = value;
    this.position = p;
  }

  /** An int32 varint: negative values take ten bytes, sign-extended to 64 bits as the wire format requires. */
  int32(value: number): void {
    if (value >= 0) this.uint32(value);
    else this.varint64(value >>> 0, 0xffffffff);
  }

  /** An integer within ±2^64 as a 64-bit varint (two's complement for negatives). */
  int64(value: number): void {
    if (value >= 0) {
      if (value < TWO_32) return this.uint32(value);
      const high = Math.floor(value / TWO_32);
      return this.varint64((value - high * TWO_32) >>> 0, high >>> 0);
    }
    const magnitude = -value;
    let high = Math.floor(magnitude / TWO_32);
    let low = (magnitude - high * TWO_32) >>> 0;
    // Negate the 64-bit magnitude: invert and add one, carrying into the high half.
    low = (~low + 1) >>> 0;
    high = (~high + (low === 0 ? 1 : 0)) >>> 0;
    this.varint64(low, high);
  }

  varint64(low: number, high: number): void {
    this.ensure(10);
    const bytes = this.bytes;
    let p = this.position;
    while (high !== 0) {
      bytes[p++] = (low & 127) | 128;
      low = ((low >>> 7) | (high << 25)) >>> 0;
      high >>>= 7;
    }
    while (low > 127) {
      bytes[p++] = (low & 127) | 128;
      low >>>= 7;
    }
    bytes[p++] = low;
    this.position = p;
  }

  double(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.position, value, true);
    this.position += 8;
  }

  /**
   * A length-delimited string; returns the number of UTF-8 bytes, or -1 when the text holds a lone
   * surrogate (nothing useful is written then: the caller refuses the value).
   */
  string(text: string): number {
    const most = text.length * 3;
    // Reserve the length prefix for the longest UTF-8 the text can take; shrink it after if needed.
    const reserved = varintSize(most);
    this.ensure(reserved + most);
    const start = this.position + reserved;
    const end = writeUtf8(text, this.bytes, start);
    if (end < 0) return -1;
    const length = end - start;
    const needed = varintSize(length);
    if (needed !== reserved) this.bytes.copyWithin(this.position + needed, start, end);
    this.putVarint(this.position, length);
    this.position += needed + length;
    return length;
  }

  /** Length-delimited raw bytes. */
  rawBytes(value: Uint8Array): void {
    this.uint32(value.length);
    this.ensure(value.length);
    this.bytes.set(value, this.position);
    this.position += value.length;
  }

  /** Starts a length-delimited value (a nested message or a packed list); pass the result to `end`. */
  begin(): number {
    this.ensure(1);
    return this.position++;
  }

  /** Writes the length of the value started at `mark`, moving the value up if the length takes more than one byte. */
  end(mark: number): void {
    const length = this.position - mark - 1;
    if (length < 128) {
      this.bytes[mark] = length;
      return;
    }
    const extra = varintSize(length) - 1;
    this.ensure(extra);
    this.bytes.copyWithin(mark + 1 + extra, mark + 1, this.position);
    this.putVarint(mark, length);
    this.position += extra;
  }

  private putVarint(at: number, value: number): void {
    const bytes = this.bytes;
    while (value > 127) {
      bytes[at++] = (value & 127) | 128;
      value >>>= 7;
    }
    bytes[at] = value;
  }
}

function varintSize(value: number): number {
  return value < 128 ? 1 : value < 16384 ? 2 : value < 2097152 ? 3 : value < 268435456 ? 4 : 5;
}
