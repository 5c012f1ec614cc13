/**
 * Gzipped bytes of each codec entry of @wirebench/core, as a browser app that imports it ships them
 * (a library's entry: the library and wirebench's adapter that drives it). Written by
 * `npm run bundle:budget -- --update` from bench/baselines/bundle-sizes.json; do not edit (a test
 * keeps the two equal).
 */
export const BUNDLE_GZIP_BYTES: Readonly<Record<string, number>> = {
  '@wirebench/core/json': 2343,
  '@wirebench/core/msgpack': 10131,
  '@wirebench/core/cbor': 10407,
  '@wirebench/core/protobuf': 12417,
  '@wirebench/core/flatbuffers': 12476,
  '@wirebench/core/msgpack/msgpack-msgpack': 6792,
  '@wirebench/core/msgpack/msgpackr': 12499,
  '@wirebench/core/cbor/cbor-x': 11643,
  '@wirebench/core/protobuf/protobufjs': 33433,
  '@wirebench/core/flatbuffers/flatbuffers': 9700,
};

/** The bundler that measured them (minified, ESM, browser) and how they were compressed. */
export const BUNDLE_MEASURED_WITH = 'rolldown 1.2.19, gzip -9';
