import { readPayloadFiles } from '@wirebench/core/node';
import { payloadsSuite } from './payloads.js';
import type { Suite } from './suite.js';

/** The user's own payload files (read by @wirebench/core/node), each with a schema inferred from it for protobuf and FlatBuffers. */
export function filesSuite(paths: readonly string[]): Suite {
  return payloadsSuite(readPayloadFiles(paths));
}
