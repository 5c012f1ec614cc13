// Hostile inputs for the decoders, built byte by byte, and a way to decode one in a process of its
// own. Plain JavaScript (with types in hostile-bytes.d.mts) because two kinds of caller use it: the
// tests, and plain `node --expose-gc` processes on the built package (retained-memory.mjs, and this
// file itself run as `node hostile-bytes.mjs <format> <implementation>` by decodeInChild).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/**
 * CBOR in cbor-x's packed-value form (tag 51, whatever the decoder's options): a table whose prefix
 * 1 is an array of `prefixLength` small integers, then an array of `references` items, each the
 * 3 bytes `d8 e1 80` (tag 225: prefix 1 joined to an empty array). cbor-x builds a new copy of the
 * prefix for every reference: 3 bytes of input for `prefixLength` array slots.
 */
export function cborPackedPrefixCopies(prefixLength, references) {
  const count16 = (head, n) => [head, (n >> 8) & 0xff, n & 0xff];
  const items = new Uint8Array(3 * references).map((_, i) => [0xd8, 0xe1, 0x80][i % 3]);
  return Uint8Array.from([
    0xd8,
    0x33,
    0x84, // tag 51, an array of 4: packed values, prefixes, suffixes, the value itself
    0x81,
    0x01, // packed values: [1]
    0x82,
    0x80,
    ...count16(0x99, prefixLength),
    ...new Array(prefixLength).fill(0x01), // prefixes: [[], [1, 1, …]]
    0x80, // suffixes: []
    ...count16(0x99, references),
    ...items,
  ]);
}

/**
 * CBOR of `[s, [ref, ref, …]]`: a string of `length` × "a" marked shareable (tag 28), then
 * `references` references to it (tag 29, 3 bytes each). cbor-x hands back one string in every place.
 */
export function cborSharedString(length, references) {
  const bytes = new Uint8Array(6 + length + 5 + 3 * references);
  bytes.set([0x82, 0xd8, 0x1c, 0x79, length >> 8, length & 0xff]);
  bytes.fill(0x61, 6, 6 + length);
  let at = 6 + length;
  bytes[at++] = 0x9a;
  new DataView(bytes.buffer).setUint32(at, references);
  at += 4;
  for (let i = 0; i < references; i++) bytes.set([0xd8, 0x1d, 0x00], at + 3 * i);
  return bytes;
}

/** `levels` array headers nested one in another, each (5 bytes) claiming `count` items, then one item: msgpack `dd`, CBOR `9a`. */
export function nestedClaims(format, levels, count) {
  const head = format === 'msgpack' ? 0xdd : 0x9a;
  const bytes = new Uint8Array(levels * 5 + 1);
  for (let i = 0; i < levels; i++) {
    bytes[i * 5] = head;
    new DataView(bytes.buffer).setUint32(i * 5 + 1, count);
  }
  bytes[levels * 5] = format === 'msgpack' ? 0xc0 : 0xf6;
  return bytes;
}

/**
 * Decodes `bytes` in a fresh Node process (on the built package, `dist/`) with the heap capped at
 * `maxOldSpaceMb` and the run at `timeoutMs`, so an input that makes a decoder hang or allocate far
 * beyond its size ends that process, not the test run. Returns what happened: `decoded` (with the
 * heap the value keeps after full collections), `refused` (the error's name and message, and the
 * heap in use when it was thrown, before any collection: about what the decoder allocated), or
 * `crashed` (the exit code or signal, and the end of stderr: a heap out of memory says so) or
 * `timedOut`. With `rounds` the bytes are decoded that many times, `ms` is the median and the rest
 * is the last round's.
 */
export function decodeInChild(format, implementation, bytes, { timeoutMs = 20_000, maxOldSpaceMb = 512, rounds = 1 } = {}) {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', `--max-old-space-size=${maxOldSpaceMb}`, fileURLToPath(import.meta.url), format, implementation, String(rounds)],
    {
      input: bytes,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 1 << 20,
    },
  );
  if (run.error && run.error.code === 'ETIMEDOUT') return { outcome: 'timedOut', timeoutMs };
  const line = run.stdout.trim().split('\n').pop();
  if (run.status === 0 && line) return JSON.parse(line);
  return { outcome: 'crashed', status: run.status, signal: run.signal, outOfMemory: /heap out of memory/i.test(run.stderr), stderr: run.stderr.slice(0, 600) };
}

/** The child's side of decodeInChild: `node hostile-bytes.mjs <format> <implementation> <rounds>`, the input on stdin. */
async function decodeFromStdin(format, implementation, rounds) {
  const { createCodec } = await import('../../dist/index.js');
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  const codec = await createCodec(format, { implementation });
  const times = [];
  let result;
  for (let round = 0; round < rounds; round++) result = decodeOnce(codec, bytes, times);
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ ...result, ms: times[Math.floor(times.length / 2)] }));
}

function decodeOnce(codec, bytes, times) {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  let value;
  try {
    value = codec.decode(bytes);
  } catch (error) {
    times.push(performance.now() - started);
    // Garbage the decoder left is not collected yet: about what it allocated before it gave up.
    const allocated = process.memoryUsage().heapUsed - before;
    return { outcome: 'refused', name: error?.constructor?.name, message: String(error?.message), input: bytes.length, allocated };
  }
  times.push(performance.now() - started);
  globalThis.gc();
  globalThis.gc();
  const retained = process.memoryUsage().heapUsed - before;
  return { outcome: 'decoded', input: bytes.length, retained, kind: Array.isArray(value) ? `array of ${value.length}` : typeof value };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await decodeFromStdin(process.argv[2], process.argv[3], Number(process.argv[4] ?? 1));
