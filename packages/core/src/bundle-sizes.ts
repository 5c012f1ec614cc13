/**
 * Gzipped bytes of each codec entry of @wirebench/core, as a browser app that imports it ships them
 * (a library's entry: the library and wirebench's adapter that drives it), read by the registry
 * of implementations (implementations.ts). Written by `npm run bundle:budget -- --update` from
 * bench/baselines/bundle-sizes.json; do not edit (a test keeps the two equal).
 */
export const BUNDLE_GZIP_BYTES: Readonly<Record<string, number>> = {
  '@wirebench/core/json': 2568,
  '@wirebench/core/msgpack': 10293,
  '@wirebench/core/cbor': 10606,
  '@wirebench/core/protobuf': 12721,
  '@wirebench/core/flatbuffers': 12810,
  '@wirebench/core/msgpack/msgpack-msgpack': 8328,
  '@wirebench/core/msgpack/msgpackr': 13872,
  '@wirebench/core/cbor/cbor-x': 13376,
  '@wirebench/core/protobuf/protobufjs': 34323,
  '@wirebench/core/flatbuffers/flatbuffers': 9870,
};

/** The bundler that measured them (minified, ESM, browser) and how they were compressed. */
export const BUNDLE_MEASURED_WITH = 'rolldown 1.2.19, gzip -9';
