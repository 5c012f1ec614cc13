/**
 * `npm run bench:profile`: where the time goes in one codec operation on one payload. Each
 * implementation runs the operation in a tight loop in a fresh context (a worker thread in Node, a
 * fresh page in Chromium with --browser) under V8's sampling profiler; the profile is printed as
 * self time per function and per owner (wirebench core, the library, V8 builtins & native, the
 * garbage collector). `--help` lists the options.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FormatId } from '@wirebench/core';
import { createCodec, IMPLEMENTATIONS } from '@wirebench/core';
import type { CommandLine } from 'wirebench/node';
import { checkOutput, parseFormats, parseNumber, readPayloadFiles } from 'wirebench/node';
import { formatDuration } from 'wirebench/report';
import type { CanonicalShape } from 'wirebench/samples';
import { CANONICAL_MESSAGES } from 'wirebench/samples';
import type { OpenedBrowser } from '../browser/measure-browser.js';
import { checkEngines, enginePath, openBrowser } from '../browser/measure-browser.js';
import { PROFILE_BUNDLE, profileInPage } from '../profile/browser.js';
import type { Profiled, ProfileJob } from '../profile/loop.js';
import { SAMPLING_INTERVAL_US, WARMUP_MS } from '../profile/loop.js';
import { CANONICAL_PROTO, profileInWorker } from '../profile/node.js';
import { bundleLocator } from '../profile/source-maps.js';
import type { PayloadSource, ProfileOp, ProfileSubject } from '../profile/subject.js';
import { payloadName, prepareCall } from '../profile/subject.js';
import type { Locate } from '../profile/summarize.js';
import { summarize } from '../profile/summarize.js';
import { functionTable, ownerTable, runLine } from '../profile/table.js';
import { BenchError, command, main } from './command.js';

const SHAPES = Object.keys(CANONICAL_MESSAGES) as CanonicalShape[];

const USAGE = `npm run bench:profile -- --payload <name or file.json> --format <format> --op <encode|decode> [options]

Where the time goes in one codec operation on one payload. For each implementation, the codec is
made as npm run bench makes it (the canonical payloads with their hand-written schema, a file with
the schema inferred from it) and checked to give the payload back; then, in a fresh context (a
worker thread in Node; a fresh page, a new renderer process, in headless Chromium with --browser),
the operation runs in a tight loop: ${WARMUP_MS / 1000} s of warm-up, then --seconds under V8's sampling profiler
(every ${SAMPLING_INTERVAL_US} µs asked). Decode runs on the bytes that implementation encoded.

Prints per implementation the calls per second under the profiler, the samples taken, the top
functions by self time (name and file:line; (garbage collector) and (program) always), and the self
time per owner: @wirebench/core, the library's package, V8 builtins & native (no script: typed
array and string builtins, TextEncoder, Node's internals, and V8's (program)), the garbage
collector, code made by new Function, and the loop itself.

  --payload <p>          a canonical payload (${SHAPES.join(', ')}) or a .json file
  --format <f>           json, msgpack, cbor, protobuf, flatbuffers (or simdjson, Node only)
  --op <o>               encode or decode
  --implementations <l>  comma-separated (default: wirebench and every library of the format, skipping,
                         with a note, any not installed or that does not give the payload back),
                         e.g. wirebench,msgpackr
  --browser              in headless Chromium (${enginePath('chromium')}; WIREBENCH_CHROMIUM to use another)
  --seconds <s>          seconds under the profiler, per implementation (default 3)
  --top <n>              functions listed per implementation (default 15)
  --out <prefix>         write each raw profile to <prefix>.<implementation>.cpuprofile (Chrome DevTools:
                         Performance panel, load profile)
  --seed <n>             seed of the canonical payloads (default 1, as npm run bench)
  -h, --help             this text

Calls per second are taken under the profiler, which slows each implementation by its own amount:
for speed ratios use npm run bench. Exit status: 0 done, 1 the worker, page or browser failed,
2 bad arguments (an unknown format, payload or implementation, a library not installed, a codec
that does not give the payload back).`;

interface ProfileArgs {
  readonly payload: PayloadSource;
  readonly format: FormatId;
  readonly op: ProfileOp;
  /** Ids, and whether the user named them (a library missing is then an error, not a skip). */
  readonly implementations: readonly string[];
  readonly named: boolean;
  readonly browser: boolean;
  readonly seconds: number;
  readonly top: number;
  readonly out: string | undefined;
}

const OPTIONS = {
  payload: { type: 'string' },
  format: { type: 'string' },
  op: { type: 'string' },
  implementations: { type: 'string' },
  browser: { type: 'boolean', default: false },
  seconds: { type: 'string', default: '3' },
  top: { type: 'string', default: '15' },
  out: { type: 'string' },
  seed: { type: 'string', default: '1' },
} as const;

function profileArgs({ values }: CommandLine<typeof OPTIONS>): ProfileArgs {
  const required = (name: 'payload' | 'format' | 'op'): string => {
    const value = values[name];
    if (value === undefined) throw new BenchError(`--${name} is required`, 'usage');
    return value;
  };
  const formats = parseFormats(required('format'), '--format', false);
  if (formats.length !== 1) throw new BenchError(`--format takes one format, got "${values.format}"`, 'usage');
  const format = formats[0] as FormatId;
  if (format === 'simdjson' && values.browser) throw new BenchError('simdjson is Node-only: it cannot be profiled with --browser', 'usage');
  const op = required('op');
  if (op !== 'encode' && op !== 'decode') throw new BenchError(`--op must be encode or decode, got "${op}"`, 'usage');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new BenchError(`--seed must be an integer, got "${values.seed}"`, 'usage');
  const top = parseNumber(values.top, '--top', 1, 10_000);
  if (!Number.isInteger(top)) throw new BenchError(`--top must be a whole number, got "${values.top}"`, 'usage');

  const known: string[] = IMPLEMENTATIONS[format].map((i) => i.id);
  let implementations = known;
  if (values.implementations !== undefined) {
    implementations = [
      ...new Set(
        values.implementations
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (implementations.length === 0) throw new BenchError('--implementations: none given', 'usage');
    const unknown = implementations.find((id) => !known.includes(id));
    if (unknown !== undefined)
      throw new BenchError(`--implementations: ${format} has no implementation "${unknown}"; choose from ${known.join(', ')}`, 'usage');
  }
  return {
    payload: payloadSource(required('payload'), seed),
    format,
    op,
    implementations,
    named: values.implementations !== undefined,
    browser: values.browser === true,
    seconds: parseNumber(values.seconds, '--seconds', 0.1, 3600),
    top,
    out: values.out,
  };
}

/** A canonical payload by name, or a .json file (read and checked here: bad JSON is one line, exit 2). */
function payloadSource(text: string, seed: number): PayloadSource {
  if ((SHAPES as string[]).includes(text)) return { kind: 'canonical', shape: text as CanonicalShape, seed };
  if (!text.endsWith('.json') && !existsSync(text)) {
    throw new BenchError(`unknown payload "${text}": name a canonical payload (${SHAPES.join(', ')}) or a .json file`, 'usage');
  }
  const [file] = readPayloadFiles([text]);
  if (!file) throw new BenchError(`${text}: no .json file there`, 'usage');
  return { kind: 'file', name: file.name, text: readFileSync(file.path, 'utf8') };
}

/** `msgpackr` → `msgpackr`, `@msgpack/msgpack` → `msgpack-msgpack`: a file name part. */
const fileSafe = (id: string): string => id.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-');
const outPath = (prefix: string, id: string): string => `${prefix}.${fileSafe(id)}.cpuprofile`;

/**
 * The subjects to profile, each prepared once here first (nothing timed), so a library that is not
 * installed or a codec that does not give the payload back stops the run before any profiling. An
 * implementation the user did not name (the default list) is skipped instead, with a note.
 */
async function checkedSubjects(args: ProfileArgs): Promise<ProfileSubject[]> {
  const proto = readFileSync(CANONICAL_PROTO, 'utf8');
  const subjects: ProfileSubject[] = [];
  for (const implementation of args.implementations) {
    const subject: ProfileSubject = { payload: args.payload, format: args.format, implementation, op: args.op };
    try {
      await prepareCall(subject, proto, createCodec);
      subjects.push(subject);
    } catch (error) {
      if (!(error instanceof BenchError)) throw error;
      if (args.named) throw new BenchError(error.message, 'usage');
      console.error(`note: ${error.message} (skipped)`);
    }
  }
  if (subjects.length === 0) throw new BenchError(`no implementation of ${args.format} can be profiled on ${payloadName(args.payload)}`, 'usage');
  return subjects;
}

const benchProfile = command({
  name: 'bench:profile',
  usage: USAGE,
  options: OPTIONS,
  async run(line) {
    const args = profileArgs(line);
    const subjects = await checkedSubjects(args);
    if (args.out !== undefined) for (const subject of subjects) checkOutput(outPath(args.out, subject.implementation), '--out');
    if (args.browser) checkEngines(['chromium']);
    let opened: OpenedBrowser | undefined;
    try {
      let run: (job: ProfileJob) => Promise<Profiled> = profileInWorker;
      let locate: Locate | undefined;
      let where = `a fresh worker thread of Node ${process.version}`;
      if (args.browser) {
        console.error('bench:profile: bundling the page and starting Chromium…');
        const chromium = await openBrowser('chromium', new Map(), PROFILE_BUNDLE);
        opened = chromium;
        const session = chromium.session;
        run = (job) => profileInPage(session, job);
        locate = bundleLocator(session.origin, PROFILE_BUNDLE);
        where = `a fresh page of headless Chromium ${session.driver.engine.version}`;
      }
      const label = `${args.format} ${args.op} of ${payloadName(args.payload)}${args.payload.kind === 'canonical' ? ` (seed ${args.payload.seed})` : ''}`;
      console.log(`wirebench bench:profile: ${label}, each implementation in ${where}:`);
      console.log(`${WARMUP_MS / 1000} s of warm-up, then ${args.seconds} s under V8's sampling profiler; self time, % of the samples' time`);
      const perCall: string[] = [];
      for (const [index, subject] of subjects.entries()) {
        const started = performance.now();
        console.error(
          `bench:profile: ${subject.implementation} (${index + 1} of ${subjects.length}): ${WARMUP_MS / 1000} s warm-up + ${args.seconds} s profiled…`,
        );
        const { loop, profile } = await run({ subject, seconds: args.seconds });
        console.error(`bench:profile: ${subject.implementation} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        const summary = summarize(profile, locate);
        console.log(`\n## ${subject.implementation}\n${runLine(loop, summary)}\n`);
        for (const line of functionTable(summary, args.top)) console.log(line);
        console.log('');
        for (const line of ownerTable(summary)) console.log(line);
        perCall.push(`${subject.implementation} ${formatDuration(loop.ms / loop.calls)}`);
        if (args.out !== undefined) {
          const file = outPath(args.out, subject.implementation);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`\nprofile: ${file}`);
        }
      }
      if (perCall.length > 1) console.log(`\ntime a call under the profiler: ${perCall.join(', ')} (for speed ratios, npm run bench)`);
      return 0;
    } finally {
      await opened?.close();
    }
  },
});

await main(benchProfile);
