// Hostile inputs for the schema decoders, built byte by byte. Plain JavaScript (with types in
// hostile-bytes.d.mts) because two kinds of caller use it: the tests, and retained-memory.mjs, which
// runs in a plain `node --expose-gc` process on the built package.
import { Builder } from 'flatbuffers';

/**
 * FlatBuffers bytes of `{ items }` (field slot 0) whose vector holds `count` offsets to one target:
 * `makeTarget` adds it (a string, an empty table) to the builder and returns its offset. `padding`
 * unreferenced bytes go in first, to move the input's size without changing what it decodes to.
 */
export function flatbuffersSharedVector(count, makeTarget, padding = 0) {
  const builder = new Builder(1024);
  if (padding > 0) builder.createByteVector(new Uint8Array(padding));
  const target = makeTarget(builder);
  builder.startVector(4, count, 4);
  for (let i = 0; i < count; i++) builder.addOffset(target);
  const vector = builder.endVector();
  builder.startObject(1);
  builder.addFieldOffset(0, vector, 0);
  builder.finish(builder.endObject());
  return builder.asUint8Array();
}

/**
 * Protobuf bytes of a message holding `item` (the bytes of one field 1 occurrence) `count` times,
 * then `padding` bytes of an unknown field 15, which decoders skip.
 */
export function protobufRepeated(item, count, padding = 0) {
  const body = item.length * count;
  const length = [];
  for (let n = padding; ; n >>>= 7) {
    if (n < 128) {
      length.push(n);
      break;
    }
    length.push((n & 127) | 128);
  }
  const bytes = new Uint8Array(body + (padding > 0 ? 1 + length.length + padding : 0));
  for (let i = 0; i < count; i++) bytes.set(item, i * item.length);
  if (padding > 0) bytes.set([0x7a, ...length], body);
  return bytes;
}
