import type { FormatId } from '../../codec.js';
import { WirebenchError } from '../../errors.js';
import { halfToNumber } from './half-float.js';

/**
 * The input of the msgpack and CBOR readers: the bytes, the position, bounds checks, the
 * fixed-width numbers item heads hold, and errors that name a byte offset. `BinaryReader`
 * (reader.ts) builds values on top; a format's reader uses these to parse its item heads.
 */
export abstract class BinaryInput {
  protected bytes: Uint8Array = EMPTY;
  protected pos = 0;
  protected end = 0;
  private view: DataView | undefined;

  constructor(readonly format: FormatId) {}

  /** Starts reading `bytes` from byte 0. */
  protected begin(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.pos = 0;
    this.end = bytes.length;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Lets go of the input (a reader outlives the bytes it read). */
  protected release(): void {
    this.bytes = EMPTY;
    this.view = undefined;
  }

  /** Refuses unless `size` bytes from `start` are in the input. */
  protected ensure(start: number, size: number, what: string): void {
    if (start + size > this.end) {
      throw this.fail(start, `truncated: ${what} needs ${size} bytes but the input ends ${this.end - start} bytes later`);
    }
  }

  protected u16(at: number): number {
    const bytes = this.bytes;
    return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
  }

  protected u32(at: number): number {
    const bytes = this.bytes;
    return (bytes[at] as number) * 0x1000000 + (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
  }

  /** An IEEE float of `width` bytes (2, 4 or 8) at `at`; refuses NaN and ±Infinity. */
  protected float(start: number, at: number, width: 2 | 4 | 8): number {
    const b0 = (this.bytes[at] as number) & 0x7f;
    const b1 = this.bytes[at + 1] as number;
    const special = width === 8 ? b0 === 0x7f && (b1 & 0xf0) === 0xf0 : width === 4 ? b0 === 0x7f && (b1 & 0x80) === 0x80 : (b0 & 0x7c) === 0x7c;
    if (special) {
      const value = this.readFloat(at, width);
      throw this.fail(start, `the float ${value} is not JSON data (JSON numbers are finite)`);
    }
    return this.readFloat(at, width);
  }

  /** A WirebenchError naming the byte offset. */
  protected fail(offset: number, message: string): WirebenchError {
    return new WirebenchError(`${message} (at byte ${offset})`, { format: this.format });
  }

  /** A value of a type JSON does not have, at byte `start`. */
  protected notJson(start: number, what: string): WirebenchError {
    return this.fail(start, `${what} is not JSON data; these bytes were not written by a JSON-data encoder`);
  }

  /** An integer beyond ±(2^53 − 1), given as text (built only when refusing). */
  protected inexactInteger(start: number, text: string): WirebenchError {
    return this.fail(
      start,
      `the integer ${text} is beyond ±(2^53 − 1), past which JS numbers cannot hold every integer (our encoders write such numbers as floats); refusing rather than risking rounding`,
    );
  }

  private readFloat(at: number, width: 2 | 4 | 8): number {
    const view = this.view ?? new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    return width === 8 ? view.getFloat64(at) : width === 4 ? view.getFloat32(at) : halfToNumber(view.getUint16(at));
  }
}

const EMPTY = new Uint8Array(0);
