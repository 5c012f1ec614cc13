/**
 * bench:profile in the page: the subject prepared as the bench prepares it here (the bundled
 * canonical.proto, the library codecs bundled in), then warmed up and run on the main thread under
 * console.profile, which the runner's CDP session receives: the profile starts and ends with the
 * loop, with no round trip to the runner inside it.
 */
import { createCodecWithLibraries } from '@wirebench/core/libraries';
import proto from '../../schemas/canonical.proto?raw';
import type { PageProfileConfig } from '../src/browser/protocol.js';
import type { LoopResult } from '../src/profile/loop.js';
import { profiledRun } from '../src/profile/loop.js';
import { prepareCall } from '../src/profile/subject.js';

export async function profileHere(config: PageProfileConfig): Promise<LoopResult> {
  const call = await prepareCall(config.subject, proto, createCodecWithLibraries);
  return profiledRun(call, config.seconds, config.title);
}
