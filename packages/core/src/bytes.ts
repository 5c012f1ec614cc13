/**
 * The bytes as a plain `Uint8Array` that owns its whole `ArrayBuffer`: cbor-x and protobufjs (on
 * Node's Buffer pool) hand out views into a buffer they reuse, so transferring one result to a
 * worker would empty others, and a later encode could overwrite it. Copies only when needed.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  const owns = bytes.constructor === Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return owns ? bytes : new Uint8Array(bytes);
}
