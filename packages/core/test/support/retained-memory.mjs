// Run by packages/core/test/formats/retained-memory.test.ts as
//   node --expose-gc retained-memory.mjs <case> <count> [csp]
// in a fresh process, on the built package (npm test builds it first). It decodes one hostile input
// and prints, as one line of JSON, the input's size, the heap the decoded value keeps after full
// garbage collections, and the error when the decoder refused it. With `csp`, `Function` throws as
// under a Content-Security-Policy without 'unsafe-eval', so the schema codecs run interpreted.
import { flatbuffersSharedVector, protobufRepeated } from './hostile-bytes.mjs';

const [which, countText, csp] = process.argv.slice(2);
const count = Number(countText);
if (csp === 'csp') {
  globalThis.Function = function ForbiddenFunction() {
    throw new EvalError('Refused to evaluate a string as JavaScript');
  };
}
const { createCodec, inferSchema, DEFAULT_LIMITS } = await import('../../dist/index.js');
const { VALUE_ALLOWANCE } = await import('../../dist/limits.js');

/** A record of 30 fields, six of each kind: string, integer, flag, list, map (all required). */
const RECORD = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${String(i).padStart(2, '0')}`, ['x', 1, true, [1], { 1: 1 }][i % 5]]));
/** What reading one RECORD charges to the value budget (limits.ts recordCost: 30 fields, 6 lists, 6 maps). */
const RECORD_COST = 3 + 30 + 4 * 6 + 7 * 6;

const THIRTEEN = [...new TextEncoder().encode('abcdefghijklm')];

/** `count` items of `item`, in a msgpack array32 or a CBOR array with a 32-bit count. */
function schemaless(head, item) {
  const bytes = new Uint8Array(5 + count * item.length);
  bytes[0] = head;
  new DataView(bytes.buffer).setUint32(1, count);
  for (let i = 0; i < count; i++) bytes.set(item, 5 + i * item.length);
  return bytes;
}

/** Padding bytes that let `values` fit the default value budget with a little room. */
function paddingFor(values, bytes) {
  return Math.max(0, Math.ceil((values - VALUE_ALLOWANCE) / DEFAULT_LIMITS.maxValuesPerByte) - bytes + 64);
}

/** `count` times `item` as field 1 of the root, padded to fit the value budget. */
function protobufInput(item, itemCost) {
  return protobufRepeated(item, count, paddingFor(itemCost * count + 64, item.length * count));
}

async function build() {
  switch (which) {
    case 'json-empty-objects': {
      const codec = await createCodec('json');
      return { bytes: new TextEncoder().encode(`[${Array(count).fill('{}').join(',')}]`), decode: (input) => codec.decode(input) };
    }
    case 'msgpack-empty-maps':
    case 'msgpack-empty-arrays':
    case 'msgpack-short-strings':
    case 'msgpack-sliced-strings':
    case 'cbor-empty-maps':
    case 'cbor-empty-arrays':
    case 'cbor-short-strings':
    case 'cbor-sliced-strings': {
      const format = which.startsWith('msgpack') ? 'msgpack' : 'cbor';
      const codec = await createCodec(format);
      // Heads: an array with a 32-bit count; an empty map, an empty array, the string "AB", and a
      // string of 13 characters, which V8 makes a slice of the decoder's batch text (wire/utf8/batch.ts).
      const head = { msgpack: 0xdd, cbor: 0x9a }[format];
      const shape = which.slice(format.length + 1);
      const item = {
        msgpack: { 'empty-maps': [0x80], 'empty-arrays': [0x90], 'short-strings': [0xa2, 0x41, 0x42], 'sliced-strings': [0xad, ...THIRTEEN] },
        cbor: { 'empty-maps': [0xa0], 'empty-arrays': [0x80], 'short-strings': [0x62, 0x41, 0x42], 'sliced-strings': [0x6d, ...THIRTEEN] },
      }[format][shape];
      return { bytes: schemaless(head, item), decode: (input) => codec.decode(input) };
    }
    case 'protobuf-empty-messages':
    case 'protobuf-empty-messages-interpreted': {
      // `{ items: [record…] }`: each `0a 00` is an empty record, all 30 fields filled with defaults.
      const schema = inferSchema({ items: [RECORD] });
      const codec = await createCodec('protobuf', { schema, interpreted: which.endsWith('interpreted') });
      return { bytes: protobufInput([0x0a, 0x00], RECORD_COST), decode: (input) => codec.decode(input) };
    }
    case 'protobuf-empty-dynamic-objects': {
      // `{ items: [any…] }`: each `0a 02 32 00` is a Value holding an empty object.
      const schema = inferSchema({ items: [1, 'a', {}] });
      const codec = await createCodec('protobuf', { schema });
      return { bytes: protobufInput([0x0a, 0x02, 0x32, 0x00], 0), decode: (input) => codec.decode(input) };
    }
    case 'flatbuffers-shared-table':
    case 'flatbuffers-shared-ascii-string':
    case 'flatbuffers-shared-string': {
      // `{ items: [...] }` whose vector holds `count` offsets to one table or one string.
      const table = which === 'flatbuffers-shared-table';
      const schema = inferSchema(table ? { items: [RECORD] } : { items: ['x'] });
      const codec = await createCodec('flatbuffers', { schema });
      // Padding for the budgets: values for the tables; for the strings, the reader's byte budget
      // (2 units a byte; a reference to a 32-byte string costs 18: a vector slot and a unit per 2 bytes).
      const padding = table ? paddingFor(RECORD_COST * count + 64, 4 * count) : 9 * count - 4 * count + 64;
      const text = which === 'flatbuffers-shared-string' ? 'é'.repeat(16) : 'a'.repeat(32);
      const target = (builder) => {
        if (!table) return builder.createString(text);
        builder.startObject(30);
        return builder.endObject();
      };
      return { bytes: flatbuffersSharedVector(count, target, padding), decode: (input) => codec.decode(input) };
    }
  }
  throw new Error(`unknown case ${which}`);
}

const { bytes, decode } = await build();
globalThis.gc();
globalThis.gc();
const before = process.memoryUsage().heapUsed;
let value;
let error;
try {
  value = decode(bytes);
} catch (thrown) {
  error = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
}
globalThis.gc();
globalThis.gc();
const retained = process.memoryUsage().heapUsed - before;
const items = value === undefined ? 0 : Array.isArray(value) ? value.length : value.items.length;
console.log(JSON.stringify({ case: which, input: bytes.length, retained, items, error }));
