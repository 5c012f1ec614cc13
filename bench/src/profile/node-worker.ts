/**
 * bench:profile's worker thread: a fresh V8 isolate (its own heap and JIT state) that prepares one
 * subject and runs it under the V8 CPU profiler, through a node:inspector session connected to this
 * thread only. Posts back the profile and the loop's count, or why it could not.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createCodec } from '@wirebench/core';
import type { ProfileJob } from './loop.js';
import { profiledRun, SAMPLING_INTERVAL_US } from './loop.js';
import type { NodeProfileReply } from './node.js';
import { CANONICAL_PROTO } from './node.js';
import { prepareCall } from './subject.js';
import type { CpuProfile } from './summarize.js';

const TITLE = 'wirebench';

async function run(job: ProfileJob): Promise<NodeProfileReply> {
  const call = await prepareCall(job.subject, readFileSync(CANONICAL_PROTO, 'utf8'), createCodec);
  const session = new Session();
  session.connect();
  try {
    let profile: CpuProfile | undefined;
    session.on('Profiler.consoleProfileFinished', ({ params }) => {
      if (params.title === TITLE) profile = params.profile as CpuProfile;
    });
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    const loop = profiledRun(call, job.seconds, TITLE);
    // A session on this thread gets its events as they happen; one more turn, to be sure.
    await new Promise((resolve) => setImmediate(resolve));
    if (!profile) return { ok: false, message: 'the inspector sent no profile' };
    return { ok: true, loop, profile };
  } finally {
    session.disconnect();
  }
}

run(workerData as ProfileJob).then(
  (reply) => parentPort?.postMessage(reply),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies NodeProfileReply),
);
