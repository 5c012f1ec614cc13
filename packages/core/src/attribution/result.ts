import type { FormatId } from '../codec.js';

/**
 * The shape every format's attribution has: where the bytes of one encoded value go, by JSON path and
 * by kind. The same rule sorts bytes into kinds in every format, so two attributions compare path by
 * path (compare.ts):
 *
 * - `keys`: the bytes that name an object member. JSON's quoted key; msgpack's and CBOR's key string
 *   with its header; protobuf's field tag of a record field (a tag replaces the key; a repeated field
 *   repeats it before each element, and only the first counts as the key, the others delimit elements
 *   like JSON's commas) and a map entry's key (its tag, length and UTF-8); FlatBuffers' vtable slot of a record field and a map entry's key
 *   string (length, UTF-8, NUL).
 * - `values`: the bytes of scalars with their type and length headers. JSON's literals (strings with
 *   their quotes and escapes); msgpack's and CBOR's whole scalar items; protobuf's varints, doubles and
 *   length-prefixed strings (and, in the dynamic `Value` message, the member tag that says the type, as
 *   msgpack's type byte does); FlatBuffers' inline scalars and strings (length, UTF-8, NUL).
 * - `framing`: everything else. JSON's `{}[],:`; container headers; protobuf's message and packed-list
 *   lengths, the repeated tags of a repeated field or map after its first, tags of helper messages (boxes, nullables, the wrapped root, map entries, `Value`'s lists
 *   and objects); FlatBuffers' root offset, soffsets, uoffsets, vector lengths, vtables other than
 *   record slots (shared vtables are counted once, where first written) and alignment padding (at the
 *   path of the structure that was aligned).
 *
 * Bytes go to the deepest path they belong to: a member's key, its `:` or `,` (JSON), its tag and
 * the length of its message go to the member's path; a container's own delimiters or header to the
 * container's path. Paths are generalised so that repeated shapes aggregate: every array element is
 * `[*]` (`$.statuses[*].user.name` holds the bytes of that key in all 100 statuses), and the members
 * of an object the schema types as a map (id-keyed objects such as citm_catalog's `events`) are `.*`
 * (`$.events.*.name`). Other keys are kept, written as `childPath` writes them (`$.a`, `$["a b"]`).
 */
export type ByteKind = 'keys' | 'values' | 'framing';

/** Bytes split by kind. */
export interface ByteSplit {
  readonly keys: number;
  readonly values: number;
  readonly framing: number;
}

/** The bytes attributed to one (generalised) JSON path. */
export interface PathBytes extends ByteSplit {
  /** A generalised JSON path: `$`, `$.statuses[*].user.name`, `$.events.*.name`, `$["a b"]`. */
  readonly path: string;
  /** `keys + values + framing`: the bytes of this path itself, not of the paths below it. */
  readonly total: number;
  /** The bytes of this path and of every path below it (for the root: the encoded size). */
  readonly subtree: number;
}

/** Where the bytes of one format's encoding of one value go. */
export interface Attribution {
  readonly format: FormatId;
  /** The encoded size: `byKind.keys + byKind.values + byKind.framing`, and the sum of `paths[i].total`. */
  readonly total: number;
  readonly byKind: ByteSplit;
  /** Every path that the value holds and the encoding spends bytes on (or visits), by `total`, largest first. */
  readonly paths: readonly PathBytes[];
  /**
   * Compressed sizes of the whole encoding by compressor name (`gzip`, `brotli`), when measured
   * (`withCompressedTotals` in the tool, `wirebench/attribution`). Shown beside the split, never split: a compressor's output bytes
   * cannot be assigned to input bytes exactly (a back-reference serves whichever paths repeat), so
   * only the uncompressed bytes are attributed.
   */
  readonly compressed?: Readonly<Record<string, number>>;
}
