/**
 * The floats of the one-pass msgpack and CBOR decoders, big-endian in both formats. A small input
 * (a reading of 172 bytes, an order) reads its few floats through a scratch array: making a
 * DataView over the input cost more than the floats it read (telemetry decode 20 % faster in Node).
 * A larger one makes one DataView per decode, which V8 turns into a single load per float.
 */

/** Inputs up to this many bytes read their floats through the scratch array; larger ones through a DataView. */
export const SCRATCH_FLOATS_UP_TO = 2048;

const F64 = new Float64Array(1);
const F32 = new Float32Array(F64.buffer, 0, 1);
const SCRATCH = new Uint8Array(F64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const EMPTY = new Uint8Array(0);

/** Copies the `width` big-endian bytes at `at` into the scratch array in this machine's order. */
function load(bytes: Uint8Array, at: number, width: number): void {
  if (LITTLE_ENDIAN) for (let i = 0; i < width; i++) SCRATCH[width - 1 - i] = bytes[at + i] as number;
  else for (let i = 0; i < width; i++) SCRATCH[i] = bytes[at + i] as number;
}

/** The float 64 at `bytes[at, at + 8)`; the caller has checked the bounds. */
export function float64At(bytes: Uint8Array, at: number): number {
  load(bytes, at, 8);
  return F64[0] as number;
}

/** The float 32 at `bytes[at, at + 4)`; the caller has checked the bounds. */
export function float32At(bytes: Uint8Array, at: number): number {
  load(bytes, at, 4);
  return F32[0] as number;
}

/** The floats of one input at a time, one of these per decoder (a decode can start another format's). */
export class FloatInput {
  private bytes: Uint8Array = EMPTY;
  private view: DataView | undefined;

  start(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.view = undefined;
  }

  /** Lets go of the input. */
  end(): void {
    this.start(EMPTY);
  }

  /** The float 64 at `at`; the caller has checked the bounds. */
  float64(at: number): number {
    const view = this.view;
    if (view !== undefined) return view.getFloat64(at);
    return this.bytes.length <= SCRATCH_FLOATS_UP_TO ? float64At(this.bytes, at) : this.makeView().getFloat64(at);
  }

  /** The float 32 at `at`; the caller has checked the bounds. */
  float32(at: number): number {
    const view = this.view;
    if (view !== undefined) return view.getFloat32(at);
    return this.bytes.length <= SCRATCH_FLOATS_UP_TO ? float32At(this.bytes, at) : this.makeView().getFloat32(at);
  }

  private makeView(): DataView {
    const bytes = this.bytes;
    return (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
