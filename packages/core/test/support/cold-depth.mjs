// Nesting through a codec that has never run: `coldDepthInChild` runs each check in a worker thread
// of its own (a V8 isolate with nothing compiled or warmed, on the built package, dist/), inside one
// child process per call. Unoptimized frames are several times the size of optimized ones, so the
// first deep call of a process (or a page's worker) is where a recursive codec runs out of stack:
// a codec that read 850 levels after warming up threw "nested too deeply" on them cold. Plain
// JavaScript (types in cold-depth.d.mts): the child and its workers load nothing but the package.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const SCHEMA_FORMATS = ['protobuf', 'flatbuffers'];

/**
 * Runs `checks` (`{ shape: 'array' | 'object', depth, maxDepth }`) for one implementation, each
 * in a fresh worker with `stackSizeMb` of stack, two at a time, and returns one result per check:
 * `ok` (encoded and decoded back to the same nesting), `refused` (the stage, error name and
 * message) or `crashed`.
 */
export function coldDepthInChild(format, implementation, checks, { stackSizeMb, timeoutMs = 120_000 } = {}) {
  const request = JSON.stringify({ format, implementation, checks, stackSizeMb });
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), request], { encoding: 'utf8', timeout: timeoutMs });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`cold-depth child exited ${run.status}: ${run.stderr.slice(-600)}`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** `depth` arrays (`[[1]]` is 2) or objects (`{ a: { a: 1 } }`) nested around a 1. */
function nest(shape, depth) {
  let value = 1;
  for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { a: value };
  return value;
}

/** How deep `value` nests as `nest` builds it, or -1 if it is something else. */
function nestingOf(shape, value) {
  let depth = 0;
  for (; shape === 'array' ? Array.isArray(value) && value.length === 1 : isA(value); depth++) value = shape === 'array' ? value[0] : value.a;
  return value === 1 ? depth : -1;
}

const isA = (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && 'a' in value;

/** The worker's side: one check, from a cold start. */
async function check({ format, implementation, shape, depth, maxDepth }) {
  let stage = 'import';
  try {
    const { createCodec, inferSchema } = await import('../../dist/index.js');
    const value = nest(shape, depth);
    stage = 'inferSchema';
    const schema = SCHEMA_FORMATS.includes(format) ? inferSchema(value) : undefined;
    stage = 'createCodec';
    const codec = await createCodec(format, { implementation, schema, limits: { maxDepth } });
    stage = 'encode';
    const bytes = codec.encode(value);
    stage = 'decode';
    const decoded = nestingOf(shape, codec.decode(bytes));
    return decoded === depth ? { outcome: 'ok' } : { outcome: 'refused', stage, name: 'Mismatch', message: `decoded ${decoded} levels` };
  } catch (error) {
    // A JSON path 1,000 levels long sits in the middle: its ends are what a test reads.
    const message = String(error?.message);
    return {
      outcome: 'refused',
      stage,
      name: error?.constructor?.name,
      message: message.length > 400 ? `${message.slice(0, 150)}…${message.slice(-150)}` : message,
    };
  }
}

function inWorker(data, stackSizeMb) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: data, ...(stackSizeMb ? { resourceLimits: { stackSizeMb } } : {}) });
    worker.once('message', resolve);
    worker.once('error', (error) => resolve({ outcome: 'crashed', message: String(error?.message) }));
  });
}

async function runChecks({ format, implementation, checks, stackSizeMb }) {
  const results = new Array(checks.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < checks.length; i = next++) results[i] = await inWorker({ format, implementation, ...checks[i] }, stackSizeMb);
  };
  await Promise.all([lane(), lane()]);
  console.log(JSON.stringify(results));
}

if (!isMainThread) parentPort.postMessage(await check(workerData));
else if (process.argv[1] === fileURLToPath(import.meta.url)) await runChecks(JSON.parse(process.argv[2]));
