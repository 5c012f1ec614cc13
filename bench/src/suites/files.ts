import { describeSkippedLinks, readPayloadFiles, searchPayloadFiles } from 'wirebench/node';
import { payloadsSuite } from './payloads.js';
import type { Suite } from './suite.js';

/**
 * The user's own payload files (found and read by wirebench/node), each with a schema inferred
 * from it for protobuf and FlatBuffers. The symlinks the search did not follow (cycles, second ways
 * to a folder or file) are the suite's first note, as `npx wirebench` says them.
 */
export function filesSuite(paths: readonly string[]): Suite {
  const search = searchPayloadFiles(paths);
  const suite = payloadsSuite(readPayloadFiles(search.files));
  const skippedLinksNote = describeSkippedLinks(search.skippedLinks);
  if (skippedLinksNote === undefined) return suite;
  return {
    ...suite,
    async plan(context) {
      const plan = await suite.plan(context);
      // Into the plan's own array: library rows add their notes to it later, while measuring.
      plan.notes.unshift(skippedLinksNote);
      return plan;
    },
  };
}
