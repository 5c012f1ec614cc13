import type { FormatId } from '../codec.js';
import { FORMAT_ALIASES, FORMATS } from '../codec.js';
import { WirebenchError } from '../errors.js';
import { assertEncodable } from '../json-data.js';
import type { Limits } from '../limits.js';
import { inferSchema } from '../schema/infer.js';
import type { Schema } from '../schema/types.js';
import { findMessage } from '../schema/types.js';
import { attributeFlatbuffers } from './flatbuffers.js';
import { attributeJsonValue } from './json.js';
import { rootNode, summarize } from './path-tree.js';
import { attributeProtobuf } from './protobuf.js';
import type { Attribution } from './result.js';
import { SchemaPaths } from './schema-paths.js';
import { attributeBinaryValue, CBOR_SIZES, MSGPACK_SIZES } from './schemaless-binary.js';

/** Options of `attribute` and `attributeFormats`. */
export interface AttributeOptions {
  /**
   * The schema the protobuf and FlatBuffers codecs encode by; `inferSchema(value)` when absent. Every
   * format's paths follow it too: members of an object it types as a map are `.*`, so the paths of
   * all formats agree (compare them only when made with the same schema).
   */
  readonly schema?: Schema;
  /** As the schema codecs' option: `'drop'` leaves keys the schema does not know out (default `'error'`: refused). */
  readonly unknownKeys?: 'error' | 'drop';
  /**
   * The limits the binary formats' codecs would encode under (`DEFAULT_LIMITS`, say): a value past them
   * (nesting, lengths) is refused as their encoders refuse it. Without, only what is not JSON data is refused.
   */
  readonly limits?: Limits;
}

/**
 * Where the bytes of wirebench's own encoding of `value` in `format` go, by generalised JSON path and
 * by kind (keys, values, framing; see result.ts). Exact: `total` is `codec.encode(value).length` for
 * the codec `createCodec(format, { schema })` makes, and the paths and kinds add up to it. Computed
 * by a walk that mirrors the codec's writer, in time linear in the value, without encoding; it
 * refuses (a WirebenchError) what the codec would refuse. simdjson writes JSON's bytes and gets
 * JSON's attribution. Only the uncompressed bytes are attributed (the tool's `withCompressedTotals` puts compressed totals beside them).
 */
export function attribute(format: FormatId, value: unknown, options: AttributeOptions = {}): Attribution {
  return attributeWith(format, value, options.schema ?? inferSchema(value), options);
}

/** `attribute` for several formats (all but simdjson, whose bytes are JSON's, by default), with one schema inferred once. */
export function attributeFormats(value: unknown, formats: readonly FormatId[] = ATTRIBUTED_FORMATS, options: AttributeOptions = {}): Attribution[] {
  const schema = options.schema ?? inferSchema(value);
  return formats.map((format) => attributeWith(format, value, schema, options));
}

/** The formats `attributeFormats` attributes by default: every format but the aliases (simdjson: its bytes are JSON's). */
export const ATTRIBUTED_FORMATS: readonly FormatId[] = FORMATS.filter((format) => FORMAT_ALIASES[format] === undefined);

function attributeWith(format: FormatId, value: unknown, schema: Schema, options: AttributeOptions): Attribution {
  findMessage(schema, schema.root);
  const strictKeys = options.unknownKeys !== 'drop';
  if (options.limits && format !== 'json' && format !== 'simdjson') assertEncodable(value, format, options.limits);
  const root = rootNode();
  let written: number | undefined;
  switch (format) {
    case 'json':
    case 'simdjson': {
      const paths = new SchemaPaths(schema);
      attributeJsonValue(value, root, paths.root(), paths);
      break;
    }
    case 'msgpack':
    case 'cbor': {
      const paths = new SchemaPaths(schema);
      attributeBinaryValue(format === 'msgpack' ? MSGPACK_SIZES : CBOR_SIZES, value, root, paths.root(), paths);
      break;
    }
    case 'protobuf':
      written = attributeProtobuf(schema, value, root, strictKeys);
      break;
    case 'flatbuffers':
      written = attributeFlatbuffers(schema, value, root, strictKeys);
      break;
    default:
      throw new WirebenchError(`unknown format ${JSON.stringify(format)}; expected one of ${FORMATS.join(', ')}`);
  }
  const result = summarize(format, root);
  // The schema formats' walks also follow the writer's position (or message sizes): the paths must add up to it.
  if (written !== undefined && written !== result.total) {
    throw new WirebenchError(`the attribution charged ${result.total} bytes to paths but sized the encoding at ${written}; please report this`, { format });
  }
  return result;
}
