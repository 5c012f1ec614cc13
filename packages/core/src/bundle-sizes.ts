/**
 * Gzipped bytes of each codec entry of @wirebench/core, as a browser app that imports it ships them
 * (a library's entry: the library and wirebench's adapter that drives it), read by the registry
 * of implementations (implementations.ts). Written by `npm run bundle:budget -- --update` from
 * bench/baselines/bundle-sizes.json; do not edit (a test keeps the two equal).
 */
export const BUNDLE_GZIP_BYTES: Readonly<Record<string, number>> = {
  '@wirebench/core/json': 2392,
  '@wirebench/core/msgpack': 10160,
  '@wirebench/core/cbor': 10444,
  '@wirebench/core/protobuf': 12465,
  '@wirebench/core/flatbuffers': 12524,
  '@wirebench/core/msgpack/msgpack-msgpack': 8145,
  '@wirebench/core/msgpack/msgpackr': 13698,
  '@wirebench/core/cbor/cbor-x': 13196,
  '@wirebench/core/protobuf/protobufjs': 34128,
  '@wirebench/core/flatbuffers/flatbuffers': 9773,
};

/** The bundler that measured them (minified, ESM, browser) and how they were compressed. */
export const BUNDLE_MEASURED_WITH = 'rolldown 1.2.19, gzip -9';
