/**
 * `npx wirebench <file.json | folder>…`: the user's own payloads measured in every format by the one
 * engine (wirebench), printed as the bench's tables, or as the result JSON. Node only:
 * reached through the package's `bin` (bin/wirebench.js), never from a browser entry point.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FormatId, Schema } from '@wirebench/core';
import { createCodec, inferSchema, toFbs, toProto, WirebenchError } from '@wirebench/core';
import { withAnswers } from '../answer/with-answers.js';
import { measure } from '../measure/engine.js';
import type { PlannedPayload } from '../measure/plan.js';
import { planPayload, withoutGeneratedCode } from '../measure/plan.js';
import type { MeasureOptions, MeasureProgress } from '../measure/types.js';
import { measureInEngine } from '../node/browser-run/run.js';
import { cpuPressure, implementationVersions, libraryVersions, nodeCompressors, nodeEnvironment } from '../node/environment.js';
import type { PayloadFile } from '../node/files.js';
import { describeSkippedLinks, PayloadFileError, readPayloadFiles, searchPayloadFiles } from '../node/files.js';
import type { IsolatedJob } from '../node/isolated.js';
import { measureIsolated } from '../node/isolated.js';
import { progressReporter } from '../node/progress.js';
import { checkOutput, checkOutputFolder, UsageError, writeOutput } from '../node/usage.js';
import { renderHtmlReport } from '../report/html.js';
import { fidelitySummary, formatResult } from '../report/text.js';
import { attributionSource, withAttribution } from '../result/attribution.js';
import type { WirebenchResult } from '../result/types.js';
import type { CliArgs } from './args.js';
import { parseCliArgs, USAGE } from './args.js';
import type { FileJob } from './plan-file.js';

/** The result `--json` prints: the engine's result, and what the reader should know beside it. */
export type CliResult = WirebenchResult & { readonly notes: string[] };

/** Where the CLI writes: the process's streams, or a test's. */
export interface CliIo {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

const PROCESS_IO: CliIo = { stdout: process.stdout, stderr: process.stderr };

export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * Runs the command line and returns the exit code: 0 measured, 2 bad input (anything found wrong
 * before measuring starts), 1 any other failure.
 */
export async function main(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  const fail = (message: string, code: number): number => {
    io.stderr.write(`wirebench: ${message}\n`);
    return code;
  };
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return fail(`${error.message} (see wirebench --help)`, 2);
    throw error;
  }
  try {
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, 2);
    if (error instanceof PayloadFileError) return fail(error.message, 2);
    if (process.env['WIREBENCH_DEBUG']) io.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    return fail(error instanceof Error ? error.message : String(error), 1);
  }
}

async function run(args: CliArgs, io: CliIo): Promise<number> {
  if (args.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.version) {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  // Everything that can be wrong with the input is found before anything is measured.
  checkOutput(args.html, '--html');
  if (args.schemaOut !== undefined) checkOutputFolder(args.schemaOut, '--schema-out');
  const search = searchPayloadFiles(args.paths);
  const files = readPayloadFiles(search.files);
  // Said once the input is known good (a bad input's message stays the only line), and on stderr
  // at once rather than under the tables: it is about what was searched, not what was measured.
  const skipped = describeSkippedLinks(search.skippedLinks);
  if (skipped !== undefined) io.stderr.write(`note: ${skipped}\n`);

  const environment = nodeEnvironment({ ...libraryVersions(['tinybench', 'simdjson']), ...(await implementationVersions()) });
  const settings = { rounds: args.rounds, roundTime: args.roundTime, warmupTime: args.warmupTime, environment };
  const progress = progressReporter(io.stderr);
  let measured: WirebenchResult;
  let notes: string[];
  try {
    const job: MeasureJob = { files, args, settings, io, onProgress: progress.update };
    ({ result: measured, notes } =
      args.engine !== undefined ? await measureInBrowser(job) : args.sameProcess ? await measureHere(job) : await measureApart(job));
  } finally {
    progress.end();
  }
  // Every payload's answer under the user's constraints (checked when the arguments were read), in the JSON and both reports.
  const result = withAnswers(measured, args.constraints);

  if (args.html !== undefined) {
    try {
      writeOutput(args.html, renderHtmlReport(result, { notes }), '--html');
    } catch (error) {
      // Checked before measuring; failing now (a full disk, say) is not the input's fault: exit 1.
      throw new Error((error as Error).message);
    }
    io.stderr.write(`HTML report: ${args.html}\n`);
  }
  if (args.json) {
    const output: CliResult = { ...result, notes };
    io.stdout.write(`${JSON.stringify(output, null, 1)}\n`);
    return 0;
  }
  io.stdout.write(`${[header(args, files), formatResult(result), '', ...notes.map((n) => `note: ${n}`), ...fidelitySummary(result), HINT].join('\n')}\n`);
  return 0;
}

const HINT =
  'Lower is better. × JSON: time ÷ JSON\'s in the same rounds (median over rounds), with its 95 % interval; "≈ JSON": no difference within the noise. wirebench --help explains every column.';

function header(args: CliArgs, files: readonly PayloadFile[]): string {
  const formats: readonly FormatId[] = args.formats;
  const what = files.length === 1 ? (files[0] as PayloadFile).name : `${files.length} files`;
  return `wirebench ${version()}: ${what}; formats ${formats.join(', ')}${args.formatsGiven ? '' : ' (all)'}${args.quick ? '; --quick' : ''}${args.sameProcess ? '; --same-process' : ''}${args.engine !== undefined ? `; --engine ${args.engine}` : ''}`;
}

type Settings = Pick<MeasureOptions, 'rounds' | 'roundTime' | 'warmupTime' | 'environment'>;

/** What either way of measuring is given: the files, the arguments, the engine's settings, where to write and the progress bar. */
interface MeasureJob {
  readonly files: readonly PayloadFile[];
  readonly args: CliArgs;
  readonly settings: Settings;
  readonly io: CliIo;
  readonly onProgress: (progress: MeasureProgress) => void;
}

/** The measured result (with each payload's byte attribution), and what the reader should know beside it. */
interface Measured {
  readonly result: WirebenchResult;
  readonly notes: string[];
}

/** The CLI's planner module, run in each payload's worker (see plan-file.ts). */
const PLANNER = new URL('./plan-file.js', import.meta.url).href;

/**
 * Each file in a fresh worker thread, one after another (`measureIsolated`): a payload's figures do
 * not depend on the files before it. The worker reads, parses and plans its file itself; here the
 * schemas for --schema-out are inferred from the values read up front (the same inference).
 */
async function measureApart({ files, args, settings, io, onProgress }: MeasureJob): Promise<Measured> {
  const schemaNotes: string[] = [];
  if (args.schemaOut !== undefined) {
    const inferred = files.map((file) => ({ file, schema: schemaOf(file.value) }));
    writeSchemas(inferred, args.schemaOut, schemaNotes, io);
  }
  const jobs = files.map(
    (file): IsolatedJob<FileJob> => ({
      planner: PLANNER,
      data: { name: file.name, path: file.path, formats: args.formats, implementations: args.implementations, interpreted: measuresInterpreted(args) },
      payloads: [file.name],
    }),
  );
  const { result, notes } = await measureIsolated(jobs, { ...settings, onProgress });
  return { result, notes: [...new Set([...notes, ...schemaNotes])] };
}

/**
 * Each file in a fresh page of the browser engine --engine names, in its Web Worker (wirebench/engines
 * starts the browser; the page is bundled with the package): the same planning, engine and
 * attribution as in Node, with the codecs a browser runs. The schemas for --schema-out are inferred here.
 */
async function measureInBrowser({ files, args, settings, io, onProgress }: MeasureJob): Promise<Measured> {
  const schemaNotes: string[] = [];
  if (args.schemaOut !== undefined) {
    const inferred = files.map((file) => ({ file, schema: schemaOf(file.value) }));
    writeSchemas(inferred, args.schemaOut, schemaNotes, io);
  }
  const { cpuModel, cores, memoryGb } = settings.environment ?? {};
  const { result, notes } = await measureInEngine({
    engine: args.engine as NonNullable<CliArgs['engine']>,
    files: files.map((file) => ({ name: file.name, path: file.path })),
    formats: args.formats,
    implementations: args.implementations,
    interpreted: measuresInterpreted(args),
    rounds: args.rounds,
    roundTime: args.roundTime,
    warmupTime: args.warmupTime,
    host: { ...(cpuModel ? { cpuModel } : {}), ...(cores ? { cores } : {}), ...(memoryGb ? { memoryGb } : {}) },
    onProgress,
    log: (line) => io.stderr.write(`${line}\n`),
  });
  return { result, notes: [...new Set([...notes, ...schemaNotes])] };
}

/** Every file planned, then measured, in this process (--same-process): for debugging and profiling. */
async function measureHere({ files, args, settings, io, onProgress }: MeasureJob): Promise<Measured> {
  const notes: string[] = [];
  const planned: Array<PlannedPayload & { file: PayloadFile }> = [];
  const create = measuresInterpreted(args) ? withoutGeneratedCode(createCodec) : createCodec;
  for (const file of files) {
    const { name, value, lossyNumbers, lossyCount, sourceBytes } = file;
    planned.push({ ...(await planPayload({ name, value, lossyNumbers, lossyCount, sourceBytes }, args.formats, notes, args.implementations, create)), file });
  }
  if (args.schemaOut !== undefined) writeSchemas(planned, args.schemaOut, notes, io);
  const result = await measure(
    planned.map((p) => p.target),
    { ...settings, compressors: nodeCompressors, cpuPressure, isolation: 'none', onProgress },
  );
  return { result: withAttribution(result, planned.map(attributionSource)), notes };
}

/** --no-eval: the rows are measured as a page without eval runs them, so the answer can rank them there. */
function measuresInterpreted(args: CliArgs): boolean {
  return args.constraints.noEval === true;
}

/** The schema `planPayload` infers from a value, or undefined where none can be (its note comes from the worker). */
function schemaOf(value: unknown): Schema | undefined {
  try {
    return inferSchema(value);
  } catch {
    return undefined;
  }
}

/** The schema each payload was measured with, as .proto and .fbs text a person or protoc/flatc can read. */
function writeSchemas(planned: ReadonlyArray<{ schema: Schema | undefined; file: PayloadFile }>, dir: string, notes: string[], io: CliIo): void {
  const used = new Set<string>();
  for (const { schema, file } of planned) {
    if (!schema) {
      notes.push(`${file.name}: no schema written to --schema-out, as none could be inferred`);
      continue;
    }
    const stem = basename(file.path).replace(/\.json$/i, '') || 'payload';
    let name = stem;
    for (let n = 2; used.has(name); n++) name = `${stem}-${n}`;
    used.add(name);
    let proto: string;
    let fbs: string;
    try {
      proto = toProto(schema);
      fbs = toFbs(schema);
    } catch (error) {
      if (!(error instanceof WirebenchError)) throw error;
      notes.push(`${file.name}: no schema written to --schema-out: ${error.message}`);
      continue;
    }
    const protoPath = join(dir, `${name}.proto`);
    const fbsPath = join(dir, `${name}.fbs`);
    writeOutput(protoPath, proto, '--schema-out');
    writeOutput(fbsPath, fbs, '--schema-out');
    io.stderr.write(`schema of ${file.name}: ${protoPath}, ${fbsPath}\n`);
  }
}
