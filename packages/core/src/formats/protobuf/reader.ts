import { WirebenchError } from '../../errors.js';
import { Utf8Strings } from '../../wire/utf8.js';

const TWO_32 = 4294967296;

/** Wire types of the protobuf encoding. */
export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

/**
 * The protobuf wire layer for reading untrusted bytes: every read is checked against the end of the
 * buffer (or of the enclosing length-delimited value), varints stop at ten bytes, and nothing is
 * allocated from a length before the bytes it claims are known to be there.
 */
export class ProtoReader {
  position = 0;
  private readonly view: DataView;
  private readonly strings: Utf8Strings;

  /**
   * @param budget values this decode may still produce (limits.ts `valueBudget`): each message read
   *   spends its plan's cost, so empty sub-messages cannot make records of defaults without bound.
   */
  constructor(
    readonly bytes: Uint8Array,
    public budget = Infinity,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.strings = new Utf8Strings(bytes, 'protobuf');
  }

  /** An unsigned varint of up to 32 bits (tags, lengths, uint32); longer varints keep their low 32 bits, as protobuf readers do. */
  uint32(): number {
    const bytes = this.bytes;
    let p = this.position;
    if (p >= bytes.length) throw truncated(p);
    let byte = bytes[p++] as number;
    if (byte < 128) {
      this.position = p;
      return byte;
    }
    let value = byte & 127;
    for (let shift = 7; shift < 70; shift += 7) {
      if (p >= bytes.length) throw truncated(p);
      byte = bytes[p++] as number;
      if (shift < 32) value |= (byte & 127) << shift;
      if (byte < 128) {
        this.position = p;
        return value >>> 0;
      }
    }
    throw new WirebenchError(`the varint at byte ${this.position} runs past 10 bytes: the data is corrupt or not protobuf`, { format: 'protobuf' });
  }

  /** A 64-bit varint as the nearest double: signed (int64) or unsigned (uint64). */
  int64(unsigned: boolean): number {
    const bytes = this.bytes;
    let p = this.position;
    if (p < bytes.length && (bytes[p] as number) < 128) {
      this.position = p + 1;
      return bytes[p] as number;
    }
    let low = 0;
    let high = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift >= 70)
        throw new WirebenchError(`the varint at byte ${this.position} runs past 10 bytes: the data is corrupt or not protobuf`, { format: 'protobuf' });
      if (p >= bytes.length) throw truncated(p);
      const byte = bytes[p++] as number;
      const bits = byte & 127;
      if (shift < 28) low |= bits << shift;
      else if (shift === 28) {
        low |= bits << 28;
        high = bits >>> 4;
      } else high |= bits << (shift - 32);
      if (byte < 128) break;
    }
    this.position = p;
    // Exact halves, one rounding: the same double Number(BigInt) gives, without a BigInt.
    return (unsigned ? high >>> 0 : high | 0) * TWO_32 + (low >>> 0);
  }

  double(): number {
    const p = this.position;
    if (p + 8 > this.bytes.length) throw truncated(p);
    this.position = p + 8;
    return this.view.getFloat64(p, true);
  }

  /** The end of the length-delimited value that starts here, checked against `limit`. */
  delimited(limit: number): number {
    const length = this.uint32();
    const end = this.position + length;
    if (end > limit) throw truncated(this.position, length);
    return end;
  }

  /** A length-delimited UTF-8 string of at most `maxLength` bytes. */
  string(limit: number, maxLength: number, tooLong: (length: number) => Error): string {
    const end = this.delimited(limit);
    const start = this.position;
    if (end - start > maxLength) throw tooLong(end - start);
    this.position = end;
    return this.strings.read(start, end - start);
  }

  /** Length-delimited bytes, copied (a view would change whenever the caller reuses the input buffer). */
  rawBytes(limit: number): Uint8Array {
    const end = this.delimited(limit);
    const start = this.position;
    this.position = end;
    return this.bytes.slice(start, end);
  }

  /** Skips a field this schema does not know (protobuf's forward compatibility). */
  skip(tag: number, limit: number): void {
    switch (tag & 7) {
      case VARINT:
        this.int64(true);
        break;
      case FIXED64:
        this.advance(8, limit);
        break;
      case LENGTH_DELIMITED:
        this.position = this.delimited(limit);
        break;
      case FIXED32:
        this.advance(4, limit);
        break;
      default:
        throw new WirebenchError(
          `field ${tag >>> 3} has wire type ${tag & 7} at byte ${this.position}, which proto3 data does not use: the data is corrupt or not protobuf`,
          { format: 'protobuf' },
        );
    }
    if (this.position > limit) throw truncated(this.position);
  }

  /** A message or packed list ended exactly where its length said. */
  checkEnd(end: number): void {
    if (this.position !== end) {
      throw new WirebenchError(
        `a field runs past the end of its message (byte ${this.position}, the message ends at ${end}): the data is corrupt or not protobuf`,
        {
          format: 'protobuf',
        },
      );
    }
  }

  private advance(count: number, limit: number): void {
    if (this.position + count > limit) throw truncated(this.position, count);
    this.position += count;
  }
}

function truncated(position: number, length?: number): WirebenchError {
  const what = length === undefined ? '' : ` (a value of ${length} bytes)`;
  return new WirebenchError(`the data ends early at byte ${position}${what}: it is truncated or not protobuf of this schema`, { format: 'protobuf' });
}

/** A field arrived with a wire type its schema type never has. */
export function wrongWireType(tag: number, message: string): WirebenchError {
  return new WirebenchError(
    `field ${tag >>> 3} of ${message} has wire type ${tag & 7}, which its type in the schema never has: the data is not protobuf of this schema`,
    {
      format: 'protobuf',
    },
  );
}
