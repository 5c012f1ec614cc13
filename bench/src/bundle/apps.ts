import { inferSchema } from '@wirebench/core';

/** What the budget weighs: a tiny app per entry (BundleApp) or a page of this repository (BundlePage). */
export interface BundleTarget {
  /** The row's name, and its key in the budget file. */
  readonly name: string;
  /** What the app does, for the table. */
  readonly does: string;
  /** Packages from node_modules the bundle may hold; any other one fails the budget. */
  readonly allowedPackages: readonly string[];
  /** The most its gzipped initial JS may weigh, whatever the budget file accepted: a limit the page was given, not its last size. */
  readonly maxGzip?: number;
}

/**
 * One tiny browser app per entry of @wirebench/core: the smallest real use of it (a factory called,
 * a payload encoded and decoded), so that the bundle holds what an app shipping that entry ships.
 */
export interface BundleApp extends BundleTarget {
  readonly source: string;
}

/** A page of this repository built by its own Vite config, as it is deployed. */
export interface BundlePage extends BundleTarget {
  /** The folder of its vite.config.ts, from the repository's root. */
  readonly root: string;
}

const PAYLOAD = { id: 7, name: 'Ana', tags: ['new', 'sale'] };
const payload = JSON.stringify(PAYLOAD);
// The schema codecs get the schema as data, as an app that ships a printed schema would: the rows
// then weigh the codec, not inference.
const schema = JSON.stringify(inferSchema(PAYLOAD));
/** A codec written inline, so the measure and negotiate rows do not weigh a format's codec. */
const STUB_CODEC = `{ format: 'json', mediaType: 'application/json', encode: (v) => new TextEncoder().encode(JSON.stringify(v)), decode: (b) => JSON.parse(new TextDecoder().decode(b)) }`;
/** A measured payload written inline (JSON and msgpack rows, gzip figures), so the answer row weighs the answer, not the engine. */
const codecRow = (format: string, bytes: number, gzip: number, decodeMs: number): string =>
  `{ name: '${format}', kind: 'codec', format: '${format}', implementation: 'wirebench', bytes: ${bytes}, compressed: { gzip: ${gzip} }, decompressMs: { gzip: 0.02 }, fidelity: { ok: true, diffs: [] }, decode: { median: ${decodeMs} } }`;
const MEASURED_PAYLOAD = `{ name: 'p', jsonBytes: 8491, lossyNumbers: [], lossyCount: 0, reference: 'json', rounds: [], stoppedByBudget: false, suspect: false, rows: [${codecRow('json', 8491, 1027, 0.053)}, ${codecRow('msgpack', 5372, 854, 0.04)}] }`;

const roundTrip = (specifier: string, factory: string, args = '', allowedPackages: readonly string[] = []): BundleApp => ({
  name: specifier,
  does: `\`${factory}(${args ? 'schema' : ''})\`, encode, decode`,
  source: `import { ${factory} } from '${specifier}';
const codec = ${factory}(${args});
console.log(codec.decode(codec.encode(${payload})));`,
  allowedPackages,
});

/** What protobufjs brings (its runtime's own small packages and long). */
const PROTOBUFJS = [
  'protobufjs',
  'long',
  '@protobufjs/aspromise',
  '@protobufjs/base64',
  '@protobufjs/codegen',
  '@protobufjs/eventemitter',
  '@protobufjs/fetch',
  '@protobufjs/float',
  '@protobufjs/inquire',
  '@protobufjs/path',
  '@protobufjs/pool',
  '@protobufjs/utf8',
];

export const BUNDLE_APPS: readonly BundleApp[] = [
  {
    name: '@wirebench/core',
    does: "`await createCodec('json')`, encode, decode (the json codec loads as a chunk of its own)",
    source: `import { createCodec } from '@wirebench/core';
const codec = await createCodec('json');
console.log(codec.decode(codec.encode(${payload})));`,
    allowedPackages: [],
  },
  {
    name: '@wirebench/core (every export)',
    does: 'keeps every export of the root (what Node loads on `import`)',
    source: `import * as core from '@wirebench/core';
console.log(core);`,
    allowedPackages: [],
  },
  roundTrip('@wirebench/core/json', 'jsonCodec'),
  roundTrip('@wirebench/core/msgpack', 'msgpackCodec'),
  roundTrip('@wirebench/core/cbor', 'cborCodec'),
  roundTrip('@wirebench/core/protobuf', 'protobufCodec', schema),
  roundTrip('@wirebench/core/flatbuffers', 'flatbuffersCodec', schema),
  // Each library codec's entry bundles its library and nothing else.
  roundTrip('@wirebench/core/msgpack/msgpack-msgpack', 'msgpackMsgpackCodec', '', ['@msgpack/msgpack']),
  roundTrip('@wirebench/core/msgpack/msgpackr', 'msgpackrCodec', '', ['msgpackr']),
  roundTrip('@wirebench/core/cbor/cbor-x', 'cborXCodec', '', ['cbor-x']),
  roundTrip('@wirebench/core/protobuf/protobufjs', 'protobufjsCodec', schema, PROTOBUFJS),
  roundTrip('@wirebench/core/flatbuffers/flatbuffers', 'flatbuffersRuntimeCodec', schema, ['flatbuffers']),
  {
    name: 'wirebench',
    does: '`measure` over one inline codec',
    source: `import { measure } from 'wirebench';
console.log(await measure([{ payload: { name: 'p', value: ${payload} }, codecs: [${STUB_CODEC}] }], { rounds: 1 }));`,
    allowedPackages: ['tinybench'],
  },
  {
    // What the playground's page loads to import another device's result; `measure` above must not pull it in.
    name: 'wirebench (upgradeResult)',
    does: "`upgradeResult` of a result file (any version wirebench wrote), as the playground's device import and bench:compare read one",
    source: `import { upgradeResult } from 'wirebench';
console.log(upgradeResult(JSON.parse(document.body.textContent ?? '{}')));`,
    allowedPackages: ['valibot'],
  },
  {
    name: '@wirebench/core/attribution',
    does: "`attribute('msgpack', payload)`: its bytes by path and kind",
    source: `import { attribute } from '@wirebench/core/attribution';
console.log(attribute('msgpack', ${payload}));`,
    allowedPackages: [],
  },
  {
    name: 'wirebench/answer',
    does: '`answerPayload` of one inline measured payload on 4G with gzip',
    source: `import { answerPayload } from 'wirebench/answer';
console.log(answerPayload(${MEASURED_PAYLOAD}, { network: '4g', served: 'gzip' }));`,
    allowedPackages: [],
  },
  {
    name: '@wirebench/core/negotiate',
    does: '`negotiateFormat`, `createFetchClient` over one inline codec',
    source: `import { createFetchClient, negotiateFormat } from '@wirebench/core/negotiate';
console.log(negotiateFormat('application/msgpack, */*;q=0.1', ['json', 'msgpack']));
console.log(await createFetchClient({ codecs: [${STUB_CODEC}] }).request('/orders/latest'));`,
    allowedPackages: [],
  },
  {
    name: '@wirebench/core/schema',
    does: '`schemaFromProto(toProto(inferSchema(payload)))`: protobufjs, the optional peer that parses the .proto, is a chunk of its own, imported as the module loads ("loaded later")',
    source: `import { inferSchema, schemaFromProto, toProto } from '@wirebench/core/schema';
console.log(schemaFromProto(toProto(inferSchema(${payload})), 'Root'));`,
    allowedPackages: ['protobufjs', 'long'],
  },
];

/**
 * The playground's first screen: what a phone downloads before the paste box and Measure work.
 * Everything else (the figures and the answer, the comparison of devices, the share-link reader) is
 * fetched later, and the measuring worker with its codecs runs in a thread of its own.
 */
export const PLAYGROUND_PAGE: BundlePage & { readonly maxGzip: number } = {
  name: '@wirebench/playground',
  does: "the playground's first screen (its Vite build): the entry chunk and the chunks it imports statically, React included; the figures, the answer, the comparison and the share-link reader are loaded later",
  root: 'packages/playground',
  // valibot is the result reader's, in the comparison's chunk; no codec library nor tinybench runs on the page's main thread.
  allowedPackages: ['react', 'react-dom', 'scheduler', 'valibot'],
  maxGzip: 75_000,
};
