import type { FormatId } from './codec.js';
import { FORMATS } from './codec.js';
import { WirebenchError } from './errors.js';

/**
 * Who runs a format: wirebench's own codec, or a library teams already ship, behind the same
 * `Codec` API (`createCodec(format, { implementation })`). A user chooses a format AND the code
 * that will run it, so every surface measures both.
 */

/** `'wirebench'` (wirebench's own codec, the default) or the npm name of a library. */
export type ImplementationId = 'wirebench' | '@msgpack/msgpack' | 'msgpackr' | 'cbor-x' | 'protobufjs' | 'flatbuffers';

/** The implementation every factory and `createCodec` use unless told otherwise. */
export const DEFAULT_IMPLEMENTATION: ImplementationId = 'wirebench';

/** One implementation of one format. */
export interface Implementation {
  readonly id: ImplementationId;
  readonly format: FormatId;
  /** The npm package whose code runs (`@wirebench/core` for wirebench's own codecs). */
  readonly package: string;
  /** The versions of a library this package declares in its package.json (an optional peer, or protobufjs's dependency): the range its install line asks for. */
  readonly peerRange?: string;
  /** The subpath of `@wirebench/core` whose synchronous factory builds it. */
  readonly entry: string;
  /** The factory that subpath exports. */
  readonly factory: string;
  /** Library codecs: the module's file name in `formats/<format>/libraries/`. */
  readonly module?: string;
}

const own = (format: FormatId, factory: string): Implementation => ({
  id: 'wirebench',
  format,
  package: '@wirebench/core',
  entry: `@wirebench/core/${format}`,
  factory,
});

/**
 * Every implementation, per format, wirebench's own first. Versions are what is installed where the
 * code runs: `implementationVersions()` from `wirebench/node` reads them in Node; a page
 * gets them from its bundler (the playground's build injects them).
 */
export const IMPLEMENTATIONS: Readonly<Record<FormatId, readonly Implementation[]>> = {
  json: [own('json', 'jsonCodec')],
  simdjson: [own('simdjson', 'simdjsonCodec')],
  msgpack: [
    own('msgpack', 'msgpackCodec'),
    {
      id: '@msgpack/msgpack',
      format: 'msgpack',
      package: '@msgpack/msgpack',
      peerRange: '^3.1.0',
      entry: '@wirebench/core/msgpack/msgpack-msgpack',
      factory: 'msgpackMsgpackCodec',
      module: 'msgpack-msgpack',
    },
    {
      id: 'msgpackr',
      format: 'msgpack',
      package: 'msgpackr',
      peerRange: '^1.11.0 || ^2.0.0',
      entry: '@wirebench/core/msgpack/msgpackr',
      factory: 'msgpackrCodec',
      module: 'msgpackr',
    },
  ],
  cbor: [
    own('cbor', 'cborCodec'),
    { id: 'cbor-x', format: 'cbor', package: 'cbor-x', peerRange: '^1.6.0', entry: '@wirebench/core/cbor/cbor-x', factory: 'cborXCodec', module: 'cbor-x' },
  ],
  protobuf: [
    own('protobuf', 'protobufCodec'),
    {
      id: 'protobufjs',
      format: 'protobuf',
      package: 'protobufjs',
      peerRange: '^8.8.1',
      entry: '@wirebench/core/protobuf/protobufjs',
      factory: 'protobufjsCodec',
      module: 'protobufjs',
    },
  ],
  flatbuffers: [
    own('flatbuffers', 'flatbuffersCodec'),
    {
      id: 'flatbuffers',
      format: 'flatbuffers',
      package: 'flatbuffers',
      peerRange: '^24.0.0 || ^25.0.0',
      entry: '@wirebench/core/flatbuffers/flatbuffers',
      factory: 'flatbuffersRuntimeCodec',
      module: 'flatbuffers',
    },
  ],
};

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

/**
 * What a failed import of a library's module means: the library is not installed (it is an
 * optional peer dependency), said with the command that installs it. Anything else is passed on.
 */
export function missingLibrary(implementation: Implementation, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const notFound =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /Cannot find (module|package)|Failed to fetch dynamically imported module|Failed to resolve module/i.test(message);
  if (!notFound || !message.includes(implementation.package)) return error;
  return new WirebenchError(
    `the ${implementation.id} implementation needs the package ${implementation.package}, which is not installed: npm install ${implementation.package}@"${implementation.peerRange ?? '*'}"`,
    { format: implementation.format, cause: error },
  );
}
