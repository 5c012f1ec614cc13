import { BUNDLE_GZIP_BYTES } from './bundle-sizes.js';
import { WirebenchError } from './errors.js';
import type { FormatId } from './format-id.js';

/**
 * Who runs a format: wirebench's own codec, or a library teams already ship, behind the same
 * `Codec` API (`createCodec(format, { implementation })`). A user chooses a format AND the code
 * that will run it, so every surface measures both. This module is the one registry of them:
 * what each implementation is (its entry and factory, its library and version range, where it
 * runs, what it needs or keeps, what its JavaScript weighs), read by createCodec's library loader,
 * `@wirebench/core/libraries`, the tool's answer and CLI, the bench and the playground.
 */

/** `'wirebench'` (wirebench's own codec, the default) or the npm name of a library. */
export type ImplementationId = 'wirebench' | '@msgpack/msgpack' | 'msgpackr' | 'cbor-x' | 'protobufjs' | 'flatbuffers';

/**
 * The registry's name of one implementation: `<the format of its bytes>/<who runs it>`. simdjson,
 * reached by the format id `'simdjson'` (an alias, see FORMAT_ALIASES), is `json/simdjson`.
 */
export type ImplementationKey =
  | 'json/wirebench'
  | 'json/simdjson'
  | 'msgpack/wirebench'
  | 'msgpack/@msgpack/msgpack'
  | 'msgpack/msgpackr'
  | 'cbor/wirebench'
  | 'cbor/cbor-x'
  | 'protobuf/wirebench'
  | 'protobuf/protobufjs'
  | 'flatbuffers/wirebench'
  | 'flatbuffers/flatbuffers';

/** The implementation every factory and `createCodec` use unless told otherwise. */
export const DEFAULT_IMPLEMENTATION: ImplementationId = 'wirebench';

/** Where an implementation can run: any browser (or worker), and Node. */
export type Runtime = 'browser' | 'node';

/**
 * How an implementation uses `new Function`:
 * - `never`: it does not;
 * - `generated`: it compiles code per schema where the page allows it and falls back to code that
 *   is not generated where a CSP forbids it, with the same data out but other timings, so its figures
 *   speak for a no-eval page only when they were measured on the fallback (`interpreted`);
 * - `always`: it cannot run at all where a CSP forbids `new Function`.
 */
export type EvalUse = 'never' | 'generated' | 'always';

/** What happens to a 64-bit integer beyond ±(2^53 − 1) that another writer put in the bytes. */
export type Int64Behaviour = 'exact' | 'nearest-double' | 'refused';

/**
 * What an implementation needs or keeps, beyond its figures: the facts behind the constraints a
 * user states (a CSP without `unsafe-eval`, int64 values that must survive, readable traffic), each
 * with its why, read from the codecs' sources and docs/guarantees.md.
 */
export interface ImplementationCapabilities {
  readonly eval: EvalUse;
  readonly evalWhy: string;
  readonly int64: Int64Behaviour;
  readonly int64Why: string;
  /** Whether its bytes are text a person can read in the network panel (JSON). */
  readonly readable: boolean;
}

/** One implementation of one format. */
export interface Implementation {
  /** The registry's name of it (`'msgpack/msgpackr'`, `'json/simdjson'`). */
  readonly key: ImplementationKey;
  /** The format id codecs, rows and command lines give it (`'simdjson'` for `json/simdjson`). */
  readonly format: FormatId;
  /** What its codecs say in `Codec.implementation` and rows in `implementation`. */
  readonly id: ImplementationId;
  /**
   * The npm package whose code runs it, whose installed version a measured row carries:
   * `@wirebench/core` for wirebench's own codecs, simdjson's included (its checks and its
   * fallback to JSON.parse are wirebench's code), the library for a library codec.
   */
  readonly package: string;
  /** The optional peer it needs: a library codec's library, or simdjson's native addon. */
  readonly library?: string;
  /** The versions of `library` this package declares in its package.json (an optional peer): the range its install line asks for. */
  readonly peerRange?: string;
  /** The subpath of `@wirebench/core` whose synchronous factory builds it. */
  readonly entry: string;
  /** The factory that subpath exports. */
  readonly factory: string;
  /** Library codecs: the module's file name in `formats/<format>/libraries/`. */
  readonly module?: string;
  /** Where it runs: simdjson, a native addon, only in Node. */
  readonly runtimes: readonly Runtime[];
  readonly capabilities: ImplementationCapabilities;
  /**
   * Gzipped bytes of its entry in a minified browser bundle, as `npm run bundle:budget` last
   * accepted them (bundle-sizes.ts); undefined for what no browser runs (simdjson).
   */
  readonly bundleGzipBytes: number | undefined;
}

/** The registry's shape: every format id's implementations, in order, wirebench's own first. */
export type ImplementationRegistry = { readonly [F in FormatId]: readonly Implementation[] };

const EVERYWHERE: readonly Runtime[] = ['browser', 'node'];
const JSON_PARSE_INT64 = 'JSON.parse reads the digits of an integer beyond ±(2^53 − 1) as the nearest double (parseJson lists them)';
const NEAREST_DOUBLE = 'reads a 64-bit integer beyond ±(2^53 − 1) as the nearest double';
const REFUSED_INT64 = 'refuses a 64-bit integer beyond ±(2^53 − 1) rather than round it';

/** wirebench's own codec of `format`, at `@wirebench/core/<format>`. */
function own(
  key: ImplementationKey,
  format: FormatId,
  factory: string,
  runtimes: readonly Runtime[],
  capabilities: ImplementationCapabilities,
): Implementation {
  const entry = `@wirebench/core/${format}`;
  return { key, format, id: 'wirebench', package: '@wirebench/core', entry, factory, runtimes, capabilities, bundleGzipBytes: BUNDLE_GZIP_BYTES[entry] };
}

/** A library's codec, at `@wirebench/core/<format>/<module>`, run where the library runs. */
function library(
  key: ImplementationKey,
  format: FormatId,
  id: Exclude<ImplementationId, 'wirebench'>,
  peerRange: string,
  module: string,
  factory: string,
  capabilities: ImplementationCapabilities,
): Implementation {
  const entry = `@wirebench/core/${format}/${module}`;
  return {
    key,
    format,
    id,
    package: id,
    library: id,
    peerRange,
    entry,
    factory,
    module,
    runtimes: EVERYWHERE,
    capabilities,
    bundleGzipBytes: BUNDLE_GZIP_BYTES[entry],
  };
}

/**
 * Every implementation, by format id. Keyed by format (an array each) rather than by
 * `'format/implementation'`: every reader asks either "what runs this format" (the command
 * lines' `--implementations`, the bench's and the playground's loops over formats) or "what is
 * this pair" (`findImplementation(format, id)`, as a row or a codec names it), and the format ids
 * that result files, row names and flags use stay the index. Each entry still knows its `key`.
 *
 * Capabilities: nobody keeps int64 exactly today: decoded data are plain JS numbers, so an int64
 * beyond 2^53 is rounded or refused by every codec (docs/guarantees.md); an API whose int64 values
 * must survive sends them as strings, which every format keeps.
 *
 * Versions are what is installed where the code runs: `implementationVersions()` from
 * `wirebench/node` reads them in Node; a page gets them from its bundler (the playground's build
 * injects them).
 */
export const IMPLEMENTATIONS: ImplementationRegistry = {
  json: [
    own('json/wirebench', 'json', 'jsonCodec', EVERYWHERE, {
      eval: 'never',
      evalWhy: 'TextDecoder and JSON.parse',
      int64: 'nearest-double',
      int64Why: JSON_PARSE_INT64,
      readable: true,
    }),
  ],
  simdjson: [
    {
      ...own('json/simdjson', 'simdjson', 'simdjsonCodec', ['node'], {
        eval: 'never',
        evalWhy: 'a native addon (Node only)',
        int64: 'nearest-double',
        int64Why: `${NEAREST_DOUBLE}, as JSON.parse does`,
        readable: true,
      }),
      library: 'simdjson',
      peerRange: '^0.9.2',
    },
  ],
  msgpack: [
    own('msgpack/wirebench', 'msgpack', 'msgpackCodec', EVERYWHERE, {
      eval: 'never',
      evalWhy: 'hand-written reader and writer',
      int64: 'refused',
      int64Why: REFUSED_INT64,
      readable: false,
    }),
    library('msgpack/@msgpack/msgpack', 'msgpack', '@msgpack/msgpack', '^3.1.0', 'msgpack-msgpack', 'msgpackMsgpackCodec', {
      eval: 'never',
      evalWhy: 'no generated code',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE} (useBigInt64: false, its default)`,
      readable: false,
    }),
    library('msgpack/msgpackr', 'msgpack', 'msgpackr', '^1.11.0 || ^2.0.0', 'msgpackr', 'msgpackrCodec', {
      eval: 'never',
      evalWhy: 'compiles readers only for its record extension, which wirebench turns off (useRecords: false)',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE} (int64AsType: 'number')`,
      readable: false,
    }),
  ],
  cbor: [
    own('cbor/wirebench', 'cbor', 'cborCodec', EVERYWHERE, {
      eval: 'never',
      evalWhy: 'hand-written reader and writer',
      int64: 'refused',
      int64Why: REFUSED_INT64,
      readable: false,
    }),
    library('cbor/cbor-x', 'cbor', 'cbor-x', '^1.6.0', 'cbor-x', 'cborXCodec', {
      eval: 'never',
      evalWhy: 'compiles readers only for its record extension, which wirebench turns off (useRecords: false); its load-time probe is caught',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE} (int64AsNumber)`,
      readable: false,
    }),
  ],
  protobuf: [
    own('protobuf/wirebench', 'protobuf', 'protobufCodec', EVERYWHERE, {
      eval: 'generated',
      evalWhy: 'generates a reader and writer per message with new Function; interprets the same plans where a CSP forbids it (option interpreted)',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE}, refused outside the field's type`,
      readable: false,
    }),
    library('protobuf/protobufjs', 'protobuf', 'protobufjs', '^8.8.1', 'protobufjs', 'protobufjsCodec', {
      eval: 'always',
      evalWhy: 'its encode, decode and toObject are code protobufjs generates with Function, with no fallback',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE} (longs: Number); 2^63 − 1 reads as 2^63`,
      readable: false,
    }),
  ],
  flatbuffers: [
    own('flatbuffers/wirebench', 'flatbuffers', 'flatbuffersCodec', EVERYWHERE, {
      eval: 'generated',
      evalWhy: 'generates a reader and writer per table with new Function; interprets the same plans where a CSP forbids it (option interpreted)',
      int64: 'nearest-double',
      int64Why: `${NEAREST_DOUBLE}, refused outside the field's type`,
      readable: false,
    }),
    library('flatbuffers/flatbuffers', 'flatbuffers', 'flatbuffers', '^24.0.0 || ^25.0.0', 'flatbuffers', 'flatbuffersRuntimeCodec', {
      eval: 'generated',
      evalWhy: "wirebench's adapter builds decoded records with generated code, copying a template where a CSP forbids it (option interpreted)",
      int64: 'nearest-double',
      int64Why: NEAREST_DOUBLE,
      readable: false,
    }),
  ],
};

/** Every format id, in the registry's order (FORMATS's: a test holds them equal; codec.ts, which imports this module's types, is not imported back). */
const FORMATS = Object.keys(IMPLEMENTATIONS) as FormatId[];

/** Every implementation id of any format. */
export const IMPLEMENTATION_IDS: readonly ImplementationId[] = [...new Set(FORMATS.flatMap((f) => IMPLEMENTATIONS[f].map((i) => i.id)))];

/** The implementation `id` of `format`, or a WirebenchError that lists the ones there are. */
export function findImplementation(format: FormatId, id: string): Implementation {
  const found = IMPLEMENTATIONS[format]?.find((i) => i.id === id);
  if (!found) {
    const known = (IMPLEMENTATIONS[format] ?? []).map((i) => JSON.stringify(i.id)).join(', ');
    throw new WirebenchError(`no implementation ${JSON.stringify(id)} of ${format}; expected one of ${known}`, { format });
  }
  return found;
}

/** The format ids that have an implementation running in `runtime`, in FORMATS order (`'browser'`: every one but simdjson). */
export function formatsRunningIn(runtime: Runtime): FormatId[] {
  return FORMATS.filter((format) => IMPLEMENTATIONS[format].some((i) => i.runtimes.includes(runtime)));
}

/** The optional peers (libraries) of the implementations that run in `runtime`, each once, in registry order. */
export function librariesRunningIn(runtime: Runtime): string[] {
  const libraries = FORMATS.flatMap((format) => IMPLEMENTATIONS[format]).flatMap((i) => (i.library && i.runtimes.includes(runtime) ? [i.library] : []));
  return [...new Set(libraries)];
}

/**
 * Refuses `interpreted: true` for an implementation that cannot run without `new Function`
 * (protobufjs): its codec would compile code all the same.
 */
export function checkInterpreted(implementation: Implementation, options: { readonly interpreted?: boolean | undefined }): void {
  if (options.interpreted === true && implementation.capabilities.eval === 'always') {
    throw new WirebenchError(`the ${implementation.id} implementation cannot run interpreted: ${implementation.capabilities.evalWhy}`, {
      format: implementation.format,
    });
  }
}

/**
 * What a failed import of a library's module means: the library is not installed (it is an
 * optional peer dependency), said with the command that installs it. Anything else is passed on.
 */
export function missingLibrary(implementation: Implementation, error: unknown): unknown {
  const name = implementation.library ?? implementation.package;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const notFound =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /Cannot find (module|package)|Failed to fetch dynamically imported module|Failed to resolve module/i.test(message);
  if (!notFound || !message.includes(name)) return error;
  return new WirebenchError(
    `the ${implementation.id} implementation needs the package ${name}, which is not installed: npm install ${name}@"${implementation.peerRange ?? '*'}"`,
    { format: implementation.format, cause: error },
  );
}
